#include "play_input.hpp"

#include <algorithm>
#include <cctype>

#include "tessera/yaml_reader.hpp"  // edit_distance

namespace tessera::host {

std::string normalise_input(std::string_view line) {
  std::string out;
  for (char c : line) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
      continue;
    }
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::optional<std::size_t> match_action(const std::vector<Action>& actions, std::string_view line) {
  const std::string typed = normalise_input(line);
  if (typed.empty()) return std::nullopt;
  if (typed.size() < 9 && typed.find_first_not_of("0123456789") == std::string::npos) {
    const std::size_t n = std::stoul(typed);
    if (n >= 1 && n <= actions.size()) return n - 1;
    return std::nullopt;
  }
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (normalise_input(actions[i].text) == typed) return i;
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (normalise_input(actions[i].label) == typed) return i;
  return std::nullopt;
}

std::vector<std::string> near_misses(const std::vector<std::string>& candidates, std::string_view line,
                                     std::size_t limit) {
  const std::string typed = normalise_input(line);
  std::vector<std::string> out;
  if (typed.empty()) return out;
  auto add = [&](const std::string& c) {
    if (out.size() < limit && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  };
  for (const std::string& c : candidates)
    if (normalise_input(c).rfind(typed, 0) == 0) add(c);
  // A typo: within a third of the typed length (at least 1, at most 3 edits) of a whole
  // candidate or of its start as long as the typed line.
  const std::size_t allowed = std::clamp<std::size_t>(typed.size() / 3, 1, 3);
  std::vector<std::pair<std::size_t, std::size_t>> close;  // distance, candidate index
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const std::string c = normalise_input(candidates[i]);
    const std::size_t d = std::min(edit_distance(typed, c), edit_distance(typed, c.substr(0, typed.size())) + 1);
    if (d <= allowed) close.emplace_back(d, i);
  }
  std::stable_sort(close.begin(), close.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [d, i] : close) add(candidates[i]);
  return out;
}

}  // namespace tessera::host
