// Santa Maria — the natives data/santa_maria/flow.yaml names: each move's legal list (in
// the rulebook's order), label and apply, and the steps a main action pushes. Section
// numbers refer to /shared/rules/santa_maria.md.
#include <algorithm>
#include <bit>
#include <cstdint>

#include "sm_game.hpp"
#include "sm_keys.hpp"
#include "sm_scoring.hpp"
#include "tessera/error.hpp"

namespace santa_maria {

using namespace tessera;
using namespace std::string_view_literals;
using nlohmann::json;

namespace {

std::string num(int n) { return std::to_string(n); }


// "2 wood + 1 grain".
std::string cost_text(const std::array<int, kGoods>& cost) {
  std::string out;
  for (int g = 0; g < kGoods; ++g)
    if (cost[static_cast<std::size_t>(g)] > 0)
      out += (out.empty() ? "" : " + ") + num(cost[static_cast<std::size_t>(g)]) + " " + kGoodNames[static_cast<std::size_t>(g)];
  return out.empty() ? "nothing" : out;
}

// The colony's free squares (5.3): bit y * 6 + x.
std::uint64_t free_squares(const SquareGrid& grid) {
  std::uint64_t free = 0;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x)
      if (grid.at(x, y).type.empty()) free |= std::uint64_t{1} << (y * 6 + x);
  return free;
}

// True when some rotation of `tile` covers only free squares somewhere (5.3).
bool fits_somewhere(const TileDef& tile, std::uint64_t free) {
  for (const auto& rot : tile.rotations)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) {
        bool ok = true;
        for (const auto& [dr, dc] : rot) {
          const int r = y + dr, c = x + dc;
          if (r > 5 || c > 5 || !((free >> (r * 6 + c)) & 1)) {
            ok = false;
            break;
          }
        }
        if (ok) return true;
      }
  return false;
}

// Tiles cover free squares only (5.3).
bool free_square(int, int, const SquareGrid::Cell& c) { return c.type.empty(); }

// The (x, y) of position `i` along a die's line.
std::pair<int, int> line_cell(bool column, int line, int i) { return column ? std::pair{line, i} : std::pair{i, line}; }

}  // namespace

