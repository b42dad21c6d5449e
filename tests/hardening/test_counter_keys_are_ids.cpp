// Counters keyed by content ids (Age of Discovery's reservations and placed marks, Sardinia's
// tokens by province, Santa Maria's port by shipment) declare it in the schema with
// `{list}` keys (sdk/docs/data-format.md, "The state schema"): a key that is no id of the
// list is refused by `set`, a loaded state and a script's write alike, and the state stays.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::new_game;
using tessera::testing::new_game_with_scripts;
using tessera::testing::state;

namespace {

void refused(Game& g, const std::string& pointer, const json& value, const std::string& why) {
  INFO(pointer);
  const json before = state(g);
  json edited = before;
  edited[json::json_pointer(pointer)] = value;
  CHECK_THROWS_WITH(g.set_state(edited), Catch::Contains(why));
  CHECK(state(g) == before);
}

// The id of a card in pile 1 of Age of Discovery's ship deck.
std::string a_ship(const Game& g) { return state(g)["global"]["ships"]["piles"][0]["cards"][0]; }

}  // namespace

TEST_CASE("A counter keyed by content ids refuses a key that is no id of its list, from set and from a loaded state", "[hardening][flow]") {
  SECTION("age_of_discovery") {
    auto g = new_game("age_of_discovery", 3, 5);
    const std::string ship = a_ship(*g);
    refused(*g, "/global/reservations/values/ghost", 1, "reservations: no key 'ghost'");
    refused(*g, "/global/reservations/values/ghost", 1, "'ghost' is not one of the ships");
    refused(*g, "/global/reservations/values/ghost.age", 1, "'ghost' is not one of the ships");
    refused(*g, "/global/reservations/values/" + ship + ".age", 2, "must be 0..1, not 2");
    refused(*g, "/global/placed/values/ghost.own", 1, "'ghost' is not one of the ships");
    refused(*g, "/global/tally/values/atlantis.lock", 1, "'atlantis' is not one of the expeditions");
    // Ids of the list are fine, with their declared ranges.
    tessera::testing::arrange(*g, "/global/reservations/values/" + ship, 1);
    tessera::testing::arrange(*g, "/global/reservations/values/" + ship + ".age", 1);
  }
  SECTION("sardinia") {
    auto g = new_game("sardinia", 2, 5);
    refused(*g, "/global/tokens/values/atlantis", 1, "'atlantis' is not one of the provinces");
    refused(*g, "/seats/0/harvested/values/gold", 1, "'gold' is not one of the token_types");
  }
  SECTION("santa_maria") {
    auto g = new_game("santa_maria", 2, 5);
    refused(*g, "/seats/1/port/values/ghost", 1, "'ghost' is not one of the shipments");
  }
}

TEST_CASE("A script's write of a counter key that is no id of its list refuses the move", "[hardening][lua]") {
  struct Case {
    const char* game;
    const char* lua;
    const char* refusal;
  };
  const std::vector<Case> cases = {
      {"age_of_discovery", "ctx:get('reservations'):set('ghost', 1)", "'ghost' is not one of the ships"},
      {"age_of_discovery", "ctx:get('placed'):set('ghost.col', 1)", "'ghost' is not one of the ships"},
      {"sardinia", "ctx:get('tokens'):set('atlantis', 1)", "'atlantis' is not one of the provinces"},
      {"sardinia", "ctx:get('harvested', ctx.seat):add('gold', 1)", "'gold' is not one of the token_types"},
  };
  int n = 0;
  for (const Case& c : cases) {
    INFO(c.game << ": " << c.lua);
    const std::string lua = std::string("hook('on_action', function(ctx, arg)\n") + c.lua + "\nend)\n";
    auto game = new_game_with_scripts(c.game, 2, 7, {{"id_key_" + std::to_string(n++), lua}});
    std::vector<Move> moves;
    game->legal_moves(moves);
    const json before = state(*game);
    const ApplyResult r = game->apply(moves.front());
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::Matchers::Contains(c.refusal) && Catch::Matchers::Contains(":2: "));
    CHECK(state(*game) == before);
  }
}

TEST_CASE("A schema key naming a list the game does not give, or two lists, is refused when the game loads", "[hardening][flow]") {
  const auto unknown = tessera::testing::problems_with_edited_data("tutorial", 2, "schema.yaml", "keys: {last_round: [0, 1]}",
                                                                   "keys: {\"{nothing}\": [0, 1]}");
  CHECK(tessera::testing::mentions(unknown, "data/tutorial/schema.yaml:"));
  CHECK(tessera::testing::mentions(unknown, "the game gives no content list named 'nothing'"));
  const auto two = tessera::testing::problems_with_edited_data("tutorial", 2, "schema.yaml", "keys: {last_round: [0, 1]}",
                                                               "keys: {\"{cards}.{cards}\": [0, 1]}");
  CHECK(tessera::testing::mentions(two, "a key names at most one content list"));
}
