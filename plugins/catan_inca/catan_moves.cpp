// CATAN: Rise of the Inkas — move generators and applies: the hot paths over the board,
// production, the 7, declines and founding, the special cards and trading.
#include <algorithm>
#include <bit>
#include <utility>

#include "catan_game.hpp"
#include "tessera/error.hpp"

namespace catan_inca {

using namespace tessera;

// ---------------------------------------------------------------- board reading

void CatanGame::scan(const Table& t, Scan& s) const {
  // Only intersections, routes and robber positions can hold pieces (check_state); the
  // other entries keep "empty" so that every corner and edge reads right.
  const HexMap& board = t.get(board_);
  const auto corners = board.corner_sites();
  const auto edges = board.edge_sites();
  const auto hexes = board.hexes();
  s.owner.fill(-1);
  s.piece.fill(kEmpty);
  s.road.fill(-1);
  s.road_count.fill(0);
  s.building_count.fill(0);
  for (int c : geo().intersections) {
    const HexMap::Site& site = corners[static_cast<std::size_t>(c)];
    if (site.owner < 0) continue;
    s.owner[c] = static_cast<std::int8_t>(site.owner);
    s.piece[c] = piece_of(site.piece);
    int& n = s.building_count[site.owner];
    if (n < kMaxBuildings) s.buildings[site.owner][n] = static_cast<std::int16_t>(c);
    ++n;
  }
  for (int e : geo().routes) {
    const int owner = edges[static_cast<std::size_t>(e)].owner;
    s.road[e] = static_cast<std::int8_t>(owner);
    if (owner < 0) continue;
    int& n = s.road_count[owner];
    if (n < kMaxRoads) s.roads[owner][n] = static_cast<std::int16_t>(e);
    ++n;
  }
  for (Scan::Reach& r : s.reach) r.known = false;
  s.route_known.fill(false);
  s.robber = -1;
  for (int h : geo().robber_hexes)
    if (!hexes[static_cast<std::size_t>(h)].piece.empty()) s.robber = h;
  for (int h = 0; h < rules().board_tiles; ++h) {  // a number no roll shows (an edit's 300) is none
    const int n = hexes[static_cast<std::size_t>(h)].number;
    s.number[h] = static_cast<std::int8_t>(n >= 2 && n <= 12 ? n : 0);
  }
}

const CatanGame::Scan& CatanGame::scanned(const Table& t) const {
  const std::uint64_t stamp = t.get(board_).stamp();
  if (stamp != scan_stamp_) {
    scan(t, scan_cache_);
    scan_stamp_ = stamp;
  }
  return scan_cache_;
}

int CatanGame::pieces_on_board(const Scan& s, int seat, Piece a, Piece b) const {
  int n = 0;
  for (int i = 0; i < std::min(s.building_count[seat], kMaxBuildings); ++i) {
    const int c = s.buildings[seat][i];
    n += s.piece[c] == a || s.piece[c] == b ? 1 : 0;
  }
  return n;
}

int CatanGame::roads_on_board(const Scan& s, int seat) const { return s.road_count[seat]; }

// §5.4.4: an own active building, or an empty intersection where an own road ends.
bool CatanGame::anchors(const Scan& s, int seat, int corner) const {
  const Piece p = static_cast<Piece>(s.piece[corner]);
  if (p != kEmpty) return s.owner[corner] == seat && (p == kSettlement || p == kCity);
  const Geometry::Corner& c = geo().corners[corner];
  for (int i = 0; i < c.edge_count; ++i)
    if (s.road[c.edges[i]] == seat) return true;
  return false;
}

// §5.5.2: no building (active or declined) on an adjacent intersection.
bool CatanGame::distance_clear(const Scan& s, int corner) const {
  const Geometry::Corner& c = geo().corners[corner];
  for (int i = 0; i < c.adjacent_count; ++i)
    if (s.piece[c.adjacent[i]] != kEmpty) return false;
  return true;
}

bool CatanGame::can_pay(const CardCounts& hand, const CardCounts& cost) const {
  for (int i = 0; i < kCardTypes; ++i)
    if (hand[i] < cost[i]) return false;
  return true;
}

void CatanGame::pay(Table& t, int seat, const CardCounts& cost) const {
  Supply& s = t.get(cards_);
  for (int i = 0; i < kCardTypes; ++i)
    if (cost[i]) s.pay_at(seat, i, cost[i]);
}

// §5.10.1: the longest trail over `seat`'s roads that passes through no other player's
// building (nor, with the §8.5 flag, through an own declined one).
int CatanGame::route_length(const Scan& s, int seat) const {
  if (!s.route_known[seat]) {
    s.route[seat] = trail_length(s, seat);
    s.route_known[seat] = true;
  }
  return s.route[seat];
}

int CatanGame::trail_length(const Scan& s, int seat) const {
  const Geometry& g = geo();
  const int n = std::min(s.road_count[seat], kMaxRoads);
  if (n == 0) return 0;
  const auto& mine = s.roads[seat];
  const bool own_breaks = rules().options.own_declined_breaks_route;
  auto blocked = [&](int corner) {
    if (s.piece[corner] == kEmpty) return false;
    if (s.owner[corner] != seat) return true;
    return own_breaks && (s.piece[corner] == kDecSettlement || s.piece[corner] == kDecCity);
  };
  // The seat's roads as a small graph: for each road and end, whether a trail must stop
  // there and which other own roads (a bit each) go on from there.
  struct End {
    int corner;
    bool stop;
    std::uint32_t next;
  };
  std::uint64_t stops = 0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 2; ++k)
      if (blocked(g.edges[mine[i]].ends[k])) stops |= std::uint64_t{1} << (2 * i + k);
  // The same roads with the same stops: the same answer as the last time.
  RouteMemo& memo = route_memo_[static_cast<std::size_t>(seat)];
  if (memo.count == n && memo.stops == stops && std::equal(mine.begin(), mine.begin() + n, memo.roads.begin()))
    return memo.length;
  std::array<std::array<End, 2>, kMaxRoads> ends;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 2; ++k) {
      const int corner = g.edges[mine[i]].ends[k];
      std::uint32_t next = 0;
      for (int j = 0; j < n; ++j)
        if (j != i && (g.edges[mine[j]].ends[0] == corner || g.edges[mine[j]].ends[1] == corner)) next |= 1u << j;
      ends[i][k] = {corner, ((stops >> (2 * i + k)) & 1) != 0, next};
    }
  int best = 0;
  // Depth-first over trails: `road` was just walked, leaving by its end `out`.
  auto walk = [&](auto&& self, int road, int out, std::uint32_t used, int length) -> void {
    best = std::max(best, length);
    const End& at = ends[road][out];
    if (best == n || at.stop) return;
    for (std::uint32_t rest = at.next & ~used; rest != 0; rest &= rest - 1) {
      const int next = std::countr_zero(rest);
      self(self, next, ends[next][0].corner == at.corner ? 1 : 0, used | (1u << next), length + 1);
    }
  };
  for (int i = 0; i < n && best < n; ++i)
    for (int out = 0; out < 2; ++out) walk(walk, i, out, 1u << i, 1);
  memo.count = n;
  memo.stops = stops;
  std::copy(mine.begin(), mine.begin() + n, memo.roads.begin());
  memo.length = best;
  return best;
}

