// Age of Discovery — the terminal view: rows, display, expeditions, each seat's fleet,
// contracts and (for its owner) hand and mission; the scores once the game is over; the
// legend of the ids.
#include <algorithm>

#include "aod_game.hpp"
#include "tessera/seat_tag.hpp"

namespace aod {

using namespace tessera;

std::string AodGame::render(int viewer) const {
  const Table& t = table();
  const Rules& r = rules();
  const Counters& progress = t.get(progress_);
  std::string out = "Turn " + std::to_string(progress.get("turn"));
  if (progress.get("first_done")) out += " (first scoring done)";
  if (progress.get("final")) out += " (final round: " + std::to_string(progress.get("final_left")) + " turn(s) left)";
  out += "\nShip piles:";
  for (std::size_t p = 0; p < r.pile_sizes.size(); ++p)
    out += " " + std::to_string(t.get(ships_).size("pile" + std::to_string(p + 1)));
  auto reserved_text = [&](const std::string& id) {
    const int holder = reserved_by(t, id);
    return holder >= 0 ? " [reserved by " + std::to_string(holder) + "]" : std::string();
  };
  const Market& rows = t.get(rows_);
  auto ship_text = [&](const std::string& id) {
    if (id.empty()) return std::string("-");
    return id + " (" + std::to_string(ship(r.ship_index(id)).cost) + ")" + reserved_text(id);
  };
  for (int row = 1; row >= 0; --row) {
    out += row == 1 ? "\nFilling row: " : "\nPurchase row:";
    for (int slot = 0; slot < rows.width(); ++slot) out += "  " + std::to_string(slot + 1) + ":" + ship_text(rows.at(row, slot));
  }
  out += "\nContract display:";
  const Market& display = t.get(display_);
  for (int slot = 0; slot < display.width(); ++slot) {
    const std::string& id = display.at(0, slot);
    out += "  " + (id.empty() ? std::string("-") : id + reserved_text(id));
  }
  out += "  (deck " + std::to_string(t.get(contract_deck_).size("draw")) + ")\nExpeditions:\n";
  const Counters& tally = t.get(tally_);
  for (std::size_t e = 0; e < r.expeditions.size(); ++e) {
    const ExpeditionDef& x = r.expeditions[e];
    const int lock = tally.get(x.lock_key) - 1;
    out += "  " + x.id + " (" + r.colours[static_cast<std::size_t>(x.colour)] + ", " +
           std::to_string(tally.get(x.load_key)) + "/" + std::to_string(x.limit) +
           (lock >= 0 ? ", locked " + r.colours[static_cast<std::size_t>(lock)] : std::string()) + "):";
    for (const auto& id : t.get(expeditions_[e]).cards())
      out += " " + id + "@" + std::to_string(t.get(placed_).get(ship(r.ship_index(id)).own_key) - 1);
    out += "\n";
  }
  const int current = t.get(turns_).current();
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seat_of(s);
    const Counters& p = t.get(seat.player);
    out += "  Seat " + std::to_string(s) + seat_tag(s == viewer, !is_over() && s == current) + ": coins " + std::to_string(p.get("coins")) +
           ", VP " + std::to_string(t.get(seat.score).get("total")) + ", contracts done " + std::to_string(p.get("contracts")) +
           ", wild " + std::to_string(p.get("wild")) + ", reservation " + std::to_string(p.get("reservation")) +
           "\n    fleet:";
    for (const auto& id : t.get(seat.fleet).cards()) out += " " + id;
    const Hand& flag = t.get(seat.flagship);
    if (flag.size() > 0) out += flag.sees_card(viewer, 0) ? " (flagship " + flag.card(0) + " hidden)" : " (hidden flagship)";
    out += "\n    active:";
    for (const auto& cid : t.get(seat.active).cards()) {
      const ContractDef& c = contract(r.contract_index(cid));
      out += " " + cid + "(" + std::to_string(t.get(placed_).get(c.left_key)) + " left, " +
             std::to_string(t.get(placed_).get(c.payout_key)) + " coins)";
    }
    out += "\n    hand:";
    const Hand& hand = t.get(seat.hand);
    for (int i = 0; i < hand.size(); ++i) out += " " + (hand.sees_card(viewer, i) ? hand.card(i) : std::string("?"));
    const Hand& mission = t.get(seat.mission);
    out += "\n    mission: " + (mission.sees_card(viewer, 0) ? mission.card(0) : std::string("?")) + "\n";
  }
  if (is_over()) {
    const Outcome o = outcome();
    for (int s = 0; s < t.players(); ++s)
      out += "Seat " + std::to_string(s) + ": " + std::to_string(o.scores[static_cast<std::size_t>(s)]) + " VP (" +
             o.breakdown[static_cast<std::size_t>(s)] + ")\n";
  }
  return out;
}

std::string AodGame::legend(int viewer) const {
  const Rules& r = rules();
  std::string out = FlowGame::legend(viewer);
  // One example of each kind, read from the data: the first standard ship and flagship.
  const auto standard = std::find_if(r.ships.begin(), r.ships.end(), [](const ShipDef& s) { return !s.flagship(); });
  const auto flag = std::find_if(r.ships.begin(), r.ships.end(), [](const ShipDef& s) { return s.flagship(); });
  out += "Ids:\n";
  if (standard != r.ships.end())
    out += "  ships: colour_<transport><copy>, " + standard->id + " = a " + r.colours[static_cast<std::size_t>(standard->colour)] +
           " ship carrying " + std::to_string(standard->transport) + ", cost in brackets\n";
  if (flag != r.ships.end())
    out += "  flagships: flag_<colour>_<colour>, " + flag->id + " = carries 1-3 of " +
           r.colours[static_cast<std::size_t>(flag->colour)] + " or " + r.colours[static_cast<std::size_t>(flag->colour2)] +
           " as it is sent\n";
  out += "  contracts: tc_<colour>_<transport wanted>; coins paid by transport wanted and turns:\n";
  std::vector<int> shown;
  for (const ContractDef& c : r.contracts) {
    if (std::find(shown.begin(), shown.end(), c.requirement) != shown.end()) continue;
    shown.push_back(c.requirement);
    out += "    " + std::to_string(c.requirement) + ":";
    for (std::size_t d = 0; d < c.payout.size(); ++d)
      out += " " + std::to_string(d + 1) + " turn" + (d ? "s " : " ") + std::to_string(c.payout[d]) + (d + 1 < c.payout.size() ? "," : "");
    out += "\n";
  }
  return out;
}

}  // namespace aod
