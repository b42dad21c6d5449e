#include "sardinia_scoring.hpp"

#include <algorithm>
#include <array>

#include "tessera/error.hpp"

namespace sardinia {

std::vector<int> province_vp(const Rules& rules, int vp, const std::vector<int>& influence) {
  const int players = static_cast<int>(influence.size());
  std::vector<int> out(influence.size(), 0);
  const int best = influence.empty() ? 0 : *std::max_element(influence.begin(), influence.end());
  if (best < rules.min_influence) return out;
  int at_best = 0;
  for (int v : influence) at_best += v == best ? 1 : 0;
  if (at_best > 1) {
    // A shared first place: nobody is second (6.1); with two players nobody scores at all (6.2).
    if (players == 2 && !rules.two_player_tie_scores) return out;
    for (int p = 0; p < players; ++p)
      if (influence[static_cast<std::size_t>(p)] == best) out[static_cast<std::size_t>(p)] = vp;
    return out;
  }
  int second = 0;
  for (int v : influence)
    if (v < best) second = std::max(second, v);
  for (int p = 0; p < players; ++p) {
    const int v = influence[static_cast<std::size_t>(p)];
    if (v == best) out[static_cast<std::size_t>(p)] = vp;
    else if (second >= rules.min_influence && v == second && (players != 2 || rules.two_player_second_scores))
      out[static_cast<std::size_t>(p)] = vp / rules.second_place_divisor;
  }
  return out;
}

bool farmer_connected(const Rules& rules, int harbour, int target, std::span<const bool> has_settler) {
  const int n = static_cast<int>(rules.provinces.size());
  if (static_cast<int>(has_settler.size()) < n) throw tessera::RuleError("settler map does not match the board");
  if (harbour < 0 || harbour >= n || target < 0 || target >= n) throw tessera::RuleError("no such province");
  if (!has_settler[static_cast<std::size_t>(target)]) return false;
  if (harbour == target) return true;
  if (!has_settler[static_cast<std::size_t>(harbour)]) return false;
  // Depth-first over provinces holding the player's settlers only (no allocation: the
  // Farmer's targets are made for every Farmer played).
  std::array<bool, kMaxProvinces> seen{};
  std::array<int, kMaxProvinces> stack{};
  int top = 1;
  stack[0] = harbour;
  seen[static_cast<std::size_t>(harbour)] = true;
  while (top > 0) {
    const int at = stack[static_cast<std::size_t>(--top)];
    for (int next : rules.provinces[static_cast<std::size_t>(at)].adjacent) {
      if (seen[static_cast<std::size_t>(next)] || !has_settler[static_cast<std::size_t>(next)]) continue;
      if (next == target) return true;
      seen[static_cast<std::size_t>(next)] = true;
      stack[static_cast<std::size_t>(top++)] = next;
    }
  }
  return false;
}

}  // namespace sardinia