// ---------------------------------------------------------------- generators

void CatanGame::placement_moves(const FlowView& v, MoveSink& out) const {
  const Scan& s = scanned(v.table);
  const Geometry& g = geo();
  if (v.frame.p[1] == 0) {
    for (std::size_t c = 0; c < g.corners.size(); ++c)
      if (g.corners[c].intersection && s.piece[c] == kEmpty && distance_clear(s, static_cast<int>(c)))
        out.add(kinds().place_settlement, static_cast<int>(c));
    return;
  }
  const Geometry::Corner& c = g.corners[static_cast<std::size_t>(v.frame.p[1] - 1)];
  for (int i = 0; i < c.edge_count; ++i)
    if (g.edges[c.edges[i]].route && s.road[c.edges[i]] < 0) out.add(kinds().place_road, c.edges[i]);
}

const CatanGame::Scan::Reach& CatanGame::reach(const Scan& s, int seat) const {
  Scan::Reach& r = s.reach[seat];
  if (r.known) return r;
  const Geometry& g = geo();
  int n = 0;
  for (int i = 0; i < std::min(s.road_count[seat], kMaxRoads); ++i)
    for (int end : g.edges[s.roads[seat][i]].ends) r.ends[n++] = static_cast<std::int16_t>(end);
  std::sort(r.ends.begin(), r.ends.begin() + n);
  r.end_count = static_cast<int>(std::unique(r.ends.begin(), r.ends.begin() + n) - r.ends.begin());
  // §5.4.4: a free route with an anchor at either end; only the sides of the seat's
  // buildings and road ends can qualify.
  n = 0;
  auto add_sides = [&](int corner) {
    if (!anchors(s, seat, corner)) return;
    const Geometry::Corner& c = g.corners[corner];
    for (int i = 0; i < c.edge_count; ++i)
      if (g.edges[c.edges[i]].route && s.road[c.edges[i]] < 0) r.sides[n++] = static_cast<std::int16_t>(c.edges[i]);
  };
  for (int i = 0; i < r.end_count; ++i) add_sides(r.ends[i]);
  for (int i = 0; i < std::min(s.building_count[seat], kMaxBuildings); ++i) add_sides(s.buildings[seat][i]);
  std::sort(r.sides.begin(), r.sides.begin() + n);
  r.side_count = static_cast<int>(std::unique(r.sides.begin(), r.sides.begin() + n) - r.sides.begin());
  // §5.5.1: a settlement at an own road's end, by the distance rule; a rebuild of an own
  // declined settlement frees its piece at once (§6.4.6).
  const int free_pieces = rules().settlements - pieces_on_board(s, seat, kSettlement, kDecSettlement);
  r.site_count = 0;
  for (int i = 0; i < r.end_count; ++i) {
    const int c = r.ends[i];
    if (!g.corners[c].intersection) continue;
    const Piece p = static_cast<Piece>(s.piece[c]);
    if (p == kSettlement || p == kCity) continue;
    if (free_pieces <= 0 && !(p == kDecSettlement && s.owner[c] == seat)) continue;
    if (distance_clear(s, c)) r.sites[r.site_count++] = static_cast<std::int16_t>(c);
  }
  r.known = true;
  return r;
}

