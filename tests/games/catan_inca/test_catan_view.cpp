// CATAN: Rise of the Inkas — what a person at the terminal reads: the map draws every piece
// at the corner or side its id names and every place a move names, and the events say what
// each seat gained, to the seats that may know it.
#include <sstream>

#include "catan_support.hpp"
#include "support/text_lines.hpp"

using namespace catan_test;
using tessera::Event;
using tessera::kSpectator;
using tessera::testing::lines_of;

namespace {

// The map of a view, read back as the catan_map.cpp drawing places things: a hex's q,r in
// its middle line; its W and E corners 5 columns left and right of the centre of that line;
// its N side 2 lines up at the centre; its NE and SE sides 1 line up and down, 4 columns right.
class MapReader {
 public:
  explicit MapReader(const std::string& view) {
    for (const std::string& line : lines_of(view)) {
      if (line.rfind("Last roll:", 0) == 0) break;
      lines_.push_back(line);
    }
  }
  // The character at the place "q,r" (hex: the centre of its label), "q,r,W", "q,r,NE", ...;
  // '?' when the map does not show the hex.
  char at(const std::string& place) const {
    const std::size_t last = place.rfind(',');
    const bool has_dir = std::count(place.begin(), place.end(), ',') == 2;
    const std::string hex = has_dir ? place.substr(0, last) : place, dir = has_dir ? place.substr(last + 1) : "";
    for (std::size_t row = 0; row < lines_.size(); ++row) {
      const std::size_t col = (" " + lines_[row] + " ").find(" " + hex + " ");
      if (col == std::string::npos) continue;
      const int centre = static_cast<int>(col + hex.size() / 2), r = static_cast<int>(row);
      if (dir.empty()) return get(r, centre);
      if (dir == "W") return get(r, centre - 5);
      if (dir == "E") return get(r, centre + 5);
      if (dir == "N") return get(r - 2, centre);
      if (dir == "NE") return get(r - 1, centre + 4);
      if (dir == "SE") return get(r + 1, centre + 4);
    }
    return '?';
  }

 private:
  char get(int row, int col) const {
    if (row < 0 || row >= static_cast<int>(lines_.size()) || col < 0 || col >= static_cast<int>(lines_[row].size()))
      return ' ';
    return lines_[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
  }
  std::vector<std::string> lines_;
};

char initial(const Game& g, int seat) { return g.player_name(seat)[0]; }

// Every piece of the state, where the map draws it.
void check_pieces_drawn(const Game& g) {
  const MapReader map(g.render(kSpectator));
  const json s = state(g);
  for (const json& c : s["global"]["board"]["corners"]) {
    if (c["owner"].get<int>() < 0) continue;
    const std::string piece = c["piece"];
    char want = initial(g, c["owner"]);
    if (piece == "city") want = static_cast<char>(std::toupper(want));
    if (piece.rfind("dec_", 0) == 0) want = '*';
    INFO(piece << " at " << c["id"].get<std::string>());
    CHECK(map.at(c["id"]) == want);
  }
  for (const json& e : s["global"]["board"]["edges"]) {
    if (e["owner"].get<int>() < 0) continue;
    INFO("road on " << e["id"].get<std::string>());
    CHECK(map.at(e["id"]) == initial(g, e["owner"]));
  }
}

std::vector<std::string> texts_for(const std::vector<Event>& events, int audience) {
  std::vector<std::string> out;
  for (const Event& e : events)
    if (e.audience == audience) out.push_back(e.text);
  return out;
}

}  // namespace

TEST_CASE("CATAN's map draws each building at its corner and each road on its side", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    clear_board(s);
    put_building(s, "0,-1,W", kRed);
    put_building(s, "0,-1,E", kBlue, "city");
    put_building(s, "1,0,W", kOrange, "dec_settlement");
    put_building(s, "-1,1,E", kGrey);
    for (const char* e : {"0,-1,N", "0,-1,NE", "0,-1,SE"}) put_road(s, e, kRed);
    put_road(s, "-1,1,NE", kGrey);
    at_turn(s, kRed);
  });
  check_pieces_drawn(*g);
  const MapReader map(g->render(kRed));
  CHECK(map.at("0,-1,E") == 'B');  // a city: its colour's capital
  CHECK(map.at("1,0,W") == '*');   // declined
  CHECK(map.at("0,0,N") == '_');   // a free side keeps its outline
  CHECK(map.at("1,-1,W") == '.');  // a free corner
}

TEST_CASE("Every place a CATAN move names can be found on the map, through whole games", "[catan_inca]") {
  for (const int players : {3, 4}) {
    auto g = new_catan(players, 7);
    int checked = 0;
    tessera::testing::play_randomly(*g, 11, 100000, [&](const Game& game) {
      if (game.is_over() || checked > 400) return;
      ++checked;
      const MapReader map(game.render(game.decision().seat));
      for (const std::string& text : legal_texts(game)) {
        const std::size_t space = text.find(' ');
        const std::string word = text.substr(0, space);
        if (word == "move_robber" || word == "tribute") {
          INFO(text);
          CHECK(map.at(text.substr(space + 1)) != '?');
        } else if (word == "place_settlement" || word == "build_settlement" || word == "found") {
          INFO(text);
          const char mark = map.at(text.substr(space + 1));
          CHECK((mark == '.' || mark == '*'));
        } else if (word == "build_city") {
          INFO(text);
          CHECK(map.at(text.substr(space + 1)) == initial(game, game.decision().seat));
        } else if (word == "place_road" || word == "build_road" || word == "free_road") {
          INFO(text);
          const char mark = map.at(text.substr(space + 1));
          CHECK((mark == '_' || mark == '/' || mark == '\\'));
        }
      }
      check_pieces_drawn(game);
    });
    CHECK(checked > 100);
  }
}

