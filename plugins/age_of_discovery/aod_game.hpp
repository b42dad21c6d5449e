#pragma once
// Age of Discovery (Phalanx/Mayfair 2007): the flow of a game — setup, the contract
// countdown, two different actions per turn out of four, the free action cards, the two
// scorings triggered from the ship piles, the final round and the final scoring.
// Rules: /shared/rules/age_of_discovery.md; data: data/age_of_discovery; mission scoring:
// scripts/age_of_discovery/missions.lua.
//
// Multi-step actions are several decisions: buying ships ("buy <slot>" ... "done"),
// sending ships ("send ..." / "play <contract>" ... "done"), and building a contract
// ("assign ..." ... "duration <d>" or "cancel"). All state lives in the Table.
#include <memory>

#include "aod_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/game_base.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/turn_order.hpp"

namespace aod {

// Shared by every game of one configuration (one per thread; clones share it).
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::vector<tessera::EffectId> mission_effects;  // by mission index
  tessera::EffectId wild{}, reservation{}, expiry{};  // action card effects
};

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class AodGame : public tessera::GameBase {
 public:
  AodGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<AodGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Decision decision() const override;
  tessera::Outcome outcome() const override;
  std::string render(int viewer) const override;

  // Action bits in flow "used".
  enum ActionBit { kCoins = 1, kContract = 2, kBuy = 4, kSend = 8 };
  // flow "phase".
  enum Phase { kMain = 0, kSending = 1, kBuying = 2, kBuilding = 3, kOver = 4 };

 protected:
  std::vector<tessera::Action> generate_actions() const override;
  void perform(const tessera::Action& action, std::vector<tessera::Event>& events) override;
  void check_state() const override;

 private:
  // A ship as it would be assigned: declared colour and transport value.
  struct Use {
    int ship = -1;
    int colour = 0;
    int value = 0;
    bool wild = false;
  };

  const Rules& rules() const { return engine_->rules; }
  int phase() const { return table().get(flow_).get("phase"); }
  int seat() const { return table().get(turns_).current(); }
  int coins(int seat) const;
  int fee(int ship) const;
  // The ships `seat` may send now: fleet ships and the still hidden flagship.
  std::vector<int> available_ships(int seat) const;
  // The reservation holder of a card (seat) or -1.
  int reserved_by(const std::string& card) const;
  bool ship_placeable_on_expedition(int seat, const Use& use, int expedition) const;
  // Whether `seat` can still reach `remaining` transport for contract colour `colour`
  // with ships not in `used`, paying at most `coins` and using at most `wilds` cards.
  bool contract_feasible(int seat, int colour, int remaining, int coins, int wilds, const std::vector<int>& exclude) const;
  std::vector<Use> uses_for(int ship, int target_colour, bool locked, bool allow_wild) const;
  std::string use_text(const Use& use) const;

  void add_main_actions(std::vector<tessera::Action>& out) const;
  void add_buy_actions(std::vector<tessera::Action>& out) const;
  void add_send_actions(std::vector<tessera::Action>& out) const;
  void add_build_actions(std::vector<tessera::Action>& out) const;
  void add_reserve_actions(std::vector<tessera::Action>& out) const;

  void mark_action(int bit);
  void buy(int slot, std::vector<tessera::Event>& events);
  void take_contract(const std::string& which, std::vector<tessera::Event>& events);
  void send_to_expedition(const Use& use, int expedition, std::vector<tessera::Event>& events);
  void assign_to_contract(const Use& use, std::vector<tessera::Event>& events);
  void start_contract(int duration, std::vector<tessera::Event>& events);
  void cancel_contract(std::vector<tessera::Event>& events);
  void reserve(const std::string& card, std::vector<tessera::Event>& events);
  void take_ship_from_owner(int seat, int ship);
  void place_ship(int seat, const Use& use, int contract, std::vector<tessera::Event>& events);
  void return_ship(int seat, int ship);
  void begin_turn(std::vector<tessera::Event>& events);
  void end_turn(std::vector<tessera::Event>& events);
  void score_expeditions(bool last, std::vector<tessera::Event>& events);
  void finish(std::vector<tessera::Event>& events);
  Use parse_use(const std::string& ship, const std::vector<std::string>& words, std::size_t from) const;

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> flow_;
  tessera::Handle<tessera::Deck> ships_;
  tessera::Handle<tessera::Market> rows_;
  tessera::Handle<tessera::Deck> contract_deck_;
  tessera::Handle<tessera::Market> display_;
  tessera::Handle<tessera::Counters> tally_;
  tessera::Handle<tessera::Counters> placed_;
  tessera::Handle<tessera::Counters> reserve_;
  tessera::Handle<tessera::TurnOrder> turns_;
  std::vector<tessera::Handle<tessera::Hand>> expeditions_;  // by expedition index
  struct Seat {
    tessera::Handle<tessera::Counters> player, score;
    tessera::Handle<tessera::Hand> fleet, flagship, hand, mission, active, voyage;
  };
  std::vector<Seat> seats_;
};

}  // namespace aod
