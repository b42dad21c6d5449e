#include "tessera/square_grid.hpp"

#include <algorithm>
#include <tuple>

#include "board_json.hpp"
#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

namespace {
std::string cell_text(int x, int y) { return "(" + std::to_string(x) + "," + std::to_string(y) + ")"; }

// Shape cells sorted, so two rotations can be compared as sets.
SquareGrid::Shape sorted(SquareGrid::Shape shape) {
  std::sort(shape.begin(), shape.end(), [](const auto& a, const auto& b) {
    return std::tie(a.dy, a.dx, a.type) < std::tie(b.dy, b.dx, b.type);
  });
  return shape;
}

bool valid_rotation(int rotation) {
  return rotation == 0 || rotation == 90 || rotation == 180 || rotation == 270;
}
}  // namespace

SquareGrid::SquareGrid(std::string name, int width, int height, int owner, Visibility visibility)
    : ComponentOf(std::move(name), owner, visibility), width_(width), height_(height) {
  if (width < 1 || height < 1) throw DataError("square grid '" + this->name() + "': width and height must be at least 1");
  cells_.resize(static_cast<std::size_t>(width) * height);
}

void SquareGrid::check_inside(int x, int y) const {
  if (!inside(x, y)) outside(x, y);
}

void SquareGrid::outside(int x, int y) const {
  throw RuleError("cell " + cell_text(x, y) + " is outside the " + std::to_string(width_) + "x" +
                  std::to_string(height_) + " grid '" + name() + "'");
}

void SquareGrid::set_blocked_types(std::vector<std::string> types) {
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());
  blocked_types_ = std::move(types);
}

bool SquareGrid::blocked(int x, int y) const {
  const Cell& cell = at(x, y);
  return cell.tile != kNoTile || std::binary_search(blocked_types_.begin(), blocked_types_.end(), cell.type);
}

bool SquareGrid::passes(const CellTest& test, int x, int y) const {
  return !test || test(x, y, cells_[y * width_ + x]);
}

SquareGrid::Shape SquareGrid::normalise(const Shape& shape) {
  if (shape.empty()) return shape;
  int min_x = shape[0].dx, min_y = shape[0].dy;
  for (const ShapeCell& c : shape) {
    min_x = std::min(min_x, c.dx);
    min_y = std::min(min_y, c.dy);
  }
  Shape out = shape;
  for (ShapeCell& c : out) {
    c.dx -= min_x;
    c.dy -= min_y;
  }
  return out;
}

SquareGrid::Shape SquareGrid::rotate(const Shape& shape, int degrees) {
  if (degrees % 90 != 0) throw RuleError("rotation " + std::to_string(degrees) + " is not a multiple of 90");
  const int quarter_turns = ((degrees / 90) % 4 + 4) % 4;
  Shape out = shape;
  for (ShapeCell& c : out)
    for (int i = 0; i < quarter_turns; ++i) {
      // Clockwise on screen (y grows downward): right becomes down, down becomes left.
      int dx = c.dx;
      c.dx = -c.dy;
      c.dy = dx;
    }
  return normalise(out);
}

SquareGrid::Shape SquareGrid::mirror(const Shape& shape) {
  Shape out = shape;
  for (ShapeCell& c : out) c.dx = -c.dx;
  return normalise(out);
}

