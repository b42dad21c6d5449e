// CATAN: Rise of the Inkas — move labels and the terminal view: the board as a map of
// hexes (terrain, number, robber) in the layout of the rules' §3.1, the buildings and roads
// of every colour, the special cards, and the players (the viewer's own hand in full).
#include <algorithm>
#include <map>

#include "catan_game.hpp"

namespace catan_inca {

using namespace tessera;

std::string CatanGame::label(const FlowView& v, const Move& m) const {
  const Engine::Kinds& k = kinds();
  const Geometry& g = geo();
  auto corner = [&](int c) { return "\"" + g.corner_ids[static_cast<std::size_t>(c)] + "\""; };
  auto edge = [&](int e) { return "\"" + g.edge_ids[static_cast<std::size_t>(e)] + "\""; };
  auto cards = [&](int type, int n) { return std::to_string(n) + " " + card_id(type); };
  const int kind = m.kind;
  if (kind == k.place_settlement) return "Place a settlement at " + corner(m.p[0]);
  if (kind == k.place_road) return "Place a road on " + edge(m.p[0]);
  if (kind == k.roll) return "Roll the dice";
  if (kind == k.build_road) return "Build a road on " + edge(m.p[0]);
  if (kind == k.free_road) return "Build a free road on " + edge(m.p[0]);
  if (kind == k.build_settlement) {
    const HexMap::Site& site = v.table.get(board_).corner(m.p[0]);
    return site.occupied() ? "Rebuild " + seat_name(site.owner) + "'s declined building at " + corner(m.p[0])
                           : "Build a settlement at " + corner(m.p[0]);
  }
  if (kind == k.build_city) return "Upgrade the settlement at " + corner(m.p[0]) + " to a city";
  if (kind == k.buy_card) return "Buy a development card";
  if (kind == k.play_card) return "Play " + rules().dev_cards[static_cast<std::size_t>(m.p[0])].name;
  if (kind == k.trade_bank) {
    const int rate = rules().cards[static_cast<std::size_t>(m.p[0])].goods ? rules().goods_rate : rules().resource_rate;
    return "Bank: return " + cards(m.p[0], rate) + " for 1 card of another type";
  }
  if (kind == k.trade_set) return "Bank: return fish, coca and feathers for " + std::to_string(rules().goods_set_receive) + " cards";
  if (kind == k.propose) return "Propose a trade to the other players";
  if (kind == k.route_trade) return "Longest Trade Route: return " + card_id(m.p[0]) + " and " + card_id(m.p[1]);
  if (kind == k.receive) return "Take 1 " + card_id(m.p[0]);
  if (kind == k.tribute)
    return "Mightiest Combat Arts: robber to " + g.hex_ids[static_cast<std::size_t>(g.robber_spots[static_cast<std::size_t>(m.p[0])])] +
           ", take the product of its hex";
  if (kind == k.offer) return "Offer " + cards(m.p[0], m.p[1]) + " to the other players";
  if (kind == k.ask) return "Ask for " + cards(m.p[0], m.p[1]);
  if (kind == k.withdraw) return "Withdraw the offer";
  if (kind == k.accept) return "Accept the offer";
  if (kind == k.decline) return "Decline the offer";
  if (kind == k.trade_with) return "Trade with " + seat_name(m.p[0]);
  if (kind == k.end) return "End the turn";
  if (kind == k.discard) return "Return " + std::to_string(m.p[1]) + " " + card_id(m.p[0]);
  if (kind == k.move_robber) return "Move the robber to " + g.hex_ids[static_cast<std::size_t>(m.p[0])];
  if (kind == k.steal) return "Rob " + seat_name(m.p[0]);
  if (kind == k.found) return "Found the new tribe at " + corner(m.p[0]);
  if (kind == k.stop) return "Build no more free roads";
  return "move";
}

std::string CatanGame::player_name(int seat) const { return rules().colours.at(static_cast<std::size_t>(seat)); }

std::string CatanGame::legend(int viewer) const {
  const Geometry& g = geo();
  std::string out = FlowGame::legend(viewer);
  // Examples from the places that can hold something, named after a land hex of the map.
  const auto example = [&](const std::vector<int>& places, const std::vector<std::string>& ids) {
    for (int p : places) {
      const std::string& id = ids[static_cast<std::size_t>(p)];
      for (int h : g.land)
        if (id.rfind(g.hex_ids[static_cast<std::size_t>(h)] + ",", 0) == 0) return id;
    }
    return std::string();
  };
  const std::string corner = example(g.intersections, g.corner_ids), side = example(g.routes, g.edge_ids);
  if (corner.empty() || side.empty()) return out;
  out += "Places (the map prints each hex's q,r after its terrain and number):\n"
         "  a corner is q,r,<side> of a hex, e.g. " + corner + "; a road's side likewise, e.g. " + side + "\n";
  return out;
}

std::string CatanGame::render(int viewer) const {
  const Table& t = table();
  const HexMap& board = t.get(board_);
  const Rules& r = rules();
  // The map: one line per doubled row (2r + q), one 11-character cell per column q.
  int qmin = 0, qmax = 0, rowmin = 0, rowmax = 0;
  for (const Tile& tile : r.tiles) {
    qmin = std::min(qmin, tile.q), qmax = std::max(qmax, tile.q);
    rowmin = std::min(rowmin, 2 * tile.r + tile.q), rowmax = std::max(rowmax, 2 * tile.r + tile.q);
  }
  // Roads by the hex their edge id names ("-2,1,NE": hex -2,1, its north-east side).
  std::map<std::string, int> hex_of_id;
  for (int h = 0; h < board.hex_count(); ++h) hex_of_id[geo().hex_ids[static_cast<std::size_t>(h)]] = h;
  std::map<int, std::string> roads;
  for (int e = 0; e < board.edge_count(); ++e) {
    const int owner = board.edge(e).owner;
    if (owner < 0) continue;
    const std::string id = board.edge_id(e);
    const std::size_t comma = id.rfind(',');
    const auto named = hex_of_id.find(id.substr(0, comma));
    if (comma == std::string::npos || named == hex_of_id.end()) continue;
    std::string& marks = roads[named->second];
    marks += (marks.empty() ? "" : ",") + std::string(1, seat_name(owner)[0]) + id.substr(comma + 1);
  }
  std::map<std::pair<int, int>, std::string> cells;
  for (int h = 0; h < board.hex_count(); ++h) {
    const Tile& tile = r.tiles[static_cast<std::size_t>(h)];
    const HexMap::Hex& hex = board.hex(h);
    std::string cell = hex.terrain.substr(0, 3);
    for (char& ch : cell) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (h >= r.board_tiles) cell = tile.robber_spot ? "spot" : "~~~";
    if (hex.number) cell += std::to_string(hex.number);
    if (!hex.piece.empty()) cell += "[R]";
    if (h >= r.board_tiles && !tile.robber_spot) cell = "~~";  // plain frame
    else cell += " " + std::to_string(tile.q) + "," + std::to_string(tile.r);
    // The buildings on its corners: the colour's initial, capital for a city, * declined.
    std::string around;
    if (h < r.board_tiles)
      for (int c : geo().hex_corners[static_cast<std::size_t>(h)]) {
        const HexMap::Site& site = board.corner(c);
        if (site.owner < 0) continue;
        const Piece p = piece_of(site.piece);
        char letter = seat_name(site.owner)[0];
        if (p == kCity || p == kDecCity) letter = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
        around += letter;
        if (p == kDecSettlement || p == kDecCity) around += '*';
      }
    if (!around.empty()) cell += " " + around;
    if (const auto it = roads.find(h); it != roads.end()) cell += " " + it->second;
    cells[{2 * tile.r + tile.q, tile.q}] = cell;
  }
  std::string out =
      "Board (west = sea, east = jungle; [R] = robber; spot = jungle frame robber spot; after the hex:\n"
      "buildings on its corners by colour initial, a capital for a city, * declined; then roads on its\n"
      "sides by colour initial and side, rNE = a red road on its north-east side):\n";
  // A line holds every other column (2r + q fixes q's parity), so a cell may run on into the
  // empty column beside it: 31 characters.
  for (int row = rowmin; row <= rowmax; ++row) {
    std::string line;
    for (int q = qmin; q <= qmax; ++q) {
      auto it = cells.find({row, q});
      if (it == cells.end()) continue;
      line.resize(static_cast<std::size_t>(q - qmin) * 16, ' ');
      line += it->second.substr(0, 31);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += "  " + line + "\n";
  }
  const Counters& progress = t.get(progress_);
  auto holder = [&](const char* key) {
    const int h = progress.get(key);
    return h >= 0 ? seat_name(h) : std::string("nobody");
  };
  out += "Last roll: " + std::to_string(progress.get(key::last_roll)) + "   Longest Trade Route: " + holder("route_holder") +
         "   Mightiest Combat Arts: " + holder("might_holder") + "   Development cards left: " +
         std::to_string(t.get(development_).size("draw")) + (progress.get(key::deck2_in) ? "" : " (+ deck 2 to come)") + "\n";
  const Supply& supply = t.get(cards_);
  out += "Supply:";
  for (int i = 0; i < kCardTypes; ++i) out += " " + card_id(i) + " " + std::to_string(supply.bank(card_id(i)));
  out += "\n";
  const int current = t.get(turns_).current();
  for (int seat = 0; seat < players(); ++seat) {
    out += (seat == current && !is_over() ? "> " : "  ") + seat_name(seat) + (seat == viewer ? " (you)" : "") +
           ": markers " + std::to_string(markers(t, seat)) + ", tribe " + std::to_string(tribe(t, seat)) + ", route " +
           std::to_string(t.get(seats_[seat].tribe).get(key::route)) + ", Combat Arts face up " +
           std::to_string(face_up(t, seat)) + ", cards " + std::to_string(supply.total(seat));
    if (supply.sees_seat(viewer, seat)) {
      out += " (";
      bool first = true;
      for (int i = 0; i < kCardTypes; ++i) {
        const int n = supply.count(seat, card_id(i));
        if (!n) continue;
        out += (first ? "" : ", ") + std::to_string(n) + " " + card_id(i);
        first = false;
      }
      out += ")";
    }
    const Hand& hand = t.get(seats_[seat].hand);
    out += ", development cards " + std::to_string(hand.size() - face_up(t, seat));
    if (hand.visible_to(viewer)) {
      for (int i = 0; i < hand.size(); ++i)
        if (!hand.is_revealed(i)) out += " [" + hand.cards()[static_cast<std::size_t>(i)] + "]";
    }
    out += "\n    buildings:";
    for (int c = 0; c < board.corner_count(); ++c) {
      const HexMap::Site& site = board.corner(c);
      if (site.owner == seat) out += " " + site.piece + "@" + board.corner_id(c);
    }
    out += "\n    roads:";
    for (int e = 0; e < board.edge_count(); ++e)
      if (board.edge(e).owner == seat) out += " " + board.edge_id(e);
    out += "\n";
  }
  return out;
}

}  // namespace catan_inca
