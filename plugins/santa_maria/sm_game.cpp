// Santa Maria — the rules flow. Rules: /shared/rules/santa_maria.md (section numbers
// below refer to it); numbers and contents: data/santa_maria/*.yaml.
#include "sm_game.hpp"

#include <algorithm>
#include <climits>
#include <sstream>

#include "sm_scoring.hpp"
#include "tessera/error.hpp"

namespace santa_maria {

using namespace tessera;
using nlohmann::json;

namespace {


std::string num(int n) { return std::to_string(n); }

int parse_int(const std::string& text) {
  if (text.empty() || text.size() > 6) throw RuleError("not a number: '" + text + "'");
  int v = 0;
  for (char ch : text) {
    if (ch < '0' || ch > '9') throw RuleError("not a number: '" + text + "'");
    v = v * 10 + (ch - '0');
  }
  return v;
}

// "w:1.2,3.2" -> cells {(1,2),(3,2)}; the die placement step.
std::vector<std::pair<int, int>> place_cells(const std::string& key) {
  std::vector<std::pair<int, int>> out;
  std::size_t pos = key.find(':', 6);
  if (pos == std::string::npos) return out;
  std::stringstream ss(key.substr(pos + 1));
  std::string item;
  while (std::getline(ss, item, ',')) {
    const std::size_t dot = item.find('.');
    if (dot == std::string::npos) return {};
    out.emplace_back(std::stoi(item.substr(0, dot)), std::stoi(item.substr(dot + 1)));
  }
  return out;
}

bool is_place_step(const std::string& key) { return key.rfind("place:", 0) == 0; }
bool is_tile_step(const std::string& key) { return key.rfind("tile:", 0) == 0; }

// "2 wood + 1 grain".
std::string cost_text(const std::array<int, kGoods>& cost) {
  std::string out;
  for (int g = 0; g < kGoods; ++g)
    if (cost[static_cast<std::size_t>(g)] > 0)
      out += (out.empty() ? "" : " + ") + num(cost[static_cast<std::size_t>(g)]) + " " + kGoodNames[static_cast<std::size_t>(g)];
  return out.empty() ? "nothing" : out;
}

// True when some rotation of `tile` covers only free squares somewhere (5.3).
bool fits_somewhere(const TileDef& tile, const SquareGrid& grid) {
  bool free[6][6];
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) free[y][x] = grid.at(x, y).type.empty();
  for (const auto& rot : tile.rotations)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x) {
        bool ok = true;
        for (const auto& [dr, dc] : rot) {
          const int r = y + dr, c = x + dc;
          if (r > 5 || c > 5 || !free[r][c]) {
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

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  // One player always plays the solo game (8.3), which is the variant "solo".
  std::vector<std::string> variants = config.variants;
  if (config.players == 1 && std::find(variants.begin(), variants.end(), "solo") == variants.end())
    variants.push_back("solo");
  engine->rules = load_rules(config.data_dir, "data/santa_maria", variants);
  engine->scripts = std::make_unique<ScriptRuntime>(config.script_dir, "scripts/santa_maria");
  engine->scripts->register_function("push", [](Table& t, const CallContext&, const json& args) -> json {
    if (!args.is_array() || args.empty() || !args[0].is_string()) throw RuleError("push(name [, arg])");
    std::string key = args[0].get<std::string>();
    if (args.size() > 1 && args[1].is_string()) key += ":" + args[1].get<std::string>();
    t.get<Hand>("pushed").add(key, true);
    return nullptr;
  });
  engine->scripts->run_file("effects.lua");
  engine->scripts->run_file("bishops.lua");
  for (const auto& variant : variants) engine->scripts->run_variant(variant);

  const Rules& r = engine->rules;
  for (int i = 1; i <= r.scholar_slots; ++i) {
    engine->scholar_keys.push_back("scholar" + num(i));
    engine->monk_keys.push_back("monks.s" + num(i));
  }
  for (std::size_t i = 0; i < r.scholars.size(); ++i) engine->scholar_ids[r.scholars[i].id] = static_cast<int>(i);
  json extras;
  extras["economy"] = r.economy_json;
  json scholar_ids = json::array();
  for (const auto& sc : r.scholars) scholar_ids.push_back(sc.id);
  extras["economy"]["scholars"] = scholar_ids;  // for has_scholar in lib/economy.lua
  extras["economy"]["scholar_slots"] = r.scholar_slots;
  extras["max_steps"] = r.religion_max_steps;
  extras["max_blue"] = r.dice_per_player;
  extras["shared"] = r.shared_blue;
  extras["type"] = r.cells[static_cast<std::size_t>(r.road.cells[0])].type;
  json ships = json::object();
  for (const auto& s : r.shipments) ships[s.id] = {s.cost[kWood], s.cost[kGrain], s.cost[kSugar], s.cost[kGem]};
  extras["shipments"] = ships;
  extras["docks"] = r.docks.size();  // docks of the main board and of every port (10.5)
  json spaces = json::array();
  for (int i = 1; i <= r.scholar_slots; ++i) spaces.push_back({{"id", "s" + num(i)}, {"label", "scholar " + num(i)}});
  for (int i = 1; i <= r.bishop_slots; ++i) spaces.push_back({{"id", "b" + num(i)}, {"label", "bishop " + num(i)}});
  for (std::size_t i = 0; i < r.missions.size(); ++i)
    spaces.push_back({{"id", "m" + num(static_cast<int>(i) + 1)},
                      {"label", "mission station " + num(static_cast<int>(i) + 1)},
                      {"mission", r.missions[i]}});
  extras["spaces"] = spaces;

  auto prepare = [&](const std::string& key, const EffectRef& e, const std::string& where) {
    if (!engine->scripts->has_effect(e.effect))
      throw DataError(where + " names effect '" + e.effect + "', which no script defines");
    json params = extras;
    for (auto it = e.params.begin(); it != e.params.end(); ++it) params[it.key()] = it.value();
    engine->steps[key] = engine->scripts->prepare(e.effect, params);
  };
  for (const auto& b : r.buildings)
    for (std::size_t p = 0; p < b.effects.size(); ++p)
      prepare("b:" + b.id + ":" + num(static_cast<int>(p)), b.effects[p], "data/santa_maria/colony.yaml: building " + b.id);
  for (std::size_t i = 0; i < r.retreat_spaces.size(); ++i)
    prepare("r:" + num(static_cast<int>(i) + 1), r.retreat_spaces[i], "data/santa_maria/game.yaml: retreat_spaces");
  for (std::size_t i = 0; i < r.docks.size(); ++i)
    prepare("d:" + num(static_cast<int>(i) + 1), r.docks[i], "data/santa_maria/game.yaml: docks");
  prepare("monk", {"monk", json::object()}, "the monk step");
  prepare("math", {"mathematics", json::object()}, "the Mathematics step");
  for (const auto& s : r.shipments) prepare("astronomy:" + s.id, {"astronomy", {{"arg", s.id}}}, "the Astronomy step");
  for (int n = 0; n <= 40; ++n) prepare("tax:" + num(n), {"tax_collection", {{"arg", n}}}, "Tax Collection");
  if (!engine->scripts->has_effect("conquest_scoring")) throw DataError("no script defines effect 'conquest_scoring'");
  engine->conquest_scoring.assign(5, {});
  for (int n = 1; n <= 4; ++n)
    for (int y = 1; y <= r.years; ++y) {
      json params = extras;
      params["year"] = y;
      if (n == 1) {
        params["tree"] = r.solo_trees[static_cast<std::size_t>(y - 1)];
        params["solo_value"] = r.solo_conquest[static_cast<std::size_t>(y - 1)];
      } else {
        params["values"] = r.conquest_scoring[static_cast<std::size_t>(n)][static_cast<std::size_t>(y - 1)];
      }
      engine->conquest_scoring[static_cast<std::size_t>(n)].push_back(engine->scripts->prepare("conquest_scoring", params));
    }
  if (!engine->scripts->has_effect("bishop")) throw DataError("no script defines effect 'bishop'");
  for (const auto& b : r.bishops) engine->bishops.push_back(engine->scripts->prepare("bishop", b.params));
  if (engine->scripts->has_effect("solo_goals")) {
    engine->solo_goals = engine->scripts->prepare("solo_goals", r.solo);
    engine->has_solo_goals = true;
  }
  return engine;
}

SmGame::SmGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : GameBase(Table(players, seed), std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Santa Maria is for " + num(r.min_players) + " to " + num(r.max_players) + " players");
  Table& t = state();
  Rng& rng = t.rng();
  flow_ = t.add<Counters>("flow");
  board_ = t.add<Counters>("board");
  pending_ = t.add<Hand>("pending", kNobody, Visibility::Public);
  pushed_ = t.add<Hand>("pushed", kNobody, Visibility::Public);

  // Tracks (10.6): a blue die symbol resolves before the monk of the same symbol (5.8.3).
  std::vector<Track::Trigger> rel;
  for (int s : r.religion_blue) rel.push_back({s, Track::When::Pass, "blue_die", ""});
  for (int s : r.religion_monks) rel.push_back({s, Track::When::Pass, "monk", ""});
  religion_ = t.add<Track>("religion", r.religion_length, players, Track::End::Stop, rel);
  std::vector<Track::Trigger> con;
  for (int s : r.conquest_gold) con.push_back({s, Track::When::Pass, "gold", ""});
  conquest_ = t.add<Track>("conquest", r.conquest_length, players, Track::End::Stop, con);

  // Dice (3.1): 3 white per player rolled into the pool; 3 blue per player in the reserve.
  dice_ = t.add<DicePool>("dice");
  DicePool& dice = t.get(dice_);
  for (int i = 0; i < r.dice_per_player * players; ++i) dice.roll(dice.add_die("white"), rng);
  for (int i = 0; i < r.dice_per_player * players; ++i) dice.set_tag(dice.add_die("blue"), "reserve");

  // Shipments (3.1 steps 3-4): starting tiles at random on the docks, the rest face down.
  std::vector<std::string> starting, standard;
  for (const auto& s : r.shipments) (s.starting ? starting : standard).push_back(s.id);
  rng.shuffle(starting);
  rng.shuffle(standard);
  ships_ = t.add<Deck>("ships");
  t.get(ships_).add_pile("draw", false, standard);
  docks_ = t.add<Market>("docks", 1, 4, Refill::FromPile, "ships", std::vector<std::string>{"draw"});
  for (int i = 0; i < 4; ++i) t.get(docks_).place(0, i, starting[static_cast<std::size_t>(i)]);

  // Expansion tiles (3.1 step 8).
  std::vector<std::string> doubles, triples;
  for (const auto& d : r.doubles) doubles.push_back(d.id);
  for (const auto& d : r.triples) triples.push_back(d.id);
  rng.shuffle(doubles);
  rng.shuffle(triples);
  tiles_ = t.add<Deck>("tiles");
  t.get(tiles_).add_pile("doubles", false, doubles);
  t.get(tiles_).add_pile("triples", false, triples);
  t.get(tiles_).add_pile("box", true);
  display_ = t.add<Market>("display", 2, 5, Refill::None);

  // Scholars and bishops (3.1 step 7); the advanced set-up pairs 4 more scholars with capitals.
  std::vector<int> scholars, bishops;
  for (std::size_t i = 0; i < r.scholars.size(); ++i) scholars.push_back(static_cast<int>(i));
  for (std::size_t i = 0; i < r.bishops.size(); ++i) bishops.push_back(static_cast<int>(i));
  rng.shuffle(scholars);
  rng.shuffle(bishops);
  Counters& board = t.get(board_);
  for (int i = 0; i < r.scholar_slots; ++i) board.set("scholar" + num(i + 1), scholars[static_cast<std::size_t>(i)] + 1);
  for (int i = 0; i < r.bishop_slots; ++i) board.set("bishop" + num(i + 1), bishops[static_cast<std::size_t>(i)] + 1);
  for (int i = 1; i <= r.scholar_slots; ++i) board.set("monks.s" + num(i), 0);
  for (int i = 1; i <= r.bishop_slots; ++i) board.set("monks.b" + num(i), 0);
  for (std::size_t i = 1; i <= r.missions.size(); ++i) board.set("monks.m" + num(static_cast<int>(i)), 0);
  for (std::size_t i = 1; i <= r.retreat_spaces.size(); ++i) board.set("retreat" + num(static_cast<int>(i)), 0);
  if (advanced_setup()) {
    std::vector<int> capitals{0, 1, 2, 3};
    rng.shuffle(capitals);
    for (int k = 0; k < 4; ++k) {
      board.set("set" + num(k + 1) + ".capital", capitals[static_cast<std::size_t>(k)] + 1);
      board.set("set" + num(k + 1) + ".scholar", scholars[static_cast<std::size_t>(r.scholar_slots + k)] + 1);
    }
  }

  // Start player and colony boards (3.2): side A dealt at random, side B for the advanced set-up.
  const int start = static_cast<int>(rng.below(static_cast<std::uint64_t>(players)));
  std::vector<int> boards;
  for (std::size_t i = 0; i < r.boards.size(); ++i)
    if (r.boards[i].side == (advanced_setup() ? 'B' : 'A')) boards.push_back(static_cast<int>(i));
  rng.shuffle(boards);
  for (int s = 0; s < players; ++s) {
    Seat seat;
    seat.player = t.add<Counters>("player", s);
    seat.happiness = t.add<Counters>("happiness", s, Visibility::Owner);
    seat.port = t.add<Counters>("port", s);
    seat.score = t.add<Counters>("score", s);
    seat.colony = t.add<SquareGrid>("colony", 6, 6, s);
    seats_.push_back(seat);
    // With the draft the boards are chosen before the first turn.
    if (!board_draft()) print_board(s, boards[static_cast<std::size_t>(s) % boards.size()]);
    Counters& p = t.get(seat.player);
    if (board_draft()) p.set("board", 0);
    const int order = (s - start + players) % players;
    p.set("coins", r.starting_coins[static_cast<std::size_t>(order)]);
    p.set("wood", r.starting_wood);
    for (const char* key : {"grain", "sugar", "gem", "gold", "white_taken", "coin_acts", "retreated", "retreat_pos",
                            "blue_taken", "capital_scholar"})
      p.set(key, 0);
    p.set("monks", r.monks_per_player);
    p.set("blue_unlocked", 1);
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
  Counters& flow = t.get(flow_);
  flow.set("year", 1);
  flow.set("start", start);
  flow.set("current", start);
  flow.set("roads", r.road_tiles);
  flow.set("road_serial", 0);
  flow.set("turns", 0);
  std::vector<Event> ignored;
  start_year(ignored);
  if (board_draft()) {
    flow.set("phase", kPickBoard);
    flow.set("picks", 0);
    flow.set("picker", (start + players - 1) % players);  // the last in turn order chooses first (3.2)
  } else if (advanced_setup()) {
    flow.set("phase", kPickSet);
    flow.set("picks", 0);
    flow.set("picker", (start + players - 1) % players);  // right of the start player first (8.1)
  } else {
    flow.set("phase", kMain);
  }
  run_hook("on_setup", kNobody, ignored, json::object());
}

void SmGame::print_board(int s, int board) {
  SquareGrid& grid = state().get(seat_of(s).colony);
  for (const auto& [rc, cell] : rules().boards[static_cast<std::size_t>(board)].squares)
    grid.at(rc.second - 1, rc.first - 1).type = rules().cells[static_cast<std::size_t>(cell)].type;
  state().get(seat_of(s).player).set("board", board + 1);
}

std::unique_ptr<Game> SmGame::rematch(std::uint64_t seed) const {
  return std::make_unique<SmGame>(engine_, table().players(), seed);
}

unsigned SmGame::scholar_mask(int s) const {
  const Table& t = table();
  unsigned mask = 0;
  const int own = t.get(seat_of(s).player).get("capital_scholar");
  if (own >= 1 && own <= 32) mask |= 1u << (own - 1);
  const Counters& board = t.get(board_);
  for (std::size_t i = 0; i < engine_->scholar_keys.size(); ++i) {
    const int k = board.get(engine_->scholar_keys[i]);
    if (k >= 1 && k <= 32 && ((board.get(engine_->monk_keys[i]) >> s) & 1)) mask |= 1u << (k - 1);
  }
  return mask;
}

bool SmGame::in_mask(unsigned mask, const char* scholar) const {
  const auto it = engine_->scholar_ids.find(scholar);
  return it != engine_->scholar_ids.end() && ((mask >> it->second) & 1u);
}

// ---------------------------------------------------------------------------------------
// Payments

int SmGame::price_with(unsigned mask, int good) const {
  if (good == kWood || good == kGrain) return in_mask(mask, "basic_econ") ? rules().basic_econ : rules().buy_basic;
  if ((good == kSugar || good == kGem) && in_mask(mask, "adv_econ")) return rules().adv_econ;
  return -1;
}

bool SmGame::can_pay(int s, const std::array<int, kGoods>& cost) const {
  const Counters& p = table().get(seat_of(s).player);
  int gold = p.get("gold");
  long coins = p.get("coins");
  for (int g = 0; g < kGold; ++g) {
    const int n = cost[static_cast<std::size_t>(g)];
    if (n <= 0) continue;
    int missing = std::max(0, n - p.get(kGoodNames[static_cast<std::size_t>(g)]));
    const int by_gold = std::min(missing, std::max(0, gold));
    gold -= by_gold;
    missing -= by_gold;
    if (missing > 0) {
      const int price = buy_price(s, g);
      if (price < 0 || coins < static_cast<long>(price) * missing) return false;
      coins -= static_cast<long>(price) * missing;
    }
  }
  return true;
}

void SmGame::pay(int s, const std::array<int, kGoods>& cost) {
  if (!can_pay(s, cost)) throw RuleError("cannot pay the cost");
  Counters& p = state().get(seat_of(s).player);
  for (int g = 0; g < kGold; ++g) {
    int n = cost[static_cast<std::size_t>(g)];
    const char* name = kGoodNames[static_cast<std::size_t>(g)];
    const int own = std::min(n, p.get(name));
    p.add(name, -own);
    n -= own;
    const int by_gold = std::min(n, p.get("gold"));
    p.add("gold", -by_gold);
    n -= by_gold;
    if (n > 0) p.add("coins", -buy_price(s, g) * n);
  }
}

// ---------------------------------------------------------------------------------------
// Colony queries

bool SmGame::empty_building(int s, int x, int y) const {
  const SquareGrid::Cell& cell = table().get(seat_of(s).colony).at(x, y);
  // Every non-empty type is a known square (check_state); roads are "road:<colonists>".
  return cell.piece.empty() && !cell.type.empty() && cell.type.compare(0, 5, "road:") != 0;
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
// Decisions and actions

Decision SmGame::decision() const {
  const Table& t = table();
  switch (phase()) {
    case kOver: return {kNobody, "the game is over"};
    case kPickSet: return {t.get(flow_).get("picker"), "choose a capital and scholar set"};
    case kPickBoard: return {t.get(flow_).get("picker"), "choose a colony board"};
    case kPlaceCapital: return {t.get(flow_).get("picker"), "place your capital tile"};
    default: break;
  }
  const Hand& pending = t.get(pending_);
  if (!pending.empty()) {
    const std::string& key = pending.cards().back();
    if (is_place_step(key)) return {current(), "choose the building for the die (Architecture)"};
    if (is_tile_step(key)) return {current(), "place tile " + key.substr(5)};
    return {current(), "resolve " + key.substr(0, key.find(':', 2))};
  }
  return {current(), "year " + num(t.get(flow_).get("year")) + ": choose an action"};
}

std::vector<Action> SmGame::generate_actions() const {
  if (cache_.serial == serial_ && caching()) return cache_.actions;
  std::vector<Action> out;
  switch (phase()) {
    case kOver: return out;
    case kPickSet:
    case kPickBoard:
    case kPlaceCapital: add_setup_actions(out); return out;
    default: break;
  }
  if (!table().get(pending_).empty()) add_step_actions(out);
  else add_main_actions(out);
  if (caching()) {
    cache_.serial = serial_;
    cache_.actions = out;
  }
  return out;
}

std::vector<EffectChoice> SmGame::step_options(const std::string& key) const {
  const auto it = engine_->steps.find(key);
  if (it == engine_->steps.end()) throw RuleError("unknown step '" + key + "'");
  if (!scripts()->has_options(it->second)) return {};
  if (cache_.options_serial == serial_ && cache_.options_key == key && caching()) return cache_.options;
  auto options = scripts()->options(it->second, table(), CallContext{current(), nullptr});
  if (caching()) {
    cache_.options_serial = serial_;
    cache_.options_key = key;
    cache_.options = options;
  }
  return options;
}

void SmGame::add_step_actions(std::vector<Action>& out) const {
  const std::string& key = table().get(pending_).cards().back();
  if (is_tile_step(key)) {
    const auto it = rules().tile_ids.find(key.substr(5));
    const SquareGrid& grid = table().get(seat_of(current()).colony);
    for (const auto& p : grid.placements(shape_of(rules().tile(it->second)), free_square))
      out.push_back({"place " + num(p.y + 1) + " " + num(p.x + 1) + " " + num(p.rotation),
                     "place at row " + num(p.y + 1) + " column " + num(p.x + 1) + " turned " + num(p.rotation), {}});
    return;
  }
  if (is_place_step(key)) {
    for (const auto& [x, y] : place_cells(key))
      out.push_back({"die " + num(y + 1) + " " + num(x + 1), "put the die on row " + num(y + 1) + " column " + num(x + 1), {}});
    return;
  }
  for (const auto& c : step_options(key)) out.push_back({"choose " + c.id, c.label, {}});
  // Free actions stay available (e.g. sell goods to afford a monk space, 5.9); Logistics not
  // while a die activation resolves (its die placement step is still pending, 4.2).
  bool activating = false;
  for (const auto& step : table().get(pending_).cards()) activating = activating || is_place_step(step);
  add_free_actions(out, /*logistics=*/!activating);
}

void SmGame::add_setup_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const Counters& board = t.get(board_);
  if (phase() == kPickBoard) {
    std::vector<bool> taken(rules().boards.size(), false);
    for (int s = 0; s < t.players(); ++s) {
      const int b = get(s, "board");
      if (b >= 1) taken[static_cast<std::size_t>(b - 1)] = true;
    }
    for (std::size_t b = 0; b < rules().boards.size(); ++b)
      if (rules().boards[b].side == 'A' && !taken[b])
        out.push_back({"board " + rules().boards[b].id, "take colony board " + rules().boards[b].id, {}});
    return;
  }
  if (phase() == kPickSet) {
    for (int k = 1; k <= 4; ++k) {
      const int cap = board.get("set" + num(k) + ".capital");
      if (cap < 1) continue;
      const int sch = board.get("set" + num(k) + ".scholar");
      out.push_back({"set " + num(k),
                     "capital " + rules().capitals[static_cast<std::size_t>(cap - 1)].id + " with scholar " +
                         rules().scholars[static_cast<std::size_t>(sch - 1)].id,
                     {}});
    }
    return;
  }
  const int picker = t.get(flow_).get("picker");
  const int cap = t.get(flow_).get("capital");
  const SquareGrid& grid = t.get(seat_of(picker).colony);
  const auto shape = shape_of(rules().capitals[static_cast<std::size_t>(cap - 1)]);
  for (const auto& p : grid.placements(shape, free_square))
    out.push_back({"capital " + num(p.y + 1) + " " + num(p.x + 1) + " " + num(p.rotation),
                   "place the capital at row " + num(p.y + 1) + " column " + num(p.x + 1) + " turned " + num(p.rotation), {}});
}

void SmGame::add_free_actions(std::vector<Action>& out, bool logistics) const {
  const int s = current();
  const Counters& p = table().get(seat_of(s).player);
  const unsigned mask = scholar_mask(s);
  for (int g = 0; g < kGoods; ++g)
    if (p.get(kGoodNames[static_cast<std::size_t>(g)]) > 0)
      out.push_back({std::string("sell ") + kGoodNames[static_cast<std::size_t>(g)],
                     std::string("sell 1 ") + kGoodNames[static_cast<std::size_t>(g)] + " for " +
                         num(rules().sell[static_cast<std::size_t>(g)]),
                     {}});
  for (int g = 0; g < kGold; ++g) {
    const int price = price_with(mask, g);
    if (price >= 0 && p.get("coins") >= price && p.get(kGoodNames[static_cast<std::size_t>(g)]) < rules().storage_cap)
      out.push_back({std::string("buy ") + kGoodNames[static_cast<std::size_t>(g)],
                     std::string("buy 1 ") + kGoodNames[static_cast<std::size_t>(g)] + " for " + num(price), {}});
  }
  // Logistics (5.11): 1 coin moves a die to an empty building connected to it (5.12).
  if (logistics && p.get("coins") >= 1 && in_mask(mask, "logistics")) {
    const SquareGrid& grid = table().get(seat_of(s).colony);
    const ColonyView view = ColonyView::of(rules(), grid);
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
            const int cell = view.cell[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)];
            if (cell < 0) continue;
            reach[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)] = true;
            if (rules().cells[static_cast<std::size_t>(cell)].building < 0 && !road[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)]) {
              road[static_cast<std::size_t>(ny)][static_cast<std::size_t>(nx)] = true;
              queue.emplace_back(nx, ny);
            }
          }
        }
        for (int ty = 0; ty < 6; ++ty)
          for (int tx = 0; tx < 6; ++tx)
            if (reach[static_cast<std::size_t>(ty)][static_cast<std::size_t>(tx)] && empty_building(s, tx, ty))
              out.push_back({"move " + num(y + 1) + " " + num(x + 1) + " " + num(ty + 1) + " " + num(tx + 1),
                             "Logistics: move the die from row " + num(y + 1) + " column " + num(x + 1) + " to row " +
                                 num(ty + 1) + " column " + num(tx + 1) + " for 1 coin",
                             {}});
      }
  }
}

