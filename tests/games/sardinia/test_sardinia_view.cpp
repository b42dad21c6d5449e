// Sardinia — what a person at the terminal reads: a map of the provinces by codes read from
// their names, each province's pieces beside it, and seat colours used for seats only.
#include <catch2/catch.hpp>
#include <regex>
#include <sstream>

#include "sardinia_support.hpp"
#include "support/text_lines.hpp"

using namespace tessera;
using namespace sardinia_test;
using tessera::testing::lines_of;

namespace {

std::unique_ptr<Game> arranged(int players, const std::function<void(json&)>& arrange) {
  auto g = tessera::testing::new_game("sardinia", players, 1);
  edit(*g, arrange);
  return g;
}

}  // namespace

TEST_CASE("Sardinia's map names each province by a code read from its name, its pieces beside the map",
          "[sardinia]") {
  auto g = arranged(3, [](json& s) {
    clear_board(s);
    put(s, "barbagia", kBlue, "settler", 2);
    put(s, "barbagia", kPurple, "chaplain");
    put(s, "port_oristano", kYellow, "ship");
    put(s, "fort_14", kPurple, "fort");
  });
  const std::vector<std::string> lines = lines_of(g->render(kYellow));
  // Barbagia's cells on the map; its line beside the map names its pieces by seat.
  bool map_has_code = false, listed = false, port = false;
  for (const std::string& line : lines) {
    if (line.find(" Bb ") != std::string::npos && line.find(" | ") != std::string::npos) map_has_code = true;
    const std::size_t barbagia = line.find("Bb Barbagia 4 VP ");
    if (barbagia != std::string::npos && barbagia > 40 && line.find(": blue 2 settler, purple 1 chaplain") != std::string::npos)
      listed = true;  // beside the map, not under it
    if (line.find("Ar Arborea 6 VP") != std::string::npos && line.find("| port Oristano: yellow 1 ship") != std::string::npos)
      port = true;
  }
  CHECK(map_has_code);
  CHECK(listed);
  CHECK(port);
  CHECK(g->render(kYellow).find("Forts (space: owner): 14: purple 1 fort") != std::string::npos);
  // Every province's code is on the map and in the legend, with its id to type.
  const std::string legend = g->legend(kYellow);
  for (const auto& [code, id] : std::vector<std::pair<std::string, std::string>>{
           {"Nu", "nurra"}, {"Bb", "barbagia"}, {"Ba", "baronia"}, {"Mm", "marmilla"}, {"Mg", "marghine"},
           {"Sr", "sarrabus"}, {"Sc", "sarcidano"}, {"Su", "sulcis"}, {"Ar", "arborea"}}) {
    CHECK(legend.find("  " + code + " " + id) != std::string::npos);
  }
  CHECK(legend.find("'.'") == std::string::npos);
}

TEST_CASE("Sardinia's view uses a seat's colour only to name that seat", "[sardinia]") {
  // Provinces have land colours too (yellow, green, brown): the view never prints those as
  // words, so a terminal that paints seat names paints seats only. A seat's colour starts
  // its own line or names the owner of the pieces counted after it.
  auto g = tessera::testing::new_game("sardinia", 4, 3);
  const std::regex seat_word("\\b(yellow|blue|purple|green)\\b");
  int views = 0;
  tessera::testing::play_randomly(*g, 5, 100000, [&](const Game& game) {
    if (++views % 25 != 0) return;
    for (const std::string& line : lines_of(game.render(kSpectator)))
      for (auto it = std::sregex_iterator(line.begin(), line.end(), seat_word); it != std::sregex_iterator(); ++it) {
        const std::size_t at = static_cast<std::size_t>(it->position()), end = at + it->length();
        const bool starts_line = line.find_first_not_of(' ') == at && (line.compare(end, 1, ":") == 0 || line.compare(end, 6, " (you)") == 0);
        const bool owns_count = end + 1 < line.size() && line[end] == ' ' && std::isdigit(static_cast<unsigned char>(line[end + 1]));
        INFO(line);
        CHECK((starts_line || owns_count));
      }
  });
  CHECK(views > 100);
}
