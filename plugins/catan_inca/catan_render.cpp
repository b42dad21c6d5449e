// CATAN: Rise of the Inkas — move labels, the legend and the terminal view: the map
// (catan_map.cpp), the special cards, and the players (the viewer's own hand in full).
#include <algorithm>
#include <map>

#include "catan_game.hpp"
#include "tessera/seat_tag.hpp"

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
  out += "Places (as the map draws them around each hex's q,r):\n"
         "  a hex is its q,r; a corner is q,r,W or q,r,E, the left or right point of hex q,r, e.g. " + corner + ";\n"
         "  a side is q,r,N, q,r,NE or q,r,SE: the top, upper right or lower right side of q,r, e.g. " + side + "\n";
  // The map's terrain codes: the first three letters, and what each produces.
  std::string terrains;
  std::size_t line = 0;
  for (const Terrain& terrain : rules().terrains) {
    if (terrain.cls == TerrainClass::Frame) continue;
    std::string code = terrain.id.substr(0, 3);
    for (char& ch : code) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    std::string entry = code + " " + terrain.id + (terrain.produces >= 0 ? " (" + card_id(terrain.produces) + ")" : "");
    if (line > 0 && line + entry.size() > 96) terrains += "\n", line = 0;
    terrains += (line == 0 ? "  " : ", ") + entry;
    line += entry.size() + 2;
  }
  out += "Terrains on the map:\n" + terrains + "\n";
  return out;
}

std::string CatanGame::render(int viewer) const {
  const Table& t = table();
  const HexMap& board = t.get(board_);
  std::string out =
      "Map: each hex's terrain, number and q,r; [R] the robber, spot a jungle robber spot. Corner\n"
      "q,r,W / q,r,E: the left / right point of hex q,r ('.' free, a colour's initial a settlement,\n"
      "its capital a city, * declined); side q,r,N / NE / SE: its top / upper right / lower right\n"
      "side (a road: its colour's initial).\n" + map_text();
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
    out += "  " + seat_name(seat) + seat_tag(seat == viewer, seat == current && !is_over()) +
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