bool SquareGrid::fits(const Shape& normalised, int x, int y, const CellTest& allowed, std::string* why) const {
  if (normalised.empty()) {
    if (why) *why = "the shape has no cells";
    return false;
  }
  for (std::size_t i = 0; i < normalised.size(); ++i) {
    const int cx = x + normalised[i].dx, cy = y + normalised[i].dy;
    if (!inside(cx, cy)) {
      if (why)
        *why = "cell " + cell_text(cx, cy) + " is outside the " + std::to_string(width_) + "x" +
               std::to_string(height_) + " grid";
      return false;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (normalised[j].dx == normalised[i].dx && normalised[j].dy == normalised[i].dy) {
        if (why) *why = "the shape covers " + cell_text(normalised[i].dx, normalised[i].dy) + " twice";
        return false;
      }
    const Cell& cell = cells_[cy * width_ + cx];
    if (cell.tile != kNoTile) {
      if (why) *why = "cell " + cell_text(cx, cy) + " is covered by tile " + std::to_string(cell.tile);
      return false;
    }
    if (std::binary_search(blocked_types_.begin(), blocked_types_.end(), cell.type)) {
      if (why) *why = "cell " + cell_text(cx, cy) + " holds '" + cell.type + "', where no tile may go";
      return false;
    }
    if (allowed && !allowed(cx, cy, cell)) {
      if (why) *why = "cell " + cell_text(cx, cy) + " is not allowed here";
      return false;
    }
  }
  return true;
}

std::string SquareGrid::check_place(const Shape& shape, int x, int y, int rotation, const CellTest& allowed) const {
  if (!valid_rotation(rotation)) return "rotation " + std::to_string(rotation) + " is not 0, 90, 180 or 270";
  std::string why;
  fits(rotate(shape, rotation), x, y, allowed, &why);
  return why;
}

void SquareGrid::place(const Shape& shape, int x, int y, int rotation, int tile, const CellTest& allowed) {
  if (tile < 0) throw RuleError("tile id " + std::to_string(tile) + " must not be negative");
  for (const Cell& cell : cells_)
    if (cell.tile == tile) throw RuleError("tile " + std::to_string(tile) + " is already on grid '" + name() + "'");
  std::string why = check_place(shape, x, y, rotation, allowed);
  if (!why.empty()) throw RuleError("cannot place tile " + std::to_string(tile) + " at " + cell_text(x, y) + ": " + why);
  for (const ShapeCell& c : rotate(shape, rotation)) {
    Cell& cell = cells_[(y + c.dy) * width_ + (x + c.dx)];
    cell.tile = tile;
    if (!c.type.empty()) cell.type = c.type;
  }
}

int SquareGrid::remove_tile(int tile) {
  if (tile == kNoTile) return 0;
  int cleared = 0;
  for (Cell& cell : cells_)
    if (cell.tile == tile) {
      cell = Cell{};
      ++cleared;
    }
  return cleared;
}

std::vector<SquareGrid::Pos> SquareGrid::tile_cells(int tile) const {
  std::vector<Pos> out;
  if (tile == kNoTile) return out;
  for (int i = 0; i < static_cast<int>(cells_.size()); ++i)
    if (cells_[i].tile == tile) out.push_back({i % width_, i / width_});
  return out;
}

std::vector<SquareGrid::Placement> SquareGrid::placements(const Shape& shape, const CellTest& allowed) const {
  // Whether a tile may cover each cell (fits' rules), the test asked once per cell.
  std::vector<char> open(cells_.size(), 0);
  for (int i = 0; i < static_cast<int>(cells_.size()); ++i) {
    const Cell& cell = cells_[static_cast<std::size_t>(i)];
    open[static_cast<std::size_t>(i)] = cell.tile == kNoTile &&
                                        !std::binary_search(blocked_types_.begin(), blocked_types_.end(), cell.type) &&
                                        passes(allowed, i % width_, i / width_);
  }
  std::vector<Placement> out;
  std::vector<Shape> seen;
  for (int rotation = 0; rotation < 360; rotation += 90) {
    Shape turned = rotate(shape, rotation);
    Shape key = sorted(turned);
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
    // A shape without cells, or covering a cell twice, fits nowhere.
    const bool twice = std::adjacent_find(key.begin(), key.end(), [](const ShapeCell& a, const ShapeCell& b) {
                         return a.dx == b.dx && a.dy == b.dy;
                       }) != key.end();
    seen.push_back(std::move(key));
    if (turned.empty() || twice) continue;
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x) {
        bool fits_here = true;
        for (const ShapeCell& c : turned) {
          const int cx = x + c.dx, cy = y + c.dy;
          if (!inside(cx, cy) || !open[static_cast<std::size_t>(cy * width_ + cx)]) {
            fits_here = false;
            break;
          }
        }
        if (fits_here) out.push_back({x, y, rotation});
      }
  }
  return out;
}

