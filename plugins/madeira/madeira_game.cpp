// Madeira (What's Your Game?, 2013): the engine (rules, scripts, flow, keys), set-up and the
// hooks and predicates of data/madeira/flow.yaml. Rules: /work/shared/rules/madeira.md.
#include "madeira_game.hpp"

#include <algorithm>
#include <climits>
#include <map>

#include "tessera/error.hpp"
#include "tessera/native_args.hpp"
#include "tessera/state_schema.hpp"
#include "tessera/yaml_reader.hpp"

namespace madeira {

using namespace tessera;
using nlohmann::json;

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

namespace {

void make_keys(Engine& e) {
  const Rules& r = e.rules;
  const int P = e.players, F = static_cast<int>(r.fields.size());
  e.loc.fields = F;
  for (std::size_t m = 0; m < r.markets.size(); ++m) {
    e.column_first.push_back(e.columns);
    for (std::size_t c = 0; c < r.markets[m].columns.size(); ++c) e.column_market.push_back(static_cast<int>(m));
    e.columns += static_cast<int>(r.markets[m].columns.size());
  }
  Keys& b = e.board;
  BoardKeys& k = e.bk;
  k.round = b.add("round");
  k.phase = b.add("phase");
  k.bld = b.add("bld");
  k.cost = b.add("cost");
  k.pir = b.add("pir");
  k.wood = b.add_range("wd", F);
  k.good = b.add_range("gf", F);
  k.workers = b.add_range("fw", F + 1);
  k.city = b.add_range("cs", kCitySpaces);
  k.district = b.add_range("fd", kCities * kDistricts);
  k.watch = b.add_range("cw", P);
  k.land = b.add_range("cl", kColonies * P);
  k.port = b.add_range("pt", kColonies * kPorts);
  k.reward = b.add_range("rw", kColonies * 2);
  k.market = b.add_range("mk", e.columns);
  k.character = b.add_range("ch", kBuildings);
  k.gdice = b.add_range("gd", kBuildings);
  k.pdice = b.add_range("pd", kBuildings);
  k.marker = b.add_range("am", kBuildings * P);
  k.pirate_die = b.add_range("pw", r.pirate_dice);
  k.row_die = b.add_range("rd", P * 3);
  k.row_seat = b.add_range("rs", P);
  k.row_request = b.add_range("rq", P * r.requests_per_row);
  k.favor_owner = b.add_range("fo", static_cast<int>(r.favors.size()));
  k.favor_up = b.add_range("fu", static_cast<int>(r.favors.size()));
  k.pass = b.add_range("ps", kPassSpaces);
  Keys& h = e.home;
  HomeKeys& hk = e.hk;
  hk.workers = h.add("workers");
  hk.ships = h.add("ships");
  hk.goods = h.add("wheat");
  h.add("sugar");
  h.add("wine");
  hk.wood = h.add("wood");
  hk.bread = h.add("bread");
  hk.reals = h.add("reals");
  hk.pp = h.add("pp");
  hk.mill = h.add("mill");
  hk.dice = h.add_range("die", 3);
  hk.passed = h.add("passed");
  hk.row = h.add("row");
  hk.requests = h.add_range("req", 3);
  hk.favor_used = h.add("favor_used");
  hk.bought = h.add("bought");
  hk.engineer = h.add("engineer");
  hk.discarded = h.add("discarded");
  hk.used_tr = h.add("used_tr");
  hk.used_ur = h.add("used_ur");
  hk.used_ex = h.add("used_ex");
  hk.used_gi = h.add("used_gi");
  hk.to_score = h.add("to_score");
  json board_zero, home_zero;
  for (const auto& key : b.keys) board_zero["values"][key.name()] = 0;
  for (const auto& key : h.keys) home_zero["values"][key.name()] = 0;
  e.board_zero = std::make_unique<Counters>("board");
  e.board_zero->read_json(board_zero);
  for (int s = 0; s < P; ++s) {
    e.home_zero.push_back(std::make_unique<Counters>("home", s));
    e.home_zero.back()->read_json(home_zero);
  }
}

// Lua natives: the facts scripts/madeira needs, computed by the same C++ as the rules.
const MadeiraGame& game_of(const CallContext& ctx) {
  const FlowGame* g = ctx.game();
  if (!g) throw RuleError("this native is only for effects of a Madeira move");
  return static_cast<const MadeiraGame&>(*g);
}

// Argument i of a ctx:call, an integer lo..hi.
int int_arg(const NativeArgs& args, int i, int lo, int hi, std::string_view what) {
  const long long v = args.integer(i, what);
  if (v < lo || v > hi) throw RuleError(std::string(what) + " out of range");
  return static_cast<int>(v);
}

void register_queries(Engine& e) {
  ScriptRuntime& s = *e.scripts;
  const int P = e.players;
  // level = ctx:call("action_level", seat, building): 0 none, 1 upper, 2 lower action.
  s.register_query("action_level", [P](const Table& t, const CallContext& c, const NativeArgs& a) {
    return json(game_of(c).action_level(t, int_arg(a, 0, 0, P - 1, "seat"), int_arg(a, 1, 0, kBuildings - 1, "building")));
  });
  s.register_query("ships_in_market", [P](const Table& t, const CallContext& c, const NativeArgs& a) {
    return json(game_of(c).ships_in_market(t, int_arg(a, 0, 0, P - 1, "seat"), int_arg(a, 1, 0, kGoods - 1, "market")));
  });
  s.register_query("ships_in_colony", [P](const Table& t, const CallContext& c, const NativeArgs& a) {
    return json(game_of(c).ships_in_colony(t, int_arg(a, 0, 0, P - 1, "seat"), int_arg(a, 1, 0, kColonies - 1, "colony")));
  });
  // {own, best_other, citizens} = ctx:call("city_majority", seat, city)
  s.register_query("city_majority", [P](const Table& t, const CallContext& c, const NativeArgs& a) {
    const MadeiraGame& g = game_of(c);
    const int seat = int_arg(a, 0, 0, P - 1, "seat"), city = int_arg(a, 1, 0, kCities - 1, "city");
    int best = 0;
    for (int o = 0; o < t.players(); ++o)
      if (o != seat) best = std::max(best, g.city_workers(t, o, city));
    return json::array({g.city_workers(t, seat, city), best, g.city_citizens(t, city)});
  });
  s.register_query("mill_top", [&e](const Table&, const CallContext&, const NativeArgs&) { return json(e.rules.mill_levels - 1); });
  // ctx:call("collect_city", seat, city, workers): the Mayor's income of a city (Diplomat).
  s.register_function("collect_city", [P](Table&, const CallContext& c, const NativeArgs& a) {
    if (!c.flow) throw RuleError("collect_city is for effects of a move");
    c.flow->game<MadeiraGame>().collect_city(*c.flow, int_arg(a, 0, 0, P - 1, "seat"), int_arg(a, 1, 0, kCities - 1, "city"), int_arg(a, 2, 0, 12, "workers"));
    return json();
  });
  s.register_query("face_up_favors", [P](const Table& t, const CallContext& c, const NativeArgs& a) {
    return json(game_of(c).face_up_favors(t, int_arg(a, 0, 0, P - 1, "seat")));
  });
}

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  Engine& e = *engine;
  e.rules = load_rules(config.data_dir, "data/madeira", config.variants);
  if (config.players < e.rules.min_players || config.players > e.rules.max_players)
    throw Error("Madeira is for " + std::to_string(e.rules.min_players) + " to " + std::to_string(e.rules.max_players) +
                " players");
  e.players = config.players;
  make_keys(e);
  e.flow = std::make_unique<FlowRules>(load_with_overlays(config.data_dir, "data/madeira", "flow.yaml", config.variants));
  e.schema = std::make_shared<StateSchema>(load_with_overlays(config.data_dir, "data/madeira", "schema.yaml", config.variants));
  // Each seat's workers and ships, wherever they stand (schema.yaml's invariants).
  const auto start = [&](const char* key) {
    const auto it = e.rules.start_home.find(key);
    return it == e.rules.start_home.end() ? 0 : it->second;
  };
  e.schema->content("workers", {{"worker", start("workers")}});
  e.schema->content("ships", {{"ship", start("ships")}});
  e.scripts = make_game_scripts(config, "madeira");
  e.scripts->set_fired_hooks(e.flow->fired_hooks());
  register_queries(e);
  e.scripts->run_file("buildings.lua");
  e.scripts->run_file("requests.lua");
  e.scripts->run_file("tiles.lua");
  e.scripts->run_variants(config.variants);
  for (const auto& b : e.rules.buildings) {
    // The game tells each building action which building it is (not data).
    const json context = {{"building", static_cast<int>(e.building_effects.size())}};
    e.building_effects.push_back(e.scripts->prepare(b.effect, context));
  }
  for (const auto& q : e.rules.requests) {
    e.request_effects.push_back(e.scripts->prepare(q.effect));
  }
  const auto tiles = [&](const std::vector<TileDef>& list, std::vector<EffectId>& out) {
    for (const auto& tile : list) {
      out.push_back(e.scripts->prepare(tile.effect));
    }
  };
  tiles(e.rules.favors, e.favor_effects);
  tiles(e.rules.rewards, e.reward_effects);
  MadeiraGame::register_natives(e);
  FlowRules& flow = *e.flow;
  flow.build(e.scripts.get());
  const auto m = [&](const char* name) { return flow.move_index(name); };
  e.kinds = {m("city"), m("field"), m("draft"), m("favor"), m("trade"), m("improve"), m("top_bonus"), m("cash_in"),
             m("sacrifice"), m("place"), m("pass"), m("action"), m("harvest"), m("skip"), m("build"), m("worker"),
             m("done"), m("ship"), m("reward"), m("citymove"), m("wood"), m("again"), m("discard"), m("flip"),
             m("pay"), m("refuse"), m("honor"), m("decline"), m("upkeep"), m("feed"), m("score")};
  const auto s = [&](const char* name) { return flow.step_index(name); };
  e.events = {e.flow->event_index("passed")};
  e.steps = {s("act"), s("relocate"), s("ships"), s("reward"), s("mayor"), s("take_wood"), s("buy_wood"), s("again"),
             s("discard"), s("flip"), s("b_turn"), s("c_turn"), s("upkeep_step"), s("feed_step"), s("phase_b")};
  return engine;
}

MadeiraGame::MadeiraGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  if (players != engine_->players) throw Error("this Madeira engine was loaded for " + std::to_string(engine_->players) + " players");
  Table& t = state();
  order_ = t.add<TurnOrder>("order", players);
  board_ = t.add<Counters>("board");
  t.get(board_) = *engine_->board_zero;
  for (int s = 0; s < players; ++s) {
    Seat seat;
    seat.home = t.add<Counters>("home", s);
    t.get(seat.home) = *engine_->home_zero[static_cast<std::size_t>(s)];
    seat.pirates = t.add<Counters>("pirates", s, Visibility::Owner);
    t.get(seat.pirates).set("total", 0);
    t.get(seat.pirates).set("gained", 0);
    seat.score = t.add<Counters>("score", s);
    for (const char* key : {"leftover_reals", "leftover_pp", "pirate_rank", "pirate_excess", "total"}) t.get(seat.score).set(key, 0);
    seats_.push_back(seat);
  }
  setup(t);
  use_schema(engine_->schema);
  start_flow();
}