void SmGame::add_die_actions(std::vector<Action>& out, const std::string& verb, const std::vector<int>& values,
                             bool column, bool botany) const {
  const int s = current();
  const Counters& p = table().get(seat_of(s).player);
  if (values.empty()) return;
  const int coins = p.get("coins");
  int stock[kGoods];
  for (int g = 0; g < kGoods; ++g) stock[g] = p.get(kGoodNames[static_cast<std::size_t>(g)]);
  bool usable[6];
  for (int i = 0; i < 6; ++i) usable[i] = line_usable(s, {column, i});
  for (int v : values)
    for (int target = 1; target <= 6; ++target) {
      if (!usable[target - 1]) continue;
      const int cost = std::abs(v - target) * rules().pip_cost;
      if (cost <= coins)
        out.push_back({verb + " " + num(v) + " " + num(target),
                       verb + " die " + num(v) + " on " + (column ? "column " : "row ") + num(target) +
                           (cost > 0 ? " for " + num(cost) + " coins" : ""),
                       {}});
      if (botany && v != target)
        for (int g : {kWood, kGrain, kGold})
          if (stock[g] > 0)
            out.push_back({verb + " " + num(v) + " " + num(target) + " " + kGoodNames[static_cast<std::size_t>(g)],
                           verb + " die " + num(v) + " set to " + num(target) + " for 1 " +
                               kGoodNames[static_cast<std::size_t>(g)] + " (Botany)",
                           {}});
    }
}

