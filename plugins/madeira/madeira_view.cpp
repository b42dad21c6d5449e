// Madeira: move labels, the terminal view, the final scoring (§10) and the state checks.
#include <algorithm>

#include "madeira_game.hpp"
#include "tessera/error.hpp"
#include "tessera/flow.hpp"

namespace madeira {

using namespace tessera;

namespace {
constexpr int kPortTargets = kColonies * kPorts;
}  // namespace

static std::string location_name(const Rules& r, const Locations& L, int loc) {
  if (loc == L.home()) return "home";
  if (loc < L.forest()) return "field " + r.fields[static_cast<std::size_t>(loc - 1)].id;
  if (loc == L.forest()) return "the forest";
  if (loc < L.colony(0)) {
    const int k = loc - L.city(0);
    return r.cities[static_cast<std::size_t>(k / 12)].name + " d" + std::to_string(k % 12 / 2 + 1);
  }
  if (loc < L.watch()) return r.colonies[static_cast<std::size_t>(loc - L.colony(0))].name;
  return "the City Watch";
}

std::string MadeiraGame::label(const FlowView& v, const Move& m) const {
  const Rules& r = rules();
  const Engine::Kinds& K = kinds();
  const Locations& L = engine_->loc;
  const Table& t = v.table;
  const auto target = [&](int tg) -> std::string {
    if (tg < kPortTargets) {
      const auto& port = r.colonies[static_cast<std::size_t>(tg / kPorts)].ports[static_cast<std::size_t>(tg % kPorts)];
      return r.colonies[static_cast<std::size_t>(tg / kPorts)].name + " port " + std::to_string(tg % kPorts + 1) + " (" +
             std::to_string(port.first) + " wine)";
    }
    const int col = tg - kPortTargets, mk = engine_->column_market[static_cast<std::size_t>(col)];
    const auto& md = r.markets[static_cast<std::size_t>(mk)];
    const auto& c = md.columns[static_cast<std::size_t>(col - engine_->column_first[static_cast<std::size_t>(mk)])];
    return md.id + " market column " + std::to_string(col - engine_->column_first[static_cast<std::size_t>(mk)] + 1) + " (" +
           std::to_string(c.first) + " " + good_name(md.good) + ", +" + std::to_string(c.second) + " reals)";
  };
  const auto wood_source = [&](int src) { return src < fields() ? "field " + r.fields[static_cast<std::size_t>(src)].id : std::string("the general supply"); };
  if (m.kind == K.city) return "Put a worker in " + location_name(r, L, L.city(m.p[0]));
  if (m.kind == K.field) return "Put a worker on " + location_name(r, L, L.field(m.p[0]));
  if (m.kind == K.draft) {
    const int q = board(t, engine_->bk.row_request + m.p[0] * r.requests_per_row + m.p[1]) - 1;
    const auto& guilds = r.rows.at(t.players())[static_cast<std::size_t>(m.p[0])];
    std::string dice;
    for (int i = 0; i < 3; ++i) dice += " " + std::to_string(board(t, engine_->bk.row_die + m.p[0] * 3 + i));
    return "Take row " + std::to_string(m.p[0] + 1) + " (dice" + dice + "), request " +
           (q >= 0 ? r.requests[static_cast<std::size_t>(q)].id + " (" + r.requests[static_cast<std::size_t>(q)].type + ")" : "?") +
           ", refresh " + r.guilds[static_cast<std::size_t>(guilds[static_cast<std::size_t>(std::min<int>(m.p[2], static_cast<int>(guilds.size()) - 1))])];
  }
  if (m.kind == K.favor) {
    const TileDef& f = r.favors[static_cast<std::size_t>(m.p[0])];
    std::string arg;
    if (f.effect.name == "city_income") arg = " on " + r.cities[static_cast<std::size_t>(std::clamp(m.p[1], 0, 2))].name;
    if (f.effect.name == "gain_goods") {
      static const int pairs[6][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 2}, {2, 2}};
      arg = std::string(" for ") + good_name(pairs[std::clamp(m.p[1], 0, 5)][0]) + " and " + good_name(pairs[std::clamp(m.p[1], 0, 5)][1]);
    }
    return "Use favor " + f.id + arg;
  }
  if (m.kind == K.trade) return std::string("Mill: trade ") + good_name(m.p[0]) + " + " + good_name(m.p[1]) + " for 1 " + good_name(m.p[2]);
  if (m.kind == K.improve) return "Mill: 2 wheat, mill up one level";
  if (m.kind == K.top) return "Mill: 2 wheat for 1 PP";
  if (m.kind == K.cash) return std::string("Mill: down one level for ") + (m.p[0] ? "3 reals" : "1 bread");
  if (m.kind == K.sacrifice) return std::string("Mill: 1 PP for ") + (m.p[0] ? "1 real" : "1 bread");
  if (m.kind == K.place) {
    const int value = m.p[0] < 3 ? home(t, v.seat(), engine_->hk.dice + m.p[0]) : board(t, engine_->bk.pirate_die + m.p[0] - 3);
    const int c = board(t, engine_->bk.character + m.p[1]);
    const int bread = std::max(0, r.buildings[static_cast<std::size_t>(m.p[1])].region - value);
    return std::string("Place ") + (m.p[0] < 3 ? "guild" : "pirate") + " die " + std::to_string(value) + " on the " +
           (c == kHarvester ? std::string("harvester") : r.characters[static_cast<std::size_t>(c)]) + " at " +
           r.buildings[static_cast<std::size_t>(m.p[1])].name + (bread ? " (" + std::to_string(bread) + " bread)" : "");
  }
  if (m.kind == K.pass) {
    const PassSpace& p = r.pass_spaces[static_cast<std::size_t>(m.p[0])];
    std::string other = p.other;
    if (other == "pp_and_city_worker") other = std::to_string(p.pp) + " PP and may move a worker to a city";
    else if (other == "worker_to_city_watch") other = "move a worker to the City Watch, discarding pirates";
    else if (other == "move_one_ship") other = "move a ship as the Captain";
    return "Pass to space " + std::to_string(m.p[0] + 1) + ": " + (m.p[1] ? other : std::to_string(p.reals) + " reals");
  }
  if (m.kind == K.action) return "Perform the " + r.characters[static_cast<std::size_t>(board(t, engine_->bk.character + v.frame.p[0]))] + "'s action";
  if (m.kind == K.build)
    return "Build " + r.cities[static_cast<std::size_t>(m.p[0] / kDistricts)].name + " district " + std::to_string(m.p[0] % kDistricts + 1) +
           " for " + std::to_string(r.district_wood[static_cast<std::size_t>(m.p[0] % kDistricts)]) + " wood, taking " +
           r.favors[static_cast<std::size_t>(std::max(0, board(t, engine_->bk.district + m.p[0]) - 1))].id;
  if (m.kind == K.harvest) return "Harvest";
  if (m.kind == K.skip) return "Do nothing more";
  if (m.kind == K.done) return "Stop";
  if (m.kind == K.worker) return "Move a worker from " + location_name(r, L, m.p[0]) + " to " + location_name(r, L, m.p[1]);
  if (m.kind == K.ship)
    return "Move a ship from " + (m.p[0] ? target(m.p[0] - 1) : std::string("home")) + " to " + target(m.p[1]) +
           (m.p[2] ? ", buying its wood from " + wood_source(m.p[2] - 1) : "");
  if (m.kind == K.reward) {
    const int tile = board(t, engine_->bk.reward + v.frame.p[0] * 2 + m.p[0]) - 1;
    return "Take the King's reward " + (tile >= 0 ? r.rewards[static_cast<std::size_t>(tile)].id : std::string("?"));
  }
  if (m.kind == K.citymove)
    return std::string("Move ") + (board(t, engine_->bk.city + m.p[0]) == kCitizen ? "a citizen" : "your worker") + " from " +
           location_name(r, L, L.city(m.p[0])) + " to " + location_name(r, L, L.city(m.p[1]));
  if (m.kind == K.wood) return "Take 1 wood from " + wood_source(m.p[0]);
  if (m.kind == K.again) return "Harvest field " + r.fields[static_cast<std::size_t>(m.p[0])].id + " again";
  if (m.kind == K.discard) return "Discard " + std::to_string(m.p[0]) + " pirate(s)";
  if (m.kind == K.flip) return "Turn " + r.favors[static_cast<std::size_t>(m.p[0])].id + " face up";
  if (m.kind == K.pay) return "Pay " + std::to_string(board(t, engine_->bk.cost)) + " reals";
  if (m.kind == K.refuse) return "Take " + std::to_string(board(t, engine_->bk.pir)) + " pirate(s) instead";
  if (m.kind == K.honor) return "Take the honor (" + std::to_string(r.honor_pp) + " PP)";
  if (m.kind == K.decline) return "Decline the honor";
  if (m.kind == K.upkeep) return "Discard " + std::to_string(m.p[0]) + " wood for " + std::to_string(ships_on_board(t, v.seat())) + " ship(s)";
  if (m.kind == K.feed) return "Discard " + std::to_string(m.p[0]) + " bread";
  if (m.kind == K.score) {
    const int q = home(t, v.seat(), engine_->hk.requests + m.p[0]) - 1;
    if (q < 0) return "Score nothing";
    const RequestDef& q_def = r.requests[static_cast<std::size_t>(q)];
    const int i = m.p[1];
    std::string what;
    switch (q_def.choice) {
      case RequestChoice::Market: what = "the " + r.markets[static_cast<std::size_t>(std::clamp(i, 0, 2))].id + " market"; break;
      case RequestChoice::City: what = r.cities[static_cast<std::size_t>(std::clamp(i, 0, 2))].name; break;
      case RequestChoice::Colony: what = r.colonies[static_cast<std::size_t>(std::clamp(i, 0, 2))].name; break;
      case RequestChoice::Amount: what = "paying " + std::to_string(i * q_def.rate) + " reals for " + std::to_string(i) + " PP"; break;
      case RequestChoice::Favors: what = std::to_string(i) + " face-up favor(s)"; break;
    }
    return "Score " + q_def.id + " (" + q_def.type + ") with " + what;
  }
  return "?";
}

