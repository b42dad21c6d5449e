#pragma once
// Santa Maria (Aporta Games 2017): set-up (side A boards, or the advanced set-up with
// capital sets, always used by the solo game), three years of turns with one main action
// each (expand, activate one building with coins, activate a line with a die, retreat)
// plus free actions, the end of each year and the final scoring.
// Rules: /shared/rules/santa_maria.md; data: data/santa_maria; flow: data/santa_maria/flow.yaml;
// effects: scripts/santa_maria/{effects,bishops}.lua and variants/solo.lua.
//
// The flow engine runs the years and turns; this class holds the natives flow.yaml names:
// the moves, the steps a main action pushes (building effects, a retreat space, ship
// income, the tile and die placements), the year's hooks and the final scoring. An effect
// step whose effect offers two or more choices waits for its seat ("choose <id>", with
// sell/buy and, outside die activations, Logistics still allowed); one choice is applied at
// once; none drops the step. Effects push further steps with ctx:push. All state lives in
// the Table.
#include <cstdint>
#include <memory>
#include <optional>

#include "sm_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/market.hpp"
#include "tessera/plugin.hpp"
#include "tessera/square_grid.hpp"
#include "tessera/track.hpp"

namespace santa_maria {

// Shared by every game of one configuration (one per thread; clones share it).
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  std::shared_ptr<tessera::StateSchema> schema;  // data/santa_maria/schema.yaml + overlays
  // The prepared effects of the effect steps, by their parameters.
  std::vector<std::vector<tessera::EffectId>> building_effects;  // [building][part]
  std::vector<tessera::EffectId> retreat_effects, dock_effects;  // [space-1], [dock-1]
  std::vector<tessera::EffectId> astronomy_effects;              // [shipment]
  // Scholars' effects: on_die_activation by [scholar][colonists 0..kMaxColonistsArg] (empty
  // when none), on_retreat by [scholar] (-1 when none).
  std::vector<std::vector<tessera::EffectId>> activation_effects;
  std::vector<tessera::EffectId> retreat_scholar_effects;
  tessera::EffectId monk_effect{};
  std::vector<std::vector<tessera::EffectId>> conquest_scoring;  // [players][year-1]
  std::vector<tessera::CounterKey> scholar_keys, monk_keys;  // "scholar<i>", "monks.s<i>" per slot
  std::vector<tessera::CounterKey> retreat_keys;             // "retreat<i>" per space
  std::vector<tessera::EffectId> bishops;  // by bishop index
  // What every game's set-up starts from, made once: the ids it shuffles, the tracks'
  // triggers, and the "board" and "player" counters sorted by key as Counters keeps them,
  // each game writing its own values at the slots below.
  std::vector<std::string> starting_ships, standard_ships, double_ids, triple_ids;
  std::vector<tessera::Track::Trigger> religion_triggers, conquest_triggers;
  std::vector<std::pair<std::string, int>> board_start, player_start;
  std::vector<std::size_t> scholar_at, bishop_at;  // in board_start, by slot
  std::size_t coins_at = 0;                        // in player_start
  tessera::EffectId solo_goals{};
  bool has_solo_goals = false;
  struct Kinds {
    int set, capital, sell, buy, move, expand, coin, white, blue, bluecol, retreat, choose, place, die;
  } kinds{};
  struct Steps {
    int capital_sets, pick_set, place_capital, year, turn, building, retreat_space, dock, monk,
        astronomy, scholar, activation, retreat_actions, income, place_tile, place_die;
  } steps{};
  struct Events {
    int retreated;
  } events{};  // event indices in the flow
};

// The colonists of a line passed to an on_die_activation effect are capped here.
inline constexpr int kMaxColonistsArg = 40;

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

// Prints colony board `board` (an index into Rules::boards) on the seat's colony, whose
// squares it all replaces (its free squares become empty), and records it in the seat's
// "board" counter (1-based).
void print_board(const Rules& rules, tessera::Table& t, int seat, int board);

