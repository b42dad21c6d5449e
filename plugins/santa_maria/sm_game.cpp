// Santa Maria — set-up, the engine's data, the year's hooks and the final scoring. Rules:
// /shared/rules/santa_maria.md (section numbers below refer to it); numbers and contents:
// data/santa_maria/*.yaml; the flow: data/santa_maria/flow.yaml (its moves: sm_moves.cpp).
#include "sm_game.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "sm_keys.hpp"
#include "sm_natives.hpp"
#include "sm_scoring.hpp"
#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace santa_maria {

using namespace tessera;
using nlohmann::json;

namespace {

std::string num(int n) { return std::to_string(n); }

// Every non-empty type is a known square (check_state); roads are "road:<colonists>".
bool is_empty_building(const SquareGrid::Cell& cell) {
  return cell.piece.empty() && !cell.type.empty() && !cell.type.starts_with("road:");
}

// Entries sorted by key, with where each of the first `tracked` given entries went.
std::vector<std::pair<std::string, int>> sorted_entries(std::vector<std::pair<std::string, int>> entries,
                                                        std::size_t tracked, std::vector<std::size_t>& slots) {
  std::vector<std::size_t> order(entries.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return entries[a].first < entries[b].first; });
  std::vector<std::pair<std::string, int>> out;
  slots.assign(tracked, 0);
  for (std::size_t at = 0; at < order.size(); ++at) {
    if (order[at] < tracked) slots[order[at]] = at;
    out.push_back(std::move(entries[order[at]]));
  }
  return out;
}

