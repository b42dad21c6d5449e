// Madeira: the legal moves, their effects and labels, and the steps they push.
// Section numbers refer to /work/shared/rules/madeira.md.
#include <algorithm>
#include <climits>

#include "madeira_game.hpp"
#include "tessera/error.hpp"

namespace madeira {

using namespace tessera;

namespace {
constexpr int kPhaseA = 1, kPhaseB = 2, kPhaseC = 3, kPhaseD = 4;
}  // namespace

// ---- Workers --------------------------------------------------------------------------

bool MadeiraGame::may_leave(const Table& t, int s, int from, int purpose, int to) const {
  const Locations& L = engine_->loc;
  if (from == to || from == L.watch() || at_location(t, s, from) <= 0) return false;
  const bool from_city = from >= L.city(0) && from < L.colony(0);
  if (purpose == kToCityOther && from_city && to >= L.city(0) && to < L.colony(0))
    return (from - L.city(0)) / 12 != (to - L.city(0)) / 12;  // §7.6: a space of another city
  return true;
}

bool MadeiraGame::may_enter(const Table& t, int s, int to, int purpose) const {
  const Locations& L = engine_->loc;
  switch (purpose) {
    case kToFields: return to >= L.field(0) && to <= L.forest() && at_location(t, s, to) == 0;
    case kToCityOther:
    case kToCityAny: {
      if (to < L.city(0) || to >= L.colony(0)) return false;
      const int k = to - L.city(0);
      return board(t, engine_->bk.city + k) == 0 && board(t, engine_->bk.district + k / 2) == 0;
    }
    case kToColony: return to >= L.colony(0) && to < L.watch();
    case kToWatch: return to == L.watch();
  }
  return false;
}

void MadeiraGame::move_worker(Table& t, int s, int from, int to) const {
  const Locations& L = engine_->loc;
  const BoardKeys& k = engine_->bk;
  const int P = t.players();
  const auto change = [&](int loc, int d) {
    if (loc == L.home()) add_home(t, s, engine_->hk.workers, d);
    else if (loc <= L.forest()) set_board(t, k.workers + loc - 1, board(t, k.workers + loc - 1) ^ (1 << s));
    else if (loc < L.colony(0)) set_board(t, k.city + loc - L.city(0), d > 0 ? s + 1 : 0);
    else if (loc < L.watch()) set_board(t, k.land + (loc - L.colony(0)) * P + s, board(t, k.land + (loc - L.colony(0)) * P + s) + d);
    else set_board(t, k.watch + s, board(t, k.watch + s) + d);
  };
  change(from, -1);
  change(to, +1);
}

// ---- Wood (§6.10, §6.11) ----------------------------------------------------------------

int MadeiraGame::wood_buy_price(const Table& t, int s, int n) const {
  const int bought = home(t, s, engine_->hk.bought);
  return rules().wood_cost(bought + n) - rules().wood_cost(bought);
}

bool MadeiraGame::can_pay_wood(const Table& t, int s, int n) const {
  const int need = n - home(t, s, engine_->hk.wood);
  if (need <= 0) return true;
  return accessible_wood(t, s) >= need && wood_buy_price(t, s, need) <= home(t, s, engine_->hk.reals);
}

void MadeiraGame::pay_wood(FlowContext& ctx, int s, int n) const {
  Table& t = ctx.table();
  const int own = std::min(n, home(t, s, engine_->hk.wood));
  add_home(t, s, engine_->hk.wood, -own);
  if (n > own) ctx.push(engine_->steps.buy_wood, s, {n - own});
}

void MadeiraGame::take_wood_from(Table& t, int /*s*/, int source) const {
  if (source < fields()) {
    const int w = board(t, engine_->bk.wood + source);
    if (w <= 0) throw RuleError("that field holds no wood");
    set_board(t, engine_->bk.wood + source, w - 1);
  }
}

void MadeiraGame::receive_wood(FlowContext& ctx, int s, int n) const {
  if (n > 0) ctx.push(engine_->steps.take_wood, s, {n});
}

// Takes what is owed without asking when the sources leave no real choice.
void MadeiraGame::start_take_wood(FlowContext& ctx) {
  Table& t = ctx.table();
  Frame& f = ctx.frame();
  const int s = f.seat;
  int sources = 0, on_fields = 0, single = -1;
  for (int x = 0; x < fields(); ++x)
    if (has_access(t, s, x)) ++sources, on_fields += board(t, engine_->bk.wood + x), single = x;
  const bool supply = has_access(t, s, fields());
  int given = 0;
  if (supply && sources == 0) {
    add_home(t, s, engine_->hk.wood, f.p[0]);
    given = f.p[0];
    f.p[0] = 0;
  } else if (!supply && (on_fields <= f.p[0] || sources == 1)) {
    for (int x = 0; x < fields() && f.p[0] > 0; ++x)
      while (has_access(t, s, x) && f.p[0] > 0 && (sources == 1 ? x == single : true)) {
        take_wood_from(t, s, x);
        add_home(t, s, engine_->hk.wood, 1);
        --f.p[0];
        ++given;
      }
    f.p[0] = 0;  // §6.11: what is not accessible is lost
  }
  if (given && ctx.logging()) ctx.log(seat_name(s) + " receives " + std::to_string(given) + " wood");
}

// ---- Harvest (§6.9) -------------------------------------------------------------------

void MadeiraGame::harvest_field(Table& t, int s, int f) const {
  if (board(t, engine_->bk.wood + f) > 0) {
    set_board(t, engine_->bk.wood + f, board(t, engine_->bk.wood + f) - 1);
    add_home(t, s, engine_->hk.wood, 1);
  } else {
    add_home(t, s, engine_->hk.goods + board(t, engine_->bk.good + f), 1);
  }
}

std::vector<int> MadeiraGame::harvest(FlowContext& ctx, int s, int region) const {
  Table& t = ctx.table();
  std::vector<int> done;
  for (int f = 0; f < fields(); ++f)
    if (rules().fields[static_cast<std::size_t>(f)].region == region && (board(t, engine_->bk.workers + f) >> s & 1)) {
      harvest_field(t, s, f);
      done.push_back(f);
    }
  if (ctx.logging()) ctx.log(seat_name(s) + " harvests " + std::to_string(done.size()) + " field(s) in region " + std::to_string(region));
  return done;
}

void MadeiraGame::start_again(FlowContext& ctx) {
  Frame& f = ctx.frame();
  const int mask = f.p[0];
  if (mask == 0) return ctx.end_step();
  if ((mask & (mask - 1)) == 0) {  // one field: no choice
    int x = 0;
    while (!(mask >> x & 1)) ++x;
    harvest_field(ctx.table(), f.seat, x);
    ctx.end_step();
  }
}

// ---- Tiles: favors (§4.7, §13.11) and King's rewards (§13.12) ----------------------------

void MadeiraGame::favor_args(const FlowView& v, int favor, MoveSink& out) const {
  const TileDef& tile = rules().favors[static_cast<std::size_t>(favor)];
  if (tile.phase_c_only && phase(v.table) != kPhaseC) return;
  const int n = tile.choose == TileChoice::City ? kCities : tile.choose == TileChoice::GoodsPair ? 6 : 1;
  for (int arg = 0; arg < n; ++arg) out.add(kinds().favor, favor, arg);
}

void MadeiraGame::use_tile(FlowContext& ctx, int s, const TileDef& tile, EffectId effect, int arg) const {
  if (ctx.logging()) ctx.log(seat_name(s) + " uses " + tile.id);
  engine_->scripts->apply(effect, ctx.table(), ctx.script_context(s), std::to_string(arg));
}

void MadeiraGame::collect_city(FlowContext& ctx, int s, int city, int own) const {
  Table& t = ctx.table();
  const int n = rules().mayor_per_worker * own + rules().mayor_per_citizen * city_citizens(t, city);
  const int what = rules().cities[static_cast<std::size_t>(city)].mayor;
  if (what == 0) add_home(t, s, engine_->hk.bread, n);
  else if (what == 1) add_home(t, s, engine_->hk.reals, n);
  else receive_wood(ctx, s, n);
  if (ctx.logging())
    ctx.log(seat_name(s) + " collects " + std::to_string(n) + (what == 0 ? " bread" : what == 1 ? " reals" : " wood (as accessible)") +
            " in " + rules().cities[static_cast<std::size_t>(city)].name);
}

// ---- Ships (§6.6) -----------------------------------------------------------------------

namespace {
constexpr int kPortTargets = kColonies * kPorts;
}

bool MadeiraGame::ship_moves(const Table& t, int s, MoveSink& out, bool first_only) const {
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const int P = t.players(), F = fields(), targets = kPortTargets + engine_->columns;
  // Each target once: its physical space (-1 when unusable now) and whether it is affordable.
  int phys[kPortTargets + 32];
  for (int to = 0; to < targets; ++to) {
    phys[to] = -1;
    int good = kWine, amount = 0, key = 0;
    if (to < kPortTargets) {
      const auto& port = r.colonies[static_cast<std::size_t>(to / kPorts)].ports[static_cast<std::size_t>(to % kPorts)];
      if (port.second > P) continue;
      amount = port.first;
      key = k.port + to;
    } else {
      const int col = to - kPortTargets, m = engine_->column_market[static_cast<std::size_t>(col)];
      const MarketDef& md = r.markets[static_cast<std::size_t>(m)];
      const int first = engine_->column_first[static_cast<std::size_t>(m)];
      good = md.good;
      amount = md.columns[static_cast<std::size_t>(col - first)].first;
      key = k.market + (P == 2 && col - first == md.merged_first + 1 ? first + md.merged_first : col);
    }
    if (board(t, key) == 0 && home(t, s, engine_->hk.goods + good) >= amount) phys[to] = key;
  }
  // Wood for a ship from home: own wood, else one bought from an accessible source.
  int srcs[32], nsrc = 0;
  if (home(t, s, engine_->hk.ships) > 0) {
    if (home(t, s, engine_->hk.wood) > 0) srcs[nsrc++] = 0;
    else if (wood_buy_price(t, s, 1) <= home(t, s, engine_->hk.reals))
      for (int x = 0; x <= F; ++x)
        if (has_access(t, s, x)) srcs[nsrc++] = x + 1;
  }
  bool any = false;
  for (int i = 0; i < nsrc; ++i)
    for (int to = 0; to < targets; ++to)
      if (phys[to] >= 0) {
        if (first_only) return true;
        out.add(kinds().ship, 0, to, srcs[i]);
        any = true;
      }
  for (int from = 0; from < targets; ++from) {
    int key = 0;
    if (from < kPortTargets) {
      key = k.port + from;
    } else {
      const int col = from - kPortTargets, m = engine_->column_market[static_cast<std::size_t>(col)];
      if (P == 2 && col - engine_->column_first[static_cast<std::size_t>(m)] == r.markets[static_cast<std::size_t>(m)].merged_first + 1) continue;
      key = k.market + col;
    }
    if (board(t, key) != s + 1) continue;
    for (int to = 0; to < targets; ++to)
      if (phys[to] >= 0 && phys[to] != key) {
        if (first_only) return true;
        out.add(kinds().ship, from + 1, to, 0);
        any = true;
      }
  }
  return any;
}

void MadeiraGame::resolve_ships(FlowContext& ctx) {
  Frame& f = ctx.frame();
  const int s = f.seat;
  if (f.p[1]) {
    add_home(ctx.table(), s, engine_->hk.reals, f.p[1]);
    if (ctx.logging()) ctx.log(seat_name(s) + " takes " + std::to_string(f.p[1]) + " reals from trade");
  }
  // Rewards in the order the ships arrived: push the second first.
  if (f.p[3]) ctx.push(engine_->steps.reward, s, {f.p[3] - 1});
  if (f.p[2]) ctx.push(engine_->steps.reward, s, {f.p[2] - 1});
}

void MadeiraGame::mayor_income(FlowContext& ctx) {
  const int s = ctx.seat();
  for (int c = 0; c < kCities; ++c)
    if (const int own = city_workers(ctx.table(), s, c)) collect_city(ctx, s, c, own);
}

// ---- Legal moves --------------------------------------------------------------------------

void MadeiraGame::mill_moves(const FlowView& v, int kind, MoveSink& out) const {
  const Table& t = v.table;
  const int ph = phase(t), s = v.seat();
  if (ph < kPhaseB || ph > kPhaseD) return;
  const HomeKeys& h = engine_->hk;
  const int mill = home(t, s, h.mill), top = rules().mill_levels - 1;
  const Engine::Kinds& K = kinds();
  if (kind == K.trade) {
    for (int a = 0; a < kGoods; ++a)
      for (int b = a; b < kGoods; ++b) {
        if (home(t, s, h.goods + a) < (a == b ? 2 : 1) || home(t, s, h.goods + b) < 1) continue;
        // Taking back a type just paid only discards the other good: not offered.
        for (int g = 0; g < kGoods; ++g)
          if (g != a && g != b) out.add(K.trade, a, b, g);
      }
  } else if (kind == K.improve) {
    if (mill < top && home(t, s, h.goods + kWheat) >= rules().improve_wheat) out.add(K.improve);
  } else if (kind == K.top) {
    if (mill >= top && home(t, s, h.goods + kWheat) >= rules().improve_wheat) out.add(K.top);
  } else if (kind == K.cash) {
    if (ph != kPhaseD && mill > 0) out.add(K.cash, 0), out.add(K.cash, 1);
  } else if (kind == K.sacrifice) {
    if (ph != kPhaseD && mill == 0 && home(t, s, h.pp) >= 1) out.add(K.sacrifice, 0), out.add(K.sacrifice, 1);
  }
}

void MadeiraGame::legal(const FlowView& v, int kind, MoveSink& out) const {
  const Table& t = v.table;
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const HomeKeys& h = engine_->hk;
  const Engine::Kinds& K = kinds();
  const Locations& L = engine_->loc;
  const int s = v.seat(), P = t.players(), F = fields();
  if (kind == K.trade || kind == K.improve || kind == K.top || kind == K.cash || kind == K.sacrifice)
    return mill_moves(v, kind, out);
  if (kind == K.city) {
    // One space per city: the spaces of a city are alike for every rule.
    for (int c = 0; c < kCities; ++c)
      for (int i = 0; i < 12; ++i)
        if (may_enter(t, s, L.city(c * 12 + i), kToCityAny)) {
          out.add(K.city, c * 12 + i);
          break;
        }
  } else if (kind == K.field) {
    for (int f = 0; f <= F; ++f) {
      if (f == F) {
        if (!(board(t, k.workers + F) >> s & 1)) out.add(K.field, f);
        continue;
      }
      if (board(t, k.workers + f) != 0) continue;
      bool same_region = false;
      for (int g = 0; g < F; ++g)
        if ((board(t, k.workers + g) >> s & 1) && r.fields[static_cast<std::size_t>(g)].region == r.fields[static_cast<std::size_t>(f)].region)
          same_region = true;
      if (!same_region) out.add(K.field, f);
    }
  } else if (kind == K.draft) {
    const auto& rows = r.rows.at(P);
    for (int row = 0; row < P; ++row) {
      if (board(t, k.row_seat + row)) continue;
      bool any = false;
      for (int j = 0; j < r.requests_per_row; ++j) {
        if (!board(t, k.row_request + row * r.requests_per_row + j)) continue;
        any = true;
        for (std::size_t g = 0; g < rows[static_cast<std::size_t>(row)].size(); ++g) out.add(K.draft, row, j, static_cast<int>(g));
      }
      // A row without requests (only in an edited state) is still taken, for its dice.
      if (!any)
        for (std::size_t g = 0; g < rows[static_cast<std::size_t>(row)].size(); ++g) out.add(K.draft, row, 0, static_cast<int>(g));
    }
  } else if (kind == K.favor) {
    if (home(t, s, h.favor_used)) return;
    for (std::size_t f = 0; f < r.favors.size(); ++f)
      if (board(t, k.favor_owner + static_cast<int>(f)) == s + 1 && board(t, k.favor_up + static_cast<int>(f)))
        favor_args(v, static_cast<int>(f), out);
  } else if (kind == K.place) {
    const int bread = home(t, s, h.bread);
    int seen = 0;  // die values already offered (bit per value)
    for (int d = 0; d < 3 + r.pirate_dice && d < 6; ++d) {
      const bool pirate = d >= 3;
      const int value = pirate ? board(t, k.pirate_die + d - 3) : home(t, s, h.dice + d);
      if (value <= 0) continue;
      const int bit = 1 << (value + (pirate ? 10 : 0));
      if (seen & bit) continue;
      seen |= bit;
      if (pirate && board(t, k.watch + s) <= 0) continue;
      for (int b = 0; b < kBuildings; ++b) {
        const int region = r.buildings[static_cast<std::size_t>(b)].region;
        if (board(t, k.gdice + b) + board(t, k.pdice + b) >= P) continue;
        if (pirate && board(t, k.pdice + b)) continue;
        if (std::max(0, region - value) > bread) continue;
        out.add(K.place, d, b);
      }
    }
  } else if (kind == K.pass) {
    for (int i = 0; i < kPassSpaces; ++i) {
      if (board(t, k.pass + i)) continue;
      out.add(K.pass, i, 0);
      const std::string& other = r.pass_spaces[static_cast<std::size_t>(i)].other;
      if (other == "pp_and_city_worker") out.add(K.pass, i, 1);
      else if (other == "worker_to_city_watch") {
        for (int from = 0; from < L.count(); ++from)
          if (may_leave(t, s, from, kToWatch, L.watch())) {
            out.add(K.pass, i, 1);
            break;
          }
      } else if (other == "move_one_ship") {
        std::vector<Move> unused;  // first_only adds nothing
        MoveSink none(unused);
        if (ship_moves(t, s, none, /*first_only=*/true)) out.add(K.pass, i, 1);
      }
    }
  } else if (kind == K.action) {
    const int c = board(t, k.character + v.frame.p[0]);
    if (c != kHarvester && r.characters[static_cast<std::size_t>(c)] != "guild_master") out.add(K.action);
  } else if (kind == K.build) {
    const int c = board(t, k.character + v.frame.p[0]);
    if (c == kHarvester || r.characters[static_cast<std::size_t>(c)] != "guild_master") return;
    for (int d = 0; d < kCities * kDistricts; ++d)
      if (board(t, k.district + d) && can_pay_wood(t, s, r.district_wood[static_cast<std::size_t>(d % kDistricts)])) out.add(K.build, d);
  } else if (kind == K.harvest || kind == K.skip || kind == K.done || kind == K.refuse || kind == K.decline) {
    out.add(kind);
  } else if (kind == K.worker) {
    const int purpose = v.frame.p[1];
    std::vector<int> dests;
    for (int to = 0; to < L.count(); ++to) {
      if (!may_enter(t, s, to, purpose)) continue;
      // One space per city (the spaces of a city are alike).
      if (to >= L.city(0) && to < L.colony(0)) {
        const int c = (to - L.city(0)) / 12;
        if (!dests.empty() && dests.back() >= L.city(c * 12) && dests.back() < L.city(c * 12 + 12)) continue;
      }
      dests.push_back(to);
    }
    int city_seen = 0;
    for (int from = 0; from < L.count(); ++from) {
      if (at_location(t, s, from) <= 0 || from == L.watch()) continue;
      if (from >= L.city(0) && from < L.colony(0)) {  // own workers of one city are alike
        const int c = (from - L.city(0)) / 12;
        if (city_seen >> c & 1) continue;
        city_seen |= 1 << c;
      }
      for (int to : dests)
        if (may_leave(t, s, from, purpose, to)) out.add(K.worker, from, to);
    }
  } else if (kind == K.ship) {
    ship_moves(t, s, out, /*first_only=*/false);
  } else if (kind == K.reward) {
    out.add(K.reward, 0);
    out.add(K.reward, 1);
  } else if (kind == K.citymove) {
    // Own workers of a city are alike, and so are its citizens; moves within a city change nothing.
    for (int c = 0; c < kCities; ++c) {
      bool own = false, citizen = false;
      for (int i = 0; i < 12; ++i) {
        const int from = c * 12 + i, who = board(t, k.city + from);
        const bool mine = who == s + 1, cit = who == kCitizen;
        if ((!mine || own) && (!cit || citizen)) continue;
        own = own || mine;
        citizen = citizen || cit;
        for (int c2 = 0; c2 < kCities; ++c2) {
          if (c2 == c) continue;
          for (int j = 0; j < 12; ++j)
            if (may_enter(t, s, L.city(c2 * 12 + j), kToCityAny)) {
              out.add(K.citymove, from, c2 * 12 + j);
              break;
            }
        }
      }
    }
  } else if (kind == K.wood) {
    const bool buying = v.frame.step == engine_->steps.buy_wood;
    if (buying && wood_buy_price(t, s, 1) > home(t, s, h.reals)) return;
    for (int src = 0; src <= F; ++src)
      if (has_access(t, s, src)) out.add(K.wood, src);
  } else if (kind == K.again) {
    for (int f = 0; f < F; ++f)
      if (v.frame.p[0] >> f & 1) out.add(K.again, f);
  } else if (kind == K.discard) {
    for (int n = 0; n <= std::min(v.frame.p[0], pirates(t, s)); ++n) out.add(K.discard, n);
  } else if (kind == K.flip) {
    for (std::size_t f = 0; f < r.favors.size(); ++f)
      if (board(t, k.favor_owner + static_cast<int>(f)) == s + 1 && !board(t, k.favor_up + static_cast<int>(f)))
        out.add(K.flip, static_cast<int>(f));
  } else if (kind == K.pay) {
    if (home(t, s, h.reals) >= board(t, k.cost)) out.add(K.pay);
  } else if (kind == K.honor) {
    out.add(K.honor);
  } else if (kind == K.upkeep) {
    const int ships = ships_on_board(t, s);
    for (int n = 0; n <= ships; ++n)
      if (can_pay_wood(t, s, n)) out.add(K.upkeep, n);
  } else if (kind == K.feed) {
    const int due = std::max(0, workers_on_board(t, s) - home(t, s, h.mill));
    for (int n = 0; n <= std::min(due, home(t, s, h.bread)); ++n) out.add(K.feed, n);
  } else if (kind == K.score) {
    for (int i = 0; i < 3; ++i) {
      if (!home(t, s, h.requests + i)) continue;
      request_items(t, s, i, out);
    }
  }
}

void MadeiraGame::request_items(const Table& t, int s, int slot, MoveSink& out) const {
  const int q = home(t, s, engine_->hk.requests + slot) - 1;
  if (q < 0) return;
  const RequestDef& r = rules().requests[static_cast<std::size_t>(q)];
  const HomeKeys& h = engine_->hk;
  const auto items = [&](int used_key) {
    const int used = home(t, s, used_key);
    for (int i = 0; i < 3; ++i)
      if (!(used >> i & 1)) out.add(kinds().score, slot, i);
  };
  switch (r.choice) {
    case RequestChoice::Market: return items(h.used_tr);
    case RequestChoice::City: return items(h.used_ur);
    case RequestChoice::Colony: return items(h.used_ex);
    case RequestChoice::Amount:
      for (int k = 0; k <= std::min(r.cap, home(t, s, h.reals) / r.rate); ++k) out.add(kinds().score, slot, k);
      return;
    case RequestChoice::Favors:
      for (int k = 0; k <= std::max(0, face_up_favors(t, s) - home(t, s, h.used_gi)); ++k) out.add(kinds().score, slot, k);
      return;
  }
}

// ---- Applying moves ------------------------------------------------------------------------

void MadeiraGame::apply(FlowContext& ctx, const Move& m) {
  Table& t = ctx.table();
  const Rules& r = rules();
  const BoardKeys& k = engine_->bk;
  const HomeKeys& h = engine_->hk;
  const Engine::Kinds& K = kinds();
  const Locations& L = engine_->loc;
  const int s = ctx.seat(), P = t.players();
  const auto say = [&](const std::string& text) {
    if (ctx.logging()) ctx.log(seat_name(s) + " " + text);
  };
  if (m.kind == K.city) {
    move_worker(t, s, L.home(), L.city(m.p[0]));
  } else if (m.kind == K.field) {
    move_worker(t, s, L.home(), L.field(m.p[0]));
  } else if (m.kind == K.draft) {
    const int row = m.p[0];
    set_board(t, k.row_seat + row, s + 1);
    set_home(t, s, h.row, row + 1);
    for (int i = 0; i < 3; ++i) {
      set_home(t, s, h.dice + i, board(t, k.row_die + row * 3 + i));
      set_board(t, k.row_die + row * 3 + i, 0);
    }
    const int key = k.row_request + row * r.requests_per_row + m.p[1];
    int slot = 0;
    while (slot < 3 && home(t, s, h.requests + slot)) ++slot;
    if (board(t, key)) {
      if (slot == 3) throw RuleError("no room for another request");
      set_home(t, s, h.requests + slot, board(t, key));
      set_board(t, key, 0);
    }
    const int guild = r.rows.at(P)[static_cast<std::size_t>(row)][static_cast<std::size_t>(m.p[2])];
    for (std::size_t f = 0; f < r.favors.size(); ++f)
      if (r.favors[f].group == guild && board(t, k.favor_owner + static_cast<int>(f)) == s + 1)
        set_board(t, k.favor_up + static_cast<int>(f), 1);
    for (int i = 0; i < kPassSpaces; ++i)
      if (board(t, k.pass + i) == s + 1) set_board(t, k.pass + i, 0);
    say("takes row " + std::to_string(row + 1));
  } else if (m.kind == K.favor) {
    const int f = m.p[0];
    set_board(t, k.favor_up + f, 0);
    set_home(t, s, h.favor_used, 1);
    use_tile(ctx, s, r.favors[static_cast<std::size_t>(f)], engine_->favor_effects[static_cast<std::size_t>(f)], m.p[1]);
  } else if (m.kind == K.trade) {
    add_home(t, s, h.goods + m.p[0], -1);
    add_home(t, s, h.goods + m.p[1], -1);
    add_home(t, s, h.goods + m.p[2], 1);
  } else if (m.kind == K.improve) {
    add_home(t, s, h.goods + kWheat, -r.improve_wheat);
    add_home(t, s, h.mill, 1);
  } else if (m.kind == K.top) {
    add_home(t, s, h.goods + kWheat, -r.improve_wheat);
    add_home(t, s, h.pp, 1);
  } else if (m.kind == K.cash) {
    add_home(t, s, h.mill, -1);
    add_home(t, s, m.p[0] == 0 ? h.bread : h.reals, m.p[0] == 0 ? r.cash_bread : r.cash_reals);
  } else if (m.kind == K.sacrifice) {
    add_home(t, s, h.pp, -1);
    add_home(t, s, m.p[0] == 0 ? h.bread : h.reals, m.p[0] == 0 ? r.sacrifice_bread : r.sacrifice_reals);
  } else if (m.kind == K.place) {
    const int d = m.p[0], b = m.p[1];
    int value = 0;
    if (d < 3) {
      value = home(t, s, h.dice + d);
      set_home(t, s, h.dice + d, 0);
      set_board(t, k.gdice + b, board(t, k.gdice + b) + 1);
      set_board(t, k.marker + b * P + s, board(t, k.marker + b * P + s) + 1);
    } else {
      value = board(t, k.pirate_die + d - 3);
      set_board(t, k.pirate_die + d - 3, 0);
      set_board(t, k.pdice + b, 1);
      move_worker(t, s, L.watch(), L.home());
    }
    add_home(t, s, h.bread, -std::max(0, r.buildings[static_cast<std::size_t>(b)].region - value));
    say("places a " + std::string(d < 3 ? "guild" : "pirate") + " die (" + std::to_string(value) + ") on " + r.buildings[static_cast<std::size_t>(b)].name);
    ctx.push(engine_->steps.act, s, {b});
  } else if (m.kind == K.pass) {
    const int i = m.p[0];
    const PassSpace& space = r.pass_spaces[static_cast<std::size_t>(i)];
    set_board(t, k.pass + i, s + 1);
    set_home(t, s, h.passed, 1);
    for (int d = 0; d < 3; ++d) set_home(t, s, h.dice + d, 0);
    say("passes to space " + std::to_string(i + 1));
    ctx.announce(engine_->events.passed, {s, i + 1});
    if (m.p[1] == 0) add_home(t, s, h.reals, space.reals);
    else if (space.other == "pp_and_city_worker") {
      add_home(t, s, h.pp, space.pp);
      ctx.push(engine_->steps.relocate, s, {1, kToCityOther});
    } else if (space.other == "worker_to_city_watch") {
      ctx.push(engine_->steps.relocate, s, {1, kToWatch});
    } else if (space.other == "move_one_ship") {
      ctx.push(engine_->steps.ships, s, {1, 0, 0, 0});
    }
  } else if (m.kind == K.action) {
    const std::string& c = r.characters[static_cast<std::size_t>(board(t, k.character + ctx.frame().p[0]))];
    if (c == "administrator") ctx.push(engine_->steps.relocate, s, {r.administrator_workers, kToFields});
    else if (c == "captain") ctx.push(engine_->steps.ships, s, {r.captain_ships, 0, 0, 0});
    else if (c == "mayor") ctx.push(engine_->steps.mayor, s, {r.mayor_moves});
    else throw RuleError("no such character action");
  } else if (m.kind == K.build) {
    const int d = m.p[0], f = board(t, k.district + d) - 1;
    set_board(t, k.district + d, 0);
    set_board(t, k.favor_owner + f, s + 1);
    set_board(t, k.favor_up + f, 1);
    say("builds a district of " + r.cities[static_cast<std::size_t>(d / kDistricts)].name + " and takes " + r.favors[static_cast<std::size_t>(f)].id);
    pay_wood(ctx, s, r.district_wood[static_cast<std::size_t>(d % kDistricts)]);
  } else if (m.kind == K.harvest) {
    const int b = ctx.frame().p[0];
    const std::vector<int> done = harvest(ctx, s, r.buildings[static_cast<std::size_t>(b)].region);
    if (board(t, k.character + b) == kHarvester) {
      int mask = 0;
      for (int f : done) mask |= 1 << f;
      ctx.push(engine_->steps.again, s, {mask});
    }
  } else if (m.kind == K.skip || m.kind == K.done) {
  } else if (m.kind == K.worker) {
    Frame& f = ctx.frame();
    const int purpose = f.p[1], to = m.p[1];
    move_worker(t, s, m.p[0], to);
    --f.p[0];
    if (purpose == kToColony) add_home(t, s, h.pp, ships_in_colony(t, s, to - L.colony(0)));
    if (purpose == kToWatch) {
      const int most = std::min(r.max_pirate_discard, pirates(t, s));
      if (most > 0) ctx.push(engine_->steps.discard, s, {most});
    }
  } else if (m.kind == K.ship) {
    Frame& f = ctx.frame();
    const int from = m.p[0], to = m.p[1], src = m.p[2];
    if (from == 0) {
      add_home(t, s, h.ships, -1);
      if (src == 0) add_home(t, s, h.wood, -1);
      else {
        const int price = wood_buy_price(t, s, 1);
        take_wood_from(t, s, src - 1);
        add_home(t, s, h.reals, -price);
        add_home(t, s, h.bought, 1);
      }
    } else {
      const int tg = from - 1;
      set_board(t, tg < kPortTargets ? k.port + tg : k.market + tg - kPortTargets, 0);
    }
    if (to < kPortTargets) {
      const int c = to / kPorts;
      add_home(t, s, h.goods + kWine, -r.colonies[static_cast<std::size_t>(c)].ports[static_cast<std::size_t>(to % kPorts)].first);
      set_board(t, k.port + to, s + 1);
      (f.p[2] ? f.p[3] : f.p[2]) = c + 1;
      say("sends a ship to " + r.colonies[static_cast<std::size_t>(c)].name);
    } else {
      const int col = to - kPortTargets;
      const int mk = engine_->column_market[static_cast<std::size_t>(col)];
      const MarketDef& md = r.markets[static_cast<std::size_t>(mk)];
      const int first = engine_->column_first[static_cast<std::size_t>(mk)];
      const auto& [cost, income] = md.columns[static_cast<std::size_t>(col - first)];
      add_home(t, s, h.goods + md.good, -cost);
      const int phys = P == 2 && col - first == md.merged_first + 1 ? first + md.merged_first : col;
      set_board(t, k.market + phys, s + 1);
      f.p[1] += income;
      say("sends a ship to the " + md.id + " market (" + std::to_string(cost) + " " + good_name(md.good) + ")");
    }
    --f.p[0];
  } else if (m.kind == K.reward) {
    const int tile = board(t, k.reward + ctx.frame().p[0] * 2 + m.p[0]) - 1;
    use_tile(ctx, s, r.rewards[static_cast<std::size_t>(tile)], engine_->reward_effects[static_cast<std::size_t>(tile)], 0);
  } else if (m.kind == K.citymove) {
    set_board(t, k.city + m.p[1], board(t, k.city + m.p[0]));
    set_board(t, k.city + m.p[0], 0);
    --ctx.frame().p[0];
  } else if (m.kind == K.wood) {
    Frame& f = ctx.frame();
    const int src = m.p[0];
    if (f.step == engine_->steps.buy_wood) {
      const int price = wood_buy_price(t, s, 1);
      take_wood_from(t, s, src);
      add_home(t, s, h.reals, -price);
      add_home(t, s, h.bought, 1);
    } else {
      take_wood_from(t, s, src);
      add_home(t, s, h.wood, 1);
    }
    --f.p[0];
  } else if (m.kind == K.again) {
    harvest_field(t, s, m.p[0]);
  } else if (m.kind == K.discard) {
    discard_pirates(t, s, m.p[0], &ctx);
  } else if (m.kind == K.flip) {
    set_board(t, k.favor_up + m.p[0], 1);
    --ctx.frame().p[0];
  } else if (m.kind == K.pay) {
    const int b = board(t, k.bld);
    // An edited state may leave the pay step with no building in resolution (bld -1).
    if (b < 0 || b >= kBuildings) throw RuleError("no building is being resolved");
    add_home(t, s, h.reals, -board(t, k.cost));
    say("pays " + std::to_string(board(t, k.cost)) + " reals at " + r.buildings[static_cast<std::size_t>(b)].name);
    if (action_level(t, s, b) > 0)
      engine_->scripts->apply(engine_->building_effects[static_cast<std::size_t>(b)], t, ctx.script_context(s));
  } else if (m.kind == K.refuse) {
    gain_pirates(t, s, board(t, k.pir), &ctx);
  } else if (m.kind == K.honor) {
    move_worker(t, s, L.watch(), L.home());
    add_home(t, s, h.pp, r.honor_pp);
    say("takes the honor");
  } else if (m.kind == K.decline) {
  } else if (m.kind == K.upkeep) {
    const int ships = ships_on_board(t, s), n = m.p[0];
    gain_pirates(t, s, ships - n, &ctx);
    pay_wood(ctx, s, n);
  } else if (m.kind == K.feed) {
    const int due = std::max(0, workers_on_board(t, s) - home(t, s, h.mill));
    add_home(t, s, h.bread, -m.p[0]);
    gain_pirates(t, s, due - m.p[0], &ctx);
  } else if (m.kind == K.score) {
    const int slot = m.p[0];
    const int q = home(t, s, h.requests + slot) - 1;
    const int before = home(t, s, h.pp);
    engine_->scripts->apply(engine_->request_effects[static_cast<std::size_t>(q)], t, ctx.script_context(s), std::to_string(m.p[1]));
    set_home(t, s, h.requests + slot, 0);
    add_home(t, s, h.to_score, -1);
    say("scores " + r.requests[static_cast<std::size_t>(q)].id + " for " + std::to_string(home(t, s, h.pp) - before) + " PP");
  } else {
    throw RuleError("unknown move");
  }
}

}  // namespace madeira
