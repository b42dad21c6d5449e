#include <algorithm>
#include <ostream>

#include "compare_arms.hpp"
#include "escaping.hpp"

namespace tessera::host {
namespace {

std::string joined(const std::vector<std::string>& parts, const char* separator) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? separator : "") + parts[i];
  return text;
}

}  // namespace

void write_csv(std::ostream& out, const std::vector<Arm>& arms, int players) {
  // Category columns: every name any arm's games use for a seat, in order of appearance.
  std::vector<std::vector<std::string>> names(static_cast<std::size_t>(players));
  for (const Arm& arm : arms)
    for (const GameRecord& r : arm.records)
      for (std::size_t s = 0; s < r.categories.size() && s < names.size(); ++s)
        for (const auto& entry : r.categories[s])
          if (std::find(names[s].begin(), names[s].end(), entry.first) == names[s].end())
            names[s].push_back(entry.first);
  out << "arm,variants,game,seed,seating,first_player,length,winners";
  for (int s = 0; s < players; ++s) out << ",score_" << s << ",margin_" << s;
  for (int s = 0; s < players; ++s)
    for (const std::string& name : names[static_cast<std::size_t>(s)]) out << "," << csv_field(name + "_" + std::to_string(s));
  out << "\n";
  for (const Arm& arm : arms) {
    for (std::size_t g = 0; g < arm.records.size(); ++g) {
      const GameRecord& r = arm.records[g];
      std::vector<std::string> winners;
      for (int w : r.winners) winners.push_back(std::to_string(w));
      out << csv_field(arm.name) << "," << csv_field(joined(arm.variants, "+")) << "," << g << "," << r.seed << "," << r.seating << ","
          << r.first_player << "," << r.length
          << "," << joined(winners, " ");
      for (std::size_t s = 0; s < static_cast<std::size_t>(players); ++s)
        out << "," << (s < r.scores.size() ? r.scores[s] : 0) << "," << (s < r.margin.size() ? r.margin[s] : 0);
      for (std::size_t s = 0; s < static_cast<std::size_t>(players); ++s)
        for (const std::string& name : names[s]) out << "," << category_of(r, s, name);
      out << "\n";
    }
  }
}

}  // namespace tessera::host