void SmGame::register_natives(Engine& engine) {
  FlowRules& flow = *engine.flow;
  const auto label = [](const FlowView& v, const Move& m) { return v.game<SmGame>().label(v, m); };
  const auto move = [&](std::string_view name, void (SmGame::*legal)(const FlowView&, MoveSink&) const,
                        void (SmGame::*apply)(FlowContext&, const Move&)) {
    flow.native_move(name, {.legal = [legal](const FlowView& v, MoveSink& out) { (v.game<SmGame>().*legal)(v, out); },
                            .apply = [apply](FlowContext& c, const Move& m) { (c.game<SmGame>().*apply)(c, m); },
                            .label = label});
  };
  move("set", &SmGame::set_moves, &SmGame::take_set);
  move("capital", &SmGame::capital_moves, &SmGame::place_capital);
  move("place", &SmGame::place_moves, &SmGame::place_tile);
  // The turn's moves and the free actions come from the steps' generators.
  const auto generated = [&](std::string_view name, void (SmGame::*apply)(FlowContext&, const Move&)) {
    flow.native_move(name, {.apply = [apply](FlowContext& c, const Move& m) { (c.game<SmGame>().*apply)(c, m); },
                            .label = label});
  };
  generated("sell", &SmGame::free_action);
  generated("buy", &SmGame::free_action);
  generated("move", &SmGame::free_action);
  generated("expand", &SmGame::expand);
  generated("coin", &SmGame::coin);
  generated("retreat", &SmGame::retreat);
  for (const char* die : {"white", "blue", "bluecol"}) generated(die, &SmGame::use_die);
  flow.native_generator("turn_moves", [](const FlowView& v, MoveSink& out) { v.game<SmGame>().turn_moves(v, out); });
  flow.native_generator("effect_moves", [](const FlowView& v, MoveSink& out) { v.game<SmGame>().effect_moves(v, out); });
  flow.native_move("die", {.legal = [](const FlowView& v, MoveSink& out) { v.game<SmGame>().die_place_moves(v, out); },
                           .apply = [](FlowContext& c, const Move& m) { c.game<SmGame>().put_die(c, m.p[1] - 1, m.p[0] - 1); },
                           .label = label});
  flow.native_move("choose",
                   {.apply = [](FlowContext& c, const Move& m) { c.game<SmGame>().choose(c, m); },
                    .label = [](const FlowView& v, const Move& m) { return v.game<SmGame>().choice_label(v, m.p[0]); },
                    .choices = [](const FlowView& v) {
                      std::vector<std::string> ids;
                      for (const auto& choice : v.game<SmGame>().effect_options(v)) ids.push_back(choice.id);
                      return ids;
                    }});

  flow.native_hook("start_setup_picks", [](FlowContext& c) { c.game<SmGame>().start_setup_picks(c); });
  // Counter-clockwise: the loop that pushed the pick (the capital sets', or a variant's
  // board draft) names the next picker.
  flow.native_hook("next_picker", [](FlowContext& c) {
    const int players = c.table().players();
    Frame* loop = c.parent();
    if (!loop) throw RuleError("next_picker: a pick runs inside the loop of its picks");
    loop->seat = static_cast<std::int8_t>((c.seat() + players - 1) % players);
  });
  flow.native_predicate("every_seat_picked", [](const FlowView& v) { return v.frame.cursor >= v.table.players(); });
  flow.native_hook("push_next_effect", [](FlowContext& c) { c.game<SmGame>().push_next_item(c, /*activation=*/true); });
  flow.native_hook("push_next_income", [](FlowContext& c) { c.game<SmGame>().push_next_item(c, /*activation=*/false); });
  flow.native_hook("place_activation_die", [](FlowContext& c) { c.game<SmGame>().place_activation_die(c); });
  flow.native_hook("count_income", [](FlowContext& c) { c.game<SmGame>().count_income(c); });
  flow.native_predicate("activation_done", [](const FlowView& v) {
    return v.frame.cursor >= v.game<SmGame>().activation_items(v.frame, -1, nullptr);
  });
  flow.native_predicate("income_done", [](const FlowView& v) {
    return v.frame.cursor >= v.game<SmGame>().income_items(v.frame, -1, nullptr);
  });
  flow.native_hook("begin_year", [](FlowContext& c) {
    c.frame().seat = static_cast<std::int8_t>(c.table().get(c.game<SmGame>().progress_).get(key::start));
  });
  flow.native_hook("end_turn", [](FlowContext& c) { c.game<SmGame>().end_turn(c); });
  flow.native_hook("end_year", [](FlowContext& c) { c.game<SmGame>().end_year(c); });
  flow.native_hook("final_scoring", [](FlowContext& c) { c.game<SmGame>().final_scoring(c); });
  flow.native_hook("resolve_effect", [](FlowContext& c) { c.game<SmGame>().resolve_effect(c); });
  flow.native_hook("place_only_die", [](FlowContext& c) { c.game<SmGame>().place_only_die(c); });
  flow.native_predicate("all_retreated", [](const FlowView& v) { return v.game<SmGame>().every_seat_retreated(); });
  // After the last year's end the seats stay retreated (end_year resets them only for a new year).
  flow.native_predicate("game_over", [](const FlowView& v) {
    const SmGame& g = v.game<SmGame>();
    return v.table.get(g.progress_).get(key::year) >= g.rules().years && g.every_seat_retreated();
  });
  const auto prompt = [](const FlowView& v) { return v.game<SmGame>().prompt(v); };
  for (const char* step : {"turn", "building", "retreat_space", "dock", "monk", "astronomy", "scholar", "place_tile"})
    flow.native_prompt(step, prompt);
}

// ---------------------------------------------------------------------------------------
// Flow queries

const Flow& SmGame::flow() const {
  // The handle is taken once start_flow() has added the component; natives run before that.
  return flow_.valid() ? table().get(flow_) : table().get<Flow>("flow");
}

int SmGame::top_step() const {
  const Flow& flow = this->flow();
  return flow.empty() ? -1 : flow.top().step;
}

bool SmGame::is_effect_step(int step) const {
  const Engine::Steps& k = steps();
  return step == k.building || step == k.retreat_space || step == k.dock || step == k.monk || step == k.astronomy ||
         step == k.scholar;
}

bool SmGame::activating() const {
  const Flow& flow = this->flow();
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    if (f.step == steps().place_die || (f.step == steps().activation && f.p[2] != 0)) return true;
  }
  return false;
}

std::string SmGame::prompt(const FlowView& view) const {
  const Frame& f = view.frame;
  const Engine::Steps& k = steps();
  if (f.step == k.turn) return "year " + num(table().get(progress_).get(key::year)) + ": choose an action";
  if (f.step == k.place_tile) return "place tile " + rules().tile(f.p[0]).id;
  if (f.step == k.building) return "resolve b:" + rules().buildings[static_cast<std::size_t>(f.p[0])].id;
  if (f.step == k.retreat_space) return "resolve r:" + num(f.p[0]);
  if (f.step == k.dock) return "resolve d:" + num(f.p[0]);
  if (f.step == k.astronomy) return "resolve astronomy";
  if (f.step == k.scholar) return "resolve " + rules().scholars[static_cast<std::size_t>(f.p[0])].id;
  return "resolve monk";
}

