#pragma once
// Lantern Market: the SDK's example game (rules in data/tutorial/README.md). A dice
// placement and market game small enough to read whole; sdk/docs/writing-a-game.md walks
// through this file. The flow (rounds, turns, the card choice) is declared in
// data/tutorial/flow.yaml and run by the core's flow engine; this class holds the natives
// that flow names — the dice moves, the hooks and the predicates — and the terminal view.
#include <memory>

#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/supply.hpp"
#include "tessera/track.hpp"
#include "tessera/turn_order.hpp"
#include "tutorial_rules.hpp"

namespace tutorial {

// What every game of one configuration shares: the rules data, the script runtime with
// the variants loaded, the flow and the prepared effects. One per thread (the runtime is
// not thread-safe); clones and rematches share it.
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  std::shared_ptr<tessera::StateSchema> schema;
  std::vector<tessera::EffectId> card_effects;    // by card index
  std::vector<tessera::EffectId> symbol_effects;  // by renown track trigger index
  struct Kinds {
    int work, buy, adjust, choose;
  } kinds{};   // move indices in the flow
  int choose_step = -1;
};

// Loads the rules, scripts and flow for `config`; throws tessera::Error naming file and line.
std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class TutorialGame : public tessera::FlowGame {
 public:
  TutorialGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<TutorialGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::vector<int> score_so_far() const override;
  std::string render(int viewer) const override;

  // The natives flow.yaml names; load_engine registers them.
  static void register_natives(Engine& engine);

 protected:
  void check_state() const override;
  // The score record, from the renown track and the spice once the game is over.
  void derive(tessera::Table& t) const override;

 private:
  int coins(int seat) const { return table().get(goods_).count(seat, "coins"); }
  int buy_price(int card, int die_value) const;
  int work_pay(int die_value) const;  // coins for working with a die
  const CardDef& card(int index) const { return engine_->rules.cards[static_cast<std::size_t>(index)]; }

  // use_dice: work, buy and adjust for every die in the pool, in die order.
  void dice_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void roll(tessera::FlowContext& ctx);
  void work(tessera::FlowContext& ctx, const tessera::Move& move);
  void buy(tessera::FlowContext& ctx, const tessera::Move& move);
  void adjust(tessera::FlowContext& ctx, const tessera::Move& move);
  void choose(tessera::FlowContext& ctx, const tessera::Move& move);
  std::string label(const tessera::FlowView& view, const tessera::Move& move) const;
  std::vector<tessera::EffectChoice> card_options(const tessera::FlowView& view) const;
  std::string choice_label(const tessera::FlowView& view, int index) const;  // of card_options(view)[index]
  void begin_round(tessera::FlowContext& ctx);
  void final_scoring(tessera::FlowContext& ctx);
  void write_scores(tessera::Table& t, bool over) const;
  void hook(tessera::FlowContext& ctx, std::string_view name, int seat, const nlohmann::json& arg);

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Track> renown_;
  tessera::Handle<tessera::DicePool> dice_;
  tessera::Handle<tessera::Deck> cards_;
  tessera::Handle<tessera::Market> market_;
  tessera::Handle<tessera::Supply> goods_;
  tessera::Handle<tessera::TurnOrder> turns_;
  tessera::Handle<tessera::Counters> progress_;
};

// Moves `seat` on the renown track, resolves the symbols it triggers, and starts the last
// round when the marker reaches the threshold. Shared by the game and the `advance` call
// that scripts make.
void advance_renown(const Engine& engine, tessera::Table& table, int seat, int steps,
                    const tessera::CallContext& ctx);

}  // namespace tutorial