std::vector<SquareGrid::Cell> SquareGrid::row(int y) const {
  check_inside(0, y);
  return std::vector<Cell>(cells_.begin() + y * width_, cells_.begin() + (y + 1) * width_);
}

std::vector<SquareGrid::Cell> SquareGrid::column(int x) const {
  check_inside(x, 0);
  std::vector<Cell> out;
  out.reserve(height_);
  for (int y = 0; y < height_; ++y) out.push_back(cells_[y * width_ + x]);
  return out;
}

std::vector<int> SquareGrid::complete_rows(const CellTest& test) const {
  std::vector<int> out;
  for (int y = 0; y < height_; ++y) {
    bool complete = true;
    for (int x = 0; x < width_ && complete; ++x) complete = passes(test, x, y);
    if (complete) out.push_back(y);
  }
  return out;
}

std::vector<int> SquareGrid::complete_columns(const CellTest& test) const {
  std::vector<int> out;
  for (int x = 0; x < width_; ++x) {
    bool complete = true;
    for (int y = 0; y < height_ && complete; ++y) complete = passes(test, x, y);
    if (complete) out.push_back(x);
  }
  return out;
}

std::vector<SquareGrid::Pos> SquareGrid::neighbours(int x, int y) const {
  check_inside(x, y);
  std::vector<Pos> out;
  if (y > 0) out.push_back({x, y - 1});
  if (x + 1 < width_) out.push_back({x + 1, y});
  if (y + 1 < height_) out.push_back({x, y + 1});
  if (x > 0) out.push_back({x - 1, y});
  return out;
}