EffectId SmGame::effect_of(const Frame& f) const {
  const Engine::Steps& k = steps();
  const auto at = [](const std::vector<EffectId>& list, int i) { return list.at(static_cast<std::size_t>(i)); };
  if (f.step == k.building) return at(engine_->building_effects.at(static_cast<std::size_t>(f.p[0])), f.p[1]);
  if (f.step == k.retreat_space) return at(engine_->retreat_effects, f.p[0] - 1);
  if (f.step == k.dock) return at(engine_->dock_effects, f.p[0] - 1);
  if (f.step == k.astronomy) return at(engine_->astronomy_effects, f.p[0]);
  if (f.step == k.scholar)
    return f.p[1] == 0 ? at(engine_->activation_effects.at(static_cast<std::size_t>(f.p[0])), f.p[2])
                       : engine_->retreat_scholar_effects.at(static_cast<std::size_t>(f.p[0]));
  if (f.step == k.monk) return engine_->monk_effect;
  throw RuleError("step '" + engine_->flow->step(f.step).name + "' resolves no effect");
}

const std::vector<EffectChoice>& SmGame::effect_options(const FlowView& view, bool fresh) const {
  const Frame& f = view.frame;
  const Frame& kept = waiting_.frame;
  if (!fresh && waiting_.valid && kept.step == f.step && kept.seat == f.seat && kept.p == f.p) return waiting_.options;
  const EffectId effect = effect_of(view.frame);
  waiting_.frame = view.frame;
  waiting_.options.clear();
  if (scripts()->has_options(effect)) waiting_.options = scripts()->options(effect, view.table, CallContext{view.seat(), nullptr, nullptr, nullptr, &view});
  waiting_.valid = !scripts()->has_hook("on_action");
  return waiting_.options;
}

std::string SmGame::choice_label(const FlowView& view, int index) const {
  const EffectChoice& choice = effect_options(view).at(static_cast<std::size_t>(index));
  return scripts()->choice_label(effect_of(view.frame), view.table, CallContext{view.seat(), nullptr, nullptr, nullptr, &view},
                                 choice);
}

// ---------------------------------------------------------------------------------------
// Legal moves

SmGame::SeatFacts SmGame::seat_facts(int s) const {
  SeatFacts f;
  f.seat = s;
  f.player = &table().get(seat_of(s).player);
  f.scholars = scholar_mask(s);
  f.can = abilities(f.scholars);
  return f;
}

void SmGame::turn_moves(const FlowView& view, MoveSink& out) const {
  const SeatFacts f = seat_facts(view.seat());
  const std::uint64_t empty = empty_buildings(f.seat);
  sell_moves(f, out);
  buy_moves(f, out);
  logistics_moves(f, out);
  expand_moves(f, out);
  coin_moves(f, empty, out);
  die_moves(f, empty, out, kinds().white);
  die_moves(f, empty, out, kinds().blue);
  die_moves(f, empty, out, kinds().bluecol);
  retreat_moves(out);
}

void SmGame::effect_moves(const FlowView& view, MoveSink& out) const {
  choose_moves(view, out);
  const SeatFacts f = seat_facts(view.seat());
  sell_moves(f, out);
  buy_moves(f, out);
  logistics_moves(f, out);
}

void SmGame::sell_moves(const SeatFacts& f, MoveSink& out) const {
  for (int g = 0; g < kGoods; ++g)
    if (f.player->get(key::goods[static_cast<std::size_t>(g)]) > 0) out.add(kinds().sell, g);
}

void SmGame::buy_moves(const SeatFacts& f, MoveSink& out) const {
  const Counters& p = *f.player;
  for (int g = 0; g < kGold; ++g) {
    const int price = price_for(f.can, g);
    if (price >= 0 && p.get(key::coins) >= price && p.get(key::goods[static_cast<std::size_t>(g)]) < rules().storage_cap)
      out.add(kinds().buy, g);
  }
}

// Logistics (5.11): a scholar's move_die_cost moves a die to an empty building connected
// to it (5.12); not while a die activation resolves (4.2).
void SmGame::logistics_moves(const SeatFacts& f, MoveSink& out) const {
  const int s = f.seat;
  const int cost = f.can.move_die_cost;
  if (cost < 0 || f.player->get(key::coins) < cost || activating()) return;
  const SquareGrid& grid = table().get(seat_of(s).colony);
  const ColonyView colony = ColonyView::of(rules(), grid);
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      const std::string& piece = grid.at(x, y).piece;
      if (piece != "w" && piece != "b") continue;
      // Squares connected to (x, y): neighbours, and squares next to roads reached from it.
      std::array<std::array<bool, 6>, 6> reach{}, road{};
      std::vector<std::pair<int, int>> queue{{x, y}};
      for (std::size_t i = 0; i < queue.size(); ++i) {
        const auto [cx, cy] = queue[i];
        const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        for (int d = 0; d < 4; ++d) {
          const int nx = cx + dx[d], ny = cy + dy[d];
          if (nx < 0 || nx > 5 || ny < 0 || ny > 5) continue;
          const int cell = colony.cell[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)];
          if (cell < 0) continue;
          reach[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)] = true;
          if (rules().cells[static_cast<std::size_t>(cell)].building < 0 &&
              !road[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)]) {
            road[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)] = true;
            queue.emplace_back(nx, ny);
          }
        }
      }
      for (int ty = 0; ty < 6; ++ty)
        for (int tx = 0; tx < 6; ++tx)
          if (reach[static_cast<std::size_t>(ty)][static_cast<std::size_t>(tx)] && empty_building(s, tx, ty))
            out.add(kinds().move, y + 1, x + 1, ty + 1, tx + 1);
    }
}

