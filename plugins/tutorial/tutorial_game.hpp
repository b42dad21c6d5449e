#pragma once
// Lantern Market: the SDK's example game (rules in data/tutorial/README.md). A dice
// placement and market game small enough to read whole; sdk/docs/writing-a-game.md walks
// through this file.
#include <memory>

#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/game_base.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/supply.hpp"
#include "tessera/track.hpp"
#include "tessera/turn_order.hpp"
#include "tutorial_rules.hpp"

namespace tutorial {

// What every game of one configuration shares: the rules data, the script runtime with
// the variants loaded, and the prepared effects. One per thread (the runtime is not
// thread-safe); clones and rematches share it.
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::vector<tessera::EffectId> card_effects;    // by card index
  std::vector<tessera::EffectId> symbol_effects;  // by renown track trigger index
};

// Loads the rules and scripts for `config`; throws tessera::Error naming file and line.
std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class TutorialGame : public tessera::GameBase {
 public:
  TutorialGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<TutorialGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Decision decision() const override;
  tessera::Outcome outcome() const override;
  std::string render(int viewer) const override;

 protected:
  std::vector<tessera::Action> generate_actions() const override;
  void perform(const tessera::Action& action, std::vector<tessera::Event>& events) override;
  void check_state() const override;

 private:
  // The phases of a turn, kept in the flow counters.
  enum Phase { kRoll = 0, kUse = 1, kChoose = 2, kOver = 3 };

  Phase phase() const { return static_cast<Phase>(table().get(flow_).get("phase")); }
  int coins(int seat) const { return table().get(goods_).count(seat, "coins"); }
  int buy_price(int card, int die_value) const;
  void buy(int seat, int die, int slot, std::vector<tessera::Event>& events);
  void after_die_used(int seat, std::vector<tessera::Event>& events);
  void end_turn(std::vector<tessera::Event>& events);
  void finish(std::vector<tessera::Event>& events);

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Track> renown_;
  tessera::Handle<tessera::DicePool> dice_;
  tessera::Handle<tessera::Deck> cards_;
  tessera::Handle<tessera::Market> market_;
  tessera::Handle<tessera::Supply> goods_;
  tessera::Handle<tessera::TurnOrder> turns_;
  tessera::Handle<tessera::Counters> flow_;
};

// Moves `seat` on the renown track, resolves the symbols it triggers, and starts the last
// round when the marker reaches the threshold. Shared by the game and the `advance` call
// that scripts make.
void advance_renown(const Engine& engine, tessera::Table& table, int seat, int steps,
                    std::vector<tessera::Event>* events);

}  // namespace tutorial
