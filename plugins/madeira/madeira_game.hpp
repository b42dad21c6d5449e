#pragma once
// Madeira (What's Your Game?, 2013; Soledade & Sentieiro), 2-4 players: five rounds of
// drafting guild dice, placing them on characters, paying for buildings, upkeep and the
// Crown's requests. Rules: /work/shared/rules/madeira.md; data: data/madeira; flow:
// data/madeira/flow.yaml; effects: scripts/madeira/{buildings,requests}.lua.
//
// The flow engine runs set-up, rounds and phases (flow.yaml); this class holds the natives
// it names. All state lives in the Table as counters: "board" (everything on the main and
// guild boards), per seat "home" (the personal supply and per-turn bookkeeping), "pirates"
// (the hidden pirate total, seen by its owner only) and "score" (the final breakdown), plus
// the turn order "order" (the pass column, top first). Counter keys are made once per engine
// (Keys), so a read or write finds its slot with one comparison.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "madeira_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/plugin.hpp"
#include "tessera/turn_order.hpp"

namespace madeira {

// A fixed set of counter keys (CounterKey remembers its slot: a look-up is one comparison).
struct Keys {
  std::vector<tessera::CounterKey> keys;  // by key id
  int add(std::string name) {
    keys.emplace_back(std::move(name));
    return static_cast<int>(keys.size()) - 1;
  }
  int add_range(const std::string& prefix, int n) {
    const int first = static_cast<int>(keys.size());
    for (int i = 0; i < n; ++i) keys.emplace_back(prefix + std::to_string(i));
    return first;
  }
  const tessera::CounterKey& operator[](int id) const { return keys[static_cast<std::size_t>(id)]; }
};

// Board key ids (first key of each range); see Engine::board_keys.
struct BoardKeys {
  int round, phase, bld, cost, pir;
  int wood, good, workers;  // by field (workers: bit mask of seats; index F is the forest)
  int city, district;       // city spaces (0 empty, seat + 1, kCitizen), districts (favor + 1 while unbuilt)
  int watch, land;          // by seat; land by colony * players + seat
  int port, reward, market; // port by colony * 5 + i (seat + 1); reward by colony * 2 + set (tile + 1); market by column
  int character, gdice, pdice, marker;  // by building; marker by building * players + seat
  int pirate_die, row_die, row_seat, row_request;  // pirate dice in the City Watch; rows
  int favor_owner, favor_up;  // by favor
  int pass;                   // pass column spaces (seat + 1)
};
struct HomeKeys {
  int workers, ships, goods /* wheat, sugar, wine */, wood, bread, reals, pp, mill;
  int dice /* 3 */, passed, row, requests /* 3 */, favor_used, bought, engineer, discarded;
  int used_tr, used_ur, used_ex, used_gi, to_score;
};

inline constexpr int kCitizen = 5;

// Worker locations, as the `worker` move names them.
struct Locations {
  int fields = 14;
  int home() const { return 0; }
  int field(int f) const { return 1 + f; }     // f == fields: the forest
  int forest() const { return 1 + fields; }
  int city(int k) const { return 2 + fields + k; }
  int colony(int c) const { return 2 + fields + kCitySpaces + c; }
  int watch() const { return 2 + fields + kCitySpaces + kColonies; }
  int count() const { return watch() + 1; }
};

// Why a relocate step moves workers (its `purpose` parameter).
enum Purpose { kToFields = 0, kToCityOther = 1, kToCityAny = 2, kToColony = 3, kToWatch = 4 };

struct Engine {
  Rules rules;
  int players = 0;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  std::shared_ptr<tessera::StateSchema> schema;
  std::vector<tessera::EffectId> building_effects;  // by building
  std::vector<tessera::EffectId> request_effects;   // by request
  std::vector<tessera::EffectId> favor_effects, reward_effects;  // by tile
  Keys board, home;
  // Every key at 0: what a new game copies into its counters (one insertion per key would
  // sort and index the keys again each time).
  std::unique_ptr<tessera::Counters> board_zero;
  std::vector<std::unique_ptr<tessera::Counters>> home_zero;  // by seat
  BoardKeys bk{};
  HomeKeys hk{};
  Locations loc;
  int columns = 0;                 // market columns in all
  std::vector<int> column_market;  // column -> market
  std::vector<int> column_first;   // market -> its first column
  struct Kinds {
    int city, field, draft, favor, trade, improve, top, cash, sacrifice, place, pass, action, harvest, skip, build,
        worker, done, ship, reward, citymove, wood, again, discard, flip, pay, refuse, honor, decline, upkeep, feed,
        score;
  } kinds{};
  struct Steps {
    int act, relocate, ships, reward, mayor, take_wood, buy_wood, again, discard, flip, b_turn, c_turn, upkeep, feed, phase_b;
  } steps{};
  struct Events {
    int passed;
  } events{};  // event indices in the flow
};

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class MadeiraGame : public tessera::FlowGame {
 public:
  MadeiraGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<MadeiraGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::vector<int> score_so_far() const override;
  std::string render(int viewer) const override;

  static void register_natives(Engine& engine);
  const Rules& rules() const { return engine_->rules; }
  const Engine& engine() const { return *engine_; }

  // Reads and writes of the counters by key id (Engine::bk, Engine::hk).
  int board(const tessera::Table& t, int key) const { return t.get(board_).get(engine_->board[key]); }
  void set_board(tessera::Table& t, int key, int v) const { t.get(board_).set(engine_->board[key], v); }
  int home(const tessera::Table& t, int s, int key) const {
    return t.get(seats_[static_cast<std::size_t>(s)].home).get(engine_->home[key]);
  }
  void add_home(tessera::Table& t, int s, int key, int delta) const;
  void set_home(tessera::Table& t, int s, int key, int v) const {
    t.get(seats_[static_cast<std::size_t>(s)].home).set(engine_->home[key], v);
  }
  int pirates(const tessera::Table& t, int s) const { return t.get(seats_[static_cast<std::size_t>(s)].pirates).get("total"); }
  void gain_pirates(tessera::Table& t, int s, int n, tessera::FlowContext* ctx) const;
  void discard_pirates(tessera::Table& t, int s, int n, tessera::FlowContext* ctx) const;

  // Facts the rules ask about.
  int workers_in_region(const tessera::Table& t, int s, int region) const;  // crop fields only
  int action_level(const tessera::Table& t, int s, int building) const;     // 0 none, 1 upper, 2 lower
  int ships_in_market(const tessera::Table& t, int s, int market) const;
  int ships_in_colony(const tessera::Table& t, int s, int colony) const;
  int city_workers(const tessera::Table& t, int s, int city) const;
  int city_citizens(const tessera::Table& t, int city) const;
  int face_up_favors(const tessera::Table& t, int s) const;
  int workers_on_board(const tessera::Table& t, int s) const;
  int ships_on_board(const tessera::Table& t, int s) const;
  int accessible_wood(const tessera::Table& t, int s) const;  // INT_MAX/2 with forest access
  bool has_access(const tessera::Table& t, int s, int source) const;  // source: field, or fields() for supply
  int fields() const { return engine_->loc.fields; }
  int at_location(const tessera::Table& t, int s, int loc) const;  // own workers there
  // The Mayor's income of `city` for `s` as with `own` workers there (§6.8; the Diplomat).
  void collect_city(tessera::FlowContext& ctx, int s, int city, int own) const;

 protected:
  void check_state() const override;
  // The score record, from the state once the game is over.
  void derive(tessera::Table& t) const override;

 private:
  friend struct Natives;
  struct Seat {
    tessera::Handle<tessera::Counters> home, pirates, score;
  };
  const Engine::Kinds& kinds() const { return engine_->kinds; }
  int phase(const tessera::Table& t) const { return board(t, engine_->bk.phase); }
  int round(const tessera::Table& t) const { return board(t, engine_->bk.round); }
  int rows() const { return table().players(); }
  // Pass-column order, top first.
  std::vector<int> pass_order(const tessera::Table& t) const;

  // Workers.
  void move_worker(tessera::Table& t, int s, int from, int to) const;
  bool may_leave(const tessera::Table& t, int s, int from, int purpose, int to) const;
  bool may_enter(const tessera::Table& t, int s, int to, int purpose) const;
  // Wood.
  int wood_buy_price(const tessera::Table& t, int s, int n) const;  // marginal reals for n more this turn
  bool can_pay_wood(const tessera::Table& t, int s, int n) const;   // from home, then bought
  void pay_wood(tessera::FlowContext& ctx, int s, int n) const;    // home first, then pushes buy_wood
  void take_wood_from(tessera::Table& t, int s, int source) const;
  void receive_wood(tessera::FlowContext& ctx, int s, int n) const;
  // Tiles.
  void favor_args(const tessera::FlowView& v, int favor, tessera::MoveSink& out) const;
  void use_tile(tessera::FlowContext& ctx, int s, const TileDef& tile, tessera::EffectId effect, int arg) const;
  // Harvest; returns the fields harvested.
  std::vector<int> harvest(tessera::FlowContext& ctx, int s, int region) const;
  void harvest_field(tessera::Table& t, int s, int f) const;

  // Move generators and applies (madeira_moves.cpp).
  void legal(const tessera::FlowView& v, int kind, tessera::MoveSink& out) const;
  void apply(tessera::FlowContext& ctx, const tessera::Move& m);
  std::string label(const tessera::FlowView& v, const tessera::Move& m) const;
  void mill_moves(const tessera::FlowView& v, int kind, tessera::MoveSink& out) const;
  // The legal ship moves (§6.6); with first_only, stops at the first and adds nothing.
  bool ship_moves(const tessera::Table& t, int s, tessera::MoveSink& out, bool first_only) const;
  // The items the request held in `slot` may be applied to now (§9.2-9.3): a market, city
  // or colony not used by a request of its type this round, or an amount.
  void request_items(const tessera::Table& t, int s, int slot, tessera::MoveSink& out) const;


  // Hooks and steps.
  void setup(tessera::Table& t);
  void begin_round(tessera::FlowContext& ctx);
  void begin_phase_b(tessera::FlowContext& ctx);
  void next_b_turn(tessera::FlowContext& ctx);
  void begin_building(tessera::FlowContext& ctx);
  void end_phase_c(tessera::FlowContext& ctx);
  void colony_income(tessera::FlowContext& ctx);
  void begin_phase_e(tessera::FlowContext& ctx);
  void resolve_ships(tessera::FlowContext& ctx);
  void mayor_income(tessera::FlowContext& ctx);
  void start_take_wood(tessera::FlowContext& ctx);
  void start_again(tessera::FlowContext& ctx);
  void final_scoring(tessera::FlowContext& ctx);
  void write_scores(tessera::Table& t, bool over) const;
  int next_building(const tessera::Table& t, int after) const;
  int honor_seat(const tessera::Table& t) const;

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> board_;
  tessera::Handle<tessera::TurnOrder> order_;
  std::vector<Seat> seats_;
};

std::string seat_name(int seat);

}  // namespace madeira