std::unique_ptr<Game> MadeiraGame::rematch(std::uint64_t seed) const {
  return std::make_unique<MadeiraGame>(engine_, table().players(), seed);
}

void MadeiraGame::add_home(Table& t, int s, int key, int delta) const {
  if (delta == 0) return;
  Counters& c = t.get(seats_[static_cast<std::size_t>(s)].home);
  const CounterKey& k = engine_->home[key];
  if (c.get(k) + delta < 0) throw RuleError(seat_name(s) + " has too little " + k.name());
  c.add(k, delta);
}

void MadeiraGame::gain_pirates(Table& t, int s, int n, FlowContext* ctx) const {
  if (n <= 0) return;
  Counters& p = t.get(seats_[static_cast<std::size_t>(s)].pirates);
  p.add("total", n);
  p.add("gained", n);
  // The amount taken is public (it comes from a public rule); the total stays face down.
  if (ctx && ctx->logging()) ctx->log(seat_name(s) + " takes " + std::to_string(n) + " pirate(s)");
}

void MadeiraGame::discard_pirates(Table& t, int s, int n, FlowContext* ctx) const {
  if (n <= 0) return;
  Counters& p = t.get(seats_[static_cast<std::size_t>(s)].pirates);
  if (p.get("total") < n) throw RuleError(seat_name(s) + " has fewer pirates than that");
  p.add("total", -n);
  add_home(t, s, engine_->hk.discarded, n);
  if (ctx && ctx->logging()) ctx->log(seat_name(s) + " discards " + std::to_string(n) + " pirate(s)");
}

