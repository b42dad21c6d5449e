#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"
#include "tessera/track.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// A wrapping 10-space track with three triggers; both markers on space 2, seat 0 first.
void arrange(Harness& h) {
  h.table.add<Track>("score", 10, 2, Track::End::Wrap,
                     std::vector<Track::Trigger>{{3, Track::When::Pass, "gain_gold", "1"},
                                                 {5, Track::When::Reach, "bonus", ""},
                                                 {3, Track::When::Reach, "land", "x"}});
  Track& track = h.table.get<Track>("score");
  track.place(0, 2);
  track.place(1, 2);
  h.runtime.run_file("components/track.lua");
}

}  // namespace

TEST_CASE("Track queries read positions, stacks, rankings and triggers from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("track_read");
  REQUIRE(h.reports.size() == 1);
  const json triggers = json::array({{{"space", 3}, {"when", "pass"}, {"effect", "gain_gold"}, {"params", "1"}},
                                     {{"space", 5}, {"when", "reach"}, {"effect", "bonus"}, {"params", ""}},
                                     {{"space", 3}, {"when", "reach"}, {"effect", "land"}, {"params", "x"}}});
  CHECK(h.reports[0] == json{{"length", 10},
                             {"markers", 2},
                             {"end_rule", "wrap"},
                             {"triggers", triggers},
                             {"at3", {0, 2}},
                             {"at4", json::array()},
                             {"position", {2, 2}},
                             {"on_track", true},
                             {"laps", 0},
                             {"total", {2, 2}},
                             {"stack", {0, 1}},
                             {"rank", 1},
                             {"ranking", {0, 1}},
                             {"top_first", {1, 0}},
                             {"second", triggers[1]}});
  CHECK_THROWS_WITH(h.apply("track_no_trigger"), Catch::Contains("no such trigger"));
}

TEST_CASE("Track moves from Lua return the move result as a table", "[lua]") {
  Harness h;
  arrange(h);
  SECTION("forward across the end: a lap and a pass trigger") {
    h.apply("track_move", {{"seat", 0}, {"delta", 9}});
    CHECK(h.reports.at(0) == json{{"from", 2}, {"to", 1}, {"laps", 1}, {"overflow", 0}, {"underflow", 0},
                                  {"triggered", {0}}});
    CHECK(h.table.get<Track>("score").total(0) == 11);
  }
  SECTION("ending on a space fires its pass and reach triggers in list order") {
    h.apply("track_move", {{"seat", 1}, {"delta", 1}});
    CHECK(h.reports.at(0) == json{{"from", 2}, {"to", 3}, {"laps", 0}, {"overflow", 0}, {"underflow", 0},
                                  {"triggered", {0, 2}}});
  }
  SECTION("backward below space 0") {
    h.apply("track_move", {{"seat", 1}, {"delta", -5}});
    CHECK(h.reports.at(0) == json{{"from", 2}, {"to", 0}, {"laps", 0}, {"overflow", 0}, {"underflow", 3},
                                  {"triggered", json::array()}});
    CHECK(h.table.get<Track>("score").position(1) == 0);
  }
}

TEST_CASE("Track move_to, place and reset work from Lua", "[lua]") {
  Harness h;
  arrange(h);
  h.apply("track_move_to_place_reset");
  CHECK(h.reports.at(0) == json{{"moved", {{"from", 2}, {"to", 5}, {"laps", 0}, {"overflow", 0}, {"underflow", 0},
                                           {"triggered", {0, 1}}}},
                                {"after", {17, 5}},
                                {"stack", {0, 1}}});
  const Track& track = h.table.get<Track>("score");
  CHECK(track.position(0) == 4);
  CHECK(track.position(1) == 4);
  CHECK(track.laps(0) == 0);
}

TEST_CASE("A track RuleError fails the script at its line and changes nothing", "[lua]") {
  Harness h;
  arrange(h);
  const Table before = h.table;
  CHECK_THROWS_AS(h.apply("track_bad_seat"), ScriptError);
  CHECK_THROWS_WITH(h.apply("track_bad_seat"),
                    Catch::StartsWith("scripts/test/components/track.lua:2: track 'score' has no marker for seat 5"));
  CHECK(h.table == before);
}

TEST_CASE("Track changes are refused in options()", "[lua]") {
  Harness h;
  arrange(h);
  CHECK_THROWS_WITH(h.options("track_in_options"),
                    Catch::StartsWith("scripts/test/components/track.lua:3: options() may not change the state"));
  CHECK(h.table.get<Track>("score").position(0) == 2);
}