void MadeiraGame::final_scoring(FlowContext& ctx) {
  write_scores(ctx.table(), /*over=*/true);
  if (ctx.logging()) ctx.log("the game is over");
}

void MadeiraGame::derive(Table& t) const { write_scores(t, t.get<Flow>("flow").empty()); }

// §10: leftovers to reals and PP, pirate ranks and excess, once the game is over; all 0 before.
void MadeiraGame::write_scores(Table& t, bool over) const {
  const Rules& r = rules();
  const HomeKeys& h = engine_->hk;
  const int P = t.players();
  const auto put = [&](int s, const char* key, int value) {
    Counters& sc = t.get(seats_[static_cast<std::size_t>(s)].score);
    if (sc.get(key) != value) sc.set(key, value);
  };
  if (!over) {
    for (int s = 0; s < P; ++s)
      for (const char* key : {"leftover_reals", "leftover_pp", "pirate_rank", "pirate_excess", "total"}) put(s, key, 0);
    return;
  }
  for (int s = 0; s < P; ++s) {
    const int reals = home(t, s, h.reals) + home(t, s, h.goods) + home(t, s, h.goods + 1) + home(t, s, h.goods + 2) +
                      home(t, s, h.wood) + home(t, s, h.bread);
    put(s, "leftover_reals", reals);
    put(s, "leftover_pp", reals / r.reals_per_pp);
  }
  // Ranks: most pirates first; among ties the seat earlier in the pass column ranks better.
  const std::vector<int> order = pass_order(t);
  std::vector<int> ranked = order;
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) { return pirates(t, a) > pirates(t, b); });
  // stable_sort keeps the pass order among ties: the earlier seat comes first, i.e. gets the
  // worse rank; the rules give it the better one, so reverse each tied group.
  for (std::size_t i = 0; i < ranked.size();) {
    std::size_t j = i;
    while (j < ranked.size() && pirates(t, ranked[j]) == pirates(t, ranked[i])) ++j;
    std::reverse(ranked.begin() + static_cast<long>(i), ranked.begin() + static_cast<long>(j));
    i = j;
  }
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const int s = ranked[i];
    const int n = pirates(t, s);
    put(s, "pirate_rank", n > 0 ? r.pirate_penalty[i] : 0);
    put(s, "pirate_excess", n > 0 ? std::max(0, n - r.pirate_excess) : 0);
  }
  for (int s = 0; s < P; ++s) {
    const Counters& sc = t.get(seats_[static_cast<std::size_t>(s)].score);
    put(s, "total", home(t, s, h.pp) + sc.get("leftover_pp") - sc.get("pirate_rank") - sc.get("pirate_excess"));
  }
}