std::vector<int> MadeiraGame::pass_order(const Table& t) const {
  std::vector<int> out;
  for (int i = 0; i < kPassSpaces; ++i)
    if (const int v = board(t, engine_->bk.pass + i)) out.push_back(v - 1);
  return out;
}

// §3: everything but the worker placements, which are the set-up steps of flow.yaml.
void MadeiraGame::setup(Table& t) {
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const HomeKeys& h = engine_->hk;
  const int P = t.players(), F = fields();
  // S14 and fields.
  for (int f = 0; f < F; ++f) {
    const FieldDef& d = r.fields[static_cast<std::size_t>(f)];
    const auto w = d.wood.find(P);
    set_board(t, k.wood + f, w == d.wood.end() ? 0 : w->second);
    set_board(t, k.good + f, d.good);
  }
  // S9: favors on districts 3-6 of each city, face up; citizens on district 2's second space.
  std::vector<int> favors(r.favors.size());
  for (std::size_t i = 0; i < favors.size(); ++i) favors[i] = static_cast<int>(i);
  t.rng().shuffle(favors);
  std::size_t next = 0;
  for (int c = 0; c < kCities; ++c) {
    for (int d = 2; d < kDistricts; ++d) set_board(t, k.district + c * kDistricts + d, favors[next++] + 1);
    set_board(t, k.city + c * 12 + 3, kCitizen);
  }
  for (std::size_t f = 0; f < r.favors.size(); ++f) set_board(t, k.favor_up + static_cast<int>(f), 1);
  // S11: one A and one B King's reward per colony.
  for (int set = 0; set < 2; ++set) {
    std::vector<int> tiles;
    for (std::size_t i = 0; i < r.rewards.size(); ++i)
      if (r.rewards[i].group == set) tiles.push_back(static_cast<int>(i));
    t.rng().shuffle(tiles);
    for (int c = 0; c < kColonies; ++c) set_board(t, k.reward + c * 2 + set, tiles[static_cast<std::size_t>(c)] + 1);
  }
  // S7: initial requests decide the start player; S8: requests on the rows.
  std::vector<int> initial, row_requests;
  for (std::size_t i = 0; i < r.requests.size(); ++i) {
    if (r.requests[i].initial) initial.push_back(static_cast<int>(i));
    else if (r.requests[i].heads <= P) row_requests.push_back(static_cast<int>(i));
  }
  if (static_cast<int>(initial.size()) < P) throw DataError("data/madeira/cards.yaml: too few initial requests");
  if (static_cast<int>(row_requests.size()) < P * r.requests_per_row)
    throw DataError("data/madeira/cards.yaml: too few requests for the rows");
  t.rng().shuffle(initial);
  t.rng().shuffle(row_requests);
  int start = 0;
  for (int s = 0; s < P; ++s) {
    set_home(t, s, h.requests, initial[static_cast<std::size_t>(s)] + 1);
    if (r.requests[static_cast<std::size_t>(initial[static_cast<std::size_t>(s)])].crowns >
        r.requests[static_cast<std::size_t>(initial[static_cast<std::size_t>(start)])].crowns)
      start = s;
  }
  for (int i = 0; i < P * r.requests_per_row; ++i) set_board(t, k.row_request + i, row_requests[static_cast<std::size_t>(i)] + 1);
  // S2, S6, S7, S10: home supply, mill, pass column, bonus reals, City Watch.
  std::vector<int> order;
  for (int i = 0; i < P; ++i) order.push_back((start + i) % P);
  for (int i = 0; i < P; ++i) {
    const int s = order[static_cast<std::size_t>(i)];
    set_board(t, k.pass + i, s + 1);
    const auto& home = r.start_home;
    const auto get = [&](const char* key) { const auto it = home.find(key); return it == home.end() ? 0 : it->second; };
    set_home(t, s, h.workers, get("workers") - r.setup_watch_workers);
    set_home(t, s, h.ships, get("ships"));
    set_home(t, s, h.goods + kWheat, get("wheat"));
    set_home(t, s, h.goods + kSugar, get("sugar"));
    set_home(t, s, h.goods + kWine, get("wine"));
    set_home(t, s, h.wood, get("wood"));
    set_home(t, s, h.bread, get("bread"));
    set_home(t, s, h.reals, get("reals") + r.order_bonus[static_cast<std::size_t>(i)]);
    set_home(t, s, h.mill, r.mill_start);
    set_board(t, k.watch + s, r.setup_watch_workers);
  }
  set_board(t, k.bld, -1);
  // S9.3 and S15 go in reverse turn order.
  std::vector<int> reverse(order.rbegin(), order.rend());
  TurnOrder& turns = t.get(order_);
  turns.set_order(reverse);
  turns.set_start_player(reverse.front());
  turns.set_current(reverse.front());
}