class SmGame : public tessera::FlowGame {
 public:
  SmGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<SmGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::string render(int viewer) const override;
  // The move words, the colony squares' codes (terrains, buildings by their effects), and
  // a drawing of each tile on offer or being placed, in every way it may turn (sm_render.cpp).
  std::string legend(int viewer) const override;
  // A die paid in coins is written without its payment word ("white 3 5", but
  // "white 3 5 wood" with Botany), as the protocol always had it.
  std::string move_text(const tessera::Move& move) const override;
  std::optional<tessera::Move> parse_move(std::string_view text) const override;

  // The natives flow.yaml names; load_engine registers them.
  static void register_natives(Engine& engine);

  const Rules& rules() const { return engine_->rules; }
  // Bit i set when seat `s` owns scholar i.
  unsigned scholar_mask(int s) const;
  // Payments (5.1, 5.2; Lua effects pay through the natives of sm_natives.cpp): each good
  // from storage, then gold for what is missing, then bought with coins just before paying.
  // A gold cost is paid with gold only.
  int buy_price(int s, int good) const { return price_with(scholar_mask(s), good); }  // -1: cannot be bought
  int price_with(unsigned mask, int good) const { return price_for(abilities(mask), good); }
  bool can_pay(int s, const std::array<int, kGoods>& cost) const;
  std::uint64_t empty_buildings(int s) const;  // bit y * 6 + x set for each building free to activate
  // Throws RuleError when the seat cannot pay; `log` (when given) tells of goods bought.
  void pay(int s, const std::array<int, kGoods>& cost, std::vector<tessera::Event>* log = nullptr);


 protected:
  void check_state() const override;
  // The score record's parts the state gives, once the game is over (schema.yaml: derived).
  void derive(tessera::Table& t) const override;

 private:
  struct Seat {
    tessera::Handle<tessera::Counters> player, happiness, port, score;
    tessera::Handle<tessera::SquareGrid> colony;
  };
  struct Line {
    bool column = true;
    int index = 0;  // 0-based
  };

  const Engine::Kinds& kinds() const { return engine_->kinds; }
  const Engine::Steps& steps() const { return engine_->steps; }
  const Seat& seat_of(int s) const { return seats_[static_cast<std::size_t>(s)]; }
  int get(int s, const tessera::CounterKey& key) const { return table().get(seat_of(s).player).get(key); }
  // The abilities of the scholars in `mask` together (data/santa_maria/game.yaml: scholars).
  struct Abilities {
    std::array<int, kGoods> buy{-1, -1, -1, -1, -1};
    unsigned die_change_for = 0;
    bool blue_die_on_columns = false, die_on_any_building = false;
    int move_die_cost = -1;
    unsigned on_die_activation = 0, on_retreat = 0;  // scholar bits
  };
  Abilities abilities(unsigned mask) const;
  int price_for(const Abilities& can, int good) const;  // -1: cannot be bought
  // can_pay with the seat's scholar mask when the caller has it (asked only when a good must
  // be bought otherwise).
  bool can_pay(int s, const std::array<int, kGoods>& cost, std::optional<unsigned> scholars) const;
  bool solo() const { return table().players() == 1; }
  // Capital sets were dealt (scripts/santa_maria/lib/advanced_setup.lua): one is on offer or
  // a seat holds its scholar.
  bool capital_sets_dealt() const;
  // Prints colony board `board` (an index) on the seat's empty colony.
  void print_board(int s, int board);
  bool every_seat_retreated() const;
  const tessera::Flow& flow() const;
  // The step on top of the flow, or -1 when the game is over.
  int top_step() const;
  bool is_effect_step(int step) const;
  // A die activation is resolving: its placement step is on the stack (4.2: no Logistics).
  bool activating() const;

  bool empty_building(int s, int x, int y) const;
  std::vector<std::pair<int, int>> line_buildings(int s, Line line) const;  // (x, y) in order
  int line_colonists(int s, Line line) const;
  tessera::SquareGrid::Shape shape_of(const TileDef& tile) const;
  unsigned usable_dice(int s, bool white) const;  // bit v set when a usable die shows v