// The set-up's starting material (Engine: starting_ships ... coins_at).
void prepare_setup(Engine& e) {
  const Rules& r = e.rules;
  for (const auto& s : r.shipments) (s.starting ? e.starting_ships : e.standard_ships).push_back(s.id);
  for (const auto& d : r.doubles) e.double_ids.push_back(d.id);
  for (const auto& d : r.triples) e.triple_ids.push_back(d.id);
  // A blue die symbol resolves before the monk of the same symbol (5.8.3).
  for (int s : r.religion_blue) e.religion_triggers.push_back({s, Track::When::Pass, "blue_die", ""});
  for (int s : r.religion_monks) e.religion_triggers.push_back({s, Track::When::Pass, "monk", ""});
  for (int s : r.conquest_gold) e.conquest_triggers.push_back({s, Track::When::Pass, "gold", ""});
  // Board: the scholar and bishop slots first (tracked), then the free spaces.
  std::vector<std::pair<std::string, int>> board;
  for (int i = 1; i <= r.scholar_slots; ++i) board.emplace_back("scholar" + num(i), 0);
  for (int i = 1; i <= r.bishop_slots; ++i) board.emplace_back("bishop" + num(i), 0);
  for (int i = 1; i <= r.scholar_slots; ++i) board.emplace_back("monks.s" + num(i), 0);
  for (int i = 1; i <= r.bishop_slots; ++i) board.emplace_back("monks.b" + num(i), 0);
  for (std::size_t i = 1; i <= r.missions.size(); ++i) board.emplace_back("monks.m" + num(static_cast<int>(i)), 0);
  for (std::size_t i = 1; i <= r.retreat_spaces.size(); ++i) board.emplace_back("retreat" + num(static_cast<int>(i)), 0);
  std::vector<std::size_t> slots;
  e.board_start = sorted_entries(std::move(board), static_cast<std::size_t>(r.scholar_slots + r.bishop_slots), slots);
  e.scholar_at.assign(slots.begin(), slots.begin() + r.scholar_slots);
  e.bishop_at.assign(slots.begin() + r.scholar_slots, slots.end());
  // Player: the coins (by turn order) tracked; "board" is printed by every set-up.
  std::vector<std::pair<std::string, int>> player{
      {"coins", 0}, {"wood", r.starting_wood}, {"monks", r.monks_per_player}, {"blue_unlocked", 1}};
  for (const char* key : {"grain", "sugar", "gem", "gold", "white_taken", "coin_acts", "retreated", "retreat_pos",
                          "blue_taken", "capital_scholar", "board"})
    player.emplace_back(key, 0);
  e.player_start = sorted_entries(std::move(player), 1, slots);
  e.coins_at = slots[0];
}

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  // One player always plays the solo game (8.3), which is the variant "solo".
  std::vector<std::string> variants = config.variants;
  if (config.players == 1 && std::find(variants.begin(), variants.end(), "solo") == variants.end())
    variants.push_back("solo");
  engine->rules = load_rules(config.data_dir, "data/santa_maria", variants);
  engine->flow = std::make_unique<FlowRules>(load_with_overlays(config.data_dir, "data/santa_maria", "flow.yaml", variants));
  engine->schema = std::make_shared<StateSchema>(load_with_overlays(config.data_dir, "data/santa_maria", "schema.yaml", variants));
  // One of each shipment and expansion tile (the capital and road tiles never lie in a deck).
  // A tile on a colony grid is its index there (the capitals' numbers lie beyond them).
  std::map<std::string, int> shipment_copies, tile_copies;
  std::vector<std::string> tile_numbers;
  for (const auto& s : engine->rules.shipments) shipment_copies[s.id] = 1;
  for (int i = 0; i < engine->rules.tile_count(); ++i) {
    tile_copies[engine->rules.tile(i).id] = 1;
    tile_numbers.push_back(engine->rules.tile(i).id);
  }
  engine->schema->content("shipments", shipment_copies);
  engine->schema->content("tiles", tile_copies);
  engine->schema->tile_numbers("tiles", std::move(tile_numbers));
  engine->scripts = make_game_scripts(config, "santa_maria");
  engine->scripts->set_fired_hooks(engine->flow->fired_hooks());
  // ctx:call("print_board", seat, board_id): the advanced set-up and the board draft variant print
  // the dealt or chosen board. The engine owns the runtime that owns this function, so `self` cannot dangle.
  const Engine* self = engine.get();
  engine->scripts->register_function("print_board", [self](Table& t, const CallContext&, const tessera::NativeArgs& args) -> json {
    if (args.size() != 2) throw RuleError("print_board(seat, board_id)");
    const long long seat = args.integer(0, "print_board's seat");
    const std::string id(args.string(1, "print_board's board id").substr(0, 64));
    const int board = self->rules.board_index(id);
    if (seat < 0 || seat >= t.players() || board < 0)
      throw RuleError("print_board: no seat " + std::to_string(seat) + " or no board '" + id + "'");
    print_board(self->rules, t, static_cast<int>(seat), board);
    return nullptr;
  });
  // ctx:call("setup_facts"): what lib/advanced_setup.lua deals from.
  engine->scripts->register_query("setup_facts", [self](const Table&, const CallContext&, const tessera::NativeArgs&) -> json {
    return {{"scholars", self->rules.scholars.size()},
            {"scholar_slots", self->rules.scholar_slots},
            {"capitals", self->rules.capitals.size()}};
  });
  // ctx:call("colony_boards"): [{id, side}] in file order.
  engine->scripts->register_query("colony_boards", [self](const Table&, const CallContext&, const tessera::NativeArgs&) -> json {
    json boards = json::array();
    for (const auto& b : self->rules.boards) boards.push_back({{"id", b.id}, {"side", std::string(1, b.side)}});
    return boards;
  });
  register_economy_natives(*engine->scripts);
  engine->scripts->run_file("effects.lua");
  engine->scripts->run_file("bishops.lua");
  engine->scripts->run_variants(variants);

  const Rules& r = engine->rules;
  for (int i = 1; i <= r.scholar_slots; ++i) {
    engine->scholar_keys.emplace_back("scholar" + num(i));
    engine->monk_keys.emplace_back("monks.s" + num(i));
  }
  for (std::size_t i = 1; i <= r.retreat_spaces.size(); ++i) engine->retreat_keys.emplace_back("retreat" + num(static_cast<int>(i)));
  prepare_setup(*engine);
  json extras;
  extras["economy"] = r.economy_json;
  extras["max_steps"] = r.religion_max_steps;
  extras["max_blue"] = r.dice_per_player;
  extras["shared"] = r.shared_blue;
  extras["type"] = r.cells[static_cast<std::size_t>(r.road.cells[0])].type;
  json ships = json::object(), numbers = json::object();
  for (std::size_t i = 0; i < r.shipments.size(); ++i) {
    const ShipmentDef& s = r.shipments[i];
    ships[s.id] = {s.cost[kWood], s.cost[kGrain], s.cost[kSugar], s.cost[kGem]};
    numbers[s.id] = i;
  }
  extras["shipments"] = ships;
  extras["shipment_numbers"] = numbers;  // the astronomy step's parameter
  extras["docks"] = r.docks.size();  // docks of the main board and of every port (10.5)
  json spaces = json::array();
  for (int i = 1; i <= r.scholar_slots; ++i) spaces.push_back({{"id", "s" + num(i)}, {"label", "scholar " + num(i)}});
  for (int i = 1; i <= r.bishop_slots; ++i) spaces.push_back({{"id", "b" + num(i)}, {"label", "bishop " + num(i)}});
  for (std::size_t i = 0; i < r.missions.size(); ++i)
    spaces.push_back({{"id", "m" + num(static_cast<int>(i) + 1)},
                      {"label", "mission station " + num(static_cast<int>(i) + 1)},
                      {"mission", r.missions[i]}});
  for (json& space : spaces) space["key"] = "monks." + space["id"].get<std::string>();  // its "board" counter
  extras["spaces"] = spaces;

  // Every effect gets the game's extras besides the params its use gives (checked against
  // what the effect declares).
  auto prepare = [&](const EffectUse& use) { return engine->scripts->prepare(use, extras); };
  for (const auto& b : r.buildings) {
    engine->building_effects.emplace_back();
    for (const auto& e : b.effects)
      engine->building_effects.back().push_back(prepare(e));
  }
  for (const auto& e : r.retreat_spaces) engine->retreat_effects.push_back(prepare(e));
  for (const auto& e : r.docks) engine->dock_effects.push_back(prepare(e));
  engine->monk_effect = prepare(EffectUse("monk"));
  for (const auto& s : r.shipments) engine->astronomy_effects.push_back(prepare(EffectUse("astronomy", {{"arg", s.id}})));
  for (const auto& sc : r.scholars) {
    engine->activation_effects.emplace_back();
    if (!sc.on_die_activation.name.empty())
      for (int n = 0; n <= kMaxColonistsArg; ++n) {
        EffectUse use = sc.on_die_activation;
        use.params = {{"arg", n}};  // the colonists of the activated line
        engine->activation_effects.back().push_back(prepare(use));
      }
    engine->retreat_scholar_effects.push_back(sc.on_retreat.name.empty() ? -1 : prepare(sc.on_retreat));
  }
  engine->conquest_scoring.assign(5, {});
  for (int n = 1; n <= 4; ++n)
    for (int y = 1; y <= r.years; ++y) {
      json params = extras;  // all the game's: the year's values come from game.yaml's tracks
      params["year"] = y;
      if (n == 1) {
        params["tree"] = r.solo_trees[static_cast<std::size_t>(y - 1)];
        params["solo_value"] = r.solo_conquest[static_cast<std::size_t>(y - 1)];
      } else {
        params["values"] = r.conquest_scoring[static_cast<std::size_t>(n)][static_cast<std::size_t>(y - 1)];
      }
      engine->conquest_scoring[static_cast<std::size_t>(n)].push_back(
          engine->scripts->prepare(EffectUse("conquest_scoring"), params));
    }
  for (const auto& b : r.bishops) engine->bishops.push_back(engine->scripts->prepare(b.effect));
  if (engine->scripts->has_effect("solo_goals")) {
    engine->solo_goals = engine->scripts->prepare(r.solo_goals);
    engine->has_solo_goals = true;
  }
  FlowRules& flow = *engine->flow;
  std::vector<std::string> tiles, boards, sets, spaces_ids;
  for (int i = 0; i < r.tile_count(); ++i) tiles.push_back(r.tile(i).id);
  for (const auto& b : r.boards) boards.push_back(b.id);
  for (std::size_t k = 1; k <= r.capitals.size(); ++k) sets.push_back(num(static_cast<int>(k)));
  for (std::size_t i = 1; i <= r.retreat_spaces.size(); ++i) spaces_ids.push_back(num(static_cast<int>(i)));
  flow.domain("tiles", tiles);
  flow.domain("boards", boards);
  flow.domain("capital_sets", sets);
  flow.domain("retreat_spaces", spaces_ids);
  SmGame::register_natives(*engine);
  flow.build(engine->scripts.get());
  engine->kinds = {flow.move_index("set"),     flow.move_index("capital"),
                   flow.move_index("sell"),  flow.move_index("buy"),     flow.move_index("move"),
                   flow.move_index("expand"), flow.move_index("coin"),   flow.move_index("white"),
                   flow.move_index("blue"),  flow.move_index("bluecol"), flow.move_index("retreat"),
                   flow.move_index("choose"), flow.move_index("place"),  flow.move_index("die")};
  const auto step = [&](const char* name) { return flow.step_index(name); };
  engine->steps = {step("capital_sets"), step("pick_set"),
                   step("place_capital"), step("year"),       step("turn"),            step("building"),
                   step("retreat_space"), step("dock"),       step("monk"),            step("astronomy"),
                   step("scholar"),       step("activation"),      step("retreat_actions"),
                   step("income"),       step("place_tile"),  step("place_die")};
  engine->events = {flow.event_index("retreated")};
  return engine;
}

