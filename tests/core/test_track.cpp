#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tessera/error.hpp"
#include "tessera/table.hpp"
#include "tessera/track.hpp"

using namespace tessera;
using nlohmann::json;
using When = Track::When;

namespace {
// A 0..12 track with a Pass symbol entering 3 (two effects, in list order), a Pass symbol on
// 6 and a Reach symbol on 5.
Track symbol_track(int markers = 3) {
  return Track("conquest", 13, markers, Track::End::Stop,
               {{3, When::Pass, "gain_gold", "1"},
                {3, When::Pass, "recruit", ""},
                {5, When::Reach, "bonus", "x=2"},
                {6, When::Pass, "gain_gold", "1"}});
}
}  // namespace

TEST_CASE("A new track puts every marker on space 0 stacked in seat order", "[core]") {
  Track track("score", 10, 3);
  CHECK(track.length() == 10);
  CHECK(track.markers() == 3);
  CHECK(track.end() == Track::End::Stop);
  CHECK(track.position(2) == 0);
  CHECK(track.laps(2) == 0);
  CHECK(track.total(2) == 0);
  CHECK(track.on_track(1));
  CHECK(track.stack(0) == std::vector<int>{0, 1, 2});
  CHECK(track.stack_rank(0) == 0);
  CHECK(track.stack_rank(2) == 2);
  CHECK(track.stack(1).empty());
}

TEST_CASE("A track rejects a bad length, marker count or trigger at construction", "[core]") {
  CHECK_THROWS_AS(Track("t", 0, 2), DataError);
  CHECK_THROWS_AS(Track("t", 5, -1), DataError);
  CHECK_THROWS_WITH(Track("t", 5, 2, Track::End::Stop, {{5, When::Pass, "x", ""}}),
                    Catch::Contains("triggers[0].space") && Catch::Contains("0..4"));
  CHECK_THROWS_WITH(Track("t", 5, 2, Track::End::Stop, {{1, When::Pass, "", ""}}),
                    Catch::Contains("triggers[0].effect"));
}

TEST_CASE("Moving forward fires pass triggers in crossing order and a reach trigger only on arrival", "[core]") {
  Track track = symbol_track();
  auto r = track.move(0, 4);
  CHECK(r.from == 0);
  CHECK(r.to == 4);
  CHECK(r.laps == 0);
  CHECK(r.overflow == 0);
  CHECK(r.underflow == 0);
  CHECK(r.triggered == std::vector<int>{0, 1});

  r = track.move(0, 3);  // 4 -> 7 passes 5 (reach: not fired) and 6
  CHECK(r.to == 7);
  CHECK(r.triggered == std::vector<int>{3});

  r = track.move(1, 5);  // 0 -> 5 passes 3, reaches 5
  CHECK(r.triggered == std::vector<int>{0, 1, 2});
  CHECK(track.triggers_at(3) == std::vector<int>{0, 1});
  CHECK(track.triggers_at(4).empty());
  CHECK_THROWS_AS(track.triggers_at(13), RuleError);
}

TEST_CASE("Moving backward fires only reach triggers and clamps at space 0", "[core]") {
  Track track = symbol_track();
  track.place(0, 8);
  auto r = track.move(0, -3);
  CHECK(r.from == 8);
  CHECK(r.to == 5);
  CHECK(r.triggered == std::vector<int>{2});
  r = track.move(0, -7);
  CHECK(r.to == 0);
  CHECK(r.underflow == 2);
  CHECK(r.triggered.empty());
  r = track.move(0, -1);  // already at 0: nothing moves
  CHECK(r.to == 0);
  CHECK(r.underflow == 1);
  CHECK(track.stack(0) == std::vector<int>{1, 2, 0});
}

TEST_CASE("A stopping track clamps at its last space and reports the overflow", "[core]") {
  Track track = symbol_track();
  track.place(2, 11);
  auto r = track.move(2, 4);
  CHECK(r.to == 12);
  CHECK(r.overflow == 3);
  CHECK(r.laps == 0);
  const int rank_before = track.stack_rank(2);
  r = track.move(2, 1);  // cannot move: no arrival, stays where it lies in the stack
  CHECK(r.to == 12);
  CHECK(r.overflow == 1);
  CHECK(r.triggered.empty());
  CHECK(track.stack_rank(2) == rank_before);
  CHECK(track.total(2) == 12);
}