void SmGame::add_main_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = current();
  const Counters& p = t.get(seat_of(s).player);
  add_free_actions(out, /*logistics=*/true);
  // A: expand (5.3): the tile now, its placement as the next decision.
  const Market& display = t.get(display_);
  const SquareGrid& grid = t.get(seat_of(s).colony);
  for (int row = 0; row < 2; ++row) {
    if (!can_pay(s, row == 0 ? rules().double_cost : rules().triple_cost)) continue;
    for (int slot = 0; slot < 5; ++slot) {
      const std::string& id = display.at(row, slot);
      if (id.empty()) continue;
      const auto it = rules().tile_ids.find(id);
      if (it == rules().tile_ids.end()) continue;
      const TileDef& tile = rules().tile(it->second);
      if (!fits_somewhere(tile, grid)) continue;
      std::string label = "expand with tile " + id + " (";
      for (std::size_t c = 0; c < tile.cells.size(); ++c)
        label += (c ? " + " : "") + rules().cells[static_cast<std::size_t>(tile.cells[c])].type;
      out.push_back({"expand " + id, label + ") for " + cost_text(row == 0 ? rules().double_cost : rules().triple_cost), {}});
    }
  }
  // B: one building with coins (5.4).
  const int price = p.get("coin_acts") + 1;
  if (p.get("coins") >= price)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 6; ++x)
        if (empty_building(s, x, y))
          out.push_back({"coin " + num(y + 1) + " " + num(x + 1),
                         "activate row " + num(y + 1) + " column " + num(x + 1) + " for " + num(price) + " coins", {}});
  // C: a die (5.5).
  const DicePool& dice = t.get(dice_);
  std::vector<int> white, blue;
  for (const Die& d : dice.dice()) {
    if (d.color == "white" && d.holder == DicePool::kInPool) white.push_back(d.value);
    if (d.color == "blue") {
      if (rules().shared_blue ? (d.holder == DicePool::kInPool && d.tag.empty()) : (d.holder == s && d.tag == "ready"))
        blue.push_back(d.value);
    }
  }
  for (auto* v : {&white, &blue}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  const unsigned mask = scholar_mask(s);
  const bool botany = in_mask(mask, "botany");
  if (p.get("white_taken") < rules().white_per_year) add_die_actions(out, "white", white, true, botany);
  if (!rules().shared_blue || p.get("blue_taken") < p.get("blue_unlocked")) {
    add_die_actions(out, "blue", blue, false, botany);
    if (in_mask(mask, "philosophy")) add_die_actions(out, "bluecol", blue, true, botany);
  }
  // D: retreat (5.6).
  const Counters& board = t.get(board_);
  for (int pos = 1; pos <= static_cast<int>(rules().retreat_spaces.size()); ++pos)
    if (board.get("retreat" + num(pos)) == 0) out.push_back({"retreat " + num(pos), "retreat to space " + num(pos), {}});
}