SmGame::SmGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Santa Maria is for " + num(r.min_players) + " to " + num(r.max_players) + " players");
  Table& t = state();
  Rng& rng = t.rng();
  progress_ = t.add<Counters>("progress");
  board_ = t.add<Counters>("board");

  // Tracks (10.6).
  religion_ = t.add<Track>("religion", r.religion_length, players, Track::End::Stop, engine_->religion_triggers);
  conquest_ = t.add<Track>("conquest", r.conquest_length, players, Track::End::Stop, engine_->conquest_triggers);

  // Dice (3.1): 3 white per player rolled into the pool; 3 blue per player in the reserve.
  dice_ = t.add<DicePool>("dice");
  DicePool& dice = t.get(dice_);
  for (int i = 0; i < r.dice_per_player * players; ++i) dice.roll(dice.add_die("white"), rng);
  for (int i = 0; i < r.dice_per_player * players; ++i) dice.set_tag(dice.add_die("blue"), "reserve");

  // Shipments (3.1 steps 3-4): starting tiles at random on the docks, the rest face down.
  std::vector<std::string> starting = engine_->starting_ships, standard = engine_->standard_ships;
  rng.shuffle(starting);
  rng.shuffle(standard);
  ships_ = t.add<Deck>("ships");
  t.get(ships_).add_pile("draw", false, standard);
  docks_ = t.add<Market>("docks", 1, 4, Refill::FromPile, "ships", std::vector<std::string>{"draw"});
  for (int i = 0; i < 4; ++i) t.get(docks_).place(0, i, starting[static_cast<std::size_t>(i)]);

  // Expansion tiles (3.1 step 8).
  std::vector<std::string> doubles = engine_->double_ids, triples = engine_->triple_ids;
  rng.shuffle(doubles);
  rng.shuffle(triples);
  tiles_ = t.add<Deck>("tiles");
  t.get(tiles_).add_pile("doubles", false, doubles);
  t.get(tiles_).add_pile("triples", false, triples);
  t.get(tiles_).add_pile("box", true);
  display_ = t.add<Market>("display", 2, 5, Refill::None);

  // Scholars and bishops (3.1 step 7); the advanced set-up (lib/advanced_setup.lua) pairs 4
  // of the others with capitals.
  std::vector<int> scholars, bishops;
  for (std::size_t i = 0; i < r.scholars.size(); ++i) scholars.push_back(static_cast<int>(i));
  for (std::size_t i = 0; i < r.bishops.size(); ++i) bishops.push_back(static_cast<int>(i));
  rng.shuffle(scholars);
  rng.shuffle(bishops);
  std::vector<std::pair<std::string, int>> board = engine_->board_start;
  for (std::size_t i = 0; i < engine_->scholar_at.size(); ++i) board[engine_->scholar_at[i]].second = scholars[i] + 1;
  for (std::size_t i = 0; i < engine_->bishop_at.size(); ++i) board[engine_->bishop_at[i]].second = bishops[i] + 1;
  t.get(board_).assign(std::move(board));

  // Start player and colony boards (3.2): side A dealt at random (the advanced set-up deals
  // side B instead, in Lua).
  const int start = static_cast<int>(rng.below(static_cast<std::uint64_t>(players)));
  std::vector<int> boards;
  for (std::size_t i = 0; i < r.boards.size(); ++i)
    if (r.boards[i].side == 'A') boards.push_back(static_cast<int>(i));
  rng.shuffle(boards);
  for (int s = 0; s < players; ++s) {
    Seat seat;
    seat.player = t.add<Counters>("player", s);
    seat.happiness = t.add<Counters>("happiness", s, Visibility::Owner);
    seat.port = t.add<Counters>("port", s);
    seat.score = t.add<Counters>("score", s);
    seat.colony = t.add<SquareGrid>("colony", 6, 6, s);
    seats_.push_back(seat);
    const int order = (s - start + players) % players;
    std::vector<std::pair<std::string, int>> player = engine_->player_start;
    player[engine_->coins_at].second = r.starting_coins[static_cast<std::size_t>(order)];
    t.get(seat.player).assign(std::move(player));
    // With the draft the boards are chosen before the first turn.
    print_board(s, boards[static_cast<std::size_t>(s) % boards.size()]);
    t.get(seat.happiness).set("points", 0);
    // 3.2 step 4 (8.2): one blue die rolled, beside the colony or into the pool.
    for (int i = 0; i < dice.size(); ++i)
      if (dice.die(i).color == "blue" && dice.die(i).tag == "reserve") {
        dice.roll(i, rng);
        if (r.shared_blue) {
          dice.set_tag(i, "");
        } else {
          dice.take(i, s);
          dice.set_tag(i, "ready");
        }
        break;
      }
  }
  // The set-up picks, if any, are the first steps of the flow (setup: start_setup_picks).
  Counters& progress = t.get(progress_);
  progress.set(key::year, 1);
  progress.set(key::start, start);
  progress.set("roads", r.road_tiles);
  start_year(t);
  use_schema(engine_->schema);
  start_flow();
  flow_ = table().handle<Flow>("flow");
}