// The PP at home (before the final scoring's leftovers and pirate penalties).
std::vector<int> MadeiraGame::score_so_far() const {
  if (is_over()) return outcome().scores;
  std::vector<int> pp;
  for (int s = 0; s < table().players(); ++s) pp.push_back(home(table(), s, engine_->hk.pp));
  return pp;
}

Outcome MadeiraGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (!is_over()) return o;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& sc = t.get(seats_[static_cast<std::size_t>(s)].score);
    o.scores.push_back(sc.get("total"));
    o.breakdown.push_back("PP " + std::to_string(home(t, s, engine_->hk.pp)) + ", leftovers +" + std::to_string(sc.get("leftover_pp")) +
                          ", pirates " + std::to_string(pirates(t, s)) + ": -" + std::to_string(sc.get("pirate_rank")) + " -" +
                          std::to_string(sc.get("pirate_excess")));
    o.categories.push_back({{"PP", home(t, s, engine_->hk.pp)},
                            {"leftovers", sc.get("leftover_pp")},
                            {"pirates", pirates(t, s)},
                            {"pirate rank", -sc.get("pirate_rank")},
                            {"pirate excess", -sc.get("pirate_excess")}});
  }
  // §1.2: the most PP; ties go to the seat earlier in the pass column.
  int best = -1;
  for (int s : pass_order(t))
    if (best < 0 || o.scores[static_cast<std::size_t>(s)] > o.scores[static_cast<std::size_t>(best)]) best = s;
  if (best >= 0) o.winners.push_back(best);
  return o;
}

