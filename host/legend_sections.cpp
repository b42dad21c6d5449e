#include "legend_sections.hpp"

#include <map>

namespace tessera::host {

std::vector<LegendSection> legend_sections(const std::string& legend) {
  std::vector<LegendSection> sections;
  for (std::size_t at = 0; at < legend.size();) {
    std::size_t end = legend.find('\n', at);
    end = end == std::string::npos ? legend.size() : end + 1;
    const bool title = legend[at] != ' ' && legend[at] != '\n';
    if (sections.empty() || title) sections.emplace_back();
    sections.back().text += legend.substr(at, end - at);
    at = end;
  }
  std::map<std::string, int> seen;  // how often each title came before in this legend
  for (LegendSection& s : sections) {
    const std::string title = s.text.substr(0, s.text.find('\n'));
    s.key = title + "\n" + std::to_string(seen[title]++);
  }
  return sections;
}

}  // namespace tessera::host