void print_board(const Rules& rules, Table& t, int seat, int board) {
  SquareGrid& grid = t.get<SquareGrid>("colony", seat);
  for (int y = 0; y < grid.height(); ++y)
    for (int x = 0; x < grid.width(); ++x) grid.at(x, y).type.clear();
  for (const auto& [rc, cell] : rules.boards[static_cast<std::size_t>(board)].squares)
    grid.at(rc.second - 1, rc.first - 1).type = rules.cells[static_cast<std::size_t>(cell)].type;
  t.get<Counters>("player", seat).set("board", board + 1);
}

void SmGame::print_board(int s, int board) { santa_maria::print_board(rules(), state(), s, board); }

std::unique_ptr<Game> SmGame::rematch(std::uint64_t seed) const {
  return std::make_unique<SmGame>(engine_, table().players(), seed);
}

unsigned SmGame::scholar_mask(int s) const {
  const Table& t = table();
  unsigned mask = 0;
  const int own = t.get(seat_of(s).player).get(key::capital_scholar);
  if (own >= 1 && own <= 32) mask |= 1u << (own - 1);
  const Counters& board = t.get(board_);
  for (std::size_t i = 0; i < engine_->scholar_keys.size(); ++i) {
    const int k = board.get(engine_->scholar_keys[i]);
    if (k >= 1 && k <= 32 && ((board.get(engine_->monk_keys[i]) >> s) & 1)) mask |= 1u << (k - 1);
  }
  return mask;
}

