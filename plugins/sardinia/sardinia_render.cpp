// Sardinia — the terminal view: a map of the provinces (by their codes) with the fort spaces
// between them and, beside it, each province's pieces; the forts, the fort row, and each
// seat's score, reserve, tokens and played cards (and the viewer's own hand); the legend:
// the codes by province id and what each fort space touches.
#include <algorithm>

#include "sardinia_game.hpp"

namespace sardinia {

using namespace tessera;

namespace {

// The map's lines: cells of 3 characters (a province's code, blank for the sea) and between
// them a 2-character column of corners, where the fort spaces sit by number; "--" and '|'
// draw the borders of provinces and coasts.
std::vector<std::string> map_lines(const Rules& r) {
  const std::vector<std::vector<int>>& rows = r.layout;
  const int height = static_cast<int>(rows.size());
  int width = 0;
  for (const std::vector<int>& row : rows) width = std::max(width, static_cast<int>(row.size()));
  const auto cell = [&](int row, int col) {
    if (row < 0 || row >= height || col < 0 || col >= static_cast<int>(rows[static_cast<std::size_t>(row)].size()))
      return Rules::kSea;
    return rows[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  };
  const auto border = [](int a, int b) { return a != b; };
  std::vector<std::string> corner_label(static_cast<std::size_t>((height + 1) * (width + 1)));
  for (const FortSpace& f : r.fort_spaces)
    if (f.row >= 0 && f.row <= height && f.col >= 0 && f.col <= width)
      corner_label[static_cast<std::size_t>(f.row * (width + 1) + f.col)] = std::to_string(f.number);
  std::vector<std::string> lines;
  const auto add = [&](std::string line) {
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(std::move(line));
  };
  for (int row = 0; row <= height; ++row) {
    std::string line = "  ";
    for (int col = 0; col <= width; ++col) {
      std::string label = corner_label[static_cast<std::size_t>(row * (width + 1) + col)];
      if (label.empty())
        label = border(cell(row - 1, col - 1), cell(row, col - 1)) && border(cell(row - 1, col), cell(row, col)) ? "--" : "  ";
      line += std::string(2 - std::min<std::size_t>(2, label.size()), ' ') + label;
      if (col < width) line += border(cell(row - 1, col), cell(row, col)) ? "---" : "   ";
    }
    add(line);
    if (row == height) break;
    line = "  ";
    for (int col = 0; col <= width; ++col) {
      line += border(cell(row, col - 1), cell(row, col)) ? " |" : "  ";
      if (col < width) {
        const int p = cell(row, col);
        line += p == Rules::kSea ? std::string("   ") : " " + r.provinces[static_cast<std::size_t>(p)].code;
      }
    }
    add(line);
  }
  return lines;
}

}  // namespace

std::string SardiniaGame::render(int viewer) const {
  const Rules& r = rules();
  const Table& t = table();
  const GraphBoard& b = t.get(board_);
  std::string out;
  // "yellow 2 settler 1 chaplain, blue 1 settlement": a seat's colour names that seat only.
  const auto pieces_text = [&](int space) {
    std::string text;
    int owner = -1;
    for (const GraphBoard::Pieces& p : b.pieces_at(space)) {
      if (p.owner != owner) text += std::string(owner < 0 ? " " : ", ") + colour(p.owner);
      owner = p.owner;
      text += " " + std::to_string(p.count) + " " + p.kind;
    }
    return text;
  };
  // Beside the map, a line per province: its code, name, VP, agriculture token and pieces,
  // and the ships in its port.
  std::vector<std::string> side;
  side.push_back("Provinces (code, VP, token: pieces, " + std::to_string(r.province_limit) + " at most; port: ships):");
  for (std::size_t p = 0; p < r.provinces.size(); ++p) {
    const Province& prov = r.provinces[p];
    const int token = t.get(tokens_).get(prov.id);
    std::string line = prov.code + " " + prov.name + " " + std::to_string(prov.vp) + " VP " +
                       (token > 0 ? r.tokens[static_cast<std::size_t>(token - 1)].type : std::string("(no token)")) + ":" +
                       pieces_text(static_cast<int>(p));
    if (prov.port >= 0)
      line += " | port " + r.ports[static_cast<std::size_t>(prov.port)].name + ":" + pieces_text(port_space(prov.port));
    side.push_back(line);
  }
  std::vector<std::string> map = map_lines(r);
  while (!map.empty() && map.back().empty()) map.pop_back();  // the sea below the island
  if (!map.empty()) out += "Map (codes are provinces, numbers between them fort spaces):\n";
  std::size_t map_width = 0;
  for (const std::string& line : map) map_width = std::max(map_width, line.size());
  for (std::size_t i = 0; i < std::max(map.size(), side.size()); ++i) {
    std::string line = i < map.size() ? map[i] : std::string();
    if (i < side.size()) line += std::string(map_width + 3 - line.size(), ' ') + side[i];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out += "Forts (space: owner):";
  std::string separator = " ";
  for (std::size_t f = 0; f < r.fort_spaces.size(); ++f)
    if (b.count(fort_space(static_cast<int>(f))) > 0) {
      out += separator + std::to_string(r.fort_spaces[f].number) + ":" + pieces_text(fort_space(static_cast<int>(f)));
      separator = "; ";
    }
  out += "\nFort row:";
  const Hand& row = t.get(row_);
  for (int i = 0; i < row.size(); ++i) out += row.is_revealed(i) ? " [" + row.card(i) + "]" : std::string(" [?]");
  out += "  (" + std::to_string(scorings()) + " of " + std::to_string(r.scorings) + " scorings done)\n";
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    out += r.colours[static_cast<std::size_t>(s)] + (s == viewer ? " (you)" : "") + ": " + std::to_string(vp(s)) +
           " VP; reserve";
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

std::string SardiniaGame::player_name(int seat) const { return rules().colours.at(static_cast<std::size_t>(seat)); }

std::string SardiniaGame::legend(int viewer) const {
  const Rules& r = rules();
  std::string out = FlowGame::legend(viewer);
  if (r.layout.empty()) return out;
  out += "Provinces (code on the map, id to type, ports):\n";
  for (const Province& p : r.provinces) {
    out += "  " + p.code + " " + p.id;
    if (p.port >= 0) out += " (port " + r.ports[static_cast<std::size_t>(p.port)].id + ")";
    out += "\n";
  }
  out += "Fort spaces (number: the provinces it touches):\n";
  for (std::size_t f = 0; f < r.fort_spaces.size(); ++f) {
    std::string entry = std::to_string(r.fort_spaces[f].number) + ":";
    for (int p : r.fort_spaces[f].provinces) entry += " " + r.provinces[static_cast<std::size_t>(p)].id;
    out += (f % 2 == 0 ? "  " : "") + (f % 2 == 0 ? entry + std::string(entry.size() < 42 ? 42 - entry.size() : 1, ' ') : entry + "\n");
  }
  if (r.fort_spaces.size() % 2 == 1) out += "\n";
  return out;
}

}  // namespace sardinia