// A: expand (5.3): the tile now, its placement as the next decision.
void SmGame::expand_moves(const SeatFacts& f, MoveSink& out) const {
  const int s = f.seat;
  const Market& display = table().get(display_);
  const std::uint64_t free = free_squares(table().get(seat_of(s).colony));
  for (int row = 0; row < 2; ++row) {
    if (!can_pay(s, row == 0 ? rules().double_cost : rules().triple_cost, f.scholars)) continue;
    for (int slot = 0; slot < 5; ++slot) {
      const std::string& id = display.at(row, slot);
      if (id.empty()) continue;
      const auto it = rules().tile_ids.find(id);
      if (it == rules().tile_ids.end()) continue;
      if (fits_somewhere(rules().tile(it->second), free)) out.add(kinds().expand, it->second);
    }
  }
}

// B: one building with coins (5.4).
void SmGame::coin_moves(const SeatFacts& f, std::uint64_t empty, MoveSink& out) const {
  const Counters& p = *f.player;
  if (p.get(key::coins) < p.get(key::coin_acts) + 1) return;
  for (int i = 0; i < 36; ++i)
    if ((empty >> i) & 1) out.add(kinds().coin, i / 6 + 1, i % 6 + 1);
}

unsigned SmGame::usable_dice(int s, bool white) const {
  unsigned values = 0;
  for (const Die& d : table().get(dice_).dice()) {
    if (white ? d.color == "white"sv && d.holder == DicePool::kInPool
              : d.color == "blue"sv && (rules().shared_blue ? (d.holder == DicePool::kInPool && d.tag.empty())
                                                           : (d.holder == s && d.tag == "ready"sv)))
      values |= 1u << d.value;
  }
  return values;
}

// C: a die (5.5): white on a column, blue on a row, or on a column with Philosophy; the
// change costs 1 coin per pip, or 1 wood, grain or gold for any change with Botany.
void SmGame::die_moves(const SeatFacts& f, std::uint64_t empty, MoveSink& out, int kind) const {
  const int s = f.seat;
  const Counters& p = *f.player;
  const Abilities& can = f.can;
  const bool white = kind == kinds().white;
  if (white ? p.get(key::white_taken) >= rules().white_per_year
            : rules().shared_blue && p.get(key::blue_taken) >= p.get(key::blue_unlocked))
    return;
  if (kind == kinds().bluecol && !can.blue_die_on_columns) return;
  const unsigned values = usable_dice(s, white);
  if (values == 0) return;
  const bool column = kind != kinds().blue;

  const int coins = p.get(key::coins), pip_cost = rules().pip_cost;
  unsigned change_goods = 0;  // goods of which 1 pays any change (Botany)
  for (int g = 0; g < kGoods; ++g)
    if (((can.die_change_for >> g) & 1u) && p.get(key::goods[static_cast<std::size_t>(g)]) > 0) change_goods |= 1u << g;
  // A line is usable when it holds an empty building.
  bool usable[6];
  for (int i = 0; i < 6; ++i) {
    const std::uint64_t line = column ? std::uint64_t{0x041041041} << i : std::uint64_t{0x3f} << (6 * i);
    usable[i] = (empty & line) != 0;
  }
  for (int v = 1; v <= 6; ++v) {
    if (!((values >> v) & 1)) continue;
    for (int target = 1; target <= 6; ++target) {
      if (!usable[target - 1]) continue;
      if (std::abs(v - target) * pip_cost <= coins) out.add(kind, v, target, 0);
      if (change_goods != 0 && v != target)
        for (int g = 0; g < kGoods; ++g)
          if ((change_goods >> g) & 1u) out.add(kind, v, target, g + 1);
    }
  }
}

// D: retreat (5.6) to a free space.
void SmGame::retreat_moves(MoveSink& out) const {
  const Counters& board = table().get(board_);
  for (std::size_t i = 0; i < engine_->retreat_keys.size(); ++i)
    if (board.get(engine_->retreat_keys[i]) == 0) out.add(kinds().retreat, static_cast<int>(i));
}