SmGame::Abilities SmGame::abilities(unsigned mask) const {
  Abilities a;
  for (std::size_t i = 0; i < rules().scholars.size(); ++i) {
    if (!((mask >> i) & 1u)) continue;
    const ScholarDef& sc = rules().scholars[i];
    for (int g = 0; g < kGoods; ++g) {
      const int price = sc.buy[static_cast<std::size_t>(g)];
      int& best = a.buy[static_cast<std::size_t>(g)];
      if (price >= 0 && (best < 0 || price < best)) best = price;
    }
    a.die_change_for |= sc.die_change_for;
    a.blue_die_on_columns = a.blue_die_on_columns || sc.blue_die_on_columns;
    a.die_on_any_building = a.die_on_any_building || sc.die_on_any_building;
    if (sc.move_die_cost >= 0 && (a.move_die_cost < 0 || sc.move_die_cost < a.move_die_cost)) a.move_die_cost = sc.move_die_cost;
    if (!sc.on_die_activation.name.empty()) a.on_die_activation |= 1u << i;
    if (!sc.on_retreat.name.empty()) a.on_retreat |= 1u << i;
  }
  return a;
}

// ---------------------------------------------------------------------------------------
// Payments

// Wood and grain can always be bought; a scholar's price replaces the usual one when lower.
int SmGame::price_for(const Abilities& can, int good) const {
  const int usual = good == kWood || good == kGrain ? rules().buy_basic : -1;
  const int scholars = can.buy[static_cast<std::size_t>(good)];
  if (scholars < 0) return usual;
  return usual < 0 ? scholars : std::min(usual, scholars);
}

bool SmGame::can_pay(int s, const std::array<int, kGoods>& cost) const { return can_pay(s, cost, std::nullopt); }

