#pragma once
// Age of Discovery (Phalanx/Mayfair 2007): invest in ships, send them on expeditions for
// victory points or on trade contracts for coins. Rules: /shared/rules/age_of_discovery.md.
// The flow (rounds, turns, the two actions, buying, sending and building a contract) is
// declared in data/age_of_discovery/flow.yaml and run by the core's flow engine; this class
// holds the natives it names — generators, move applies, hooks, predicates, prompts and
// labels —, the set-up, the scorings, the outcome and the terminal view. The action cards'
// and the missions' effects are Lua (scripts/age_of_discovery). All state lives in the Table.
#include <array>
#include <memory>

#include "aod_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/turn_order.hpp"

namespace aod {

// What every game of one configuration shares: the rules data, the script runtime with the
// variants loaded, the flow, the state schema (its missions are those of the configuration's
// player count) and the prepared effects. One per thread (the runtime is not
// thread-safe); clones and rematches share it.
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  std::shared_ptr<tessera::StateSchema> schema;
  std::vector<tessera::EffectId> mission_effects;     // by mission index
  tessera::EffectId wild{}, reservation{}, expiry{};  // action card effects
  struct Kinds {
    int coins, contract, buy, send, send_wild, send_flagship, send_flagship_wild, play, assign, assign_wild,
        assign_flagship, assign_flagship_wild, duration, cancel, reserve, done, end;
  } kinds{};  // move indices in the flow
  struct Steps {
    int actions, buying, sending, building;
  } steps{};
  struct Events {
    int contract_started;
  } events{};  // event indices in the flow
};

// Loads the rules, scripts and flow for `config`; throws tessera::Error naming file and line.
std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class AodGame : public tessera::FlowGame {
 public:
  AodGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<AodGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::vector<int> score_so_far() const override;
  std::string render(int viewer) const override;
  // The move words, then what the ids of ships and contracts say, from the data (aod_render.cpp).
  std::string legend(int viewer) const override;

  // The natives flow.yaml names; load_engine registers them.
  static void register_natives(Engine& engine);

  // The actions of a turn, one bit each in the `used` parameter of the actions step.
  enum ActionBit { kCoins = 1, kContract = 2, kBuy = 4, kSend = 8 };

 protected:
  void check_state() const override;
  void derive(tessera::Table& t) const override;
  // A score's total: the sum of its parts (first and last scoring, missions, unassigned ships).
  static int total_of(const tessera::Counters& score);

 private:
  // A ship as it is assigned: declared colour and transport value, with a Wild Ship card or not.
  struct Use {
    int ship = -1;
    int colour = 0;
    int value = 0;
    bool wild = false;
  };
  // Where each expedition's values sit in the "tally" counters. Their keys are all set at
  // set-up and check_state refuses any other key set, so the sorted entries keep these
  // positions and the generators read them without a search.
  struct TallyLayout {
    std::vector<int> lock, load;  // by expedition
    std::vector<std::string> keys;  // every key, sorted
  };
  // Reservation markers as the generators see them: most decisions have none at all.
  struct Marks {
    const tessera::Counters& counters;
    bool any;
    int holder(std::string_view card) const { return any ? counters.get(card) - 1 : -1; }
  };
  struct Seat {
    tessera::Handle<tessera::Counters> player, score;
    tessera::Handle<tessera::Hand> fleet, flagship, hand, mission, active, voyage;
  };

  const Rules& rules() const { return engine_->rules; }
  const Engine::Kinds& kinds() const { return engine_->kinds; }
  const Seat& seat_of(int s) const { return seats_[static_cast<std::size_t>(s)]; }
  const ShipDef& ship(int index) const { return rules().ships[static_cast<std::size_t>(index)]; }
  const ContractDef& contract(int index) const { return rules().contracts[static_cast<std::size_t>(index)]; }
  int fee(int ship) const;
  // The reservation holder (a seat) of a card in the rows or the display, or -1.
  int reserved_by(const tessera::Table& t, std::string_view card) const;
  Marks marks(const tessera::Table& t) const;
  bool game_over(const tessera::Table& t) const;

  // What the generators of one decision read about the deciding seat, read once.
  struct Decider {
    int seat, coins, wilds, reservations;
    Marks marks;
  };
  Decider decider(const tessera::Table& t, int seat) const;
  // Generators (aod_moves.cpp), in the rulebook's order of the actions.
  void action_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void buy_moves(const tessera::Table& t, const Decider& d, tessera::MoveSink& out) const;
  void send_moves(const tessera::Table& t, const Decider& d, tessera::MoveSink& out) const;
  void build_moves(const tessera::FlowView& view, const Decider& d, tessera::MoveSink& out) const;
  void reserve_moves(const tessera::Table& t, const Decider& d, tessera::MoveSink& out) const;
  // The ships a seat may send now, by index: its fleet, then its flagship while that is
  // still in front of it.
  struct Available {
    std::array<int, kMaxShips> ships{};
    int size = 0;
    const int* begin() const { return ships.data(); }
    const int* end() const { return ships.data() + size; }
  };
  Available available(const tessera::Table& t, int seat) const;
  // Whether the `ships` other than `exclude` can still load exactly `remaining` transport of
  // `colour`, paying at most `money` and playing at most `wilds` Wild Ship cards.
  bool contract_feasible(const Available& ships, int colour, int remaining, int money, int wilds, int exclude) const;

  // Moves (aod_moves.cpp).
  Use use_of(const tessera::Move& move) const;
  std::string use_text(const Use& use) const;
  std::string label(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string prompt(const tessera::FlowView& view) const;
  void apply_move(tessera::FlowContext& ctx, const tessera::Move& move);
  void take_contract(tessera::FlowContext& ctx, int pick);
  void buy(tessera::FlowContext& ctx, int slot);
  void send(tessera::FlowContext& ctx, const Use& use, int expedition);
  void play(tessera::FlowContext& ctx, int contract);
  void assign(tessera::FlowContext& ctx, const Use& use);
  void start_contract(tessera::FlowContext& ctx, int duration_index);
  void cancel_contract(tessera::FlowContext& ctx);
  void place_ship(tessera::FlowContext& ctx, const Use& use, int contract);
  void return_ship(tessera::Table& t, int seat, int ship) const;
  // A card that leaves the rows or the display takes no reservation marker with it.
  void clear_marker(tessera::Table& t, const std::string& card, const std::string& age_key) const;

  // The turn and the scorings (aod_game.cpp).
  void begin_round(tessera::FlowContext& ctx);
  void countdown(tessera::FlowContext& ctx);
  void end_turn(tessera::FlowContext& ctx);
  void score_expeditions(tessera::FlowContext& ctx, bool last);
  void final_scoring(tessera::FlowContext& ctx);
  void hook(tessera::FlowContext& ctx, std::string_view name, int seat, const nlohmann::json& arg);

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> progress_;
  tessera::Handle<tessera::Deck> ships_;
  tessera::Handle<tessera::Market> rows_;
  tessera::Handle<tessera::Deck> contract_deck_;
  tessera::Handle<tessera::Market> display_;
  tessera::Handle<tessera::Counters> tally_;
  tessera::Handle<tessera::Counters> placed_;
  tessera::Handle<tessera::Counters> reserve_;
  tessera::Handle<tessera::TurnOrder> turns_;
  std::vector<tessera::Handle<tessera::Hand>> expeditions_;  // by expedition index
  std::shared_ptr<const TallyLayout> tally_layout_;
  std::vector<Seat> seats_;
};

}  // namespace aod