void MadeiraGame::check_state() const {
  const Table& t = table();
  // Other keys are a house rule's own (the schema says which may exist).
  const auto keeps_keys = [](const Counters& c, const Keys& keys) {
    return std::all_of(keys.keys.begin(), keys.keys.end(), [&](const CounterKey& key) { return c.has(key); });
  };
  if (!keeps_keys(t.get(board_), engine_->board)) throw DataError("board: the counters must keep their keys");
  for (const Seat& s : seats_)
    if (!keeps_keys(t.get(s.home), engine_->home)) throw DataError("home: the counters must keep their keys");
  const int P = t.players();
  const BoardKeys& k = engine_->bk;
  for (int f = 0; f <= fields(); ++f)
    if (board(t, k.workers + f) >= (1 << P)) throw DataError("board: a field names a seat that does not play");
  for (int i = 0; i < kCitySpaces; ++i) {
    const int v = board(t, k.city + i);
    if (v != kCitizen && v > P) throw DataError("board: a city space names a seat that does not play");
  }
  for (std::size_t f = 0; f < rules().favors.size(); ++f)
    if (board(t, k.favor_owner + static_cast<int>(f)) > P) throw DataError("board: a favor's owner is not a seat");
  for (int i = 0; i < 2 * kColonies; ++i)
    if (board(t, k.reward + i) < 1 || board(t, k.reward + i) > static_cast<int>(rules().rewards.size()))
      throw DataError("board: a King's reward must name a reward");
  for (int b = 0; b < kBuildings; ++b)
    if (board(t, k.gdice + b) + board(t, k.pdice + b) > P) throw DataError("board: too many dice on a character");
  const auto request_ok = [&](int v) { return v >= 0 && v <= static_cast<int>(rules().requests.size()); };
  for (int i = 0; i < P * rules().requests_per_row; ++i)
    if (!request_ok(board(t, k.row_request + i))) throw DataError("board: unknown request on a row");
  for (int s = 0; s < P; ++s) {
    for (int i = 0; i < 3; ++i)
      if (!request_ok(home(t, s, engine_->hk.requests + i))) throw DataError("home: unknown request held");
    if (home(t, s, engine_->hk.mill) >= rules().mill_levels) throw DataError("home: mill above its top level");
  }
  const int F = fields();
  for (int f = 0; f < F; ++f)
    if (board(t, k.good + f) < 0 || board(t, k.good + f) > 2) throw DataError("board: bad field good");
  if (board(t, k.bld) >= kBuildings) throw DataError("board: bld names no building");
  for (int i = 0; i < P; ++i)
    if (board(t, k.row_seat + i) > P) throw DataError("board: a row names a seat that does not play");
  int passes = 0;
  for (int i = 0; i < kPassSpaces; ++i) {
    const int v = board(t, k.pass + i);
    if (v > P || (v && (passes >> v & 1))) throw DataError("board: the pass column holds seats that do not play, or one twice");
    if (v) passes |= 1 << v;
  }
  for (int i = 0; i < kColonies * kPorts; ++i)
    if (board(t, k.port + i) > P) throw DataError("board: a port names a seat that does not play");
  for (int i = 0; i < engine_->columns; ++i)
    if (board(t, k.market + i) > P) throw DataError("board: a market names a seat that does not play");
  for (int s = 0; s < P; ++s)
    if (home(t, s, engine_->hk.row) > P) throw DataError("home: row names no row");
  for (int s : t.get(order_).order())
    if (s >= P) throw DataError("order: a seat that does not play");
  // The parameters of the steps the natives push.
  const Flow& flow = t.get<Flow>("flow");
  const Engine::Steps& st = engine_->steps;
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const auto need = [&](bool ok, const char* what) {
      if (!ok) throw DataError(std::string("flow: ") + what);
    };
    if (f.step == st.act) need(f.p[0] >= 0 && f.p[0] < kBuildings, "act needs a building 0-4");
    else if (f.step == st.relocate) need(f.p[0] >= 0 && f.p[0] <= 12 && f.p[1] >= 0 && f.p[1] <= kToWatch, "relocate needs left 0-12 and purpose 0-4");
    else if (f.step == st.ships)
      need(f.p[0] >= 0 && f.p[0] <= 6 && f.p[1] >= 0 && f.p[1] <= 1000 && f.p[2] >= 0 && f.p[2] <= kColonies && f.p[3] >= 0 &&
               f.p[3] <= kColonies,
           "ships needs left 0-6, income 0-1000 and colonies 0-3");
    else if (f.step == st.reward) need(f.p[0] >= 0 && f.p[0] < kColonies, "reward needs a colony 0-2");
    else if (f.step == st.mayor || f.step == st.flip) need(f.p[0] >= 0 && f.p[0] <= 12, "left must be 0-12");
    else if (f.step == st.take_wood || f.step == st.buy_wood) need(f.p[0] >= 0 && f.p[0] <= 99, "left must be 0-99");
    else if (f.step == st.again) need(f.p[0] >= 0 && f.p[0] < (1 << F), "again needs a mask of fields");
    else if (f.step == st.discard) need(f.p[0] >= 0 && f.p[0] <= 5, "discard needs most 0-5");
  }
}

