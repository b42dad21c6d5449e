// Game-declared events: every game announces its game, round and turn events, CATAN also
// what is built, rolled, bought and where the robber goes; a house rule subscribes by name
// with on(name, fn), and a subscription to an event the game never announces, or a step
// announcing what is not declared, is refused where it is written.
#include <algorithm>
#include <catch2/catch.hpp>

#include "../games/tutorial/tutorial_support.hpp"
#include "support/registry.hpp"
#include "tessera/flow_game.hpp"

using tessera::testing::new_game_with_scripts;
using tessera::testing::problems_with_edited_data;
using namespace tutorial_test;

namespace {

bool logged(const tessera::ApplyResult& result, const std::string& text) {
  return std::any_of(result.events.begin(), result.events.end(), [&](const tessera::Event& e) { return e.text == text; });
}

std::string refusal(const std::string& id, const std::string& page) {
  try {
    new_game_with_scripts(id, id == "catan_inca" ? 3 : 2, 1, {{"listener", page}});
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("A house rule subscribes to the turn's events: a coin for every turn begun", "[flow]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"allowance", R"(
on("turn_started", function(ctx, event) ctx:get("goods"):gain(event.seat, "coins", 1) end)
on("turn_ended", function(ctx, event) ctx:log("turn of seat " .. event.seat .. " over") end)
)"}});
  // The first turn began as the game started.
  CHECK(coins(*g, 0) == coins(*plain, 0) + 1);
  CHECK(coins(*g, 1) == coins(*plain, 1));
  for (auto* game : {plain.get(), g.get()}) REQUIRE(game->apply("roll").ok);
  REQUIRE(plain->apply("end").ok);
  const tessera::ApplyResult ended = g->apply("end");
  REQUIRE(ended.ok);
  CHECK(logged(ended, "turn of seat 0 over"));
  CHECK(coins(*g, 1) == coins(*plain, 1) + 1);
}

TEST_CASE("Every game declares and announces its game, round and turn events", "[flow]") {
  const std::string page = R"(
for _, name in ipairs({"game_started", "round_started", "round_ended", "turn_started", "turn_ended"}) do
  on(name, function(ctx, event) ctx:log("event " .. event.name .. " " .. tostring(event.seat)) end)
end
)";
  for (const tessera::PluginEntry* entry : tessera::testing::game_registry().games()) {
    const std::string& id = entry->manifest.id;
    DYNAMIC_SECTION(id) {
      const int players = entry->manifest.min_players == 1 ? 2 : entry->manifest.min_players;
      auto g = new_game_with_scripts(id, players, 3, {{"listener", page}});
      std::vector<std::string> seen;
      tessera::Rng rng(3);
      for (int step = 0; step < 3000 && !g->is_over(); ++step) {
        const auto actions = g->legal_actions();
        const tessera::ApplyResult r = g->apply(actions[rng.below(actions.size())].text);
        REQUIRE(r.ok);
        for (const auto& e : r.events)
          if (e.text.rfind("event ", 0) == 0) seen.push_back(e.text.substr(6, e.text.find(' ', 6) - 6));
      }
      for (const char* name : {"round_started", "round_ended", "turn_started", "turn_ended"}) {
        INFO(name);
        CHECK(std::find(seen.begin(), seen.end(), name) != seen.end());
      }
      const auto& rules = dynamic_cast<const tessera::FlowGame&>(*g).flow_rules();
      CHECK(rules.event_index("game_ended") >= 0);
      CHECK_THAT(rules.describe(), Catch::Contains("turn_started <seat: seat>"));
    }
  }
}

TEST_CASE("CATAN announces what is built and rolled, with typed parameters", "[flow]") {
  auto g = new_game_with_scripts("catan_inca", 3, 1, {{"listener", R"(
on("settlement_built", function(ctx, event)
  assert(type(event.at) == "string" and math.type(event.seat) == "integer")
  ctx:log("settlement " .. event.seat .. " " .. event.at)
end)
on("road_built", function(ctx, event) ctx:log("road " .. event.seat .. " " .. event.at) end)
on("dice_rolled", function(ctx, event)
  assert(event.total >= 2 and event.total <= 12)
  ctx:log("rolled " .. event.total)
end)
)"}});
  tessera::Rng rng(1);
  bool settled = false, roaded = false, rolled = false;
  for (int step = 0; step < 3000 && !g->is_over() && !(settled && roaded && rolled); ++step) {
    const auto actions = g->legal_actions();
    const std::string text = actions[rng.below(actions.size())].text;
    const tessera::ApplyResult r = g->apply(text);
    REQUIRE(r.ok);
    const std::string word = text.substr(0, text.find(' '));
    const std::string at = text.substr(text.find(' ') + 1);
    if (word == "place_settlement" || word == "build_settlement") settled |= logged(r, "settlement 0 " + at) || logged(r, "settlement 1 " + at) ||
                                              logged(r, "settlement 2 " + at);
    if (word == "place_road" || word == "build_road") roaded |= logged(r, "road 0 " + at) || logged(r, "road 1 " + at) || logged(r, "road 2 " + at);
    if (word == "roll")
      rolled |= std::any_of(r.events.begin(), r.events.end(), [](const auto& e) { return e.text.rfind("rolled ", 0) == 0; });
  }
  CHECK(settled);
  CHECK(roaded);
  CHECK(rolled);
}

TEST_CASE("A subscription to an event the game never announces is refused with its line", "[flow]") {
  const std::string error = refusal("tutorial", "\non(\"robber_moved\", function(ctx, event) end)\n");
  CHECK_THAT(error, Catch::Contains("scripts/tutorial/variants/listener.lua:2: on: this game never announces event 'robber_moved'"));
  CHECK_THAT(error, Catch::Contains("turn_started"));  // the events it does announce are listed
  CHECK(refusal("catan_inca", "on(\"robber_moved\", function(ctx, event) end)\n") == "");
}

TEST_CASE("An event or a step's announcement that does not fit is reported with its place", "[flow]") {
  const auto reports = [](const std::string& from, const std::string& to, const std::string& text) {
    const auto problems = problems_with_edited_data("tutorial", 2, "flow.yaml", from, to);
    CAPTURE(problems);
    CHECK(tessera::testing::mentions(problems, text));
  };
  reports("announce: {enter: turn_started, exit: turn_ended}", "announce: {enter: turn_begun, exit: turn_ended}",
          "step 'turn' announces event 'turn_begun', which is not declared");
  reports("params: [seat: seat]}\n  turn_ended", "params: [who: seat]}\n  turn_ended",
          "step 'turn' announces event 'turn_started', whose parameter 'who' is neither 'seat' nor a parameter of the step");
  reports("round_ended: {doc: \"a round is over\"}", "round_ended: {doc: \"a round is over\", params: [pick: choice]}",
          "event 'round_ended': a parameter of an event cannot be a choice");
}

TEST_CASE("A house rule declares an event in a flow overlay and its Lua move announces it", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1,
                                 {{"toast", R"(
move("toast", {steps = {"use_dice"}, params = { {to = "seat"} },
  legal = function(ctx, step) return { {to = 1 - step.seat} } end,
  apply = function(ctx, move) ctx:announce("toasted", {by = ctx.seat, to = move.to, mood = "warm"}) end})
on("toasted", function(ctx, event)
  ctx:log(event.by .. " toasts " .. event.to .. ", " .. event.mood)
  ctx:get("goods"):gain(event.to, "coins", 1)
end)
)"}},
                                 {{"variants/toast/flow.yaml",
                                   "events:\n  toasted: {params: [by: seat, to: seat, {mood: {enum: [warm, cold]}}]}\n"}});
  REQUIRE(g->apply("roll").ok);
  const int before = coins(*g, 1);
  const tessera::ApplyResult r = g->apply("toast 1");
  REQUIRE(r.ok);
  CHECK(logged(r, "0 toasts 1, warm"));
  CHECK(coins(*g, 1) == before + 1);
}

TEST_CASE("ctx:announce of an unknown event, parameter or value is refused at its line and changes nothing", "[flow]") {
  for (const std::string& call :
       {std::string("ctx:announce(\"turn_begun\", {seat = 0})"), std::string("ctx:announce(\"turn_ended\", {seat = 7})"),
        std::string("ctx:announce(\"turn_ended\", {seat = 0, mood = 1})"), std::string("ctx:announce(\"turn_ended\")")}) {
    INFO(call);
    auto g = new_game_with_scripts("tutorial", 2, 1, {{"bad", "move(\"shout\", {steps = {\"use_dice\"},\n"
                                                              "  apply = function(ctx, move)\n    " + call + "\n  end})\n"}});
    REQUIRE(g->apply("roll").ok);
    const json before = state(*g);
    const tessera::ApplyResult r = g->apply("shout");
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::Contains("scripts/tutorial/variants/bad.lua:3") && Catch::Contains("ctx:announce"));
    CHECK(state(*g) == before);
  }
}

TEST_CASE("A declared name longer than a stored text is refused at its line", "[flow][hostile]") {
  for (const char* call : {"on", "extend_legal", "filter_legal", "rule"}) {
    INFO(call);
    const std::string error = refusal("tutorial", std::string("\n") + call + "(string.rep(\"x\", 300), function() end)\n");
    CHECK_THAT(error, Catch::Contains("scripts/tutorial/variants/listener.lua:2") && Catch::Contains("at most 256 bytes"));
  }
}