namespace {

// The cell indices of the 4-connected area around `start` (row-major, sorted) whose cells
// pass `passes(index)`; `start` itself is taken as passing. Marks what it takes in `seen`.
template <typename Passes>
std::vector<int> flood(int width, int height, int start, std::vector<char>& seen, const Passes& passes) {
  std::vector<int> frontier{start}, found;
  seen[static_cast<std::size_t>(start)] = 1;
  constexpr int kDx[4] = {0, 1, 0, -1}, kDy[4] = {-1, 0, 1, 0};
  while (!frontier.empty()) {
    const int i = frontier.back();
    frontier.pop_back();
    found.push_back(i);
    for (int d = 0; d < 4; ++d) {
      const int nx = i % width + kDx[d], ny = i / width + kDy[d];
      if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
      const int j = ny * width + nx;
      if (!seen[static_cast<std::size_t>(j)] && passes(j)) {
        seen[static_cast<std::size_t>(j)] = 1;
        frontier.push_back(j);
      }
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace

std::vector<SquareGrid::Pos> SquareGrid::region(int x, int y, const CellTest& test) const {
  check_inside(x, y);
  std::vector<Pos> out;
  if (!passes(test, x, y)) return out;
  std::vector<char> seen(cells_.size(), 0);
  const auto found = flood(width_, height_, y * width_ + x, seen,
                           [&](int j) { return passes(test, j % width_, j / width_); });
  out.reserve(found.size());
  for (int i : found) out.push_back({i % width_, i / width_});
  return out;
}

std::vector<std::vector<SquareGrid::Pos>> SquareGrid::regions(const CellTest& test) const {
  // The test is asked once per cell (a script's test is a Lua call).
  std::vector<int> labels(cells_.size(), -1);
  for (int i = 0; i < static_cast<int>(cells_.size()); ++i)
    if (passes(test, i % width_, i / width_)) labels[static_cast<std::size_t>(i)] = 0;
  return areas(labels);
}

std::vector<std::vector<SquareGrid::Pos>> SquareGrid::areas(const std::vector<int>& labels) const {
  if (labels.size() != cells_.size())
    throw RuleError("areas: " + std::to_string(labels.size()) + " labels for " + std::to_string(cells_.size()) + " cells");
  std::vector<std::vector<Pos>> out;
  std::vector<char> covered(cells_.size(), 0);
  for (int i = 0; i < static_cast<int>(cells_.size()); ++i) {
    const int label = labels[static_cast<std::size_t>(i)];
    if (covered[static_cast<std::size_t>(i)] || label < 0) continue;
    auto& area = out.emplace_back();
    for (int j : flood(width_, height_, i, covered, [&](int k) { return labels[static_cast<std::size_t>(k)] == label; }))
      area.push_back({j % width_, j / width_});
  }
  return out;
}

bool SquareGrid::connected(Pos a, Pos b, const CellTest& test) const {
  check_inside(b.x, b.y);
  for (const Pos& p : region(a.x, a.y, test))
    if (p == b) return true;
  return false;
}

void SquareGrid::write_json(json& out, int viewer) const {
  out["width"] = width_;
  out["height"] = height_;
  if (!visible_to(viewer)) return;
  out["blocked_types"] = blocked_types_;
  json types = json::array(), pieces = json::array(), owners = json::array(), tiles = json::array();
  for (const Cell& cell : cells_) {
    types.push_back(cell.type);
    pieces.push_back(cell.piece);
    owners.push_back(cell.owner);
    tiles.push_back(cell.tile);
  }
  out["types"] = std::move(types);
  out["pieces"] = std::move(pieces);
  out["owners"] = std::move(owners);
  out["tiles"] = std::move(tiles);
}

void SquareGrid::read_json(const json& in) {
  const int width = json_fields::int_field(in, "width");
  const int height = json_fields::int_field(in, "height");
  if (width < 1) throw DataError("'width' must be at least 1");
  if (height < 1) throw DataError("'height' must be at least 1");
  const std::size_t n = static_cast<std::size_t>(width) * height;
  std::vector<std::string> blocked = json_fields::strings_field(in, "blocked_types");
  std::vector<std::string> types = json_fields::strings_field(in, "types");
  std::vector<std::string> pieces = json_fields::strings_field(in, "pieces");
  std::vector<int> owners = json_fields::ints_field(in, "owners");
  std::vector<int> tiles = json_fields::ints_field(in, "tiles");
  const std::string cells = " (one per cell: " + std::to_string(n) + ")";
  if (types.size() != n) throw DataError("'types' has " + std::to_string(types.size()) + " entries" + cells);
  if (pieces.size() != n) throw DataError("'pieces' has " + std::to_string(pieces.size()) + " entries" + cells);
  if (owners.size() != n) throw DataError("'owners' has " + std::to_string(owners.size()) + " entries" + cells);
  if (tiles.size() != n) throw DataError("'tiles' has " + std::to_string(tiles.size()) + " entries" + cells);
  std::vector<Cell> next(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (owners[i] < kNobody) throw DataError("'owners[" + std::to_string(i) + "]' must be a seat or -1");
    if (tiles[i] < kNoTile) throw DataError("'tiles[" + std::to_string(i) + "]' must be a tile id or -1");
    next[i] = Cell{std::move(types[i]), std::move(pieces[i]), owners[i], tiles[i]};
  }
  width_ = width;
  height_ = height;
  cells_ = std::move(next);
  set_blocked_types(std::move(blocked));
}

std::string SquareGrid::describe(int viewer) const {
  std::string size = std::to_string(width_) + "x" + std::to_string(height_);
  if (!visible_to(viewer)) return size + " (hidden)";
  std::vector<std::string> tokens;
  std::vector<std::size_t> widest(width_, 1);  // per column, so columns line up
  for (int i = 0; i < static_cast<int>(cells_.size()); ++i) {
    const Cell& cell = cells_[i];
    std::string t = cell.type.empty() ? "." : cell.type;
    if (!cell.piece.empty()) t += "+" + cell.piece;
    if (cell.owner != kNobody) t += "@" + std::to_string(cell.owner);
    if (cell.tile != kNoTile) t += "#" + std::to_string(cell.tile);
    widest[i % width_] = std::max(widest[i % width_], t.size());
    tokens.push_back(std::move(t));
  }
  std::string out;
  for (int y = 0; y < height_; ++y) {
    if (y > 0) out += "\n";
    for (int x = 0; x < width_; ++x) {
      const std::string& t = tokens[y * width_ + x];
      out += t;
      if (x + 1 < width_) out += std::string(widest[x] - t.size() + 1, ' ');
    }
  }
  return out;
}

}  // namespace tessera