int MadeiraGame::workers_in_region(const Table& t, int s, int region) const {
  int n = 0;
  for (int f = 0; f < fields(); ++f)
    if (rules().fields[static_cast<std::size_t>(f)].region == region && (board(t, engine_->bk.workers + f) >> s & 1)) ++n;
  return n;
}

int MadeiraGame::action_level(const Table& t, int s, int building) const {
  const int n = workers_in_region(t, s, rules().buildings[static_cast<std::size_t>(building)].region);
  if (n == 0) return 0;
  if (n >= rules().lower_workers || home(t, s, engine_->hk.engineer)) return 2;
  return 1;
}

int MadeiraGame::ships_in_market(const Table& t, int s, int market) const {
  const auto& def = rules().markets[static_cast<std::size_t>(market)];
  int n = 0;
  for (std::size_t c = 0; c < def.columns.size(); ++c)
    if (board(t, engine_->bk.market + engine_->column_first[static_cast<std::size_t>(market)] + static_cast<int>(c)) == s + 1) ++n;
  return n;
}

int MadeiraGame::ships_in_colony(const Table& t, int s, int colony) const {
  int n = 0;
  for (int i = 0; i < kPorts; ++i)
    if (board(t, engine_->bk.port + colony * kPorts + i) == s + 1) ++n;
  return n;
}

