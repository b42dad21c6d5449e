#pragma once
// Pure rule computations of Sardinia that do not depend on how the table stores its pieces:
// the VP of one province scoring (rules 6.1, 6.2) and the Farmer's connection rule (5.5).
#include <span>
#include <vector>

#include "sardinia_rules.hpp"

namespace sardinia {

// VP each player scores in one province of value `vp`, given each player's influence there
// (index = seat; players.size() is the player count). Only influence >= 1 ranks. A shared first
// place scores `vp` for every tied player and nobody scores second, except with two players, where a
// tie for first scores nothing unless rules.two_player_tie_scores. A clear first scores `vp`; every
// player tied for second scores vp / rules.second_place_divisor (with two players only if
// rules.two_player_second_scores).
std::vector<int> province_vp(const Rules& rules, int vp, const std::vector<int>& influence);

// Whether a player may take the token of province `target` with the Farmer using a ship in the
// port of province `harbour`: `target` must hold one of the player's settlers, and either
// target == harbour or a chain of adjacent provinces from `harbour` to `target` exists in which
// every province holds one of the player's settlers. `has_settler[p]` says whether province p holds
// one; it covers at least rules.provinces.size() provinces.
bool farmer_connected(const Rules& rules, int harbour, int target, std::span<const bool> has_settler);

}  // namespace sardinia