TEST_CASE("A wrapping track counts laps and fires triggers on every crossing", "[core]") {
  Track track("score", 10, 2, Track::End::Wrap, {{0, When::Pass, "lap_bonus", ""}, {4, When::Reach, "r", ""}});
  track.place(0, 8);
  auto r = track.move(0, 16);  // total 8 -> 24: enters 0 at 10 and at 20, ends on 4
  CHECK(r.to == 4);
  CHECK(r.laps == 2);
  CHECK(r.triggered == std::vector<int>{0, 0, 1});
  CHECK(track.position(0) == 4);
  CHECK(track.laps(0) == 2);
  CHECK(track.total(0) == 24);

  r = track.move(0, -6);  // back across 0 loses a lap
  CHECK(r.to == 8);
  CHECK(r.laps == -1);
  CHECK(track.total(0) == 18);
  r = track.move(0, -30);
  CHECK(r.to == 0);
  CHECK(r.underflow == 12);
  CHECK(track.laps(0) == 0);
}

TEST_CASE("Later arrivals stack on top and rankings break ties by stack height", "[core]") {
  Track track("conquest", 13, 4);
  track.move(2, 3);
  track.move(0, 3);
  track.move(3, 5);
  CHECK(track.stack(3) == std::vector<int>{2, 0});
  CHECK(track.stack_rank(2) == 0);
  CHECK(track.stack_rank(0) == 1);
  CHECK(track.stack(0) == std::vector<int>{1});
  CHECK(track.ranking() == std::vector<int>{3, 2, 0, 1});
  CHECK(track.ranking(/*bottom_first=*/false) == std::vector<int>{3, 0, 2, 1});
}

TEST_CASE("A marker off the track enters before space 0 and ranks last", "[core]") {
  Track track = symbol_track(2);
  track.place(1, Track::kOffTrack);
  CHECK_FALSE(track.on_track(1));
  CHECK(track.position(1) == Track::kOffTrack);
  CHECK(track.total(1) == -1);
  CHECK(track.stack_rank(1) == -1);
  CHECK(track.ranking() == std::vector<int>{0, 1});

  auto r = track.move(1, -2);
  CHECK(r.from == Track::kOffTrack);
  CHECK(r.to == Track::kOffTrack);
  CHECK(r.underflow == 2);

  r = track.move(1, 4);  // -1 -> 3
  CHECK(r.to == 3);
  CHECK(r.triggered == std::vector<int>{0, 1});

  track.place(1, Track::kOffTrack);
  r = track.move_to(1, 0);
  CHECK(r.to == 0);
  CHECK(track.stack(0) == std::vector<int>{0, 1});
}

TEST_CASE("move_to moves within the current lap in either direction", "[core]") {
  Track track = symbol_track();
  auto r = track.move_to(0, 6);
  CHECK(r.to == 6);
  CHECK(r.triggered == std::vector<int>{0, 1, 3});
  r = track.move_to(0, 5);
  CHECK(r.triggered == std::vector<int>{2});
  r = track.move_to(0, 5);
  CHECK(r.triggered.empty());
  CHECK_THROWS_AS(track.move_to(0, 13), RuleError);
  CHECK_THROWS_AS(track.move_to(0, -1), RuleError);

  Track wrap("score", 10, 1, Track::End::Wrap);
  wrap.place(0, 7, 2);
  r = wrap.move_to(0, 3);
  CHECK(wrap.total(0) == 23);
  CHECK(r.laps == 0);
}

TEST_CASE("Illegal track operations are rule errors", "[core]") {
  Track track = symbol_track();
  CHECK_THROWS_WITH(track.move(3, 1), Catch::Contains("no marker for seat 3"));
  CHECK_THROWS_AS(track.position(-1), RuleError);
  CHECK_THROWS_AS(track.move(0, Track::kMaxStep + 1), RuleError);
  CHECK_THROWS_AS(track.place(0, 13), RuleError);
  CHECK_THROWS_WITH(track.place(0, 2, 1), Catch::Contains("does not wrap"));
  CHECK_THROWS_AS(track.stack(-1), RuleError);
  CHECK_THROWS_AS(track.reset(99), RuleError);
  Track wrap("score", 10, 1, Track::End::Wrap);
  CHECK_THROWS_AS(wrap.place(0, Track::kOffTrack, 1), RuleError);
  CHECK_THROWS_AS(wrap.place(0, 3, -1), RuleError);
  CHECK_THROWS_AS(wrap.place(0, 3, 300'000'000), RuleError);
}

TEST_CASE("Resetting a track restacks all markers in seat order", "[core]") {
  Track track = symbol_track();
  track.move(2, 4);
  track.move(0, 2);
  track.reset();
  CHECK(track.stack(0) == std::vector<int>{0, 1, 2});
  track.move(0, 1);
  track.reset(Track::kOffTrack);
  CHECK(track.position(0) == Track::kOffTrack);
  CHECK(track.stack(0).empty());
}

