#pragma once
// A game's legend (Game::legend) cut into the sections `tessera play` shows again only when
// they change: a section is a line that starts with neither a space nor a line break (its
// title) and the lines under it, blank ones included.
#include <string>
#include <vector>

namespace tessera::host {

struct LegendSection {
  std::string key;   // its title and, for a title that repeats, its place among them
  std::string text;  // the title line and the lines under it, each ending in '\n' as given
};

std::vector<LegendSection> legend_sections(const std::string& legend);

}  // namespace tessera::host