bool SmGame::can_pay(int s, const std::array<int, kGoods>& cost, std::optional<unsigned> scholars) const {
  const Counters& p = table().get(seat_of(s).player);
  long gold = p.get(key::goods[kGold]) - std::max(0, cost[kGold]);
  long coins = p.get(key::coins);
  if (gold < 0) return false;
  for (int g = 0; g < kGold; ++g) {
    const int n = cost[static_cast<std::size_t>(g)];
    if (n <= 0) continue;
    long missing = std::max(0, n - p.get(key::goods[static_cast<std::size_t>(g)]));
    const long by_gold = std::min(missing, gold);
    gold -= by_gold;
    missing -= by_gold;
    if (missing > 0) {
      if (!scholars) scholars = scholar_mask(s);
      const int price = price_with(*scholars, g);
      if (price < 0 || coins < price * missing) return false;
      coins -= price * missing;
    }
  }
  return true;
}

void SmGame::pay(int s, const std::array<int, kGoods>& cost, std::vector<Event>* log) {
  if (!can_pay(s, cost)) throw RuleError("seat " + num(s) + " cannot pay");
  Counters& p = state().get(seat_of(s).player);
  p.add(key::goods[kGold], -std::max(0, cost[kGold]));
  for (int g = 0; g < kGold; ++g) {
    int n = cost[static_cast<std::size_t>(g)];
    if (n <= 0) continue;
    const tessera::CounterKey& good = key::goods[static_cast<std::size_t>(g)];
    const int own = std::min(n, p.get(good));
    p.add(good, -own);
    n -= own;
    const int by_gold = std::min(n, p.get(key::goods[kGold]));
    p.add(key::goods[kGold], -by_gold);
    n -= by_gold;
    if (n <= 0) continue;
    p.add(key::coins, -buy_price(s, g) * n);
    if (log) log->push_back(Event{"seat " + num(s) + " buys " + num(n) + " " + good.name() + " to pay", kSpectator});
  }
}

// ---------------------------------------------------------------------------------------
// Colony queries

bool SmGame::empty_building(int s, int x, int y) const {
  return is_empty_building(table().get(seat_of(s).colony).at(x, y));
}

std::uint64_t SmGame::empty_buildings(int s) const {
  const SquareGrid& grid = table().get(seat_of(s).colony);
  std::uint64_t empty = 0;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x)
      if (is_empty_building(grid.at(x, y))) empty |= std::uint64_t{1} << (y * 6 + x);
  return empty;
}

std::vector<std::pair<int, int>> SmGame::line_buildings(int s, Line line) const {
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < 6; ++i) {
    const int x = line.column ? line.index : i, y = line.column ? i : line.index;
    if (empty_building(s, x, y)) out.emplace_back(x, y);
  }
  return out;
}

int SmGame::line_colonists(int s, Line line) const {
  const SquareGrid& grid = table().get(seat_of(s).colony);
  int n = 0;
  for (int i = 0; i < 6; ++i) {
    const int c = rules().cell_of(line.column ? grid.at(line.index, i).type : grid.at(i, line.index).type);
    if (c >= 0) n += rules().cells[static_cast<std::size_t>(c)].colonists;
  }
  return n;
}

SquareGrid::Shape SmGame::shape_of(const TileDef& tile) const {
  SquareGrid::Shape shape;
  for (std::size_t i = 0; i < tile.cells.size(); ++i)
    shape.push_back({tile.offsets[i].second, tile.offsets[i].first,
                     rules().cells[static_cast<std::size_t>(tile.cells[i])].type});
  return shape;
}

// ---------------------------------------------------------------------------------------
// Years

bool SmGame::capital_sets_dealt() const {
  const Table& t = table();
  const Counters& board = t.get(board_);
  for (std::size_t k = 1; k <= rules().capitals.size(); ++k)
    if (board.get("set" + num(static_cast<int>(k)) + ".capital") >= 1) return true;
  for (int s = 0; s < t.players(); ++s)
    if (t.get(seat_of(s).player).get(key::capital_scholar) >= 1) return true;
  return false;
}

bool SmGame::every_seat_retreated() const {
  for (int s = 0; s < table().players(); ++s)
    if (!get(s, key::retreated)) return false;
  return true;
}

void SmGame::start_year(Table& t) {
  Deck& tiles = t.get(tiles_);
  Market& display = t.get(display_);
  for (const auto& card : display.clear()) tiles.put_top("box", card);
  for (int i = 0; i < rules().display_double && !tiles.empty("doubles"); ++i) display.place(0, i, tiles.draw("doubles"));
  for (int i = 0; i < rules().display_triple && !tiles.empty("triples"); ++i) display.place(1, i, tiles.draw("triples"));
}