int MadeiraGame::city_workers(const Table& t, int s, int city) const {
  int n = 0;
  for (int i = 0; i < 12; ++i)
    if (board(t, engine_->bk.city + city * 12 + i) == s + 1) ++n;
  return n;
}

int MadeiraGame::city_citizens(const Table& t, int city) const {
  int n = 0;
  for (int i = 0; i < 12; ++i)
    if (board(t, engine_->bk.city + city * 12 + i) == kCitizen) ++n;
  return n;
}

int MadeiraGame::face_up_favors(const Table& t, int s) const {
  int n = 0;
  for (std::size_t f = 0; f < rules().favors.size(); ++f)
    if (board(t, engine_->bk.favor_owner + static_cast<int>(f)) == s + 1 && board(t, engine_->bk.favor_up + static_cast<int>(f))) ++n;
  return n;
}

int MadeiraGame::workers_on_board(const Table& t, int s) const {
  int n = board(t, engine_->bk.watch + s);
  for (int f = 0; f <= fields(); ++f) n += board(t, engine_->bk.workers + f) >> s & 1;
  for (int c = 0; c < kCities; ++c) n += city_workers(t, s, c);
  for (int c = 0; c < kColonies; ++c) n += board(t, engine_->bk.land + c * t.players() + s);
  return n;
}

int MadeiraGame::ships_on_board(const Table& t, int s) const {
  int n = 0;
  for (int c = 0; c < kColonies; ++c) n += ships_in_colony(t, s, c);
  for (int m = 0; m < kGoods; ++m) n += ships_in_market(t, s, m);
  return n;
}

bool MadeiraGame::has_access(const Table& t, int s, int source) const {
  if (source == fields()) return board(t, engine_->bk.workers + fields()) >> s & 1;
  return (board(t, engine_->bk.workers + source) >> s & 1) && board(t, engine_->bk.wood + source) > 0;
}

int MadeiraGame::accessible_wood(const Table& t, int s) const {
  if (has_access(t, s, fields())) return INT_MAX / 2;
  int n = 0;
  for (int f = 0; f < fields(); ++f)
    if (board(t, engine_->bk.workers + f) >> s & 1) n += board(t, engine_->bk.wood + f);
  return n;
}

int MadeiraGame::at_location(const Table& t, int s, int loc) const {
  const Locations& L = engine_->loc;
  if (loc == L.home()) return home(t, s, engine_->hk.workers);
  if (loc <= L.forest()) return board(t, engine_->bk.workers + loc - 1) >> s & 1;
  if (loc < L.colony(0)) return board(t, engine_->bk.city + loc - L.city(0)) == s + 1 ? 1 : 0;
  if (loc < L.watch()) return board(t, engine_->bk.land + (loc - L.colony(0)) * t.players() + s);
  if (loc == L.watch()) return board(t, engine_->bk.watch + s);
  return 0;
}