void SmGame::perform(const Action& action, std::vector<Event>& events) {
  ++serial_;
  const std::vector<std::string> w = split_words(action.text);
  Table& t = state();
  const std::string& verb = w.at(0);
  if (verb == "board") {
    Counters& flow = t.get(flow_);
    const int picker = flow.get("picker");
    for (std::size_t b = 0; b < rules().boards.size(); ++b)
      if (rules().boards[b].id == w.at(1)) print_board(picker, static_cast<int>(b));
    events.push_back({"seat " + num(picker) + " takes colony board " + w.at(1)});
    next_setup_pick(events);
    return;
  }
  if (verb == "set" || verb == "capital") {
    Counters& flow = t.get(flow_);
    Counters& board = t.get(board_);
    const int picker = flow.get("picker");
    if (verb == "set") {
      const int k = parse_int(w.at(1));
      flow.set("capital", board.get("set" + num(k) + ".capital"));
      t.get(seat_of(picker).player).set("capital_scholar", board.get("set" + num(k) + ".scholar"));
      board.set("set" + num(k) + ".capital", 0);
      board.set("set" + num(k) + ".scholar", 0);
      flow.set("phase", kPlaceCapital);
      events.push_back({"seat " + num(picker) + " takes set " + num(k)});
      return;
    }
    const int cap = flow.get("capital");
    const int tile = 100 + cap - 1;
    t.get(seat_of(picker).colony)
        .place(shape_of(rules().capitals[static_cast<std::size_t>(cap - 1)]), parse_int(w.at(2)) - 1,
               parse_int(w.at(1)) - 1, parse_int(w.at(3)), tile,
               free_square);
    flow.set("capital", 0);
    next_setup_pick(events);
    return;
  }
  if (verb == "choose" || verb == "die" || verb == "place") {
    Hand& pending = t.get(pending_);
    const std::string key = pending.cards().back();
    pending.remove_at(pending.size() - 1);
    if (verb == "die") place_die(key, parse_int(w.at(2)) - 1, parse_int(w.at(1)) - 1);
    else if (verb == "place") place_tile(key.substr(5), w, events);
    else run_step(key, w.at(1), events);
    resolve(events);
    return;
  }
  if (verb == "sell" || verb == "buy" || verb == "move") {
    do_free(w, events);
    resolve(events);  // a waiting step may now have fewer choices
    return;
  }
  t.get(flow_).add("turns", 1);
  if (verb == "expand") do_expand(w, events);
  else if (verb == "coin") do_coin(parse_int(w.at(2)) - 1, parse_int(w.at(1)) - 1, events);
  else if (verb == "white" || verb == "blue" || verb == "bluecol") do_die(w, events);
  else if (verb == "retreat") do_retreat(parse_int(w.at(1)), events);
  else throw RuleError("unknown action '" + action.text + "'");
  resolve(events);
}