void SmGame::end_turn(FlowContext& ctx) {
  Table& t = ctx.table();
  const int players = t.players();
  const int s = ctx.seat();
  // A blue die unlocked this turn can be used from the next turn on (5.10).
  DicePool& dice = t.get(dice_);
  if (!get(s, key::retreated))
    for (int i = 0; i < dice.size(); ++i)
      if (dice.die(i).holder == s && dice.die(i).tag == "new") dice.set_tag(i, "ready");
  // The year frame below the turn names the next seat; when every seat has retreated the
  // year ends (its until), so the seat is left as it is.
  Frame& year = ctx.enclosing(engine_->steps.year);
  for (int k = 1; k <= players; ++k) {
    const int next = (s + k) % players;
    if (!get(next, key::retreated)) {
      year.seat = static_cast<std::int8_t>(next);
      return;
    }
  }
}

void SmGame::end_year(FlowContext& ctx) {
  Table& t = ctx.table();
  const int players = t.players();
  Counters& progress = t.get(progress_);
  const int year = progress.get(key::year);
  // 6.1: conquest scoring; 6.2: markers back to the start.
  scripts()->apply(engine_->conquest_scoring[static_cast<std::size_t>(players)][static_cast<std::size_t>(year - 1)], t,
                   ctx.script_context(kNobody));
  t.get(conquest_).reset(0);
  // 6.3: coins and dice leave the colonies.
  for (int s = 0; s < players; ++s) {
    SquareGrid& grid = t.get(seat_of(s).colony);
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) grid.at(x, y).piece.clear();
  }
  DicePool& dice = t.get(dice_);
  for (int i = 0; i < dice.size(); ++i) {
    const Die& d = dice.die(i);
    if (d.tag == "reserve") continue;
    if (d.color == "white" || rules().shared_blue) {
      if (d.holder != DicePool::kInPool) dice.give_back(i);
      dice.set_tag(i, "");
    } else {
      dice.set_tag(i, "ready");
    }
  }
  // After the last year every seat stays retreated: the years are over (game_over).
  if (year >= rules().years) return;
  // 6.4: new display, dice re-rolled, the new start player, markers back to the market.
  start_year(t);
  for (int i = 0; i < dice.size(); ++i)
    if (dice.die(i).tag != "reserve") dice.roll(i, t.rng());
  Counters& board = t.get(board_);
  int start = progress.get(key::start);
  for (int pos = static_cast<int>(rules().retreat_spaces.size()); pos >= 1; --pos) {
    const tessera::CounterKey& key = engine_->retreat_keys[static_cast<std::size_t>(pos - 1)];
    const int who = board.get(key);
    if (who >= 1) start = who - 1;
    board.set(key, 0);
  }
  for (int s = 0; s < players; ++s) {
    Counters& p = t.get(seat_of(s).player);
    for (const char* key : {"white_taken", "coin_acts", "retreated", "retreat_pos", "blue_taken"}) p.set(key, 0);
  }
  progress.set(key::year, year + 1);
  progress.set(key::start, start);
  if (ctx.logging()) ctx.log("year " + num(year + 1) + " begins; seat " + num(start) + " starts");
  if (scripts()->has_hook("on_round_start"))
    scripts()->run_hook("on_round_start", t, ctx.script_context(kNobody), json{{"round", year + 1}});
}

void SmGame::final_scoring(FlowContext& ctx) {
  Table& t = ctx.table();
  const Counters& board = t.get(board_);
  for (int s = 0; s < t.players(); ++s) {
    // Bishop objectives (7.2): the Lua effect of each of the seat's bishops adds its points.
    t.get(seat_of(s).score).set("bishop_objectives", 0);
    for (int i = 1; i <= rules().bishop_slots; ++i)
      if ((board.get("monks.b" + num(i)) >> s & 1))
        scripts()->apply(engine_->bishops[static_cast<std::size_t>(board.get("bishop" + num(i)) - 1)], t,
                         ctx.script_context(s));
  }
  write_scores(t, /*over=*/true);
  if (solo() && engine_->has_solo_goals) scripts()->apply(engine_->solo_goals, t, ctx.script_context(0));
  if (scripts()->has_hook("final_scoring"))
    scripts()->run_hook("final_scoring", t, ctx.script_context(kNobody), json::object());
}

void SmGame::derive(Table& t) const { write_scores(t, t.get<Flow>("flow").empty()); }

