#pragma once
// Santa Maria's final scoring of one colony (rules 7.1 item 2): colonists in complete lines.
// (The bishop objectives are Lua effects: scripts/santa_maria/bishops.lua.)
#include <array>
#include <vector>

#include "sm_rules.hpp"
#include "tessera/square_grid.hpp"

namespace santa_maria {

// The colony as cell indices into Rules::cells (-1 = free square), [row][column] 0-based.
struct ColonyView {
  std::array<std::array<int, 6>, 6> cell{};
  static ColonyView of(const Rules& rules, const tessera::SquareGrid& grid);
};

// 7.1 item 2: 1 point per colonist in each complete row and column (crossings twice).
int colonist_points(const Rules& rules, const ColonyView& colony);
}  // namespace santa_maria