void SmGame::next_setup_pick(std::vector<Event>& events) {
  Counters& flow = state().get(flow_);
  const int players = table().players();
  const int picks = flow.add("picks", 1);
  if (picks >= players) {
    flow.set("phase", kMain);
    flow.set("picker", 0);
    (void)events;
    return;
  }
  flow.set("picker", (flow.get("picker") + players - 1) % players);  // counter-clockwise
  if (flow.get("phase") != kPickBoard) flow.set("phase", kPickSet);
}

void SmGame::do_free(const std::vector<std::string>& w, std::vector<Event>& events) {
  const int s = current();
  Counters& p = state().get(seat_of(s).player);
  if (w[0] == "move") {
    SquareGrid& grid = state().get(seat_of(s).colony);
    const int y1 = parse_int(w.at(1)) - 1, x1 = parse_int(w.at(2)) - 1;
    const int y2 = parse_int(w.at(3)) - 1, x2 = parse_int(w.at(4)) - 1;
    const std::string die = grid.at(x1, y1).piece;
    grid.at(x1, y1).piece = "";
    grid.at(x2, y2).piece = die;
    p.add("coins", -1);
    events.push_back({"seat " + num(s) + " moves a die with Logistics"});
    return;
  }
  const int g = good_index(w.at(1));
  const char* name = kGoodNames[static_cast<std::size_t>(g)];
  if (w[0] == "sell") {
    p.add(name, -1);
    p.add("coins", rules().sell[static_cast<std::size_t>(g)]);
  } else {
    p.add("coins", -buy_price(s, g));
    p.add(name, 1);
  }
  events.push_back({"seat " + num(s) + " " + w[0] + "s 1 " + name});
}

