// Sardinia — the card option kinds the plugin carries out (rules 5.1-5.6): for each, the
// legal targets as typed moves and the choice its Lua effect gets. Which card has which
// option, and which effect runs, is data (cards.yaml).
#include <algorithm>
#include <array>

#include "sardinia_game.hpp"
#include "sardinia_scoring.hpp"

namespace sardinia {

using namespace tessera;

namespace {

constexpr std::array<OptionKind, 9> kOptionKinds{{
    {"launch", &SardiniaGame::launch_targets, &SardiniaGame::one_port},
    {"sail", &SardiniaGame::sail_targets, &SardiniaGame::two_ports, &SardiniaGame::after_sail},
    {"recruit", &SardiniaGame::recruit_targets, &SardiniaGame::one_province},
    {"march", &SardiniaGame::march_targets, &SardiniaGame::two_provinces, &SardiniaGame::after_march},
    {"ordain", &SardiniaGame::ordain_targets, &SardiniaGame::one_province},
    {"travel", &SardiniaGame::travel_targets, &SardiniaGame::chaplain_to},
    {"harvest", &SardiniaGame::harvest_targets, &SardiniaGame::one_province},
    {"fortify", &SardiniaGame::fortify_targets, &SardiniaGame::one_fort_space},
    {"build", &SardiniaGame::build_targets, &SardiniaGame::one_province},
}};

}  // namespace

std::span<const OptionKind> option_kinds() { return kOptionKinds; }

const OptionKind* find_option_kind(std::string_view id) {
  for (const OptionKind& kind : kOptionKinds)
    if (kind.id == id) return &kind;
  return nullptr;
}

BoardScan SardiniaGame::scan(int seat) const {
  const Rules& r = rules();
  const int provinces = static_cast<int>(r.provinces.size());
  BoardScan board;
  board.seat = seat;
  for (const GraphBoard::Pieces& p : table().get(board_).pieces_of(GraphBoard::kAnyOwner)) {
    const auto at = static_cast<std::size_t>(p.space);
    board.pieces[at] += p.count;
    if (p.owner == seat) board.own[at] += p.count;
    if (p.space >= provinces) continue;
    if (p.kind == kPieceNames[kChaplain] && p.owner >= 0) board.chaplains[at] |= 1u << p.owner;
    if (p.kind == kPieceNames[kSettler] && p.owner == seat) board.own_settlers[at] += p.count;
  }
  return board;
}

void SardiniaGame::launch_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Rules& r = rules();
  if (reserve(view.seat(), kShip) == 0) return;
  for (int port = 0; port < static_cast<int>(r.ports.size()); ++port) {
    const auto at = static_cast<std::size_t>(port_space(port));
    if (board.pieces[at] < port_capacity() && board.own[at] < r.own_ships_per_port) out.add(move, port);
  }
}

void SardiniaGame::sail_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Rules& r = rules();
  const int ports = static_cast<int>(r.ports.size());
  // A ship sails once per action: in the second sail the first one stays.
  const int sailed = view.frame.step == engine_->steps.sailing ? view.frame.p[1] : -1;
  for (int from = 0; from < ports; ++from) {
    if (from == sailed || board.own[static_cast<std::size_t>(port_space(from))] == 0) continue;
    for (int to = 0; to < ports; ++to) {
      const auto at = static_cast<std::size_t>(port_space(to));
      if (to != from && board.pieces[at] < port_capacity() && board.own[at] < r.own_ships_per_port)
        out.add(move, from, to);
    }
  }
}

void SardiniaGame::recruit_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  if (reserve(view.seat(), kSettler) == 0) return;
  for (int p = 0; p < static_cast<int>(rules().provinces.size()); ++p)
    if (board.pieces[static_cast<std::size_t>(p)] < rules().province_limit && !board.blocked(p)) out.add(move, p);
}

void SardiniaGame::march_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Rules& r = rules();
  const int provinces = static_cast<int>(r.provinces.size());
  const int steps = view.frame.step == engine_->steps.marching ? view.frame.p[1] : r.march_steps;
  // 5.3, 5.1: settlers never enter (or pass) provinces blocked for them; they may pass full ones
  // but only end where there is room. Each move ends legally, so the whole march does.
  Distances dist;
  for (int from = 0; from < provinces; ++from) {
    if (board.own_settlers[static_cast<std::size_t>(from)] == 0) continue;
    land_distances(from, &board, dist);
    for (int to = 0; to < provinces; ++to) {
      const int d = dist[static_cast<std::size_t>(to)];
      if (to != from && d >= 1 && d <= steps && board.pieces[static_cast<std::size_t>(to)] < r.province_limit &&
          !board.blocked(to))
        out.add(move, from, to);
    }
  }
}

void SardiniaGame::ordain_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  if (reserve(view.seat(), kChaplain) == 0) return;
  for (int p = 0; p < static_cast<int>(rules().provinces.size()); ++p)
    if (board.pieces[static_cast<std::size_t>(p)] < rules().province_limit) out.add(move, p);
}

void SardiniaGame::travel_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Rules& r = rules();
  const int provinces = static_cast<int>(r.provinces.size());
  const unsigned mine = 1u << view.seat();
  Distances dist;
  for (int from = 0; from < provinces; ++from) {
    if ((board.chaplains[static_cast<std::size_t>(from)] & mine) == 0) continue;
    // 5.4: up to 3 steps, through anything, ending in a province that is not full.
    land_distances(from, nullptr, dist);
    for (int to = 0; to < provinces; ++to) {
      const int d = dist[static_cast<std::size_t>(to)];
      if (to != from && d >= 0 && d <= r.travel_steps && board.pieces[static_cast<std::size_t>(to)] < r.province_limit)
        out.add(move, to);
    }
  }
}