  // What a seat's moves read more than once, read once per decision.
  struct SeatFacts {
    int seat = 0;
    const tessera::Counters* player = nullptr;
    unsigned scholars = 0;  // scholar_mask
    Abilities can;          // of those scholars
  };
  SeatFacts seat_facts(int s) const;
  // The generators of the turn and of the effect steps (flow.yaml `generate`): every move of
  // the decision, kind by kind in the step's order.
  void turn_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void effect_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  // Legal moves, each in the rulebook's order; `empty` is empty_buildings(seat).
  void sell_moves(const SeatFacts& f, tessera::MoveSink& out) const;
  void buy_moves(const SeatFacts& f, tessera::MoveSink& out) const;
  void logistics_moves(const SeatFacts& f, tessera::MoveSink& out) const;
  void expand_moves(const SeatFacts& f, tessera::MoveSink& out) const;
  void coin_moves(const SeatFacts& f, std::uint64_t empty, tessera::MoveSink& out) const;
  void die_moves(const SeatFacts& f, std::uint64_t empty, tessera::MoveSink& out, int kind) const;
  void retreat_moves(tessera::MoveSink& out) const;
  void choose_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void place_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void die_place_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void set_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void capital_moves(const tessera::FlowView& view, tessera::MoveSink& out) const;
  std::string label(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string prompt(const tessera::FlowView& view) const;

  // The effect an effect step resolves, and the choices it offers now (valid until the
  // next change of the state).
  tessera::EffectId effect_of(const tessera::Frame& frame) const;
  const std::vector<tessera::EffectChoice>& effect_options(const tessera::FlowView& view, bool fresh = false) const;
  std::string choice_label(const tessera::FlowView& view, int index) const;  // of effect_options(view)[index]
  void forget_options() const { waiting_.valid = false; }
  // A refused move or an edited state may leave a waiting step that looks the same.
  void forget_derived() const override { forget_options(); }

  // Moves.
  void take_set(tessera::FlowContext& ctx, const tessera::Move& move);
  void place_capital(tessera::FlowContext& ctx, const tessera::Move& move);
  void free_action(tessera::FlowContext& ctx, const tessera::Move& move);
  void expand(tessera::FlowContext& ctx, const tessera::Move& move);
  void coin(tessera::FlowContext& ctx, const tessera::Move& move);
  void use_die(tessera::FlowContext& ctx, const tessera::Move& move);
  void retreat(tessera::FlowContext& ctx, const tessera::Move& move);
  void choose(tessera::FlowContext& ctx, const tessera::Move& move);
  void place_tile(tessera::FlowContext& ctx, const tessera::Move& move);
  void put_die(tessera::FlowContext& ctx, int x, int y);

  // Steps and hooks. An activation or an income frame pushes its items one at a time;
  // *_items() counts them and, for item `wanted`, fills `item` with its effect step.
  int activation_items(const tessera::Frame& activation, int wanted, tessera::Frame* item) const;
  int income_items(const tessera::Frame& income, int wanted, tessera::Frame* item) const;
  void push_next_item(tessera::FlowContext& ctx, bool activation);
  void place_activation_die(tessera::FlowContext& ctx);
  void count_income(tessera::FlowContext& ctx);
  void resolve_effect(tessera::FlowContext& ctx);
  void place_only_die(tessera::FlowContext& ctx);
  void start_setup_picks(tessera::FlowContext& ctx);
  void end_turn(tessera::FlowContext& ctx);
  void start_year(tessera::Table& t);
  void end_year(tessera::FlowContext& ctx);
  void final_scoring(tessera::FlowContext& ctx);
  void write_scores(tessera::Table& t, bool over) const;
  void check_frame_params() const;

  // The choices of the effect step that waits for its seat, asked of the script once: the
  // legal list, the labels and the choice itself read them. Taken fresh when a step starts
  // resolving, forgotten when its seat acts (a choice or a free action), when a move fails or
  // the state is set (forget_derived);
  // not kept when on_action hooks may change the state after a move.
  struct WaitingOptions {
    bool valid = false;
    tessera::Frame frame;
    std::vector<tessera::EffectChoice> options;
  };
  mutable WaitingOptions waiting_;

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> progress_, board_;
  tessera::Handle<tessera::DicePool> dice_;
  tessera::Handle<tessera::Track> religion_, conquest_;
  tessera::Handle<tessera::Deck> ships_, tiles_;
  tessera::Handle<tessera::Market> docks_, display_;
  tessera::Handle<tessera::Flow> flow_;
  std::vector<Seat> seats_;
};

}  // namespace santa_maria