void SmGame::push_building(std::vector<std::string>& steps, int s, int x, int y) const {
  const int c = rules().cell_of(table().get(seat_of(s).colony).at(x, y).type);
  const BuildingDef& b = rules().buildings[static_cast<std::size_t>(rules().cells[static_cast<std::size_t>(c)].building)];
  for (std::size_t part = 0; part < b.effects.size(); ++part) steps.push_back("b:" + b.id + ":" + num(static_cast<int>(part)));
}

void SmGame::push_steps(const std::vector<std::string>& steps) {
  Hand& pending = state().get(pending_);
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) pending.add(*it, true);
}

void SmGame::do_expand(const std::vector<std::string>& w, std::vector<Event>& events) {
  const int s = current();
  const std::string& id = w.at(1);
  const SlotPlace where = state().get(display_).find(id);
  pay(s, where.row == 0 ? rules().double_cost : rules().triple_cost);
  state().get(display_).take_at(where.row, where.slot);
  events.push_back({"seat " + num(s) + " buys tile " + id});
  push_steps({"tile:" + id, "end"});
}

void SmGame::place_tile(const std::string& id, const std::vector<std::string>& w, std::vector<Event>& events) {
  const int s = current();
  const int index = rules().tile_ids.at(id);
  state().get(seat_of(s).colony)
      .place(shape_of(rules().tile(index)), parse_int(w.at(2)) - 1, parse_int(w.at(1)) - 1, parse_int(w.at(3)), index,
             free_square);
  events.push_back({"seat " + num(s) + " places " + id + " at row " + w.at(1) + " column " + w.at(2)});
}

