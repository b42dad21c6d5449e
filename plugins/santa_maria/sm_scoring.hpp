#pragma once
// Santa Maria's final scoring of one colony (rules 7): colonists in complete lines and
// the six bishop objectives. Pure functions over the colony grid and the port.
#include <array>
#include <nlohmann/json.hpp>
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
// Ships per dock 1..4 (index 0..3).
using PortCounts = std::array<int, 4>;
// 7.2: the objective points of bishop `bishop` (index into Rules::bishops), before the
// monk penalty.
int bishop_points(const Rules& rules, int bishop, const ColonyView& colony, const PortCounts& port);
// 5.12: squares connected to a capital square (directly adjacent or through road squares).
std::array<std::array<bool, 6>, 6> connected_to_capital(const Rules& rules, const ColonyView& colony);

}  // namespace santa_maria
