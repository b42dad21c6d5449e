#include "sm_scoring.hpp"

#include <algorithm>

namespace santa_maria {

namespace {

constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};

bool inside(int r, int c) { return r >= 0 && r < 6 && c >= 0 && c < 6; }

bool is_road(const Rules& rules, int cell) { return cell >= 0 && rules.cells[static_cast<std::size_t>(cell)].building < 0; }
int terrain_of(const Rules& rules, int cell) { return cell < 0 ? -1 : rules.cells[static_cast<std::size_t>(cell)].terrain; }

int capped(int value, const nlohmann::json& params) {
  if (params.contains("cap") && params["cap"].is_number_integer()) return std::min(value, params["cap"].get<int>());
  return value;
}

int param(const nlohmann::json& params, const char* key, int fallback) {
  return params.contains(key) && params[key].is_number_integer() ? params[key].get<int>() : fallback;
}

}  // namespace

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

std::array<std::array<bool, 6>, 6> connected_to_capital(const Rules& rules, const ColonyView& colony) {
  const int capital = rules.terrain_index("capital");
  std::array<std::array<bool, 6>, 6> capital_sq{}, road_reached{}, out{};
  std::vector<std::pair<int, int>> queue;
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c)
      capital_sq[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] =
          terrain_of(rules, colony.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]) == capital;
  // Roads adjacent to the capital, then roads reached through roads.
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) {
      if (!capital_sq[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]) continue;
      for (int d = 0; d < 4; ++d) {
        const int nr = r + kDr[d], nc = c + kDc[d];
        if (!inside(nr, nc)) continue;
        out[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] = true;
        if (is_road(rules, colony.cell[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)]) &&
            !road_reached[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)]) {
          road_reached[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] = true;
          queue.emplace_back(nr, nc);
        }
      }
    }
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const auto [r, c] = queue[i];
    for (int d = 0; d < 4; ++d) {
      const int nr = r + kDr[d], nc = c + kDc[d];
      if (!inside(nr, nc)) continue;
      const int cell = colony.cell[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)];
      if (cell < 0) continue;  // free squares are never on a path
      out[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] = true;
      if (is_road(rules, cell) && !road_reached[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)]) {
        road_reached[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] = true;
        queue.emplace_back(nr, nc);
      }
    }
  }
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c)
      if (capital_sq[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)])
        out[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
  return out;
}

int bishop_points(const Rules& rules, int bishop, const ColonyView& colony, const PortCounts& port) {
  const BishopDef& b = rules.bishops[static_cast<std::size_t>(bishop)];
  const nlohmann::json& p = b.params;
  auto cell = [&](int r, int c) { return colony.cell[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]; };
  if (b.id == "square") {
    int best = 0;
    for (int k = 2; k <= 6; ++k)
      for (int r = 0; r + k <= 6; ++r)
        for (int c = 0; c + k <= 6; ++c) {
          bool full = true;
          for (int i = 0; i < k && full; ++i)
            for (int j = 0; j < k && full; ++j) full = cell(r + i, c + j) >= 0;
          if (full) best = k;
        }
    best = std::min(best, 5);  // a full colony scores as 5x5
    int points = 0;
    if (p.contains("scores") && p["scores"].is_object())
      for (auto it = p["scores"].begin(); it != p["scores"].end(); ++it)
        if (it.value().is_number_integer() && std::to_string(best) == it.key()) points = it.value().get<int>();
    return points;
  }
  if (b.id == "one_dock") return capped(param(p, "per_tile", 2) * *std::max_element(port.begin(), port.end()), p);
  if (b.id == "cities_capital" || b.id == "colonists_capital") {
    const auto linked = connected_to_capital(rules, colony);
    const int city = rules.terrain_index("city");
    int count = 0;
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c) {
        if (!linked[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] || cell(r, c) < 0) continue;
        const CellDef& d = rules.cells[static_cast<std::size_t>(cell(r, c))];
        if (b.id == "cities_capital") count += d.terrain == city ? 1 : 0;
        else count += d.colonists;
      }
    const int per = b.id == "cities_capital" ? param(p, "per_city", 2) : param(p, "per_colonist", 1);
    return capped(per * count, p);
  }
  if (b.id == "largest_area") {
    std::vector<int> terrains;
    if (p.contains("terrains") && p["terrains"].is_array())
      for (const auto& t : p["terrains"])
        if (t.is_string()) terrains.push_back(rules.terrain_index(t.get<std::string>()));
    int best = 0;
    std::array<std::array<bool, 6>, 6> seen{};
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c) {
        const int t = terrain_of(rules, cell(r, c));
        if (seen[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] || t < 0 ||
            std::find(terrains.begin(), terrains.end(), t) == terrains.end())
          continue;
        std::vector<std::pair<int, int>> q{{r, c}};
        seen[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
        for (std::size_t i = 0; i < q.size(); ++i)
          for (int d = 0; d < 4; ++d) {
            const int nr = q[i].first + kDr[d], nc = q[i].second + kDc[d];
            if (inside(nr, nc) && !seen[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] &&
                terrain_of(rules, cell(nr, nc)) == t) {
              seen[static_cast<std::size_t>(nr)][static_cast<std::size_t>(nc)] = true;
              q.emplace_back(nr, nc);
            }
          }
        best = std::max(best, static_cast<int>(q.size()));
      }
    return capped(param(p, "per_square", 2) * best, p);
  }
  if (b.id == "diverse_lines") {
    std::vector<int> needs;
    if (p.contains("needs") && p["needs"].is_array())
      for (const auto& t : p["needs"])
        if (t.is_string()) needs.push_back(rules.terrain_index(t.get<std::string>()));
    int lines = 0;
    for (int line = 0; line < 12; ++line) {
      bool all = true;
      for (int t : needs) {
        bool found = false;
        for (int i = 0; i < 6 && !found; ++i)
          found = terrain_of(rules, line < 6 ? cell(line, i) : cell(i, line - 6)) == t;
        all = all && found;
      }
      lines += all ? 1 : 0;
    }
    return capped(param(p, "per_line", 3) * lines, p);
  }
  return 0;
}

}  // namespace santa_maria
