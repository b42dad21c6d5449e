#include "sm_scoring.hpp"

namespace santa_maria {

ColonyView ColonyView::of(const Rules& rules, const tessera::SquareGrid& grid) {
  ColonyView v;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c)
      v.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
          grid.inside(c, r) ? rules.cell_of(grid.at(c, r).type) : -1;
  return v;
}

int colonist_points(const Rules& rules, const ColonyView& colony) {
  auto colonists = [&](int r, int c) {
    const int cell = colony.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
    return cell < 0 ? 0 : rules.cells[static_cast<std::size_t>(cell)].colonists;
  };
  int total = 0;
  for (int r = 0; r < 6; ++r) {
    bool full = true;
    int sum = 0;
    for (int c = 0; c < 6; ++c) {
      full = full && colony.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] >= 0;
      sum += colonists(r, c);
    }
    if (full) total += sum;
  }
  for (int c = 0; c < 6; ++c) {
    bool full = true;
    int sum = 0;
    for (int r = 0; r < 6; ++r) {
      full = full && colony.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] >= 0;
      sum += colonists(r, c);
    }
    if (full) total += sum;
  }
  return total;
}

}  // namespace santa_maria