int MadeiraGame::next_building(const Table& t, int after) const {
  for (int b = after + 1; b < kBuildings; ++b)
    for (int s = 0; s < t.players(); ++s)
      if (board(t, engine_->bk.marker + b * t.players() + s)) return b;
  return -1;
}

int MadeiraGame::honor_seat(const Table& t) const {
  int best = -1, most = 0;
  bool tie = false;
  for (int s = 0; s < t.players(); ++s) {
    const int n = board(t, engine_->bk.watch + s);
    if (n > most) most = n, best = s, tie = false;
    else if (n == most && n > 0) tie = true;
  }
  return tie ? -1 : best;
}

// ---- Hooks and predicates ---------------------------------------------------------------

void MadeiraGame::begin_round(FlowContext& ctx) {
  Table& t = ctx.table();
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const int round = board(t, k.round) + 1, P = t.players();
  set_board(t, k.round, round);
  set_board(t, k.phase, 1);
  // §4.2: characters at random on the buildings, the round's building left to its printed one.
  std::vector<int> tiles = {0, 1, 2, 3};
  t.rng().shuffle(tiles);
  std::size_t next = 0;
  for (int b = 0; b < kBuildings; ++b) {
    const bool empty = r.buildings[static_cast<std::size_t>(b)].empty_in_round == round || next >= tiles.size();
    set_board(t, k.character + b, empty ? kHarvester : tiles[next++]);
  }
  const auto roll = [&]() { return t.rng().roll_face(r.die_faces); };
  for (int i = 0; i < r.pirate_dice; ++i) set_board(t, k.pirate_die + i, roll());
  for (int i = 0; i < P * 3; ++i) set_board(t, k.row_die + i, i % 3 < r.dice_per_row ? roll() : 0);
  for (int i = 0; i < P; ++i) set_board(t, k.row_seat + i, 0);
  for (int s = 0; s < P; ++s) {
    set_home(t, s, engine_->hk.passed, 0);
    set_home(t, s, engine_->hk.row, 0);
  }
  if (ctx.logging()) ctx.log("round " + std::to_string(round) + " begins");
}

void MadeiraGame::begin_phase_b(FlowContext& ctx) {
  Table& t = ctx.table();
  set_board(t, engine_->bk.phase, 2);
  for (int i = 0; i < kPassSpaces; ++i) set_board(t, engine_->bk.pass + i, 0);
  // Row I plays first. Seats without a row (possible only in an edited state) do not play.
  int first = -1;
  for (int row = t.players() - 1; row >= 0; --row)
    if (board(t, engine_->bk.row_seat + row)) first = board(t, engine_->bk.row_seat + row) - 1;
  for (int s = 0; s < t.players(); ++s)
    if (!home(t, s, engine_->hk.row)) set_home(t, s, engine_->hk.passed, 1);
  ctx.frame().seat = static_cast<std::int8_t>(std::max(first, 0));
}

void MadeiraGame::next_b_turn(FlowContext& ctx) {
  const Table& t = ctx.table();
  Frame& loop = ctx.enclosing(engine_->steps.phase_b);
  const int P = t.players();
  const int row = home(t, ctx.seat(), engine_->hk.row) - 1;
  for (int i = 1; i <= P; ++i) {
    const int s = board(t, engine_->bk.row_seat + (row + i) % P) - 1;
    if (s >= 0 && !home(t, s, engine_->hk.passed)) {
      loop.seat = static_cast<std::int8_t>(s);
      return;
    }
  }
}

void MadeiraGame::begin_building(FlowContext& ctx) {
  Table& t = ctx.table();
  const BoardKeys& k = engine_->bk;
  const Rules& r = rules();
  const int b = next_building(t, board(t, k.bld));
  set_board(t, k.bld, b);
  // §7.2-7.3: roll every die on the character; the cost counts the guild dice only.
  const auto roll = [&]() { return t.rng().roll_face(r.die_faces); };
  int sum = 0;
  std::string rolled;
  for (int i = 0; i < board(t, k.gdice + b); ++i) {
    const int v = roll();
    sum += v;
    if (ctx.logging()) rolled += " " + std::to_string(v);
  }
  int pirates = 1;
  if (board(t, k.pdice + b)) {
    const int v = roll();
    pirates += v;
    if (ctx.logging()) rolled += " pirate " + std::to_string(v);
  }
  const int cost = std::max(0, r.cost_base.at(t.players()) - sum);
  set_board(t, k.cost, cost);
  set_board(t, k.pir, pirates);
  if (ctx.logging())
    ctx.log(r.buildings[static_cast<std::size_t>(b)].name + ": dice" + rolled + ", cost " + std::to_string(cost) +
            " reals, or " + std::to_string(pirates) + " pirate(s)");
}

