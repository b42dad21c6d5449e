#include "score_declaration.hpp"

#include <algorithm>
#include <map>

#include "tessera/yaml_reader.hpp"

namespace tessera::host {

ScoreDeclaration::Kind ScoreDeclaration::kind_of(const std::string& category) const {
  auto in = [&](const std::vector<std::string>& names) { return std::find(names.begin(), names.end(), category) != names.end(); };
  if (in(points)) return Kind::Points;
  if (in(tie_breakers)) return Kind::TieBreaker;
  if (in(counts)) return Kind::Count;
  return Kind::Undeclared;
}

ScoreDeclaration read_score_declaration(const std::filesystem::path& data_dir, const std::string& game_id) {
  ScoreDeclaration declaration;
  declaration.file = "data/" + game_id + "/score.yaml";
  if (!std::filesystem::exists(data_dir / "score.yaml")) return declaration;
  const YamlNode root = load_yaml(data_dir / "score.yaml", declaration.file).root;
  if (!root.is_map()) throw root.error("score.yaml is a map: points:, and optionally tie_breakers: and counts:");
  root.allow_only({"points", "tie_breakers", "counts"});
  std::map<std::string, std::string> seen;  // name -> the place it was first given
  auto names = [&](const char* key, bool required) {
    std::vector<std::string> out;
    const std::optional<YamlNode> list = required ? root.at(key) : root.find(key);
    if (!list) return out;
    if (!list->is_list()) throw list->error(std::string(key) + ": expected a list of category names");
    for (const YamlNode& item : list->as_list()) {
      if (!item.is_scalar() || item.scalar().empty()) throw item.error(std::string(key) + ": expected a category name");
      const std::string name = item.as_string();
      const auto [first, fresh] = seen.emplace(name, item.mark());
      if (!fresh) throw item.error("'" + name + "' is declared twice (first at " + first->second + ")");
      out.push_back(name);
    }
    return out;
  };
  declaration.points = names("points", true);
  declaration.tie_breakers = names("tie_breakers", false);
  declaration.counts = names("counts", false);
  return declaration;
}

std::optional<std::string> score_mismatch(const ScoreDeclaration& declaration, const Outcome& outcome, bool check_sums) {
  for (const auto& seat : outcome.categories)
    for (const auto& [name, value] : seat)
      if (declaration.kind_of(name) == ScoreDeclaration::Kind::Undeclared)
        return "the outcome's category '" + name + "' is not declared in " + declaration.file +
               " (points:, tie_breakers: or counts:)";
  if (!check_sums) return std::nullopt;
  for (std::size_t s = 0; s < outcome.scores.size() && s < outcome.categories.size(); ++s) {
    int sum = 0;
    std::string terms;
    for (const auto& [name, value] : outcome.categories[s])
      if (declaration.kind_of(name) == ScoreDeclaration::Kind::Points) {
        sum += value;
        terms += (terms.empty() ? "" : " + ") + name + " " + std::to_string(value);
      }
    if (sum == outcome.scores[s]) continue;
    std::string message = "seat " + std::to_string(s) + "'s points (" + (terms.empty() ? "none" : terms) + ") add up to " +
                          std::to_string(sum) + ", not its score " + std::to_string(outcome.scores[s]) +
                          ", as the points: of " + declaration.file + " declare";
    // Name the category that would make it add up: most often the one declared wrong.
    for (const auto& [name, value] : outcome.categories[s]) {
      const bool points = declaration.kind_of(name) == ScoreDeclaration::Kind::Points;
      if (value != 0 && sum + (points ? -value : value) == outcome.scores[s])
        message += std::string("; '") + name + "' (" + std::to_string(value) + ") " +
                   (points ? "is declared as points but is not counted in the score" : "is counted in the score but not declared as points");
    }
    return message;
  }
  return std::nullopt;
}

}  // namespace tessera::host