void SmGame::choose_moves(const FlowView& view, MoveSink& out) const {
  const std::size_t n = effect_options(view).size();
  for (std::size_t i = 0; i < n; ++i) out.add(kinds().choose, static_cast<int>(i));
}

void SmGame::place_moves(const FlowView& view, MoveSink& out) const {
  const SquareGrid& grid = table().get(seat_of(view.seat()).colony);
  for (const auto& p : grid.placements(shape_of(rules().tile(view.frame.p[0])), free_square))
    out.add(kinds().place, p.y + 1, p.x + 1, p.rotation / 90);
}

void SmGame::die_place_moves(const FlowView& view, MoveSink& out) const {
  const Frame& f = view.frame;
  for (int i = 0; i < 6; ++i)
    if ((f.p[3] >> i) & 1) {
      const auto [x, y] = line_cell(f.p[1] != 0, f.p[2], i);
      out.add(kinds().die, y + 1, x + 1);
    }
}

void SmGame::set_moves(const FlowView&, MoveSink& out) const {
  const Counters& board = table().get(board_);
  for (std::size_t k = 1; k <= rules().capitals.size(); ++k)
    if (board.get("set" + num(static_cast<int>(k)) + ".capital") >= 1) out.add(kinds().set, static_cast<int>(k) - 1);
}

void SmGame::capital_moves(const FlowView& view, MoveSink& out) const {
  const SquareGrid& grid = table().get(seat_of(view.seat()).colony);
  const auto shape = shape_of(rules().capitals[static_cast<std::size_t>(view.frame.p[0] - 1)]);
  for (const auto& p : grid.placements(shape, free_square)) out.add(kinds().capital, p.y + 1, p.x + 1, p.rotation / 90);
}

std::string SmGame::label(const FlowView& view, const Move& m) const {
  const Engine::Kinds& k = kinds();
  const int s = view.seat();
  const auto at = [](int row, int col) { return "row " + num(row) + " column " + num(col); };
  const std::string good = m.p[0] >= 0 && m.p[0] < kGoods ? kGoodNames[static_cast<std::size_t>(m.p[0])] : "";
  if (m.kind == k.sell) return "sell 1 " + good + " for " + num(rules().sell[static_cast<std::size_t>(m.p[0])]);
  if (m.kind == k.buy) return "buy 1 " + good + " for " + num(buy_price(s, m.p[0]));
  if (m.kind == k.move) {
    const int cost = abilities(scholar_mask(s)).move_die_cost;
    return "Logistics: move the die from " + at(m.p[0], m.p[1]) + " to " + at(m.p[2], m.p[3]) + " for " + num(cost) +
           (cost == 1 ? " coin" : " coins");
  }
  if (m.kind == k.expand) {
    const TileDef& tile = rules().tile(m.p[0]);
    std::string text = "expand with tile " + tile.id + " (";
    for (std::size_t c = 0; c < tile.cells.size(); ++c)
      text += (c ? " + " : "") + rules().cells[static_cast<std::size_t>(tile.cells[c])].type;
    const bool double_tile = m.p[0] < static_cast<int>(rules().doubles.size());
    return text + ") for " + cost_text(double_tile ? rules().double_cost : rules().triple_cost);
  }
  if (m.kind == k.coin) return "activate " + at(m.p[0], m.p[1]) + " for " + num(get(s, key::coin_acts) + 1) + " coins";
  if (m.kind == k.white || m.kind == k.blue || m.kind == k.bluecol) {
    const std::string verb = engine_->flow->move(m.kind).name;
    const bool column = m.kind != k.blue;
    if (m.p[2] > 0)
      return verb + " die " + num(m.p[0]) + " set to " + num(m.p[1]) + " for 1 " +
             kGoodNames[static_cast<std::size_t>(m.p[2] - 1)];
    const int cost = std::abs(m.p[0] - m.p[1]) * rules().pip_cost;
    return verb + " die " + num(m.p[0]) + " on " + (column ? "column " : "row ") + num(m.p[1]) +
           (cost > 0 ? " for " + num(cost) + " coins" : "");
  }
  if (m.kind == k.retreat) return "retreat to space " + num(m.p[0] + 1);
  if (m.kind == k.place) return "place at " + at(m.p[0], m.p[1]) + " turned " + num(m.p[2] * 90);
  if (m.kind == k.die) return "put the die on " + at(m.p[0], m.p[1]);
  if (m.kind == k.set) {
    const Counters& board = table().get(board_);
    const std::string key = "set" + num(m.p[0] + 1);
    return "capital " + rules().capitals[static_cast<std::size_t>(board.get(key + ".capital") - 1)].id + " with scholar " +
           rules().scholars[static_cast<std::size_t>(board.get(key + ".scholar") - 1)].id;
  }
  return "place the capital at " + at(m.p[0], m.p[1]) + " turned " + num(m.p[2] * 90);
}

