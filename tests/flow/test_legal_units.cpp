// A move's legal list is one unit a house rule can replace, wrap, extend or filter, wherever
// the game's C++ makes it (its own legal() or a step's bulk generator): the engine then
// makes that move's list through the scripts and drops the generator's entries of it, so a
// decision never offers one move twice, and the move keeps its C++ apply and label.
// Driven through the tutorial, whose dice generator offers work, buy and adjust.
#include <algorithm>
#include <catch2/catch.hpp>

#include "../games/tutorial/tutorial_support.hpp"
#include "support/registry.hpp"

using tessera::testing::has;
using tessera::testing::legal_texts;
using tessera::testing::new_game_with_scripts;
using namespace tutorial_test;

namespace {

std::size_t count_starting(const std::vector<std::string>& texts, const std::string& prefix) {
  return static_cast<std::size_t>(
      std::count_if(texts.begin(), texts.end(), [&](const std::string& t) { return t.rfind(prefix, 0) == 0; }));
}

std::string label_of(const tessera::Game& game, const std::string& text) {
  for (const auto& a : game.legal_actions())
    if (a.text == text) return a.label;
  FAIL("'" << text << "' is not legal");
  return "";
}

bool all_distinct(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return std::adjacent_find(texts.begin(), texts.end()) == texts.end();
}

// Why the game with these house rules cannot start or reach its first dice decision; "" if it can.
std::string refusal(const std::vector<std::pair<std::string, std::string>>& variants) {
  try {
    auto g = new_game_with_scripts("tutorial", 2, 1, variants);
    const tessera::ApplyResult rolled = g->apply("roll");
    if (!rolled.ok) return rolled.error;
    (void)g->legal_actions();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// A seat without coins may still turn a die: the house pays the cost (extend_legal offers
// the move the generator leaves out, a wrap of apply pays; the C++ apply does the rest).
const std::pair<std::string, std::string> kCharity{"charity", R"(
extend_legal("adjust", function(ctx, step)
  if ctx:get("goods"):count(step.seat, "coins") > 0 then return {} end
  local out = {}
  for die = 0, 2 do
    out[#out + 1] = {die = die, way = "up"}
  end
  return out
end)
wrap_move("adjust", {apply = function(base, ctx, move, step)
  if ctx:get("goods"):count(ctx.seat, "coins") == 0 then ctx:get("goods"):gain(ctx.seat, "coins", 1) end
  base(ctx, move, step)
end})
)"};

// No die may be turned down (filter_legal sees typed moves: enum values by name).
const std::pair<std::string, std::string> kOnlyUp{"only_up", R"(
filter_legal("adjust", function(ctx, move, step)
  assert(math.type(move.die) == "integer" and move.name == "adjust")
  return move.way ~= "down"
end)
)"};

}  // namespace

TEST_CASE("A Lua move replacing a generated move is offered once, from its own legal list", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"two_dice", R"(
move("work", {params = { {die = {index = "dice"}} }, steps = {"use_dice"},
  legal = function(ctx, step) return { {die = 0}, {die = 1} } end,
  label = function(ctx, move, step) return "Work die " .. move.die .. " for 2" end,
  apply = function(ctx, move, step)
    ctx:get("dice"):take(move.die, ctx.seat)
    ctx:get("goods"):gain(ctx.seat, "coins", 2)
  end})
)"}});
  mid_turn(*g, 0, {5, 1, 1});
  const auto texts = legal_texts(*g);
  CHECK(all_distinct(texts));
  CHECK(count_starting(texts, "work ") == 2);  // the generator's three are gone
  CHECK(has(texts, "work 0"));
  CHECK(has(texts, "work 1"));
  CHECK_FALSE(has(texts, "work 2"));
  const auto actions = g->legal_actions();
  const auto work0 = std::find_if(actions.begin(), actions.end(), [](const auto& a) { return a.text == "work 0"; });
  REQUIRE(work0 != actions.end());
  CHECK(work0->label == "Work die 0 for 2");
  const int before = coins(*g, 0);
  REQUIRE(g->apply("work 0").ok);
  CHECK(coins(*g, 0) == before + 2);
}

TEST_CASE("extend_legal adds moves to a generated move's list; its C++ apply and label stay", "[flow]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  auto g = new_game_with_scripts("tutorial", 2, 1, {kCharity});
  for (auto* game : {plain.get(), g.get()}) {
    mid_turn(*game, 0, {5, 1, 6});
    set_coins(*game, 0, 0);
  }
  CHECK(count_starting(legal_texts(*plain), "adjust ") == 0);  // the game's rule: no coins, no turning
  const auto texts = legal_texts(*g);
  CHECK(all_distinct(texts));
  CHECK(count_starting(texts, "adjust ") == 3);
  CHECK(has(texts, "adjust 2 up"));  // offered though the C++ apply turns a 6 no further
  // The C++ label words the added move as it words the game's own.
  set_coins(*plain, 0, 5);
  CHECK(label_of(*g, "adjust 0 up") == label_of(*plain, "adjust 0 up"));
  set_coins(*plain, 0, 0);
  REQUIRE(g->apply("adjust 0 up").ok);
  CHECK(state(*g)["global"]["dice"]["dice"][0]["value"] == 6);
  CHECK(coins(*g, 0) == 0);  // the house paid
  // Refused by the C++ apply: the move stays whole, the state untouched.
  const json before = state(*g);
  CHECK_FALSE(g->apply("adjust 2 up").ok);
  CHECK(state(*g) == before);
}

TEST_CASE("extend_legal adding a move the game already offers leaves one of it", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"again", R"(
extend_legal("work", function(ctx, step) return { {die = 0}, {0}, {die = 0} } end)
)"}});
  mid_turn(*g, 0, {5, 1, 1});
  const auto texts = legal_texts(*g);
  CHECK(all_distinct(texts));
  CHECK(count_starting(texts, "work ") == 3);
}

TEST_CASE("A house rule's list of 40,000 copies of one move is offered as that move once, at once", "[flow][hostile]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"flood", R"(
extend_legal("work", function(ctx, step)
  local out = {}
  for i = 1, 40000 do out[i] = {die = i % 2} end
  return out
end)
)"}});
  mid_turn(*g, 0, {5, 1, 1});
  const auto texts = legal_texts(*g);
  CHECK(all_distinct(texts));
  CHECK(count_starting(texts, "work ") == 3);
}

TEST_CASE("filter_legal drops moves of one kind, seen as typed moves", "[flow]") {
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  auto g = new_game_with_scripts("tutorial", 2, 1, {kOnlyUp});
  for (auto* game : {plain.get(), g.get()}) mid_turn(*game, 0, {5, 1, 3});
  std::vector<std::string> expected;
  for (const std::string& t : legal_texts(*plain))
    if (t.find(" down") == std::string::npos) expected.push_back(t);
  REQUIRE(expected.size() < legal_texts(*plain).size());
  std::vector<std::string> texts = legal_texts(*g);
  std::sort(texts.begin(), texts.end());
  std::sort(expected.begin(), expected.end());
  CHECK(texts == expected);
  CHECK_FALSE(g->apply("adjust 0 down").ok);
}

TEST_CASE("Extensions and filters of two variants compose in either order", "[flow]") {
  auto one = new_game_with_scripts("tutorial", 2, 1, {kCharity, kOnlyUp});
  auto other = new_game_with_scripts("tutorial", 2, 1, {kOnlyUp, kCharity});
  for (auto* game : {one.get(), other.get()}) {
    mid_turn(*game, 0, {5, 1, 3});
    set_coins(*game, 0, 0);
  }
  std::vector<std::string> a = legal_texts(*one), b = legal_texts(*other);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  CHECK(a == b);
  CHECK(count_starting(a, "adjust ") == 3);
  // Two extensions of one move are not a clash either.
  CHECK(refusal({{"again", "extend_legal(\"work\", function(ctx, step) return {} end)"},
                 {"more", "extend_legal(\"work\", function(ctx, step) return { {die = 1} } end)"}}) == "");
}

TEST_CASE("wrap_move may wrap a C++ move's legal list: base is the game's list of it", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"first_buy", R"(
wrap_move("buy", {legal = function(base, ctx, step)
  local list = base(ctx, step)
  if #list == 0 then return {} end
  return {list[1]}
end})
)"}});
  auto plain = tessera::testing::new_game("tutorial", 2, 1);
  for (auto* game : {plain.get(), g.get()}) {
    mid_turn(*game, 0, {6, 6, 6});
    set_coins(*game, 0, 20);
  }
  const auto all = legal_texts(*plain);
  REQUIRE(count_starting(all, "buy ") > 1);
  const auto texts = legal_texts(*g);
  CHECK(count_starting(texts, "buy ") == 1);
  CHECK(has(texts, *std::find_if(all.begin(), all.end(), [](const std::string& t) { return t.rfind("buy ", 0) == 0; })));
  CHECK(count_starting(texts, "work ") == 3);
}

