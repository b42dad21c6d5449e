#pragma once
// SquareGrid: a width x height board of square cells (a personal colony, a city grid) on
// which polyomino tiles are placed. Each cell has a printed or placed `type` (terrain,
// building kind; "" = empty), a `piece` ("" = none), an `owner` seat (kNobody = none) and
// the id of the `tile` covering it (kNoTile = none).
//
// Coordinates: x is the column 0..width-1 (left to right), y the row 0..height-1 (top to
// bottom). Cells are stored row-major (index y*width + x).
//
// Shapes: a Shape lists the cells of a tile as offsets (dx, dy), each with the type it
// gives its cell ("" keeps the cell's type). rotate() turns a shape clockwise as seen on
// screen (y down) by a multiple of 90 degrees; every shape used for placement is first
// normalised so that its smallest dx and dy are 0, and (x, y) of a placement is where that
// normalised, rotated shape's (0, 0) lands.
//
// Placement rule: a shape fits when every covered cell is inside the grid, no cell is
// covered twice, and no covered cell is blocked. A cell is blocked when a tile covers it,
// its type is one of blocked_types(), or the caller's `allowed` test rejects it.
//
// CellTest parameters: an empty std::function accepts every cell. Every (x, y) argument
// outside the grid throws RuleError, except in inside() and in placement checks, where it
// is a reason for refusal.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class SquareGrid : public ComponentOf<SquareGrid> {
 public:
  static constexpr std::string_view kKind = "square_grid";
  static constexpr int kNoTile = -1;

  struct Cell {
    std::string type;   // "" = empty square
    std::string piece;  // "" = no piece
    int owner = kNobody;
    int tile = kNoTile;
    bool operator==(const Cell&) const = default;
  };
  struct Pos {
    int x = 0;
    int y = 0;
    bool operator==(const Pos&) const = default;
  };
  struct ShapeCell {
    int dx = 0;
    int dy = 0;
    std::string type;  // type given to the covered cell; "" leaves the cell's type as it is
    bool operator==(const ShapeCell&) const = default;
  };
  using Shape = std::vector<ShapeCell>;
  struct Placement {
    int x = 0;
    int y = 0;
    int rotation = 0;  // 0, 90, 180 or 270
    bool operator==(const Placement&) const = default;
  };
  using CellTest = std::function<bool(int x, int y, const Cell& cell)>;

  // All cells empty. Throws DataError if width or height < 1.
  SquareGrid(std::string name, int width, int height, int owner = kNobody, Visibility visibility = Visibility::Public);

  int width() const { return width_; }
  int height() const { return height_; }
  bool inside(int x, int y) const { return x >= 0 && x < width_ && y >= 0 && y < height_; }
  // Inline: the hottest read of a grid game's move generation.
  Cell& at(int x, int y) {
    if (!inside(x, y)) outside(x, y);
    return cells_[static_cast<std::size_t>(y * width_ + x)];
  }
  const Cell& at(int x, int y) const {
    if (!inside(x, y)) outside(x, y);
    return cells_[static_cast<std::size_t>(y * width_ + x)];
  }

  // Cell types on which no tile may be placed (e.g. printed buildings). Sorted, unique.
  const std::vector<std::string>& blocked_types() const { return blocked_types_; }
  void set_blocked_types(std::vector<std::string> types);
  // True when a tile covers the cell or its type is blocked.
  bool blocked(int x, int y) const;

  // Shape helpers (pure). rotate() throws RuleError unless degrees is a multiple of 90
  // (negative values turn anticlockwise). Results are normalised; cell order is kept.
  static Shape normalise(const Shape& shape);
  static Shape rotate(const Shape& shape, int degrees);
  static Shape mirror(const Shape& shape);  // left-right flip

  // "" when `shape` turned by `rotation` (0, 90, 180 or 270) fits at (x, y); otherwise the
  // reason it does not ("cell (6,2) is outside the 6x6 grid", "cell (1,1) is covered by
  // tile 4", "the shape covers (0,1) twice", ...).
  std::string check_place(const Shape& shape, int x, int y, int rotation, const CellTest& allowed = {}) const;
  bool can_place(const Shape& shape, int x, int y, int rotation, const CellTest& allowed = {}) const {
    return check_place(shape, x, y, rotation, allowed).empty();
  }
  // Places the tile `tile` (an id >= 0): covered cells get that tile id and the shape
  // cell's type when it is not "". Throws RuleError with check_place's reason, or for a
  // negative tile id or one already on the grid.
  void place(const Shape& shape, int x, int y, int rotation, int tile, const CellTest& allowed = {});
  // Clears every cell of `tile` back to an empty cell; returns how many were cleared.
  int remove_tile(int tile);
  // Cells covered by `tile`, row-major.
  std::vector<Pos> tile_cells(int tile) const;
  // Every legal placement of `shape`: rotations in order 0, 90, 180, 270, skipping a rotation
  // that gives the same shape (types included) as an earlier one; then rows, then columns.
  std::vector<Placement> placements(const Shape& shape, const CellTest& allowed = {}) const;

  // Lines and areas.
  std::vector<Cell> row(int y) const;     // left to right
  std::vector<Cell> column(int x) const;  // top to bottom
  std::vector<int> complete_rows(const CellTest& test) const;     // rows whose every cell passes
  std::vector<int> complete_columns(const CellTest& test) const;  // columns whose every cell passes
  // Orthogonal neighbours inside the grid, in the order up, right, down, left.
  std::vector<Pos> neighbours(int x, int y) const;
  // The 4-connected area of cells passing `test` that contains (x, y), row-major; empty when
  // (x, y) itself fails the test.
  std::vector<Pos> region(int x, int y, const CellTest& test) const;
  // All such areas, ordered by their first cell (row-major); the test is asked once per cell.
  std::vector<std::vector<Pos>> regions(const CellTest& test) const;
  // The 4-connected areas of cells with equal labels (labels[y * width + x], one per cell; a
  // negative label is in no area), ordered by their first cell. Throws RuleError when the
  // labels are not one per cell.
  std::vector<std::vector<Pos>> areas(const std::vector<int>& labels) const;
  // True when a and b both pass `test` and lie in one 4-connected area of passing cells.
  bool connected(Pos a, Pos b, const CellTest& test) const;

  // Full form: {"width","height","blocked_types":[..],"types":[..],"pieces":[..],"owners":[..],
  // "tiles":[..]} with one entry per cell, row-major. Not visible: {"width","height"}.
  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  // One line per row; a cell shows its type (or "."), "+piece", "@owner" and "#tile".
  std::string describe(int viewer) const override;

 private:
  void check_inside(int x, int y) const;
  [[noreturn]] void outside(int x, int y) const;  // throws the RuleError of check_inside
  bool passes(const CellTest& test, int x, int y) const;
  // True when the normalised, already rotated shape fits at (x, y); otherwise false, and
  // the reason goes to *why unless why is null (so enumeration builds no strings).
  bool fits(const Shape& normalised, int x, int y, const CellTest& allowed, std::string* why) const;

  int width_;
  int height_;
  std::vector<Cell> cells_;  // row-major
  std::vector<std::string> blocked_types_;
};

}  // namespace tessera