void SmGame::do_coin(int x, int y, std::vector<Event>& events) {
  const int s = current();
  Counters& p = state().get(seat_of(s).player);
  const int price = p.add("coin_acts", 1);
  p.add("coins", -price);
  state().get(seat_of(s).colony).at(x, y).piece = "c" + num(price);
  events.push_back({"seat " + num(s) + " activates row " + num(y + 1) + " column " + num(x + 1) + " for " + num(price)});
  std::vector<std::string> steps;
  push_building(steps, s, x, y);
  steps.push_back("end");
  push_steps(steps);
}

void SmGame::do_die(const std::vector<std::string>& w, std::vector<Event>& events) {
  const int s = current();
  Table& t = state();
  Counters& p = t.get(seat_of(s).player);
  DicePool& dice = t.get(dice_);
  const bool white = w[0] == "white";
  const int value = parse_int(w.at(1)), target = parse_int(w.at(2));
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
  if (w.size() > 3) {
    const int g = good_index(w[3]);
    p.add(kGoodNames[static_cast<std::size_t>(g)], -1);
  } else {
    p.add("coins", -std::abs(value - target) * rules().pip_cost);
  }
  dice.set(index, target);
  if (dice.die(index).holder == DicePool::kInPool) dice.take(index, s);
  dice.set_tag(index, "used");
  if (white) p.add("white_taken", 1);
  else if (rules().shared_blue) p.add("blue_taken", 1);
  const Line line{w[0] != "blue", target - 1};
  const auto list = line_buildings(s, line);
  events.push_back({"seat " + num(s) + " uses a " + (white ? "white" : "blue") + " die on " +
                    (line.column ? "column " : "row ") + num(target)});
  std::vector<std::string> steps;
  if (owns(s, "tax")) steps.push_back("tax:" + num(std::min(40, line_colonists(s, line))));
  for (const auto& [x, y] : list) push_building(steps, s, x, y);
  // 5.5 step 7: the die goes on the last building (Architecture: any of the list).
  std::string place = std::string("place:") + (white ? "w" : "b") + ":";
  const bool any = owns(s, "architecture");
  for (std::size_t i = any ? 0 : list.size() - 1; i < list.size(); ++i)
    place += (i > (any ? 0 : list.size() - 1) ? "," : "") + num(list[i].first) + "." + num(list[i].second);
  steps.push_back(place);
  steps.push_back("end");
  push_steps(steps);
}

void SmGame::place_die(const std::string& key, int x, int y) {
  const auto cells = place_cells(key);
  if (std::find(cells.begin(), cells.end(), std::make_pair(x, y)) == cells.end())
    throw RuleError("the die cannot go there");
  state().get(seat_of(current()).colony).at(x, y).piece = key.substr(6, 1);
}

void SmGame::do_retreat(int pos, std::vector<Event>& events) {
  const int s = current();
  Table& t = state();
  t.get(board_).set("retreat" + num(pos), s + 1);
  Counters& p = t.get(seat_of(s).player);
  p.set("retreated", 1);
  p.set("retreat_pos", pos);
  events.push_back({"seat " + num(s) + " retreats to space " + num(pos)});
  // 5.6: the space's action, then ship income dock by dock (a ship bought just now included)
  // and Mathematics: the "income" step expands when it is reached.
  push_steps({"r:" + num(pos), "income", "end"});
}

void SmGame::push_income() {
  const int s = current();
  std::vector<std::string> steps;
  std::array<int, 4> port{};
  for (const auto& [id, dock] : table().get(seat_of(s).port).entries())
    if (dock >= 1 && dock <= 4) port[static_cast<std::size_t>(dock - 1)] += 1;
  for (int d = 0; d < 4; ++d)
    for (int i = 0; i < port[static_cast<std::size_t>(d)]; ++i) steps.push_back("d:" + num(d + 1));
  if (owns(s, "mathematics")) steps.push_back("math");
  push_steps(steps);
}

void SmGame::run_step(const std::string& key, const std::string& choice, std::vector<Event>& events) {
  const auto it = engine_->steps.find(key);
  if (it == engine_->steps.end()) throw RuleError("unknown step '" + key + "'");
  Table& t = state();
  scripts()->apply(it->second, t, CallContext{current(), &events}, choice);
  // Steps pushed by the effect run next, in the order they were pushed.
  Hand& pushed = t.get(pushed_);
  if (!pushed.empty()) push_steps(pushed.take_all());
}

void SmGame::resolve(std::vector<Event>& events) {
  Table& t = state();
  for (int guard = 0; guard < 100000; ++guard) {
    ++serial_;  // the previous step may have changed the state
    if (phase() != kMain) return;
    Hand& pending = t.get(pending_);
    if (pending.empty()) return;
    const std::string key = pending.cards().back();
    if (key == "end") {
      pending.remove_at(pending.size() - 1);
      end_turn(events);
      continue;
    }
    if (key == "income") {
      pending.remove_at(pending.size() - 1);
      push_income();
      continue;
    }
    if (is_tile_step(key)) return;  // the seat places the tile
    if (is_place_step(key)) {
      const auto cells = place_cells(key);
      if (cells.size() > 1) return;  // Architecture: the seat chooses
      pending.remove_at(pending.size() - 1);
      if (!cells.empty()) place_die(key, cells[0].first, cells[0].second);
      continue;
    }
    const auto it = engine_->steps.find(key);
    if (it == engine_->steps.end()) throw RuleError("unknown step '" + key + "'");
    if (scripts()->has_options(it->second)) {
      const auto options = step_options(key);
      if (options.size() > 1) return;
      pending.remove_at(pending.size() - 1);
      if (options.size() == 1) run_step(key, options[0].id, events);
      continue;
    }
    pending.remove_at(pending.size() - 1);
    run_step(key, "", events);
  }
  throw RuleError("the pending steps do not end");
}