void MadeiraGame::end_phase_c(FlowContext& ctx) {
  Table& t = ctx.table();
  const BoardKeys& k = engine_->bk;
  for (int b = 0; b < kBuildings; ++b) {
    set_board(t, k.gdice + b, 0);
    set_board(t, k.pdice + b, 0);
    for (int s = 0; s < t.players(); ++s) set_board(t, k.marker + b * t.players() + s, 0);
  }
  set_board(t, k.bld, -1);
  set_board(t, k.cost, 0);
  set_board(t, k.pir, 0);
}

void MadeiraGame::colony_income(FlowContext& ctx) {
  Table& t = ctx.table();
  for (int s = 0; s < t.players(); ++s)
    for (int c = 0; c < kColonies; ++c) {
      const auto& def = rules().colonies[static_cast<std::size_t>(c)];
      const int n = board(t, engine_->bk.land + c * t.players() + s) * def.income;
      add_home(t, s, engine_->hk.goods + def.good, n);
      if (n && ctx.logging()) ctx.log(seat_name(s) + " takes " + std::to_string(n) + " " + good_name(def.good) + " from " + def.name);
    }
}

void MadeiraGame::begin_phase_e(FlowContext& ctx) {
  Table& t = ctx.table();
  const int round = this->round(t);
  set_board(t, engine_->bk.phase, 5);
  const auto to_score = rules().score_requests.find(round);
  for (int s = 0; s < t.players(); ++s) {
    for (int key : {engine_->hk.used_tr, engine_->hk.used_ur, engine_->hk.used_ex, engine_->hk.used_gi}) set_home(t, s, key, 0);
    int held = 0;
    for (int i = 0; i < 3; ++i) held += home(t, s, engine_->hk.requests + i) ? 1 : 0;
    set_home(t, s, engine_->hk.to_score, to_score == rules().score_requests.end() ? 0 : std::min(held, to_score->second));
  }
  // §9.4: variable fields without wood change their good.
  const auto conv = rules().conversions.find(round);
  if (conv == rules().conversions.end()) return;
  for (int f = 0; f < fields(); ++f) {
    const FieldDef& d = rules().fields[static_cast<std::size_t>(f)];
    if (d.good == conv->second.first && d.variable_to == conv->second.second && board(t, engine_->bk.good + f) == d.good &&
        board(t, engine_->bk.wood + f) == 0) {
      set_board(t, engine_->bk.good + f, d.variable_to);
      if (ctx.logging()) ctx.log("field " + d.id + " now yields " + good_name(d.variable_to));
    }
  }
}