std::string SmGame::move_text(const Move& move) const {
  std::string text = FlowGame::move_text(move);
  const Engine::Kinds& k = kinds();
  if ((move.kind == k.white || move.kind == k.blue || move.kind == k.bluecol) && move.p[2] == 0)
    text.erase(text.rfind(' '));  // " coins"
  return text;
}

std::optional<Move> SmGame::parse_move(std::string_view text) const {
  const std::string_view verb = text.substr(0, text.find(' '));
  if ((verb == "white" || verb == "blue" || verb == "bluecol") && std::count(text.begin(), text.end(), ' ') == 2)
    return FlowGame::parse_move(std::string(text) + " coins");
  return FlowGame::parse_move(text);
}

// ---------------------------------------------------------------------------------------
// Set-up (3.2, 8.1)

// Capital sets on offer (the advanced set-up, 8.1) are chosen counter-clockwise, from the
// seat right of the start player (the board_draft variant replaces this step with its own).
void SmGame::start_setup_picks(FlowContext& ctx) {
  if (!capital_sets_dealt()) return;
  const int players = ctx.table().players();
  ctx.push(steps().capital_sets, (ctx.table().get(progress_).get(key::start) + players - 1) % players);
}

void SmGame::take_set(FlowContext& ctx, const Move& move) {
  Table& t = ctx.table();
  Counters& board = t.get(board_);
  const std::string key = "set" + num(move.p[0] + 1);
  const int capital = board.get(key + ".capital");
  t.get(seat_of(ctx.seat()).player).set(key::capital_scholar, board.get(key + ".scholar"));
  board.set(key + ".capital", 0);
  board.set(key + ".scholar", 0);
  if (ctx.logging()) ctx.log("seat " + num(ctx.seat()) + " takes set " + num(move.p[0] + 1));
  ctx.push(steps().place_capital, ctx.seat(), {capital});
}

void SmGame::place_capital(FlowContext& ctx, const Move& move) {
  const int capital = ctx.frame().p[0];
  ctx.table().get(seat_of(ctx.seat()).colony)
      .place(shape_of(rules().capitals[static_cast<std::size_t>(capital - 1)]), move.p[1] - 1, move.p[0] - 1,
             move.p[2] * 90, /*tile=*/100 + capital - 1, free_square);
}

// ---------------------------------------------------------------------------------------
// Free actions (5.7, 5.11)

void SmGame::free_action(FlowContext& ctx, const Move& move) {
  forget_options();
  const int s = ctx.seat();
  Counters& p = ctx.table().get(seat_of(s).player);
  if (move.kind == kinds().move) {
    SquareGrid& grid = ctx.table().get(seat_of(s).colony);
    const int y1 = move.p[0] - 1, x1 = move.p[1] - 1, y2 = move.p[2] - 1, x2 = move.p[3] - 1;
    std::string die = std::move(grid.at(x1, y1).piece);
    grid.at(x1, y1).piece.clear();
    grid.at(x2, y2).piece = std::move(die);
    p.add(key::coins, -abilities(scholar_mask(s)).move_die_cost);
    if (ctx.logging()) ctx.log("seat " + num(s) + " moves a die with Logistics");
  } else {
    const int g = move.p[0];
    const char* name = kGoodNames[static_cast<std::size_t>(g)];
    const bool sell = move.kind == kinds().sell;
    if (sell) {
      p.add(key::goods[static_cast<std::size_t>(g)], -1);
      p.add(key::coins, rules().sell[static_cast<std::size_t>(g)]);
    } else {
      p.add(key::coins, -buy_price(s, g));
      p.add(key::goods[static_cast<std::size_t>(g)], 1);
    }
    if (ctx.logging()) ctx.log("seat " + num(s) + (sell ? " sells 1 " : " buys 1 ") + name);
  }
  // A waiting effect may now offer fewer choices.
  if (is_effect_step(ctx.frame().step)) resolve_effect(ctx);
}

// ---------------------------------------------------------------------------------------
// Main actions; the turn ends (end_turn) once the steps they push have run.

void SmGame::expand(FlowContext& ctx, const Move& move) {
  const int s = ctx.seat();
  const std::string& id = rules().tile(move.p[0]).id;
  const SlotPlace where = ctx.table().get(display_).find(id);
  pay(s, where.row == 0 ? rules().double_cost : rules().triple_cost);
  // The tile leaves the display as it is placed: until then it is in one place the schema counts.
  if (ctx.logging()) ctx.log("seat " + num(s) + " buys tile " + id);
  ctx.push(steps().place_tile, s, {move.p[0]});
}