void CatanGame::road_moves(const Scan& s, int seat, int kind, MoveSink& out) const {
  const Scan::Reach& r = reach(s, seat);
  for (int i = 0; i < r.side_count; ++i) out.add(kind, r.sides[i]);
}

void CatanGame::card_moves(const Table& t, int seat, int flags, int bought, MoveSink& out) const {
  if (flags & kCardPlayed) return;
  const Hand& hand = t.get(seats_[seat].hand);
  Playable& known = playable_[static_cast<std::size_t>(seat)];
  if (known.stamp != hand.stamp()) {  // the hand changed since it was counted
    known.count.fill(0);
    for (int i = 0; i < hand.size(); ++i)
      if (!hand.is_revealed(i)) ++known.count[static_cast<std::size_t>(rules().dev_index(hand.cards()[i]))];
    known.stamp = hand.stamp();
  }
  const std::array<int, 4>& playable = known.count;
  for (int k = 0; k < static_cast<int>(rules().dev_cards.size()); ++k)
    if (playable[k] - ((bought >> (4 * k)) & 15) > 0) out.add(kinds().play_card, k);
}

void CatanGame::tribute_moves(const Table& t, const Scan& s, int seat, int flags, MoveSink& out) const {
  if ((flags & kTributeUsed) || t.get(progress_).get(key::might_holder) != seat) return;
  if (s.robber < 0 || !rules().is_land(s.robber)) return;  // §5.11.2: the robber must stand on land
  bool touches = false;
  for (int c : geo().hex_corners[s.robber]) {
    if (s.owner[c] != seat) continue;
    if (s.piece[c] == kSettlement || s.piece[c] == kCity || rules().options.mca_counts_declined) touches = true;
  }
  if (!touches) return;
  const int spots = static_cast<int>(geo().robber_spots.size());
  for (int spot = 0; spot < spots; ++spot) out.add(kinds().tribute, spot);  // a spot by its place in the list
}

void CatanGame::turn_moves(const FlowView& v, MoveSink& out) const {
  const Table& t = v.table;
  const int seat = v.seat(), flags = v.frame.p[0], bought = v.frame.p[1];
  const Engine::Kinds& k = kinds();
  const Scan& s = scanned(t);
  if (!(flags & kRolled)) {  // §4.1: before the roll only a card and the tribute
    out.add(k.roll);
    card_moves(t, seat, flags, bought, out);
    tribute_moves(t, s, seat, flags, out);
    return;
  }
  const Rules& r = rules();
  const CardCounts hand = hand_of(t, seat);
  const CardCounts bank = bank_of(t);
  if (can_pay(hand, r.road_cost) && roads_on_board(s, seat) < r.roads) road_moves(s, seat, k.build_road, out);
  if (can_pay(hand, r.settlement_cost)) {
    const Scan::Reach& sites = reach(s, seat);
    for (int i = 0; i < sites.site_count; ++i) out.add(k.build_settlement, sites.sites[i]);
  }
  if (can_pay(hand, r.city_cost) && pieces_on_board(s, seat, kCity, kDecCity) < r.cities &&
      pieces_on_board(s, seat, kCity) < r.cities_per_tribe)
    for (int i = 0; i < std::min(s.building_count[seat], kMaxBuildings); ++i)
      if (s.piece[s.buildings[seat][i]] == kSettlement) out.add(k.build_city, s.buildings[seat][i]);
  if (can_pay(hand, r.dev_cost) && !t.get(development_).empty("draw")) out.add(k.buy_card);
  card_moves(t, seat, flags, bought, out);
  // §5.3.2 bank trades: the cards returned here, the card(s) taken in the take_cards step.
  int receivable = 0, resources_in_bank = 0;
  for (int i = 0; i < kCardTypes; ++i) {
    receivable += bank[i] > 0 ? 1 : 0;
    if (!r.cards[i].goods) resources_in_bank += bank[i];
  }
  for (int give = 0; give < kCardTypes; ++give) {
    const int rate = r.cards[give].goods ? r.goods_rate : r.resource_rate;
    if (hand[give] >= rate && receivable - (bank[give] > 0 ? 1 : 0) > 0) out.add(k.trade_bank, give);
  }
  bool set = true;
  for (int i = 0; i < kCardTypes; ++i)
    if (r.cards[i].goods) set &= hand[i] > 0;
  // After the goods go back the supply always holds some card, resources only if asked.
  if (set && (!r.options.goods_set_resources_only || resources_in_bank >= r.goods_set_receive)) out.add(k.trade_set);
  if (!(flags & kRouteTraded) && t.get(progress_).get(key::route_holder) == seat) {
    unsigned in_bank = 0;  // a bit per card type the bank holds
    for (int c = 0; c < kCardTypes; ++c) in_bank |= bank[c] > 0 ? 1u << c : 0u;
    for (int a = 0; a < kCardTypes; ++a)
      for (int b = a; b < kCardTypes; ++b) {
        if (hand[a] < (a == b ? 2 : 1) || hand[b] < 1) continue;
        if (in_bank & ~((1u << a) | (1u << b))) out.add(k.route_trade, a, b);  // some other card to take
      }
  }
  tribute_moves(t, s, seat, flags, out);
  // §5.3.1: a proposal to the other players, at most offers_per_turn a turn, when the
  // player and some other player hold cards (what the others hold is not the player's to know).
  if ((flags >> 8) < r.offers_per_turn && t.get(cards_).total(seat) > 0 && largest_other_hand(t, seat, 1) > 0)
    out.add(k.propose);
  out.add(k.end);
}