// ---- Terminal view -----------------------------------------------------------------------

std::string MadeiraGame::render(int viewer) const {
  const Table& t = table();
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const HomeKeys& h = engine_->hk;
  const int P = t.players();
  static const char* phases[] = {"set-up", "A (draft)", "B (characters)", "C (buildings)", "D (upkeep)", "E (Crown)"};
  std::string out = "Madeira - round " + std::to_string(board(t, k.round)) + ", phase " + phases[std::clamp(board(t, k.phase), 0, 5)] + "\n";
  const auto seat_tag = [&](int v) { return v == 0 ? std::string(".") : v == kCitizen ? std::string("c") : std::to_string(v - 1); };
  out += "Fields (wood/good, workers):\n";
  for (int f = 0; f <= fields(); ++f) {
    const std::string name = f < fields() ? r.fields[static_cast<std::size_t>(f)].id : "forest";
    out += "  " + name + ": ";
    if (f < fields()) out += std::to_string(board(t, k.wood + f)) + " wood, " + good_name(board(t, k.good + f));
    out += " [";
    for (int s = 0; s < P; ++s)
      if (board(t, k.workers + f) >> s & 1) out += " " + std::to_string(s);
    out += " ]\n";
  }
  out += "Cities (spaces by district; x = unbuilt, its favor):\n";
  for (int c = 0; c < kCities; ++c) {
    out += "  " + r.cities[static_cast<std::size_t>(c)].name + ":";
    for (int d = 0; d < kDistricts; ++d) {
      const int fav = board(t, k.district + c * kDistricts + d);
      if (fav) out += " x(" + r.favors[static_cast<std::size_t>(fav - 1)].id + "," + std::to_string(r.district_wood[static_cast<std::size_t>(d)]) + "w)";
      else out += " " + seat_tag(board(t, k.city + c * 12 + d * 2)) + seat_tag(board(t, k.city + c * 12 + d * 2 + 1));
    }
    out += "\n";
  }
  out += "City Watch:";
  for (int s = 0; s < P; ++s) out += " seat " + std::to_string(s) + ": " + std::to_string(board(t, k.watch + s));
  out += "; pirate dice:";
  for (int i = 0; i < r.pirate_dice; ++i)
    if (board(t, k.pirate_die + i)) out += " " + std::to_string(board(t, k.pirate_die + i));
  out += "\nColonies (ports: seat or . ; land workers; rewards):\n";
  for (int c = 0; c < kColonies; ++c) {
    out += "  " + r.colonies[static_cast<std::size_t>(c)].name + ": ports";
    for (int i = 0; i < kPorts; ++i)
      if (r.colonies[static_cast<std::size_t>(c)].ports[static_cast<std::size_t>(i)].second <= P)
        out += " " + seat_tag(board(t, k.port + c * kPorts + i));
    out += "; land";
    for (int s = 0; s < P; ++s) out += " " + std::to_string(board(t, k.land + c * P + s));
    out += "; rewards " + r.rewards[static_cast<std::size_t>(board(t, k.reward + c * 2) - 1)].id + ", " +
           r.rewards[static_cast<std::size_t>(board(t, k.reward + c * 2 + 1) - 1)].id + "\n";
  }
  out += "Markets:";
  for (std::size_t m = 0; m < r.markets.size(); ++m) {
    out += " " + r.markets[m].id + " [";
    for (std::size_t c = 0; c < r.markets[m].columns.size(); ++c) {
      if (P == 2 && static_cast<int>(c) == r.markets[m].merged_first + 1) continue;
      out += seat_tag(board(t, k.market + engine_->column_first[m] + static_cast<int>(c)));
    }
    out += "]";
  }
  out += "\nBuildings (character; guild dice, pirate die; markers by seat):\n";
  for (int b = 0; b < kBuildings; ++b) {
    const int c = board(t, k.character + b);
    out += "  " + std::to_string(b + 1) + " " + r.buildings[static_cast<std::size_t>(b)].name + " (region " +
           std::to_string(r.buildings[static_cast<std::size_t>(b)].region) + "): " +
           (board(t, k.round) == 0 ? std::string("-") : c == kHarvester ? std::string("harvester") : r.characters[static_cast<std::size_t>(c)]) +
           "; dice " + std::to_string(board(t, k.gdice + b)) + (board(t, k.pdice + b) ? " + pirate" : "") + "; markers";
    for (int s = 0; s < P; ++s) out += " " + std::to_string(board(t, k.marker + b * P + s));
    out += "\n";
  }
  out += "Dice column:";
  for (int row = 0; row < P; ++row) {
    out += "\n  row " + std::to_string(row + 1) + ": " + (board(t, k.row_seat + row) ? "seat " + std::to_string(board(t, k.row_seat + row) - 1) : std::string("free")) + ", dice";
    for (int i = 0; i < 3; ++i) out += " " + std::to_string(board(t, k.row_die + row * 3 + i));
    out += ", requests";
    for (int j = 0; j < r.requests_per_row; ++j)
      if (const int q = board(t, k.row_request + row * r.requests_per_row + j))
        out += " " + std::to_string(j) + ":" + r.requests[static_cast<std::size_t>(q - 1)].id + "(" + r.requests[static_cast<std::size_t>(q - 1)].type + ")";
  }
  out += "\nPass column:";
  for (int i = 0; i < kPassSpaces; ++i) out += " " + std::to_string(i + 1) + ":" + seat_tag(board(t, k.pass + i));
  out += "\n";
  for (int s = 0; s < P; ++s) {
    out += "  seat " + std::to_string(s) + (s == viewer ? " (you)" : "") + ": PP " + std::to_string(home(t, s, h.pp)) + ", mill " +
           std::to_string(home(t, s, h.mill)) + ", reals " + std::to_string(home(t, s, h.reals)) + ", wheat " +
           std::to_string(home(t, s, h.goods)) + ", sugar " + std::to_string(home(t, s, h.goods + 1)) + ", wine " +
           std::to_string(home(t, s, h.goods + 2)) + ", wood " + std::to_string(home(t, s, h.wood)) + ", bread " +
           std::to_string(home(t, s, h.bread)) + ", workers home " + std::to_string(home(t, s, h.workers)) + ", ships home " +
           std::to_string(home(t, s, h.ships)) + ", pirates " +
           (s == viewer || viewer == kOmniscient ? std::to_string(pirates(t, s)) : std::string("hidden")) + " (discarded " +
           std::to_string(home(t, s, h.discarded)) + ")\n    dice:";
    for (int i = 0; i < 3; ++i)
      if (home(t, s, h.dice + i)) out += " " + std::to_string(home(t, s, h.dice + i));
    out += "; requests:";
    for (int i = 0; i < 3; ++i)
      if (const int q = home(t, s, h.requests + i)) out += " " + r.requests[static_cast<std::size_t>(q - 1)].id + "(" + r.requests[static_cast<std::size_t>(q - 1)].type + ")";
    out += "; favors:";
    for (std::size_t f = 0; f < r.favors.size(); ++f)
      if (board(t, k.favor_owner + static_cast<int>(f)) == s + 1)
        out += " " + r.favors[f].id + (board(t, k.favor_up + static_cast<int>(f)) ? "(up)" : "(down)");
    out += "\n";
  }
  return out;
}

}  // namespace madeira