TEST_CASE("A CATAN roll tells everyone what each seat produced", "[catan_inca]") {
  // The hex whose number the roll shows gives red's settlement 1 and blue's city 2 of its
  // product; a seed is looked for whose first roll shows the number of a forest.
  bool seen = false;
  for (std::uint64_t seed = 1; seed < 400 && !seen; ++seed) {
    auto g = new_catan(4, seed);
    std::string forest;
    int number = 0;
    const json s = state(*g);  // the loop must not run over a temporary's member
    for (const json& h : s["global"]["board"]["hexes"])
      if (h["terrain"] == "forest" && h["number"].get<int>() != 0 && forest.empty()) {
        forest = std::to_string(h["q"].get<int>()) + "," + std::to_string(h["r"].get<int>());
        number = h["number"];
      }
    REQUIRE(!forest.empty());
    edit(*g, [&](json& s) {
      empty_hands(s);
      clear_board(s);
      put_building(s, forest + ",W", kRed);
      put_building(s, forest + ",E", kBlue, "city");
      put_robber(s, 3, -3);  // a jungle frame spot
      at_turn(s, kOrange, false);
    });
    const tessera::ApplyResult r = g->apply("roll");
    REQUIRE(r.ok);
    if (progress(*g, "last_roll") != number) continue;
    seen = true;
    const auto told = texts_for(r.events, kSpectator);
    CHECK(has(told, "red gains 1 wood"));
    CHECK(has(told, "blue gains 2 wood"));
    CHECK(hand(*g, kRed) == Cards{{"wood", 1}});
    CHECK(hand(*g, kBlue) == Cards{{"wood", 2}});
    for (const Event& e : r.events) CHECK(e.audience == kSpectator);  // production is public
  }
  CHECK(seen);
}

TEST_CASE("A CATAN roll that gives nothing says so", "[catan_inca]") {
  bool seen = false;
  for (std::uint64_t seed = 1; seed < 100 && !seen; ++seed) {
    auto g = new_catan(3, seed);
    edit(*g, [](json& s) {
      empty_hands(s);
      clear_board(s);
      at_turn(s, kOrange, false);
    });
    const tessera::ApplyResult r = g->apply("roll");
    REQUIRE(r.ok);
    const int roll = progress(*g, "last_roll");
    if (roll == 7) continue;
    seen = true;
    CHECK(has(texts_for(r.events, kSpectator), "the " + std::to_string(roll) + " gives nobody anything"));
  }
  CHECK(seen);
}

TEST_CASE("CATAN tells a steal to the two seats only, and a drawn card to its owner", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kRed, {{"potato", 1}, {"wool", 1}, {"ore", 1}});
    set_hand(s, kBlue, {{"fish", 1}});
    clear_board(s);
    put_building(s, "0,-1,W", kBlue);
    put_robber(s, 0, -1);
    at_turn(s, kRed);
  });
  const tessera::ApplyResult bought = g->apply("buy_card");
  REQUIRE(bought.ok);
  const auto mine = texts_for(bought.events, kRed);
  REQUIRE(mine.size() == 1);
  CHECK(mine[0].rfind("you draw ", 0) == 0);
  for (const Event& e : bought.events)
    if (e.audience == kSpectator) CHECK(e.text.find(mine[0].substr(9)) == std::string::npos);

  edit(*g, [](json& s) {
    s["global"]["flow"]["frames"].push_back(frame("steal", kRed, 0));
  });
  REQUIRE(has(legal_texts(*g), "steal 2"));
  const tessera::ApplyResult stolen = g->apply("steal 2");
  REQUIRE(stolen.ok);
  CHECK(texts_for(stolen.events, kRed) == std::vector<std::string>{"you take fish"});
  CHECK(texts_for(stolen.events, kBlue) == std::vector<std::string>{"red takes your fish"});
  for (const std::string& text : texts_for(stolen.events, kSpectator)) CHECK(text.find("fish") == std::string::npos);
}

TEST_CASE("CATAN tells everyone what a progress card and a trade moved between hands", "[catan_inca]") {
  auto g = new_catan(4, 1);
  edit(*g, [](json& s) {
    empty_hands(s);
    set_hand(s, kOrange, {{"wool", 5}});
    set_hand(s, kBlue, {{"wool", 1}});
    give_dev(s, kRed, "monopoly", false);
    at_turn(s, kRed, false);
  });
  act(*g, "play_card monopoly");
  const tessera::ApplyResult r = g->apply("choose wool");
  REQUIRE(r.ok);
  const auto told = texts_for(r.events, kSpectator);
  CHECK(has(told, "red gains 3 wool"));
  CHECK(has(told, "orange loses 2 wool"));
  CHECK(has(told, "blue loses 1 wool"));
}

TEST_CASE("CATAN's legend words the propose move for a person", "[catan_inca]") {
  auto g = new_catan(3, 1);
  edit(*g, [](json& s) {
    set_hand(s, kRed, {{"wool", 2}});
    set_hand(s, kOrange, {{"fish", 2}});
    at_turn(s, kRed);
  });
  REQUIRE(has(legal_texts(*g), "propose"));
  const std::string legend = g->legend(kRed);
  CHECK(legend.find("  propose: start a trade with the other players") != std::string::npos);
  CHECK(legend.find("offers_per_turn") == std::string::npos);
}