void SmGame::end_turn(std::vector<Event>& events) {
  Table& t = state();
  const int players = t.players();
  const int s = current();
  // A blue die unlocked this turn can be used from the next turn on (5.10).
  DicePool& dice = t.get(dice_);
  if (!get(s, "retreated"))
    for (int i = 0; i < dice.size(); ++i)
      if (dice.die(i).holder == s && dice.die(i).tag == "new") dice.set_tag(i, "ready");
  for (int k = 1; k <= players; ++k) {
    const int next = (s + k) % players;
    if (!get(next, "retreated")) {
      t.get(flow_).set("current", next);
      return;
    }
  }
  end_year(events);
}

void SmGame::start_year(std::vector<Event>& events) {
  Table& t = state();
  Deck& tiles = t.get(tiles_);
  Market& display = t.get(display_);
  for (const auto& card : display.clear()) tiles.put_top("box", card);
  for (int i = 0; i < rules().display_double && !tiles.empty("doubles"); ++i) display.place(0, i, tiles.draw("doubles"));
  for (int i = 0; i < rules().display_triple && !tiles.empty("triples"); ++i) display.place(1, i, tiles.draw("triples"));
  (void)events;
}

void SmGame::end_year(std::vector<Event>& events) {
  Table& t = state();
  const int players = t.players();
  Counters& flow = t.get(flow_);
  const int year = flow.get("year");
  // 6.1: conquest scoring; 6.2: markers back to the start.
  scripts()->apply(engine_->conquest_scoring[static_cast<std::size_t>(players)][static_cast<std::size_t>(year - 1)], t,
                   CallContext{kNobody, &events});
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
  if (year >= rules().years) {
    flow.set("phase", kOver);
    final_scoring(events);
    return;
  }
  // 6.4: new display, dice re-rolled, the new start player, markers back to the market.
  start_year(events);
  for (int i = 0; i < dice.size(); ++i)
    if (dice.die(i).tag != "reserve") dice.roll(i, t.rng());
  Counters& board = t.get(board_);
  int start = flow.get("start");
  for (int pos = static_cast<int>(rules().retreat_spaces.size()); pos >= 1; --pos) {
    const int who = board.get("retreat" + num(pos));
    if (who >= 1) start = who - 1;
    board.set("retreat" + num(pos), 0);
  }
  for (int s = 0; s < players; ++s) {
    Counters& p = t.get(seat_of(s).player);
    for (const char* key : {"white_taken", "coin_acts", "retreated", "retreat_pos", "blue_taken"}) p.set(key, 0);
  }
  flow.set("year", year + 1);
  flow.set("start", start);
  flow.set("current", start);
  events.push_back({"year " + num(year + 1) + " begins; seat " + num(start) + " starts"});
  std::vector<Event> ignored;
  run_hook("on_round_start", kNobody, ignored, json{{"round", year + 1}});
}

void SmGame::final_scoring(std::vector<Event>& events) {
  Table& t = state();
  const Rules& r = rules();
  const Counters& board = t.get(board_);
  for (int s = 0; s < t.players(); ++s) {
    Counters& p = t.get(seat_of(s).player);
    Counters& score = t.get(seat_of(s).score);
    // 7.1 item 1: goods sold, 1 point per 3 coins.
    int coins = p.get("coins");
    for (int g = 0; g < kGoods; ++g) coins += p.get(kGoodNames[static_cast<std::size_t>(g)]) * r.sell[static_cast<std::size_t>(g)];
    score.set("goods_coins", coins / r.coins_per_point);
    const ColonyView view = ColonyView::of(r, t.get(seat_of(s).colony));
    score.set("colonists", colonist_points(r, view));
    // Monks: scholars' points, bishops' objectives minus the penalty.
    int scholar_points = 0, objectives = 0, bishops = 0;
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
    if (p.get("capital_scholar") >= 1) scholar_points += r.scholars[static_cast<std::size_t>(p.get("capital_scholar") - 1)].points;
    // Bishop objectives: the Lua effect of each bishop adds to "bishop_objectives" (7.2).
    score.set("bishop_objectives", 0);
    for (int i = 1; i <= r.bishop_slots; ++i)
      if ((board.get("monks.b" + num(i)) >> s) & 1) {
        bishops += 1;
        scripts()->apply(engine_->bishops[static_cast<std::size_t>(board.get("bishop" + num(i)) - 1)], t,
                         CallContext{s, &events});
      }
    objectives = score.get("bishop_objectives");
    score.set("scholars", scholar_points);
    score.set("bishop_penalty", bishops * r.bishop_penalty);
    const int sets = *std::min_element(port.begin(), port.end());
    score.set("port_sets", sets);
    score.set("port_set_points", sets * r.port_set_points);
    score.set("ships", ships);
    score.set("happiness", t.get(seat_of(s).happiness).get("points"));
    score.set("total", score.get("happiness") + score.get("goods_coins") + score.get("colonists") + scholar_points +
                           objectives + bishops * r.bishop_penalty + sets * r.port_set_points + ships);
  }
  if (solo() && engine_->has_solo_goals) scripts()->apply(engine_->solo_goals, t, CallContext{0, &events});
  run_hook("final_scoring", kNobody, events, json::object());
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
    // 7.1 item 6: the tie goes to the retreat space closest to the start-player symbol.
    const int pos = get(s, "retreat_pos") > 0 ? get(s, "retreat_pos") : INT_MAX - 1;
    if (total > best || (total == best && pos < best_pos)) {
      best = total;
      best_pos = pos;
      o.winners = {s};
    }
  }
  return o;
}

}  // namespace santa_maria