TEST_CASE("A track's JSON round-trips positions, laps, stacks and triggers", "[core]") {
  Track track("score", 10, 3, Track::End::Wrap, {{2, When::Reach, "bonus", "points=3"}});
  track.move(2, 12);
  track.move(1, 2);
  track.move(0, 2);
  json out;
  track.write_json(out, kOmniscient);
  CHECK(out["end"] == "wrap");
  CHECK(out["positions"] == json::array({2, 2, 2}));
  CHECK(out["laps"] == json::array({0, 0, 1}));
  CHECK(out["stack_order"] == json::array({2, 1, 0}));
  CHECK(out["triggers"][0]["params"] == "points=3");

  Track other("score", 1, 0);
  other.read_json(out);
  CHECK(other.length() == 10);
  CHECK(other.end() == Track::End::Wrap);
  CHECK(other.stack(2) == std::vector<int>{2, 1, 0});  // seat 2 (lap 1) arrived first
  CHECK(other.total(2) == 12);
  CHECK(other.triggers() == track.triggers());
  json again;
  other.write_json(again, kOmniscient);
  CHECK(again == out);
  other.move(1, 10);  // a new arrival still lands on top after reading
  CHECK(other.stack(2) == std::vector<int>{2, 0, 1});
}

TEST_CASE("Stack heights read from JSON are relative: lower first, ties by seat", "[core]") {
  Track track("t", 5, 3);
  json state;
  track.write_json(state, kOmniscient);
  state["positions"] = json::array({2, 2, 2});
  state["stack_order"] = json::array({7, 0, 0});  // an edited state: seat 0 on top
  track.read_json(state);
  CHECK(track.stack(2) == std::vector<int>{1, 2, 0});
  json again;
  track.write_json(again, kOmniscient);
  CHECK(again["stack_order"] == json::array({2, 0, 1}));
}

TEST_CASE("Reading a malformed track state names the field", "[core]") {
  Track track = symbol_track();
  track.place(1, Track::kOffTrack);
  json good;
  track.write_json(good, kOmniscient);
  auto fails_with = [&](auto change, const std::string& text) {
    json bad = good;
    change(bad);
    Track target = symbol_track();
    CHECK_THROWS_WITH(target.read_json(bad), Catch::Contains(text));
    CHECK_THROWS_AS(target.read_json(bad), DataError);
  };
  fails_with([](json& j) { j.erase("length"); }, "length");
  fails_with([](json& j) { j["length"] = 0; }, "length");
  fails_with([](json& j) { j["end"] = "loop"; }, "stop or wrap");
  fails_with([](json& j) { j["positions"][0] = 13; }, "positions[0]");
  fails_with([](json& j) { j["positions"][0] = "x"; }, "positions");
  fails_with([](json& j) { j["laps"] = json::array({0, 0}); }, "laps");
  fails_with([](json& j) { j["laps"][0] = 1; }, "laps[0]");
  fails_with([](json& j) { j["stack_order"] = json::array({0, 1}); }, "stack_order");
  fails_with([](json& j) { j["triggers"][1]["space"] = 40; }, "triggers[1].space");
  fails_with([](json& j) { j["triggers"][1].erase("effect"); }, "triggers[1].effect");
  fails_with([](json& j) { j["triggers"][0]["when"] = "cross"; }, "triggers[0].when");
  fails_with([](json& j) { j["triggers"] = 3; }, "triggers");
}

TEST_CASE("A hidden track shows only its size, and describe lists the stacks", "[core]") {
  Track secret("secret", 8, 2, Track::End::Stop, {}, 0, Visibility::Owner);
  secret.move(1, 3);
  json out;
  secret.write_json(out, 1);
  CHECK(out == json{{"length", 8}, {"markers", 2}});
  CHECK(secret.describe(1) == "0..7 stop (hidden)");
  CHECK(secret.describe(0) == "0..7 stop; 0: 0; 3: 1");

  Track wrap("score", 10, 3, Track::End::Wrap);
  wrap.move(0, 14);
  wrap.move(1, 4);
  wrap.place(2, Track::kOffTrack);
  CHECK(wrap.describe(kSpectator) == "0..9 wrap; 4: 0(lap 1) 1; off: 2");
}

TEST_CASE("A track inside a table survives a table round-trip", "[core]") {
  Table table(2, 1);
  auto h = table.add<Track>("religion", 21, 2, Track::End::Stop,
                            std::vector<Track::Trigger>{{2, When::Pass, "monk", ""}});
  table.get(h).move(1, 4);
  Table copy(2, 1);
  copy.add<Track>("religion", 21, 2);
  copy.assign_json(table.to_json());
  CHECK(copy == table);
  CHECK(copy.get<Track>("religion").position(1) == 4);
  CHECK(copy.get<Track>("religion").triggers().size() == 1);
}
