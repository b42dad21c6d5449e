#pragma once
// Santa Maria (Aporta Games 2017): the flow of a game — set-up (side A boards, or the
// advanced set-up with capital sets, always used by the solo game), three years of turns
// with one main action each (expand, activate one building with coins, activate a line
// with a die, retreat) plus free actions, the end of each year and the final scoring.
// Rules: /shared/rules/santa_maria.md; data: data/santa_maria; effects:
// scripts/santa_maria/{effects,bishops}.lua and variants/solo.lua (called through the ScriptRuntime).
//
// A main action pushes the steps it resolves onto the "pending" stack (top = last card):
//   b:<building>:<part>  a building effect         r:<space>  a retreat space's action
//   d:<dock>             one ship's income          income     expands into the d: steps
//   monk, astronomy:<id>, math, tax:<n>             scholar and monk effects
//   tile:<id>            the bought tile waits for "place <row> <col> <rotation>"
//   place:<w|b>:<x.y,..> the die goes on one of these buildings ("die <row> <col>")
//   end                  the end of the turn (next seat, or the end of the year)
// Effects push further steps through ctx:call("push", name [, arg]); they run next. A Lua
// step whose effect offers two or more choices waits for the current seat ("choose <id>",
// with sell/buy and, outside die activations, Logistics still allowed); one choice is applied
// at once; none drops the step. All state lives in the Table.
#include <memory>
#include <unordered_map>

#include "sm_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/game_base.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/square_grid.hpp"
#include "tessera/track.hpp"

namespace santa_maria {

// Shared by every game of one configuration (one per thread; clones share it).
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unordered_map<std::string, tessera::EffectId> steps;  // step key -> effect
  std::vector<std::vector<tessera::EffectId>> conquest_scoring;  // [players][year-1]
  std::vector<std::string> scholar_keys, monk_keys;  // "scholar<i>", "monks.s<i>" per slot
  std::unordered_map<std::string, int> scholar_ids;   // id -> index
  std::vector<tessera::EffectId> bishops;  // by bishop index
  tessera::EffectId solo_goals{};
  bool has_solo_goals = false;
};

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class SmGame : public tessera::GameBase {
 public:
  SmGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<SmGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Decision decision() const override;
  tessera::Outcome outcome() const override;
  // GameBase::set_state, then a new cache serial whether the state was taken or refused: its
  // smoke test may have cached actions of a state that was then rolled back.
  void set_state(const nlohmann::json& state) override;
  std::string render(int viewer) const override;

  // flow "phase".
  enum Phase { kMain = 0, kPickSet = 1, kPlaceCapital = 2, kOver = 3, kPickBoard = 4 };

 protected:
  std::vector<tessera::Action> generate_actions() const override;
  void perform(const tessera::Action& action, std::vector<tessera::Event>& events) override;
  void check_state() const override;

 private:
  struct Seat {
    tessera::Handle<tessera::Counters> player, happiness, port, score;
    tessera::Handle<tessera::SquareGrid> colony;
  };
  struct Line {
    bool column = true;
    int index = 0;  // 0-based
  };

  const Rules& rules() const { return engine_->rules; }
  const Seat& seat_of(int s) const { return seats_[static_cast<std::size_t>(s)]; }
  int phase() const { return table().get(flow_).get("phase"); }
  int current() const { return table().get(flow_).get("current"); }
  int get(int s, const char* key) const { return table().get(seat_of(s).player).get(key); }
  bool owns(int s, const char* scholar) const { return in_mask(scholar_mask(s), scholar); }
  bool in_mask(unsigned mask, const char* scholar) const;
  // Bit i set when seat `s` owns scholar i.
  unsigned scholar_mask(int s) const;
  bool solo() const { return table().players() == 1; }
  bool advanced_setup() const { return rules().advanced || solo(); }
  bool board_draft() const { return rules().board_draft && !advanced_setup(); }
  void print_board(int s, int board);

  // Payments (mirror scripts/santa_maria/lib/economy.lua): storage, gold, then purchases.
  int buy_price(int s, int good) const { return price_with(scholar_mask(s), good); }  // -1: cannot be bought
  int price_with(unsigned mask, int good) const;
  bool can_pay(int s, const std::array<int, kGoods>& cost) const;
  void pay(int s, const std::array<int, kGoods>& cost);

  bool empty_building(int s, int x, int y) const;
  std::vector<std::pair<int, int>> line_buildings(int s, Line line) const;  // (x, y) in order
  int line_colonists(int s, Line line) const;
  bool line_usable(int s, Line line) const { return !line_buildings(s, line).empty(); }

  void add_main_actions(std::vector<tessera::Action>& out) const;
  // Sell and buy (5.7), and Logistics when `logistics` (not while an effect resolves, 4.2).
  void add_free_actions(std::vector<tessera::Action>& out, bool logistics) const;
  void add_die_actions(std::vector<tessera::Action>& out, const std::string& verb, const std::vector<int>& values,
                       bool column, bool botany) const;
  void add_step_actions(std::vector<tessera::Action>& out) const;
  void add_setup_actions(std::vector<tessera::Action>& out) const;
  std::vector<tessera::EffectChoice> step_options(const std::string& key) const;
  tessera::SquareGrid::Shape shape_of(const TileDef& tile) const;

  void do_expand(const std::vector<std::string>& w, std::vector<tessera::Event>& events);
  void place_tile(const std::string& id, const std::vector<std::string>& w, std::vector<tessera::Event>& events);
  void do_coin(int x, int y, std::vector<tessera::Event>& events);
  void do_die(const std::vector<std::string>& w, std::vector<tessera::Event>& events);
  void do_retreat(int pos, std::vector<tessera::Event>& events);
  void push_income();  // the ship income and Mathematics steps of a retreat (5.6)
  void do_free(const std::vector<std::string>& w, std::vector<tessera::Event>& events);
  void push_steps(const std::vector<std::string>& steps);  // in execution order
  void push_building(std::vector<std::string>& steps, int s, int x, int y) const;
  void run_step(const std::string& key, const std::string& choice, std::vector<tessera::Event>& events);
  void resolve(std::vector<tessera::Event>& events);
  void place_die(const std::string& key, int x, int y);
  void end_turn(std::vector<tessera::Event>& events);
  void end_year(std::vector<tessera::Event>& events);
  void start_year(std::vector<tessera::Event>& events);
  void next_setup_pick(std::vector<tessera::Event>& events);
  void final_scoring(std::vector<tessera::Event>& events);

  // Legal actions and step options computed for the state of `serial_`: perform() and
  // set_state() (accepted or refused) start a new serial, so a cached list is only reused for
  // the very state it was computed on (the driver's legal_actions() and apply()'s own look-up).
  // Off when a variant has on_action hooks, which change the state after perform().
  struct Cache {
    std::uint64_t serial = UINT64_MAX;
    std::vector<tessera::Action> actions;
    std::uint64_t options_serial = UINT64_MAX;
    std::string options_key;
    std::vector<tessera::EffectChoice> options;
  };
  mutable std::uint64_t serial_ = 0;
  mutable Cache cache_;
  bool caching() const { return !scripts()->has_hook("on_action"); }

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> flow_, board_;
  tessera::Handle<tessera::DicePool> dice_;
  tessera::Handle<tessera::Track> religion_, conquest_;
  tessera::Handle<tessera::Deck> ships_, tiles_;
  tessera::Handle<tessera::Market> docks_, display_;
  tessera::Handle<tessera::Hand> pending_, pushed_;
  std::vector<Seat> seats_;
};

}  // namespace santa_maria