void SardiniaGame::harvest_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Rules& r = rules();
  const int provinces = static_cast<int>(r.provinces.size());
  const int ports = static_cast<int>(r.ports.size());
  // 5.5: a token in a province with an own settler, connected to a port holding an own ship.
  const auto own_ship = [&](int port) { return board.own[static_cast<std::size_t>(port_space(port))] > 0; };
  bool any_ship = false;
  for (int port = 0; port < ports && !any_ship; ++port) any_ship = own_ship(port);
  if (!any_ship) return;
  SettlerMap settler{};
  for (int p = 0; p < provinces; ++p) settler[static_cast<std::size_t>(p)] = board.own_settlers[static_cast<std::size_t>(p)] > 0;
  const Counters& tokens = view.table.get(tokens_);
  for (int target = 0; target < provinces; ++target) {
    if (!settler[static_cast<std::size_t>(target)] || tokens.get(r.provinces[static_cast<std::size_t>(target)].id) == 0)
      continue;
    bool ok = false;
    for (int port = 0; port < ports && !ok; ++port)
      ok = own_ship(port) && farmer_connected(r, r.ports[static_cast<std::size_t>(port)].province, target, settler);
    if (ok) out.add(move, target);
  }
}

void SardiniaGame::fortify_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  if (reserve(view.seat(), kFort) == 0) return;
  for (int f = 0; f < static_cast<int>(rules().fort_spaces.size()); ++f)
    if (board.pieces[static_cast<std::size_t>(fort_space(f))] < rules().forts_per_space) out.add(move, f);
}

void SardiniaGame::build_targets(const FlowView& view, const BoardScan& board, int move, MoveSink& out) const {
  const Table& t = view.table;
  const int seat = view.seat();
  if (reserve(seat, kSettlement) == 0) return;
  // 5.6: settlements on the board may not exceed the agriculture tokens held.
  int tokens = 0;
  for (const auto& [type, n] : t.get(seats_[static_cast<std::size_t>(seat)].harvested).entries()) tokens += n;
  if (rules().pieces[kSettlement] - reserve(seat, kSettlement) + 1 > tokens) return;
  for (int p = 0; p < static_cast<int>(rules().provinces.size()); ++p)
    if (board.pieces[static_cast<std::size_t>(p)] < rules().province_limit && !board.blocked(p)) out.add(move, p);
}

std::string SardiniaGame::one_province(const FlowView&, const Move& move) const { return std::to_string(move.p[0]); }

std::string SardiniaGame::two_provinces(const FlowView&, const Move& move) const {
  return std::to_string(move.p[0]) + " " + std::to_string(move.p[1]);
}

std::string SardiniaGame::one_port(const FlowView&, const Move& move) const { return std::to_string(port_space(move.p[0])); }

std::string SardiniaGame::two_ports(const FlowView&, const Move& move) const {
  return std::to_string(port_space(move.p[0])) + " " + std::to_string(port_space(move.p[1]));
}

std::string SardiniaGame::chaplain_to(const FlowView& view, const Move& move) const {
  const GraphBoard& b = view.table.get(board_);
  for (int from = 0; from < static_cast<int>(rules().provinces.size()); ++from)
    if (b.count(from, view.seat(), "chaplain") > 0) return std::to_string(from) + " " + std::to_string(move.p[0]);
  throw RuleError("no chaplain of this seat on the board");
}

std::string SardiniaGame::one_fort_space(const FlowView&, const Move& move) const {
  return std::to_string(fort_space(move.p[0]));
}

void SardiniaGame::after_sail(FlowContext& ctx, const Move& move) {
  if (ctx.frame().step != engine_->steps.option) return;  // the second ship has sailed
  if (ctx.table().get(board_).count_all(ctx.seat(), "ship") >= 2)
    ctx.push(engine_->steps.sailing, ctx.seat(), {frame_card(ctx.frame()), move.p[1]});
}

void SardiniaGame::after_march(FlowContext& ctx, const Move& move) {
  Distances dist;
  const BoardScan board = scan(ctx.seat());
  land_distances(move.p[0], &board, dist);
  const int used = dist[static_cast<std::size_t>(move.p[1])];
  Frame& frame = ctx.frame();
  if (frame.step == engine_->steps.marching) {
    // The frame ends with its steps used up; until it is popped it keeps a count its state
    // check accepts (a house rule's wrap of march has the state checked right after it).
    if (frame.p[1] - used <= 0) ctx.end_step();
    else frame.p[1] -= used;
  } else if (rules().march_steps - used > 0) {
    ctx.push(engine_->steps.marching, ctx.seat(), {frame_card(frame), rules().march_steps - used});
  }
}

void SardiniaGame::land_distances(int from, const BoardScan* board, Distances& dist) const {
  const Rules& r = rules();
  dist.fill(-1);
  std::array<int, kMaxProvinces> queue{};
  int head = 0, tail = 0;
  dist[static_cast<std::size_t>(from)] = 0;
  queue[static_cast<std::size_t>(tail++)] = from;
  while (head < tail) {
    const int at = queue[static_cast<std::size_t>(head++)];
    // Only the start and provinces not blocked for the scan's seat lead further.
    if (at != from && board && board->blocked(at)) continue;
    for (int next : r.provinces[static_cast<std::size_t>(at)].adjacent) {
      if (dist[static_cast<std::size_t>(next)] >= 0) continue;
      dist[static_cast<std::size_t>(next)] = dist[static_cast<std::size_t>(at)] + 1;
      queue[static_cast<std::size_t>(tail++)] = next;
    }
  }
}

}  // namespace sardinia
