// Sardinia data: the shipped board graph (data/sardinia/game.yaml) is one consistent map as
// section 10 of the rules requires, and the card list (cards.yaml) is complete. These checks
// read the YAML directly, so they hold whatever loader the plugin uses.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <iterator>
#include <sstream>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>
#include "support/build_paths.hpp"

namespace {

const std::filesystem::path kData = std::filesystem::path(tessera::testing::kSourceDir) / "data" / "sardinia";

YAML::Node game_yaml() { return YAML::LoadFile((kData / "game.yaml").string()); }
YAML::Node cards_yaml() { return YAML::LoadFile((kData / "cards.yaml").string()); }

std::vector<std::string> strings(const YAML::Node& list) {
  std::vector<std::string> out;
  for (const auto& n : list) out.push_back(n.as<std::string>());
  return out;
}

std::map<std::string, std::vector<std::string>> adjacency(const YAML::Node& game) {
  std::map<std::string, std::vector<std::string>> adj;
  for (const auto& entry : game["adjacency"]) adj[entry.first.as<std::string>()] = strings(entry.second);
  return adj;
}

bool adjacent(const std::map<std::string, std::vector<std::string>>& adj, const std::string& a, const std::string& b) {
  const auto& list = adj.at(a);
  return std::find(list.begin(), list.end(), b) != list.end();
}

}  // namespace

TEST_CASE("Sardinia has 16 provinces: 2 yellow worth 6, 8 green worth 3-5, 6 brown worth 2-4", "[sardinia]") {
  const YAML::Node game = game_yaml();
  REQUIRE(game["provinces"].size() == 16);
  std::map<std::string, int> by_colour;
  int total = 0;
  for (const auto& p : game["provinces"]) {
    const auto colour = p["colour"].as<std::string>();
    const int vp = p["vp"].as<int>();
    ++by_colour[colour];
    total += vp;
    if (colour == "yellow") CHECK(vp == 6);
    if (colour == "green") CHECK((vp >= 3 && vp <= 5));
    if (colour == "brown") CHECK((vp >= 2 && vp <= 4));
  }
  CHECK(by_colour == std::map<std::string, int>{{"brown", 6}, {"green", 8}, {"yellow", 2}});
  CHECK(total == 59);
}

TEST_CASE("Sardinia's adjacency is symmetric, names only provinces, and connects the island", "[sardinia]") {
  const YAML::Node game = game_yaml();
  const auto adj = adjacency(game);
  std::set<std::string> ids;
  for (const auto& p : game["provinces"]) ids.insert(p["id"].as<std::string>());
  REQUIRE(adj.size() == 16);
  for (const auto& [a, list] : adj) {
    REQUIRE(ids.count(a) == 1);
    for (const auto& b : list) {
      REQUIRE(ids.count(b) == 1);
      CHECK(a != b);
      CHECK(adjacent(adj, b, a));
    }
  }
  std::set<std::string> seen{"nurra"};
  std::vector<std::string> frontier{"nurra"};
  while (!frontier.empty()) {
    const std::string at = frontier.back();
    frontier.pop_back();
    for (const auto& next : adj.at(at))
      if (seen.insert(next).second) frontier.push_back(next);
  }
  CHECK(seen.size() == 16);
}

TEST_CASE("Sardinia's 26 fort spaces touch 2-4 provinces and every border has two fort-space ends", "[sardinia]") {
  const YAML::Node game = game_yaml();
  const auto adj = adjacency(game);
  REQUIRE(game["fort_spaces"].size() == 26);
  std::map<int, int> by_size;
  std::map<std::pair<std::string, std::string>, int> ends;
  int expected_id = 1;
  for (const auto& f : game["fort_spaces"]) {
    CHECK(f["id"].as<int>() == expected_id++);
    const auto provinces = strings(f["provinces"]);
    ++by_size[static_cast<int>(provinces.size())];
    for (std::size_t i = 0; i < provinces.size(); ++i)
      for (std::size_t j = i + 1; j < provinces.size(); ++j)
        if (adjacent(adj, provinces[i], provinces[j]))
          ++ends[std::minmax(provinces[i], provinces[j])];
  }
  CHECK(by_size == std::map<int, int>{{2, 11}, {3, 11}, {4, 4}});
  for (const auto& [a, list] : adj)
    for (const auto& b : list) CHECK(ends[std::minmax(a, b)] == 2);
}

TEST_CASE("Sardinia's fort space 6 touches Logudoro, Anglona and Gallura as example E1 needs", "[sardinia]") {
  const YAML::Node game = game_yaml();
  const auto six = strings(game["fort_spaces"][5]["provinces"]);
  CHECK(six == std::vector<std::string>{"anglona", "gallura", "logudoro"});
  std::map<std::string, int> vp;
  for (const auto& p : game["provinces"]) vp[p["id"].as<std::string>()] = p["vp"].as<int>();
  CHECK(vp["logudoro"] == 5);
  CHECK(vp["anglona"] == 5);
  CHECK(vp["gallura"] == 2);
}

