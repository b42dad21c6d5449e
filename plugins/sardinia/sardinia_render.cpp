// Sardinia — the terminal view: the board by province, the forts, the fort row, and each
// seat's score, reserve, tokens and played cards (and the viewer's own hand).
#include "sardinia_game.hpp"

namespace sardinia {

using namespace tessera;

std::string SardiniaGame::render(int viewer) const {
  const Rules& r = rules();
  const Table& t = table();
  const GraphBoard& b = t.get(board_);
  std::string out;
  const auto pieces_text = [&](int space) {
    std::string text;
    for (const GraphBoard::Pieces& p : b.pieces_at(space))
      text += " " + r.colours[static_cast<std::size_t>(p.owner)] + ":" + std::to_string(p.count) + " " + p.kind;
    return text;
  };
  out += "Provinces (VP, token, pieces " + std::to_string(r.province_limit) + " max):\n";
  for (std::size_t p = 0; p < r.provinces.size(); ++p) {
    const Province& prov = r.provinces[p];
    const int token = t.get(tokens_).get(prov.id);
    out += "  " + prov.name + " (" + prov.colour + ", " + std::to_string(prov.vp) + " VP, " +
           (token > 0 ? r.tokens[static_cast<std::size_t>(token - 1)].type : std::string("no token")) + ")" +
           pieces_text(static_cast<int>(p));
    if (prov.port >= 0)
      out += " | port " + r.ports[static_cast<std::size_t>(prov.port)].name + ":" + pieces_text(port_space(prov.port));
    out += "\n";
  }
  out += "Forts:";
  for (std::size_t f = 0; f < r.fort_spaces.size(); ++f)
    if (b.count(fort_space(static_cast<int>(f))) > 0)
      out += " " + std::to_string(r.fort_spaces[f].number) + pieces_text(fort_space(static_cast<int>(f)));
  out += "\nFort row:";
  const Hand& row = t.get(row_);
  for (int i = 0; i < row.size(); ++i) out += row.is_revealed(i) ? " [" + row.card(i) + "]" : std::string(" [?]");
  out += "  (" + std::to_string(scorings()) + " of " + std::to_string(r.scorings) + " scorings done)\n";
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    out += r.colours[static_cast<std::size_t>(s)] + ": " + std::to_string(vp(s)) + " VP; reserve";
    for (int k = 0; k < kPieceKinds; ++k)
      out += " " + std::to_string(reserve(s, static_cast<PieceKind>(k))) + " " + std::string(kPieceNames[k]);
    out += "; tokens";
    for (const auto& [type, n] : t.get(seat.harvested).entries())
      if (n > 0) out += " " + std::to_string(n) + " " + type;
    out += "; played";
    for (const std::string& c : t.get(seat.played).cards()) out += " " + c;
    if (s == viewer || viewer == kOmniscient) {
      out += "; hand";
      for (const std::string& c : t.get(seat.hand).cards()) out += " " + c;
      for (const std::string& c : t.get(seat.fort_reserve).cards()) out += "; reserve fort card " + c;
    }
    out += "\n";
  }
  return out;
}

}  // namespace sardinia