void SmGame::place_tile(FlowContext& ctx, const Move& move) {
  const int s = ctx.seat(), index = ctx.frame().p[0];
  Market& display = ctx.table().get(display_);
  const SlotPlace where = display.find(rules().tile(index).id);
  display.take_at(where.row, where.slot);
  ctx.table().get(seat_of(s).colony)
      .place(shape_of(rules().tile(index)), move.p[1] - 1, move.p[0] - 1, move.p[2] * 90, index, free_square);
  if (ctx.logging())
    ctx.log("seat " + num(s) + " places " + rules().tile(index).id + " at row " + num(move.p[0]) + " column " + num(move.p[1]));
}

void SmGame::coin(FlowContext& ctx, const Move& move) {
  const int s = ctx.seat(), x = move.p[1] - 1, y = move.p[0] - 1;
  Counters& p = ctx.table().get(seat_of(s).player);
  const int price = p.add(key::coin_acts, 1);
  p.add(key::coins, -price);
  ctx.table().get(seat_of(s).colony).at(x, y).piece = "c" + num(price);
  if (ctx.logging()) ctx.log("seat " + num(s) + " activates row " + num(y + 1) + " column " + num(x + 1) + " for " + num(price));
  ctx.push(steps().activation, s, {/*line=*/y, /*buildings=*/1 << x, /*die_cells=*/0, /*scholars=*/0});
}

void SmGame::use_die(FlowContext& ctx, const Move& move) {
  const int s = ctx.seat();
  Table& t = ctx.table();
  Counters& p = t.get(seat_of(s).player);
  DicePool& dice = t.get(dice_);
  const bool white = move.kind == kinds().white;
  const int value = move.p[0], target = move.p[1];
  int index = -1;
  for (int i = 0; i < dice.size() && index < 0; ++i) {
    const Die& d = dice.die(i);
    if (d.value != value) continue;
    if (white && d.color == "white" && d.holder == DicePool::kInPool) index = i;
    if (!white && d.color == "blue" &&
        (rules().shared_blue ? (d.holder == DicePool::kInPool && d.tag.empty()) : (d.holder == s && d.tag == "ready")))
      index = i;
  }
  if (index < 0) throw RuleError("no such die");
  // 5.5 step 2: the value change, with coins or (Botany) 1 wood/grain/gold.
  if (move.p[2] > 0) p.add(key::goods[static_cast<std::size_t>(move.p[2] - 1)], -1);
  else p.add(key::coins, -std::abs(value - target) * rules().pip_cost);
  dice.set(index, target);
  if (dice.die(index).holder == DicePool::kInPool) dice.take(index, s);
  dice.set_tag(index, "used");
  if (white) p.add(key::white_taken, 1);
  else if (rules().shared_blue) p.add(key::blue_taken, 1);
  const Line line{move.kind != kinds().blue, target - 1};
  const auto list = line_buildings(s, line);
  if (ctx.logging())
    ctx.log("seat " + num(s) + " uses a " + (white ? "white" : "blue") + " die on " + (line.column ? "column " : "row ") +
            num(target));
  // 5.5 step 7: the die goes on the last building (Architecture: any of the list).
  int buildings = 0, cells = 0;
  const Abilities can = abilities(scholar_mask(s));
  const bool any = can.die_on_any_building;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const int bit = 1 << (line.column ? list[i].second : list[i].first);
    buildings |= bit;
    if (any || i + 1 == list.size()) cells |= bit;
  }
  ctx.push(steps().activation, s,
           {line.index + (line.column ? 8 : 0) + (white ? 0 : 16), buildings, cells, static_cast<int>(can.on_die_activation)});
}

int SmGame::activation_items(const Frame& a, int wanted, Frame* item) const {
  int n = 0;
  const auto found = [&](int step, int p0, int p1, int p2) {
    if (n++ != wanted) return;
    item->step = static_cast<std::uint16_t>(step);
    item->p = {p0, p1, p2, 0};
  };
  const bool column = (a.p[0] & 8) != 0;
  if (a.p[3] != 0) {
    const int colonists = std::min(kMaxColonistsArg, line_colonists(a.seat, {column, a.p[0] & 7}));
    for (int i = 0; i < static_cast<int>(rules().scholars.size()); ++i)
      if ((a.p[3] >> i) & 1) found(steps().scholar, i, /*hook=*/0, colonists);
  }
  const SquareGrid& grid = table().get(seat_of(a.seat).colony);
  for (int i = 0; i < 6; ++i) {
    if (!((a.p[1] >> i) & 1)) continue;
    const auto [x, y] = line_cell(column, a.p[0] & 7, i);
    const int c = rules().cell_of(grid.at(x, y).type);
    const int building = c < 0 ? -1 : rules().cells[static_cast<std::size_t>(c)].building;
    if (building < 0) continue;
    const int parts = static_cast<int>(rules().buildings[static_cast<std::size_t>(building)].effects.size());
    for (int part = 0; part < parts; ++part) found(steps().building, building, part, 0);
  }
  return n;
}