void MadeiraGame::register_natives(Engine& e) {
  FlowRules& flow = *e.flow;
  const auto G = [](FlowContext& c) -> MadeiraGame& { return c.game<MadeiraGame>(); };
  const auto V = [](const FlowView& v) -> const MadeiraGame& { return v.game<MadeiraGame>(); };
  const char* names[] = {"city", "field", "draft", "favor", "trade", "improve", "top_bonus", "cash_in", "sacrifice",
                         "place", "pass", "action", "harvest", "skip", "build", "worker", "done", "ship", "reward",
                         "citymove", "wood", "again", "discard", "flip", "pay", "refuse", "honor", "decline",
                         "upkeep", "feed", "score"};
  for (const char* name : names) {
    const int kind = flow.move_index(name);
    flow.native_move(name, {.legal = [V, kind](const FlowView& v, MoveSink& out) { V(v).legal(v, kind, out); },
                            .apply = [G](FlowContext& c, const Move& m) { G(c).apply(c, m); },
                            .label = [V](const FlowView& v, const Move& m) { return V(v).label(v, m); }});
  }
  flow.native_hook("order_from_pass_column", [G](FlowContext& c) {
    MadeiraGame& g = G(c);
    Table& t = c.table();
    const std::vector<int> order = g.pass_order(t);
    TurnOrder& turns = t.get(g.order_);
    turns.set_order(order);
    turns.set_start_player(order.front());
    turns.set_current(order.front());
  });
  flow.native_hook("begin_round", [G](FlowContext& c) { G(c).begin_round(c); });
  flow.native_hook("begin_phase_b", [G](FlowContext& c) { G(c).begin_phase_b(c); });
  flow.native_hook("next_b_turn", [G](FlowContext& c) { G(c).next_b_turn(c); });
  flow.native_hook("begin_turn", [G](FlowContext& c) {
    MadeiraGame& g = G(c);
    g.set_home(c.table(), c.seat(), g.engine_->hk.favor_used, 0);
    g.set_home(c.table(), c.seat(), g.engine_->hk.bought, 0);
  });
  flow.native_hook("begin_phase_c", [G](FlowContext& c) {
    MadeiraGame& g = G(c);
    g.set_board(c.table(), g.engine_->bk.phase, 3);
    g.set_board(c.table(), g.engine_->bk.bld, -1);
  });
  flow.native_hook("begin_building", [G](FlowContext& c) { G(c).begin_building(c); });
  flow.native_hook("end_c_turn", [G](FlowContext& c) {
    MadeiraGame& g = G(c);
    g.set_home(c.table(), c.seat(), g.engine_->hk.engineer, 0);
  });
  flow.native_hook("end_phase_c", [G](FlowContext& c) { G(c).end_phase_c(c); });
  flow.native_hook("begin_phase_d", [G](FlowContext& c) {
    MadeiraGame& g = G(c);
    g.set_board(c.table(), g.engine_->bk.phase, 4);
  });
  flow.native_hook("colony_income", [G](FlowContext& c) { G(c).colony_income(c); });
  flow.native_hook("begin_phase_e", [G](FlowContext& c) { G(c).begin_phase_e(c); });
  flow.native_hook("resolve_ships", [G](FlowContext& c) { G(c).resolve_ships(c); });
  flow.native_hook("mayor_income", [G](FlowContext& c) { G(c).mayor_income(c); });
  flow.native_hook("start_take_wood", [G](FlowContext& c) { G(c).start_take_wood(c); });
  flow.native_hook("start_again", [G](FlowContext& c) { G(c).start_again(c); });
  flow.native_hook("final_scoring", [G](FlowContext& c) { G(c).final_scoring(c); });
  flow.native_predicate("game_over", [V](const FlowView& v) { return V(v).round(v.table) >= V(v).rules().rounds; });
  flow.native_predicate("all_passed", [V](const FlowView& v) {
    const MadeiraGame& g = V(v);
    for (int s = 0; s < v.table.players(); ++s)
      if (!g.home(v.table, s, g.engine_->hk.passed)) return false;
    return true;
  });
  flow.native_predicate("nothing_left", [](const FlowView& v) { return v.frame.p[0] <= 0; });
  flow.native_predicate("buildings_done", [V](const FlowView& v) {
    const MadeiraGame& g = V(v);
    return g.next_building(v.table, g.board(v.table, g.engine_->bk.bld)) < 0;
  });
  flow.native_seat_predicate("has_marker", [V](const FlowView& v, int s) {
    const MadeiraGame& g = V(v);
    const int b = g.board(v.table, g.engine_->bk.bld);
    return b >= 0 && g.board(v.table, g.engine_->bk.marker + b * v.table.players() + s) > 0;
  });
  flow.native_seat_predicate("honor_winner", [V](const FlowView& v, int s) { return V(v).honor_seat(v.table) == s; });
  flow.native_seat_predicate("has_ships", [V](const FlowView& v, int s) { return V(v).ships_on_board(v.table, s) > 0; });
  flow.native_seat_predicate("scores_requests", [V](const FlowView& v, int s) {
    const MadeiraGame& g = V(v);
    if (!g.rules().score_requests.count(g.round(v.table))) return false;
    for (int i = 0; i < 3; ++i)
      if (g.home(v.table, s, g.engine_->hk.requests + i)) return true;
    return false;
  });
  flow.native_predicate("requests_scored", [V](const FlowView& v) {
    const MadeiraGame& g = V(v);
    return g.home(v.table, v.seat(), g.engine_->hk.to_score) <= 0;
  });
}

}  // namespace madeira