TEST_CASE("Sardinia's 6 ports each belong to a different coastal province", "[sardinia]") {
  const YAML::Node game = game_yaml();
  std::map<std::string, bool> coastal;
  for (const auto& p : game["provinces"]) coastal[p["id"].as<std::string>()] = p["coastal"].as<bool>();
  REQUIRE(game["ports"].size() == 6);
  std::set<std::string> owners;
  for (const auto& port : game["ports"]) {
    const auto province = port["province"].as<std::string>();
    CHECK(coastal.at(province));
    CHECK(owners.insert(province).second);
  }
  CHECK(owners.count("anglona") == 1);
}

TEST_CASE("Sardinia's agriculture tokens fill exactly the provinces of their colour", "[sardinia]") {
  const YAML::Node game = game_yaml();
  std::map<std::string, int> provinces_of, tokens_for;
  for (const auto& p : game["provinces"]) ++provinces_of[p["colour"].as<std::string>()];
  int total = 0;
  for (const auto& t : game["agriculture_tokens"]) {
    tokens_for[t["placed_on"].as<std::string>()] += t["count"].as<int>();
    total += t["count"].as<int>();
  }
  CHECK(total == 16);
  CHECK(tokens_for == provinces_of);
}

TEST_CASE("Sardinia's layout grid draws the adjacency and every fort-space corner", "[sardinia]") {
  const YAML::Node game = game_yaml();
  const auto adj = adjacency(game);
  std::map<std::string, std::string> key;  // code -> province id
  for (const auto& k : game["layout"]["key"]) key[k.first.as<std::string>()] = k.second.as<std::string>();
  std::vector<std::vector<std::string>> rows;  // codes, ".." the sea
  for (const std::string& text : strings(game["layout"]["rows"])) {
    std::istringstream in(text);
    rows.emplace_back(std::istream_iterator<std::string>(in), std::istream_iterator<std::string>());
  }
  const auto cell = [&](int r, int c) -> std::string {
    if (r < 0 || c < 0 || r >= static_cast<int>(rows.size()) || c >= static_cast<int>(rows[r].size())) return "..";
    return rows[r][c];
  };
  std::set<std::pair<std::string, std::string>> drawn;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r)
    for (int c = 0; c < static_cast<int>(rows[r].size()); ++c)
      for (const auto& [dr, dc] : {std::pair{0, 1}, std::pair{1, 0}}) {
        const std::string a = cell(r, c), b = cell(r + dr, c + dc);
        if (a != ".." && b != ".." && a != b) drawn.insert(std::minmax(key.at(a), key.at(b)));
      }
  std::set<std::pair<std::string, std::string>> listed;
  for (const auto& [a, list] : adj)
    for (const auto& b : list) listed.insert(std::minmax(a, b));
  CHECK(drawn == listed);
  for (const auto& f : game["fort_spaces"]) {
    const int r = f["corner"][0].as<int>(), c = f["corner"][1].as<int>();
    std::set<std::string> around;
    for (const auto& [dr, dc] : {std::pair{-1, -1}, std::pair{-1, 0}, std::pair{0, -1}, std::pair{0, 0}})
      if (cell(r + dr, c + dc) != "..") around.insert(key.at(cell(r + dr, c + dc)));
    const auto provinces = strings(f["provinces"]);
    CHECK(around == std::set<std::string>(provinces.begin(), provinces.end()));
  }
}

TEST_CASE("Sardinia's map codes are read from the province names, one per province", "[sardinia]") {
  const YAML::Node game = game_yaml();
  std::map<std::string, std::string> name_of;
  for (const auto& p : game["provinces"]) name_of[p["id"].as<std::string>()] = p["name"].as<std::string>();
  std::set<std::string> coded;
  for (const auto& k : game["layout"]["key"]) {
    const std::string code = k.first.as<std::string>(), id = k.second.as<std::string>();
    INFO(code << " " << id);
    REQUIRE(code.size() == 2);
    const std::string name = name_of.at(id);
    CHECK(code[0] == name[0]);  // the initial, then a later letter of the name
    CHECK(name.find(static_cast<char>(std::tolower(static_cast<unsigned char>(code[1]))), 1) != std::string::npos);
    CHECK(coded.insert(id).second);
  }
  CHECK(coded.size() == name_of.size());
}

TEST_CASE("Sardinia's cards: seven characters with their options, 26 fort cards", "[sardinia]") {
  const YAML::Node cards = cards_yaml();
  std::vector<std::string> ids;
  std::map<std::string, int> options;
  for (const auto& c : cards["character_cards"]) {
    ids.push_back(c["id"].as<std::string>());
    options[ids.back()] = static_cast<int>(c["options"].size());
  }
  CHECK(ids == std::vector<std::string>{"admiral", "commander", "chaplain", "farmer", "architect", "queen", "guard"});
  CHECK(options == std::map<std::string, int>{{"admiral", 2}, {"architect", 2}, {"chaplain", 2}, {"commander", 2},
                                              {"farmer", 1}, {"guard", 0}, {"queen", 0}});
  REQUIRE(cards["fort_cards"].size() == 26);
  for (int i = 0; i < 26; ++i) CHECK(cards["fort_cards"][i].as<int>() == i + 1);
}
