// The declared state schema (data/tutorial/schema.yaml) refuses edits the rules code could
// not use — undeclared keys, values out of range, unknown or duplicated cards — without
// changing the state, and a variant's schema overlay widens it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::state;

namespace {

void refused(Game& g, const std::string& pointer, const json& value, const std::string& why) {
  const json before = state(g);
  json edited = before;
  edited[json::json_pointer(pointer)] = value;
  CHECK_THROWS_WITH(g.set_state(edited), Catch::Contains(why));
  CHECK(state(g) == before);
}

}  // namespace

TEST_CASE("The schema refuses counter keys it does not declare and values outside their range", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 3, 1);
  refused(*g, "/global/progress/values/last_round", 2, "progress.last_round must be 0..1, not 2");
  refused(*g, "/global/progress/values/bonus", 1, "progress: no key 'bonus' (keys: last_round)");
  refused(*g, "/seats/1/score/values/total", 5000, "seat 1 score.total must be -1000..1000");
  tessera::testing::arrange(*g, "/global/progress/values/last_round", 1);
}

TEST_CASE("The schema refuses a card that is not of the game or that is in two places", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  refused(*g, "/global/market/rows/0/0", "dragon", "market: 'dragon' is not one of the cards");
  const std::string second = state(*g)["global"]["market"]["rows"][0][1];
  refused(*g, "/global/market/rows/0/0", second, "the cards are conserved");
  refused(*g, "/seats/0/tableau", json{{"kind", "hand"}, {"cards", {"herald"}}, {"revealed", {true}}, {"limit", -1}, {"visibility", "public"}},
          "the cards are conserved: 'herald'");
}

TEST_CASE("The schema refuses components it does not declare", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  const json before = state(*g);
  json edited = before;
  edited["global"]["extra"] = edited["global"]["progress"];
  CHECK_THROWS(g->set_state(edited));
  CHECK(state(*g) == before);
}

TEST_CASE("A variant's schema overlay declares the keys its Lua keeps", "[flow]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  refused(*plain, "/global/progress/values/second_chance_1", 1, "no key 'second_chance_1'");
  auto g = tessera::testing::new_game("tutorial", 2, 1, {"second_chance"});
  tessera::testing::arrange(*g, "/global/progress/values/second_chance_1", 1);
  refused(*g, "/global/progress/values/second_chance_1", 2, "must be 0..1");
}
