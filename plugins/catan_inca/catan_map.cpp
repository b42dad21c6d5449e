// CATAN: Rise of the Inkas — the map of the terminal view: every hex drawn as a flat-topped
// outline, its corners and sides where the move texts name them, and the pieces on them.
#include <algorithm>
#include <cctype>
#include <charconv>

#include "catan_game.hpp"

namespace catan_inca {

using namespace tessera;

namespace {

// A hex of axial q,r is drawn from (x, y), 11 characters by 5 lines (the top line is the
// bottom line of the hex above); a column of hexes is 8 characters from the next, and a
// column lies half a hex lower than the one on its left (row 2r + q):
//
//      ._____.          corners: W (x, y+2) and E (x+10, y+2)
//     /  FOR6 \         sides:   N (x+3..x+7, y), NE (x+9, y+1), SE (x+9, y+3)
//    .  -1,-1  .        inside:  terrain and number (y+1), q,r (y+2), robber (y+3)
//     \  [R]  /
//      ._____.
constexpr int kColumn = 8, kWidth = 11, kHeight = 5;

// q, r and the direction of a place id "q,r" or "q,r,D"; false when it is not one.
bool parse_place(std::string_view id, int& q, int& r, std::string_view& dir) {
  const std::size_t c1 = id.find(','), c2 = id.find(',', c1 + 1);
  if (c1 == std::string_view::npos) return false;
  const std::string_view rq = id.substr(0, c1), rr = id.substr(c1 + 1, c2 == std::string_view::npos ? std::string_view::npos : c2 - c1 - 1);
  dir = c2 == std::string_view::npos ? std::string_view{} : id.substr(c2 + 1);
  return std::from_chars(rq.data(), rq.data() + rq.size(), q).ec == std::errc() &&
         std::from_chars(rr.data(), rr.data() + rr.size(), r).ec == std::errc();
}

class Canvas {
 public:
  Canvas(int qmin, int rowmin, int width, int height)
      : qmin_(qmin), rowmin_(rowmin), lines_(static_cast<std::size_t>(height), std::string(static_cast<std::size_t>(width), ' ')) {}

  int x(int q) const { return (q - qmin_) * kColumn; }
  int y(int q, int r) const { return (2 * r + q - rowmin_) * 2; }
  void put(int col, int row, char c) {
    if (row < 0 || row >= static_cast<int>(lines_.size()) || col < 0 || col >= static_cast<int>(lines_[0].size())) return;
    lines_[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)] = c;
  }
  // `text` centred in the `width` characters from col.
  void centre(int col, int row, int width, const std::string& text) {
    const int start = col + std::max(0, (width - static_cast<int>(text.size())) / 2);
    for (std::size_t i = 0; i < text.size() && static_cast<int>(i) < width; ++i) put(start + static_cast<int>(i), row, text[i]);
  }
  // A side of hex q,r ("N", "NE", "SE") drawn with `c` (a blank keeps the outline).
  void side(int q, int r, std::string_view dir, char c) {
    const int x0 = x(q), y0 = y(q, r);
    if (dir == "N")
      for (int i = 3; i <= 7; ++i) put(x0 + i, y0, c == ' ' ? '_' : c);
    else if (dir == "NE")
      put(x0 + 9, y0 + 1, c == ' ' ? '\\' : c);
    else if (dir == "SE")
      put(x0 + 9, y0 + 3, c == ' ' ? '/' : c);
  }
  void corner(int q, int r, std::string_view dir, char c) {
    if (dir == "W") put(x(q), y(q, r) + 2, c);
    if (dir == "E") put(x(q) + 10, y(q, r) + 2, c);
  }
  std::string text(const std::string& indent) const {
    std::string out;
    for (std::string line : lines_) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += indent + line + "\n";
    }
    return out;
  }

 private:
  int qmin_, rowmin_;
  std::vector<std::string> lines_;
};

}  // namespace

std::string CatanGame::map_text() const {
  const Table& t = table();
  const HexMap& board = t.get(board_);
  const Rules& r = rules();
  const Geometry& g = geo();
  int qmin = 0, qmax = 0, rowmin = 0, rowmax = 0;
  for (const Tile& tile : r.tiles) {
    qmin = std::min(qmin, tile.q), qmax = std::max(qmax, tile.q);
    rowmin = std::min(rowmin, 2 * tile.r + tile.q), rowmax = std::max(rowmax, 2 * tile.r + tile.q);
  }
  Canvas map(qmin, rowmin, (qmax - qmin) * kColumn + kWidth, (rowmax - rowmin) * 2 + kHeight);
  // Every hex's outline: its own three sides and those of its neighbours below and on its
  // left, so that the hexes on the rim are closed too.
  struct Side {
    int dq, dr;
    const char* dir;
  };
  static constexpr Side kSides[] = {{0, 0, "N"}, {0, 0, "NE"}, {0, 0, "SE"}, {0, 1, "N"}, {-1, 1, "NE"}, {-1, 0, "SE"}};
  for (int h = 0; h < board.hex_count(); ++h) {
    const Tile& tile = r.tiles[static_cast<std::size_t>(h)];
    for (const Side& s : kSides) map.side(tile.q + s.dq, tile.r + s.dr, s.dir, ' ');
  }
  for (int h = 0; h < board.hex_count(); ++h) {
    const Tile& tile = r.tiles[static_cast<std::size_t>(h)];
    const HexMap::Hex& hex = board.hex(h);
    std::string name;
    if (h < r.board_tiles) {
      name = hex.terrain.substr(0, 3);
      for (char& ch : name) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      if (hex.number) name += std::to_string(hex.number);
    } else {
      name = tile.robber_spot ? "spot" : "~~~";
    }
    const int x0 = map.x(tile.q), y0 = map.y(tile.q, tile.r);
    map.centre(x0 + 2, y0 + 1, 7, name);
    map.centre(x0 + 1, y0 + 2, 9, std::to_string(tile.q) + "," + std::to_string(tile.r));
    if (!hex.piece.empty()) map.centre(x0 + 2, y0 + 3, 7, "[R]");
  }
  // The places, by their ids: a free corner where a building may stand is a '.'.
  int q = 0, row = 0;
  std::string_view dir;
  for (int c = 0; c < board.corner_count(); ++c) {
    if (!parse_place(g.corner_ids[static_cast<std::size_t>(c)], q, row, dir)) continue;
    const HexMap::Site& site = board.corner(c);
    char mark = g.corners[static_cast<std::size_t>(c)].intersection ? '.' : ' ';
    if (site.owner >= 0) {
      const Piece p = piece_of(site.piece);
      mark = seat_name(site.owner)[0];
      if (p == kCity) mark = static_cast<char>(std::toupper(static_cast<unsigned char>(mark)));
      if (p == kDecSettlement || p == kDecCity) mark = '*';
    }
    map.corner(q, row, dir, mark);
  }
  for (int e = 0; e < board.edge_count(); ++e) {
    const int owner = board.edge(e).owner;
    if (owner >= 0 && parse_place(g.edge_ids[static_cast<std::size_t>(e)], q, row, dir))
      map.side(q, row, dir, seat_name(owner)[0]);
  }
  return map.text("  ");
}

}  // namespace catan_inca