// 7.1: the parts of the final scoring the state gives, and the total with the bishops'
// objectives (which their Lua effects scored); all 0 before the game is over.
void SmGame::write_scores(Table& t, bool over) const {
  const Rules& r = rules();
  const Counters& board = t.get(board_);
  for (int s = 0; s < t.players(); ++s) {
    const Counters& p = t.get(seat_of(s).player);
    Counters& score = t.get(seat_of(s).score);
    // A finished game's record holds every part, 0 included.
    const auto put = [&](const char* key, int value) {
      if (score.get(key) != value || (over && !score.has(key))) score.set(key, value);
    };
    if (!over) {
      for (const char* key : {"goods_coins", "colonists", "scholars", "bishop_penalty", "port_sets", "port_set_points",
                              "ships", "happiness", "total"})
        put(key, 0);
      continue;
    }
    // 7.1 item 1: goods sold, 1 point per 3 coins.
    int coins = p.get(key::coins);
    for (int g = 0; g < kGoods; ++g) coins += p.get(key::goods[static_cast<std::size_t>(g)]) * r.sell[static_cast<std::size_t>(g)];
    const int goods_coins = coins / r.coins_per_point;
    const int colonists = colonist_points(r, ColonyView::of(r, t.get(seat_of(s).colony)));
    // Monks: scholars' points, bishops' penalty.
    int scholar_points = 0, bishops = 0;
    std::array<int, 4> port{};
    int ships = 0;
    for (const auto& [id, dock] : t.get(seat_of(s).port).entries()) {
      if (dock >= 1 && dock <= 4) port[static_cast<std::size_t>(dock - 1)] += 1;
      const auto it = r.shipment_ids.find(id);
      if (it != r.shipment_ids.end()) ships += r.shipments[static_cast<std::size_t>(it->second)].points;
    }
    for (int i = 1; i <= r.scholar_slots; ++i)
      if ((board.get("monks.s" + num(i)) >> s) & 1)
        scholar_points += r.scholars[static_cast<std::size_t>(board.get("scholar" + num(i)) - 1)].points;
    if (p.get(key::capital_scholar) >= 1) scholar_points += r.scholars[static_cast<std::size_t>(p.get(key::capital_scholar) - 1)].points;
    for (int i = 1; i <= r.bishop_slots; ++i) bishops += (board.get("monks.b" + num(i)) >> s) & 1;
    const int sets = *std::min_element(port.begin(), port.end());
    const int happiness = t.get(seat_of(s).happiness).get("points");
    put("goods_coins", goods_coins);
    put("colonists", colonists);
    put("scholars", scholar_points);
    put("bishop_penalty", bishops * r.bishop_penalty);
    put("port_sets", sets);
    put("port_set_points", sets * r.port_set_points);
    put("ships", ships);
    put("happiness", happiness);
    put("total", happiness + goods_coins + colonists + scholar_points + score.get("bishop_objectives") +
                     bishops * r.bishop_penalty + sets * r.port_set_points + ships);
  }
}

Outcome SmGame::outcome() const {
  const Table& t = table();
  Outcome o;
  int best = INT_MIN, best_pos = INT_MAX;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& score = t.get(seat_of(s).score);
    const int total = score.get("total");
    o.scores.push_back(total);
    std::string text = "happiness " + num(score.get("happiness")) + ", goods and coins " + num(score.get("goods_coins")) +
                       ", colonists " + num(score.get("colonists")) + ", scholars " + num(score.get("scholars")) +
                       ", bishop objectives " + num(score.get("bishop_objectives")) +
                       ", bishop monks " + num(score.get("bishop_penalty")) +
                       ", port sets " + num(score.get("port_set_points")) + ", ships " + num(score.get("ships"));
    if (solo()) {
      text += total >= rules().solo.value("target", 100) ? " (a win)" : " (below the target)";
      for (const auto& [goal, done] : t.get(seat_of(s).score).entries())
        if (goal.rfind("goal.", 0) == 0 && done) text += ", " + goal.substr(5);
    }
    o.breakdown.push_back(text);
    o.categories.push_back({{"happiness", score.get("happiness")},
                            {"goods and coins", score.get("goods_coins")},
                            {"colonists", score.get("colonists")},
                            {"scholars", score.get("scholars")},
                            {"bishop objectives", score.get("bishop_objectives")},
                            {"bishop monks", score.get("bishop_penalty")},
                            {"port sets", score.get("port_set_points")},
                            {"ships", score.get("ships")}});
    // 7.1 item 6: the tie goes to the retreat space closest to the start-player symbol.
    const int pos = get(s, key::retreat_pos) > 0 ? get(s, key::retreat_pos) : INT_MAX - 1;
    if (total > best || (total == best && pos < best_pos)) {
      best = total;
      best_pos = pos;
      o.winners = {s};
    }
  }
  return o;
}

}  // namespace santa_maria