void CatanGame::discard_moves(const FlowView& v, MoveSink& out) const {
  // Cards of one type a move, as many as the step still asks for (§5.2).
  const CardCounts hand = hand_of(v.table, v.seat());
  const int most = std::min(v.frame.p[0], engine_->discard_most);
  for (int i = 0; i < kCardTypes; ++i)
    for (int n = 1; n <= std::min(hand[i], most); ++n) out.add(kinds().discard, i, n);
}

void CatanGame::robber_moves(const FlowView& v, MoveSink& out) const {
  const Scan& s = scanned(v.table);
  const Geometry& g = geo();
  const bool on_spot = std::find(g.robber_spots.begin(), g.robber_spots.end(), s.robber) != g.robber_spots.end();
  for (int h : g.land)
    if (h != s.robber) out.add(kinds().move_robber, h);
  if (on_spot && !rules().options.robber_frame_to_frame) return;
  for (int h : g.robber_spots)
    if (h != s.robber) out.add(kinds().move_robber, h);
}

// §5.2.4: other players with a building (active or declined) at the robber's land hex who
// hold a card.
std::vector<int> CatanGame::steal_candidates(const Table& t, const Scan& s, int seat) const {
  std::vector<int> out;
  if (s.robber < 0 || !rules().is_land(s.robber)) return out;
  for (int c : geo().hex_corners[s.robber]) {
    const int owner = s.owner[c];
    if (owner < 0 || owner == seat || std::find(out.begin(), out.end(), owner) != out.end()) continue;
    if (t.get(cards_).total(owner) > 0) out.push_back(owner);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void CatanGame::steal_moves(const FlowView& v, MoveSink& out) const {
  const Scan& s = scanned(v.table);
  for (int victim : steal_candidates(v.table, s, v.seat())) out.add(kinds().steal, victim);
}

// §6.5: a free intersection with a route, distance rule, no other player's road ending
// there; else (flag) one of the player's own declined buildings.
void CatanGame::found_moves(const FlowView& v, MoveSink& out) const {
  const Scan& s = scanned(v.table);
  const Geometry& g = geo();
  const int seat = v.seat();
  bool any = false;
  for (std::size_t c = 0; c < g.corners.size(); ++c) {
    const Geometry::Corner& corner = g.corners[c];
    if (!corner.intersection || s.piece[c] != kEmpty || !distance_clear(s, static_cast<int>(c))) continue;
    bool foreign_road = false;
    for (int i = 0; i < corner.edge_count; ++i) {
      const int owner = s.road[corner.edges[i]];
      foreign_road |= owner >= 0 && owner != seat;
    }
    if (foreign_road) continue;
    out.add(kinds().found, static_cast<int>(c));
    any = true;
  }
  if (any || !rules().options.founding_fallback) return;
  for (std::size_t c = 0; c < g.corners.size(); ++c)
    if (s.owner[c] == seat && (s.piece[c] == kDecSettlement || s.piece[c] == kDecCity))
      out.add(kinds().found, static_cast<int>(c));
}

void CatanGame::free_road_moves(const FlowView& v, MoveSink& out) const {
  const Scan& s = scanned(v.table);
  if (roads_on_board(s, v.seat()) < rules().roads) road_moves(s, v.seat(), kinds().free_road, out);
  out.add(kinds().stop);
}

void CatanGame::receive_moves(const FlowView& v, MoveSink& out) const {
  const CardCounts bank = bank_of(v.table);
  const bool resources_only = v.frame.p[3] != 0;
  for (int c = 0; c < kCardTypes; ++c)
    if (c != v.frame.p[0] && c != v.frame.p[1] && bank[c] > 0 && !(resources_only && rules().cards[c].goods))
      out.add(kinds().receive, c);
}

// The proposer's trade moves depend only on what the proposer sees: its own hand and the
// sizes of the others' hands (public), never which cards the others hold.

int CatanGame::largest_other_hand(const Table& t, int seat, int enough) const {
  const Supply& cards = t.get(cards_);
  int most = 0;
  for (int o = 0; o < players() && most < enough; ++o)
    if (o != seat) most = std::max(most, cards.total(o));
  return std::min(most, enough);
}

// The cards offered: one type the proposer holds, 1..max_count of it.
void CatanGame::proposal_moves(const FlowView& v, MoveSink& out) const {
  const CardCounts hand = hand_of(v.table, v.seat());
  const int most = rules().trade_max_count, offer = kinds().offer;
  for (int give = 0; give < kCardTypes; ++give)
    for (int n = 1; n <= std::min(hand[give], most); ++n) out.add(offer, give, n);
  out.add(kinds().withdraw);
}

// The cards asked for: any other type, 1..max_count of it, no more than the largest other
// hand holds. Who can pay is found when the others are asked (the responses step).
void CatanGame::ask_moves(const FlowView& v, MoveSink& out) const {
  const int most = largest_other_hand(v.table, v.seat(), rules().trade_max_count);
  for (int get = 0; get < kCardTypes; ++get) {
    if (get == v.frame.p[0]) continue;  // §5.3.1.3: no same-type swaps
    for (int n = 1; n <= most; ++n) out.add(kinds().ask, get, n);
  }
  out.add(kinds().withdraw);
}

void CatanGame::pick_moves(const FlowView& v, MoveSink& out) const {
  for (int o = 0; o < players(); ++o)
    if (v.frame.p[2] & (1 << o)) out.add(kinds().trade_with, o);
  out.add(kinds().withdraw);
}

// ---------------------------------------------------------------- applies

Frame* CatanGame::find_frame(FlowContext& ctx, int step) const {
  Flow& flow = ctx.flow();
  for (int i = flow.depth() - 1; i >= 0; --i)
    if (flow.at(i).step == step) return &flow.at(i);
  return nullptr;
}

void CatanGame::apply_move(FlowContext& ctx, const Move& m) {
  Table& t = ctx.table();
  const Engine::Kinds& k = kinds();
  const int seat = ctx.seat();
  const int kind = m.kind;
  Frame& f = ctx.frame();
  if (ctx.logging()) ctx.log(seat_name(seat) + ": " + label(ctx.view(), m));
  // What a trade, a tribute or a progress card moves between hands and the supply is public:
  // told after it from the hands before (a steal is told to its two seats only, below).
  Hands before;
  if (ctx.logging() && (kind == k.trade_with || kind == k.tribute || kind == k.choose)) before = hands(t);
  const Engine::Events& e = engine_->events;
  if (kind == k.place_settlement) {
    place_building(ctx, seat, m.p[0], kSettlement);
    f.p[1] = m.p[0] + 1;
    add_marker(ctx, seat, false);
    ctx.announce(e.settlement_built, {seat, m.p[0]});
  } else if (kind == k.place_road || kind == k.build_road || kind == k.free_road) {
    if (kind == k.build_road) pay(t, seat, rules().road_cost);
    if (kind == k.free_road) --f.p[0];
    place_road(t, seat, m.p[0]);
    update_route(ctx);
    ctx.announce(e.road_built, {seat, m.p[0]});
  } else if (kind == k.roll) {
    f.p[0] |= kRolled;
    roll(ctx);
  } else if (kind == k.build_settlement) {
    pay(t, seat, rules().settlement_cost);
    place_building(ctx, seat, m.p[0], kSettlement);
    add_marker(ctx, seat, true);
    ctx.announce(e.settlement_built, {seat, m.p[0]});
  } else if (kind == k.build_city) {
    pay(t, seat, rules().city_cost);
    place_building(ctx, seat, m.p[0], kCity);
    add_marker(ctx, seat, true);
    ctx.announce(e.city_built, {seat, m.p[0]});
  } else if (kind == k.buy_card) {
    pay(t, seat, rules().dev_cost);
    const std::string card = t.get(development_).draw("draw");
    const int index = rules().dev_index(card);
    f.p[1] += 1 << (4 * index);
    t.get(seats_[seat].hand).add(card);
    if (ctx.logging()) ctx.log("you draw " + rules().dev_cards[index].name, seat);
    ctx.announce(e.card_bought, {seat});
  } else if (kind == k.play_card) {
    f.p[0] |= kCardPlayed;
    play_card(ctx, m.p[0]);
  } else if (kind == k.trade_bank) {
    t.get(cards_).pay_at(seat, m.p[0], rules().cards[m.p[0]].goods ? rules().goods_rate : rules().resource_rate);
    ctx.push(engine_->steps.take_cards, seat, {m.p[0], m.p[0], 1, 0});
  } else if (kind == k.trade_set) {
    Supply& s = t.get(cards_);
    for (int i = 0; i < kCardTypes; ++i)
      if (rules().cards[i].goods) s.pay_at(seat, i, 1);
    ctx.push(engine_->steps.take_cards, seat, {-1, -1, rules().goods_set_receive, rules().options.goods_set_resources_only ? 1 : 0});
  } else if (kind == k.route_trade) {
    f.p[0] |= kRouteTraded;
    Supply& s = t.get(cards_);
    s.pay_at(seat, m.p[0], 1);
    s.pay_at(seat, m.p[1], 1);
    ctx.push(engine_->steps.take_cards, seat, {m.p[0], m.p[1], 1, 0});
  } else if (kind == k.receive) {
    t.get(cards_).gain_at(seat, m.p[0], 1);
    --f.p[2];
  } else if (kind == k.propose) {
    f.p[0] += kOfferUnit;
    ctx.push(engine_->steps.proposal, seat);
  } else if (kind == k.tribute) {
    f.p[0] |= kTributeUsed;
    const HexMap& board = std::as_const(t).get(board_);
    const int left = scanned(t).robber;
    const int product = rules().terrains[rules().terrain_index(board.hex(left).terrain)].produces;
    place_robber(t, geo().robber_spots[m.p[0]]);
    if (product >= 0 && t.get(cards_).bank_at(product) > 0) t.get(cards_).gain_at(seat, product, 1);
    if (ctx.logging()) log_hand_changes(ctx, before);
  } else if (kind == k.offer) {
    ctx.push(engine_->steps.ask, seat, {m.p[0], m.p[1]});
  } else if (kind == k.ask) {
    ctx.push(engine_->steps.responses, seat, {f.p[0] * 16 + f.p[1], m.p[0] * 16 + m.p[1], 0});
  } else if (kind == k.accept) {
    if (Frame* answers = find_frame(ctx, engine_->steps.responses)) answers->p[2] |= 1 << seat;
  } else if (kind == k.trade_with) {
    Supply& s = t.get(cards_);
    const int give = f.p[0], get = f.p[1], partner = m.p[0];
    s.transfer_at(seat, partner, give >> 4, give & 15);
    s.transfer_at(partner, seat, get >> 4, get & 15);
    if (ctx.logging()) log_hand_changes(ctx, before);
  } else if (kind == k.end) {
    f.p[0] |= kTurnOver;
  } else if (kind == k.discard) {
    t.get(cards_).pay_at(seat, m.p[0], m.p[1]);
    f.p[0] -= m.p[1];
  } else if (kind == k.move_robber) {
    move_robber(ctx, m.p[0]);
  } else if (kind == k.steal) {
    Supply& s = t.get(cards_);
    int pick = static_cast<int>(t.rng().below(static_cast<std::uint64_t>(s.total(m.p[0]))));
    for (int i = 0; i < kCardTypes; ++i) {
      const int n = s.count_at(m.p[0], i);
      if (pick < n) {
        s.transfer_at(m.p[0], seat, i, 1);
        if (ctx.logging()) {
          ctx.log(seat_name(seat) + " takes your " + card_id(i), m.p[0]);
          ctx.log("you take " + card_id(i), seat);
        }
        break;
      }
      pick -= n;
    }
  } else if (kind == k.found) {
    found(ctx, m.p[0]);
    ctx.announce(e.settlement_built, {seat, m.p[0]});
  } else if (kind == k.choose) {
    const std::string choice = card_options(ctx.view()).at(static_cast<std::size_t>(m.p[0])).id;
    card_choices_.valid = false;  // the card changes the state its options were read from
    engine_->scripts->apply(card_effect(f), t, ctx.script_context(seat), choice);
    if (ctx.logging()) log_hand_changes(ctx, before);
  }
  // withdraw, decline and stop change nothing but end their step.
}

void CatanGame::roll(FlowContext& ctx) {
  Table& t = ctx.table();
  const int a = t.rng().roll(1, 6), b = t.rng().roll(1, 6), sum = a + b;
  t.get(progress_).set(key::last_roll, sum);
  if (ctx.logging()) ctx.log(seat_name(ctx.seat()) + " rolls " + std::to_string(a) + "+" + std::to_string(b));
  ctx.announce(engine_->events.dice_rolled, {ctx.seat(), sum});
  const int robber = rules().robber_roll;
  if (sum != robber && !ctx.logging()) return produce(ctx, sum);
  if (sum != robber) {  // and tell what each seat received: production is public (§5.1)
    const Hands before = hands(t);
    produce(ctx, sum);
    if (log_hand_changes(ctx, before) == 0) ctx.log("the " + std::to_string(sum) + " gives nobody anything");
    return;
  }
  // §5.2: discards (every seat over its limit, from the roller on), then the robber.
  ctx.push(engine_->steps.seven, ctx.seat());
}

// §5.1: every hex with the number produces unless the robber stands on it; shortage rule.
void CatanGame::produce(FlowContext& ctx, int number) {
  Table& t = ctx.table();
  const HexMap& board = std::as_const(t).get(board_);  // read only: the board keeps its stamp
  const Scan& scan = scanned(t);  // the buildings, read once per change of the board
  const Geometry& g = geo();
  const auto hexes = board.hexes();
  std::array<CardCounts, kMaxSeats> owed{};
  unsigned produced = 0;  // a bit per card type some seat is owed
  for (int h = 0; h < rules().board_tiles; ++h) {
    if (scan.number[h] != number || h == scan.robber) continue;
    const int product = rules().terrains[rules().terrain_index(hexes[static_cast<std::size_t>(h)].terrain)].produces;
    if (product < 0) continue;
    for (int c : g.hex_corners[h]) {
      if (scan.owner[c] < 0) continue;
      const Piece p = static_cast<Piece>(scan.piece[c]);
      owed[scan.owner[c]][product] += (p == kCity || p == kDecCity) ? rules().city_yield : rules().settlement_yield;
      produced |= 1u << product;
    }
  }
  if (produced == 0) return;
  Supply& s = t.get(cards_);
  for (; produced != 0; produced &= produced - 1) {
    const int type = std::countr_zero(produced);
    int total = 0, owed_seats = 0;
    for (int seat = 0; seat < players(); ++seat) {
      total += owed[seat][type];
      owed_seats += owed[seat][type] > 0 ? 1 : 0;
    }
    const bool short_supply = s.bank_at(type) < total;
    if (short_supply && owed_seats > 1) {  // nobody receives this type
      if (ctx.logging()) ctx.log("the supply holds too little " + card_id(type) + " for everyone owed it: nobody receives any");
      continue;
    }
    for (int seat = 0; seat < players(); ++seat)
      if (owed[seat][type] > 0) s.gain_at(seat, type, owed[seat][type]);  // one seat takes what is left
  }
}

// A new piece on the board: a scan of the board as it was is mended to include it (its
// seat's list stays in board order) rather than read again, and every seat's reach is
// made anew (a piece may block another seat's road or site).
void CatanGame::place_road(Table& t, int seat, int edge) {
  const bool current = scan_stamp_ == std::as_const(t).get(board_).stamp();
  HexMap& board = t.get(board_);
  HexMap::Site& site = board.edge(edge);
  const int before = site.owner;
  site.owner = seat;
  site.piece = "road";
  Scan& s = scan_cache_;
  if (!current || before >= 0 || s.road_count[seat] >= kMaxRoads) return;  // read again when asked
  auto& mine = s.roads[seat];
  const auto end = mine.begin() + s.road_count[seat]++;
  const auto at = std::upper_bound(mine.begin(), end, edge);
  std::copy_backward(at, end, end + 1);
  *at = static_cast<std::int16_t>(edge);
  s.road[edge] = static_cast<std::int8_t>(seat);
  // The builder's reach and route are made anew; for the others the route is taken (a road
  // neither ends their roads nor anchors theirs, nor blocks a trail or a site).
  for (int other = 0; other < kMaxSeats; ++other) {
    Scan::Reach& r = s.reach[other];
    if (other == seat) r.known = false;
    if (!r.known) continue;
    const auto sides_end = r.sides.begin() + r.side_count;
    const auto taken = std::lower_bound(r.sides.begin(), sides_end, edge);
    if (taken == sides_end || *taken != edge) continue;
    std::copy(taken + 1, sides_end, taken);
    --r.side_count;
  }
  s.route_known[seat] = false;
  scan_stamp_ = board.stamp();
}

void CatanGame::place_building(FlowContext& ctx, int seat, int corner, Piece piece) {
  Table& t = ctx.table();
  const bool current = scan_stamp_ == std::as_const(t).get(board_).stamp();
  HexMap& board = t.get(board_);
  HexMap::Site& site = board.corner(corner);
  site.owner = seat;
  site.piece = piece_text(piece);
  Scan& s = scan_cache_;
  if (!current) return;
  const int before = s.owner[corner];
  if (before != seat) {  // a new building, or one over another seat's declined building
    if (s.building_count[seat] >= kMaxBuildings || (before >= 0 && s.building_count[before] > kMaxBuildings)) {
      scan_stamp_ = 0;  // beyond the lists: read again when asked
      return;
    }
    if (before >= 0) {
      auto& theirs = s.buildings[before];
      const auto end = theirs.begin() + s.building_count[before]--;
      const auto at = std::find(theirs.begin(), end, corner);  // there: the scan gave it its owner
      std::copy(at + 1, end, at);
    }
    auto& mine = s.buildings[seat];
    const auto end = mine.begin() + s.building_count[seat]++;
    const auto at = std::upper_bound(mine.begin(), end, corner);
    std::copy_backward(at, end, end + 1);
    *at = static_cast<std::int16_t>(corner);
  }
  s.owner[corner] = static_cast<std::int8_t>(seat);
  s.piece[corner] = piece;
  for (Scan::Reach& r : s.reach) r.known = false;
  s.route_known.fill(false);  // a building may cut any seat's trail
  scan_stamp_ = board.stamp();
}

// §6.1: one marker; the 11th wins (§7), a tribe's goal declines it (§6.3). Otherwise the
// trade route is recomputed (a settlement may cut another player's route).
void CatanGame::add_marker(FlowContext& ctx, int seat, bool may_decline) {
  Table& t = ctx.table();
  Counters& tribe = t.get(seats_[seat].tribe);
  const int m = tribe.add(key::markers, 1);
  const std::vector<int>& goals = rules().goals;
  if (m >= goals.back()) {
    t.get(progress_).set(key::winner, seat);
    if (ctx.logging()) ctx.log(seat_name(seat) + " places the last marker and wins");
    return;
  }
  const int active = tribe.get(key::tribe);
  if (may_decline && m == goals[static_cast<std::size_t>(active - 1)]) return decline(ctx, seat);
  update_route(ctx);
}

// §6.3: tribe 2 first clears the declined tribe-1 pieces; then roads go back, the active
// buildings get thickets, the route card is reassigned, and the new tribe is founded at
// once, which ends the turn.
void CatanGame::decline(FlowContext& ctx, int seat) {
  Table& t = ctx.table();
  // The seat's pieces, as the scan lists them (all of them: check_state bounds the counts).
  const Scan& s = scanned(t);
  std::array<std::int16_t, kMaxBuildings> buildings;
  std::array<std::int16_t, kMaxRoads> roads;
  const int building_count = std::min(s.building_count[seat], kMaxBuildings), road_count = std::min(s.road_count[seat], kMaxRoads);
  std::copy_n(s.buildings[seat].begin(), building_count, buildings.begin());
  std::copy_n(s.roads[seat].begin(), road_count, roads.begin());
  HexMap& board = t.get(board_);
  for (int i = 0; i < building_count; ++i) {  // the declined tribe's remains go, the active tribe declines
    HexMap::Site& site = board.corner(buildings[i]);
    const Piece p = piece_of(site.piece);
    if (p == kDecSettlement || p == kDecCity) site = HexMap::Site{};
    else site.piece = p == kCity ? "dec_city" : "dec_settlement";
  }
  for (int i = 0; i < road_count; ++i) board.edge(roads[i]) = HexMap::Site{};
  Counters& tribe = t.get(seats_[seat].tribe);
  tribe.add(key::tribe, 1);
  if (ctx.logging()) ctx.log(seat_name(seat) + "'s tribe declines; tribe " + std::to_string(tribe.get(key::tribe)) + " is founded");
  update_route(ctx);
  ctx.frame().p[0] |= kTurnOver;
  ctx.push(engine_->steps.found, seat);
}

void CatanGame::found(FlowContext& ctx, int corner) {
  const int seat = ctx.seat();
  place_building(ctx, seat, corner, kSettlement);  // replaces an own declined building (fallback)
  ctx.table().get(seats_[seat].tribe).add(key::markers, 1);
  check_deck2(ctx);
  update_route(ctx);
}

// §5.7.4: once every player has founded tribe 2, deck "2" goes under the draw pile.
void CatanGame::check_deck2(FlowContext& ctx) {
  Table& t = ctx.table();
  if (t.get(progress_).get(key::deck2_in)) return;
  for (int seat = 0; seat < players(); ++seat)
    if (tribe(t, seat) < 2) return;
  Deck& deck = t.get(development_);
  std::vector<std::string> second = deck.take_all("deck2");
  for (auto it = second.rbegin(); it != second.rend(); ++it) deck.put_bottom("draw", *it);
  t.get(progress_).set(key::deck2_in, 1);
  if (ctx.logging()) ctx.log("development deck 2 enters play");
}

// §5.10.3: the holder keeps it while longest (>= min); else a unique longest >= min takes
// it; otherwise it is set aside.
void CatanGame::update_route(FlowContext& ctx) {
  Table& t = ctx.table();
  const Scan& s = scanned(t);  // its callers have made their changes to the board
  int best = 0;
  std::array<int, kMaxSeats> len{};
  for (int seat = 0; seat < players(); ++seat) {
    len[seat] = route_length(s, seat);
    best = std::max(best, len[seat]);
    Counters& tribe = t.get(seats_[seat].tribe);
    if (tribe.get(key::route) != len[seat]) tribe.set(key::route, len[seat]);
  }
  Counters& progress = t.get(progress_);
  const int holder = progress.get(key::route_holder);
  if (holder >= 0 && len[holder] >= rules().ltr_min && len[holder] == best) return;
  int next = -1, count = 0;
  for (int seat = 0; seat < players(); ++seat)
    if (len[seat] == best) next = seat, ++count;
  if (count != 1 || best < rules().ltr_min) next = -1;
  if (next != holder) {
    progress.set(key::route_holder, next);
    if (ctx.logging()) ctx.log(next >= 0 ? seat_name(next) + " takes the Longest Trade Route" : "the Longest Trade Route is set aside");
  }
}

// §5.11.1: the first with min_face_up Combat Arts face up, then whoever has more.
void CatanGame::update_might(FlowContext& ctx, int seat) {
  Table& t = ctx.table();
  Counters& progress = t.get(progress_);
  const int holder = progress.get(key::might_holder);
  const int mine = face_up(t, seat);
  if (holder == seat || mine < rules().mca_min) return;
  if (holder < 0 || mine > face_up(t, holder)) {
    progress.set(key::might_holder, seat);
    if (ctx.logging()) ctx.log(seat_name(seat) + " takes the Mightiest Combat Arts");
  }
}

void CatanGame::play_card(FlowContext& ctx, int kind) {
  Table& t = ctx.table();
  const int seat = ctx.seat();
  Hand& hand = t.get(seats_[seat].hand);
  const DevCardDef& card = rules().dev_cards[static_cast<std::size_t>(kind)];
  if (card.combat_arts) {  // §5.8: face up, then the robber (no discards)
    for (int i = 0; i < hand.size(); ++i)
      if (!hand.is_revealed(i) && hand.cards()[i] == card.id) {
        hand.set_revealed(i, true);
        break;
      }
    update_might(ctx, seat);
    ctx.push(engine_->steps.robber, seat);
    return;
  }
  hand.remove(card.id);  // removes an unrevealed copy: revealed ones are Combat Arts only
  t.get(development_).put_top("removed", card.id);
  const EffectId effect = engine_->dev_effects[static_cast<std::size_t>(kind)];
  if (engine_->scripts->has_options(effect)) return ctx.push(engine_->steps.choose, seat, {kind});
  engine_->scripts->apply(effect, t, ctx.script_context(seat));
}

void CatanGame::move_robber(FlowContext& ctx, int hex) {
  Table& t = ctx.table();
  place_robber(t, hex);
  ctx.announce(engine_->events.robber_moved, {ctx.seat(), hex});
  const Scan& s = scanned(t);  // the board's change is made
  if (!steal_candidates(t, s, ctx.seat()).empty()) ctx.push(engine_->steps.steal, ctx.seat());
}

// A scan of the board as it was stays true but for the robber: it is mended, not read
// again (the robber moves on every 7 and every Combat Arts card).
void CatanGame::place_robber(Table& t, int hex) {
  const bool current = scan_stamp_ == std::as_const(t).get(board_).stamp();
  HexMap& board = t.get(board_);
  if (current && scan_cache_.robber >= 0) {
    board.hex(scan_cache_.robber).piece.clear();
  } else {  // only robber positions hold a piece (check_state)
    for (int h : geo().robber_hexes)
      if (!board.hex(h).piece.empty()) board.hex(h).piece.clear();
  }
  board.hex(hex).piece = "robber";
  if (current) {
    scan_cache_.robber = hex;
    scan_stamp_ = board.stamp();
  }
}

}  // namespace catan_inca