TEST_CASE("Extending or filtering a move the game lacks, or a filter's wrong answer, names the script line", "[flow]") {
  CHECK_THAT(refusal({{"wrong", "\nextend_legal(\"steal\", function(ctx, step) return {} end)\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:2: extend_legal: the game has no move named 'steal' to extend"));
  CHECK_THAT(refusal({{"wrong", "filter_legal(\"steal\", function(ctx, move, step) return true end)\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:1: filter_legal: the game has no move named 'steal'"));
  const std::string answer = refusal({{"wrong", "filter_legal(\"work\", function(ctx, move, step)\n  return 1\nend)\n"}});
  CHECK_THAT(answer, Catch::Contains("filter_legal must return true or false, got a number"));
  CHECK_THAT(answer, Catch::Contains("scripts/tutorial/variants/wrong.lua:1"));
  CHECK_THAT(refusal({{"wrong", "extend_legal(\"work\", function(ctx, step) return 3 end)\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:1: extend_legal of move 'work' must return true, false or a list of moves"));
  CHECK_THAT(refusal({{"wrong", "\nextend_legal(\"work\", function(ctx, step) return { {die = 9} } end)\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:2: extend_legal of move 'work' offers {\"die\":9}: "));
  // Two variants wrapping one move's legal list without a declared order are refused together.
  const std::string wrap = "wrap_move(\"work\", {legal = function(base, ctx, step) return base(ctx, step) end})\n";
  CHECK_THAT(refusal({{"a", wrap}, {"b", wrap}}), Catch::Contains("both replace or wrap move 'work'"));
}