int SmGame::income_items(const Frame& income, int wanted, Frame* item) const {
  int n = 0;
  const auto found = [&](int step, int p0, int p1) {
    if (n++ != wanted) return;
    item->step = static_cast<std::uint16_t>(step);
    item->p = {p0, p1, 0, 0};
  };
  for (int d = 0; d < 4; ++d)
    for (int i = 0; i < ((income.p[0] >> (6 * d)) & 63); ++i) found(steps().dock, d + 1, 0);
  for (int i = 0; i < static_cast<int>(rules().scholars.size()); ++i)
    if ((income.p[1] >> i) & 1) found(steps().scholar, i, /*hook=*/1);
  return n;
}

// The auto step below an activation or income loop: pushes the loop's next item.
void SmGame::push_next_item(FlowContext& ctx, bool activation) {
  const Frame& loop = *ctx.parent();
  Frame item;
  item.seat = loop.seat;
  const int found = activation ? activation_items(loop, loop.cursor - 1, &item) : income_items(loop, loop.cursor - 1, &item);
  // An edited cursor may point past the items (or before them).
  if (loop.cursor < 1 || loop.cursor > found) throw RuleError("the activation or income has no item " + num(loop.cursor));
  ctx.push(item);
}

void SmGame::place_activation_die(FlowContext& ctx) {
  const Frame& a = ctx.frame();
  if (a.p[2] == 0) return;  // an activation with coins
  ctx.push(steps().place_die, a.seat, {(a.p[0] & 16) ? 1 : 0, (a.p[0] & 8) ? 1 : 0, a.p[0] & 7, a.p[2]});
}

void SmGame::count_income(FlowContext& ctx) {
  const int s = ctx.seat();
  int ships = 0;
  for (const auto& [id, dock] : table().get(seat_of(s).port).entries())
    if (dock >= 1 && dock <= 4 && ((ships >> (6 * (dock - 1))) & 63) < 63) ships += 1 << (6 * (dock - 1));
  ctx.frame().p = {ships, static_cast<int>(abilities(scholar_mask(s)).on_retreat), 0, 0};
}

void SmGame::place_only_die(FlowContext& ctx) {
  const Frame& f = ctx.frame();
  if (std::popcount(static_cast<unsigned>(f.p[3])) > 1) return;  // Architecture: the seat chooses
  ctx.end_step();
  if (f.p[3] == 0) return;
  const auto [x, y] = line_cell(f.p[1] != 0, f.p[2], std::countr_zero(static_cast<unsigned>(f.p[3])));
  put_die(ctx, x, y);
}

void SmGame::put_die(FlowContext& ctx, int x, int y) {
  ctx.table().get(seat_of(ctx.seat()).colony).at(x, y).piece = ctx.frame().p[0] == 0 ? "w" : "b";
}

void SmGame::retreat(FlowContext& ctx, const Move& move) {
  const int s = ctx.seat(), pos = move.p[0] + 1;
  Table& t = ctx.table();
  t.get(board_).set(engine_->retreat_keys[static_cast<std::size_t>(move.p[0])], s + 1);
  Counters& p = t.get(seat_of(s).player);
  p.set(key::retreated, 1);
  p.set(key::retreat_pos, pos);
  if (ctx.logging()) ctx.log("seat " + num(s) + " retreats to space " + num(pos));
  ctx.push(steps().retreat_actions, s, {pos});
  // Announced once the step of the space's actions is pushed (they run after its subscribers):
  // a subscriber sees a whole state, no turn left to a seat that has retreated.
  ctx.announce(engine_->events.retreated, {s, pos});
}

// ---------------------------------------------------------------------------------------
// Effect steps

// Applies the frame's effect unless it offers two or more choices (then the seat chooses);
// an effect that offers none is dropped. Steps the effect pushes run next.
void SmGame::resolve_effect(FlowContext& ctx) {
  const EffectId effect = effect_of(ctx.frame());
  if (!scripts()->has_options(effect)) {
    ctx.end_step();
    scripts()->apply(effect, ctx.table(), ctx.script_context(ctx.seat()));
    return;
  }
  const std::vector<EffectChoice>& options = effect_options(ctx.view(), /*fresh=*/true);
  if (options.size() > 1) return;
  ctx.end_step();
  if (options.empty()) return;
  const std::string choice = options[0].id;
  forget_options();
  scripts()->apply(effect, ctx.table(), ctx.script_context(ctx.seat()), choice);
}

void SmGame::choose(FlowContext& ctx, const Move& move) {
  const std::string choice = effect_options(ctx.view()).at(static_cast<std::size_t>(move.p[0])).id;
  forget_options();
  scripts()->apply(effect_of(ctx.frame()), ctx.table(), ctx.script_context(ctx.seat()), choice);
}

}  // namespace santa_maria
