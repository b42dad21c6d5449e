// The core's flow engine and typed moves, driven through a real game (the tutorial) with
// house rules written by each test: Lua moves with typed parameters, wrapped moves, Lua
// steps pushed from moves (a queue of other seats), refusals that name the script, the
// depth limit, edited flows, and the flat move ids.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <set>

#include "../games/tutorial/tutorial_support.hpp"
#include "support/registry.hpp"
#include "support/scenario.hpp"
#include "tessera/error.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/move_spelling.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::has;
using tessera::testing::legal_texts;
using tessera::testing::new_game_with_scripts;
using tessera::testing::state;
using namespace tutorial_test;

namespace {

std::string refusal(const std::vector<std::pair<std::string, std::string>>& variants) {
  try {
    new_game_with_scripts("tutorial", 2, 1, variants);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// A house rule's move "donate" (coins to another seat) with these params and legal() body.
std::string donate_move(const std::string& params, const std::string& legal_body) {
  return "move(\"donate\", {\n  params = " + params + ",\n  steps = {\"use_dice\"},\n" +
         "  legal = function(ctx, step)\n" + legal_body + "\n  end,\n" +
         "  apply = function(ctx, move) ctx:get(\"goods\"):transfer(ctx.seat, move.to, \"coins\", move.n) end,\n})\n";
}

}  // namespace

TEST_CASE("A variant that registers a hook the game never fires is refused with its file and line", "[flow]") {
  const std::string error = refusal({{"late", "-- a house rule\nhook(\"on_round_end\", function(ctx) end)\n"}});
  CHECK_THAT(error, Catch::Contains("scripts/tutorial/variants/late.lua:2"));
  CHECK_THAT(error, Catch::Contains("never fires hook 'on_round_end'"));
  CHECK_THAT(error, Catch::Contains("on_round_start"));  // the hooks it does fire are listed
}

TEST_CASE("Wrapping a move or an effect the game does not have is refused with its file and line", "[flow]") {
  CHECK_THAT(refusal({{"wrong", "\n\nwrap_move(\"steal\", {apply = function(base, ctx, move) end})\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:3: wrap_move: the game has no move named 'steal'"));
  CHECK_THAT(refusal({{"wrong", "wrap_effect(\"steal\", function(base, ctx, params) end)\n"}}),
             Catch::Contains("scripts/tutorial/variants/wrong.lua:1:"));
  CHECK_THAT(refusal({{"wrong", "move(\"dance\", {steps = {\"party\"}, apply = function() end})\n"}}),
             Catch::Contains("no step named \"party\""));
}

TEST_CASE("A wrapped move runs its base and adds to it; its label wraps the base label", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"tips", R"(
wrap_move("work", {
  apply = function(base, ctx, move, step)
    base(ctx, move, step)
    ctx:get("goods"):gain(ctx.seat, "coins", 1)
  end,
  label = function(base, ctx, move, step) return base(ctx, move, step) .. " and a tip" end,
}))"}});
  mid_turn(*g, 0, {5, 1, 1});
  const auto actions = g->legal_actions();
  REQUIRE(actions[0].text == "work 0");
  CHECK(actions[0].label == "Work with die 0 (5): +3 coins and a tip");
  REQUIRE(g->apply("work 0").ok);
  CHECK(coins(*g, 0) == 3 + 3 + 1);
  CHECK(state(*g)["global"]["dice"]["dice"][0]["holder"] == 0);
}

TEST_CASE("A Lua move with typed parameters is offered, parsed and applied by its declaration", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 3, 1, {{"gifts", donate_move("{ {to = \"seat\"}, {n = {int = {1, 2}}} }", R"(
    local out = {}
    for s = 0, ctx.players - 1 do
      if s ~= step.seat then
        out[#out + 1] = {to = s, n = 1}
        out[#out + 1] = {s, 2}
      end
    end
    return out)")}});
  mid_turn(*g, 0, {1, 1, 1});
  const auto legal = legal_texts(*g);
  CHECK(has(legal, "donate 1 1"));
  CHECK(has(legal, "donate 2 2"));
  CHECK_FALSE(has(legal, "donate 0 1"));
  const json before = state(*g);
  CHECK_FALSE(g->apply("donate 0 1").ok);  // declared, but not legal now
  CHECK_FALSE(g->apply("donate 1 3").ok);  // outside the declared range
  CHECK_FALSE(g->apply("donate 1").ok);    // a parameter short
  CHECK(state(*g) == before);
  REQUIRE(g->apply("donate 2 2").ok);
  CHECK(coins(*g, 0) == 1);
  CHECK(coins(*g, 2) == 5);
}

TEST_CASE("A trailing int parameter with a default may be left out of a move's words", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 3, 1, {{"gifts", donate_move("{ {to = \"seat\"}, {n = {int = {1, 3}, default = 1}} }",
                                                                          "return { {to = 1}, {2, 1}, {2, 3} }")}});
  mid_turn(*g, 0, {1, 1, 1});
  const auto legal = legal_texts(*g);
  CHECK(has(legal, "donate 1"));  // n = 1, the default, is not spelled out
  CHECK(has(legal, "donate 2"));
  CHECK(has(legal, "donate 2 3"));
  CHECK_FALSE(has(legal, "donate 2 1"));
  // The default written out is another spelling of "donate 2": each move has one text.
  const ApplyResult respelled = g->apply("donate 2 1");
  CHECK_FALSE(respelled.ok);
  CHECK_THAT(respelled.error, Catch::Contains("did you mean 'donate 2'"));
  CHECK(coins(*g, 2) == 3);
  REQUIRE(g->apply("donate 2").ok);
  CHECK(coins(*g, 2) == 4);
  REQUIRE(g->apply("donate 1").ok);
  CHECK(coins(*g, 1) == 4);
  CHECK(coins(*g, 0) == 1);
  CHECK_FALSE(g->apply("donate").ok);  // a parameter without a default may not be left out
}

TEST_CASE("A renamed move answers its former name with its name, and a log's old text plays as it", "[flow]") {
  const std::string gift =
      "move(\"donate\", {\n  formerly = {\"gift\", \"present\"},\n  params = { {to = \"seat\"} },\n"
      "  steps = {\"use_dice\"},\n  legal = function(ctx, step) return { {to = 1} } end,\n"
      "  apply = function(ctx, move) ctx:get(\"goods\"):transfer(ctx.seat, move.to, \"coins\", 1) end,\n})\n";
  auto g = new_game_with_scripts("tutorial", 3, 1, {{"gifts", gift}});
  mid_turn(*g, 0, {1, 1, 1});
  REQUIRE(has(legal_texts(*g), "donate 1"));
  const json before = state(*g);
  const ApplyResult old = g->apply("gift 1");
  CHECK_FALSE(old.ok);
  CHECK(old.error == "'gift 1' uses 'gift', the former name of the move 'donate' (did you mean 'donate 1'?)");
  CHECK(state(*g) == before);
  CHECK_FALSE(is_move_text(*g, "present 1"));
  CHECK(move_text_of(*g, "present 1") == std::optional<std::string>("donate 1"));
  CHECK(move_text_of(*g, "donate  1") == std::optional<std::string>("donate 1"));
  CHECK(move_text_of(*g, "gift 9") == std::nullopt);
  const auto& rules = dynamic_cast<const FlowGame&>(*g).flow_rules();
  CHECK_THAT(rules.describe(), Catch::Contains("(formerly gift, present)"));
}

TEST_CASE("A former name is one word, no move's name and one move's only", "[flow]") {
  const auto renamed = [](const std::string& name, const std::string& formerly) {
    return "move(\"" + name + "\", {formerly = " + formerly +
           ", params = {}, steps = {\"use_dice\"}, apply = function() end})\n";
  };
  CHECK_THAT(refusal({{"bad", renamed("gift", "{\"roll\"}")}}),
             Catch::Contains("move 'gift': former name 'roll' is the name of a move"));
  CHECK_THAT(refusal({{"bad", renamed("gift", "{\"two words\"}")}}),
             Catch::Contains("a former name is one word other than the move's own, not 'two words'"));
  CHECK_THAT(refusal({{"bad", renamed("gift", "{\"gift\"}")}}), Catch::Contains("not 'gift'"));
  CHECK_THAT(refusal({{"bad", renamed("gift", "{\"present\"}") + renamed("donate", "{\"present\"}")}}),
             Catch::Contains("former name 'present' is also a former name of 'gift'"));
  CHECK(refusal({{"ok", renamed("gift", "{\"present\"}")}}).empty());
}

TEST_CASE("A parameter default must be an int's, in its range, and only on trailing parameters", "[flow]") {
  const auto declared = [](const std::string& params) {
    return refusal({{"bad", "move(\"gift\", {params = " + params +
                                ", steps = {\"use_dice\"}, apply = function() end})\n"}});
  };
  CHECK_THAT(declared("{ {n = {int = {1, 3}, default = 4}} }"), Catch::Contains("the default must lie in [lo, hi]"));
  CHECK_THAT(declared("{ {w = {enum = {\"up\"}, default = 0}} }"), Catch::Contains("only an int parameter may have a default"));
  CHECK_THAT(declared("{ {n = {int = {1, 3}, default = 1}}, {to = \"seat\"} }"),
             Catch::Contains("only trailing parameters may have a default"));
  CHECK(declared("{ {to = \"seat\"}, {n = {int = {1, 3}, default = 2}} }").empty());
}

TEST_CASE("A Lua queue step asks the other seats in turn order, skipping those its rule excludes", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 4, 1, {{"toll", R"(
step("toll_round", {kind = "queue", params = {"collector"}, over = "turns", from = "after_seat",
                    set_current = false, each = "toll", who = "can_pay"})
step("toll", {kind = "seat", params = {"collector"}, moves = {"pay_toll", "refuse_toll"}, max_moves = 1,
              prompt = "Pay the toll?"})
rule("can_pay", function(ctx, step) return ctx:get("goods"):count(step.candidate, "coins") >= 1 end)
move("call_toll", {steps = {"use_dice"}, ends_step = true,
                   apply = function(ctx, move, step) ctx:push("toll_round", ctx.seat, {collector = ctx.seat}) end})
move("pay_toll", {apply = function(ctx, move, step)
  ctx:get("goods"):transfer(ctx.seat, step.collector, "coins", 1)
end})
move("refuse_toll", {apply = function(ctx, move, step) end}))"}});
  mid_turn(*g, 1, {1, 1, 1});
  set_coins(*g, 3, 0);
  REQUIRE(g->apply("call_toll").ok);
  // After seat 1 come 2, 3, 0; seat 3 has no coin and is skipped.
  CHECK(g->decision().seat == 2);
  CHECK(g->decision().prompt == "Pay the toll?");
  CHECK(legal_texts(*g) == std::vector<std::string>{"pay_toll", "refuse_toll"});
  CHECK(state(*g)["global"]["turns"]["current"] == 1);  // still seat 1's turn
  REQUIRE(g->apply("pay_toll").ok);
  CHECK(g->decision().seat == 0);
  REQUIRE(g->apply("refuse_toll").ok);
  CHECK(coins(*g, 1) == 4);
  CHECK(coins(*g, 2) == 2);
  CHECK(coins(*g, 0) == 3);
  // The toll ended seat 1's use of its dice: its turn is over and seat 2 rolls.
  CHECK(g->decision().seat == 2);
  CHECK(legal_texts(*g) == std::vector<std::string>{"roll"});
}

TEST_CASE("A flow that keeps pushing steps is refused at the depth limit and changes nothing", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"pit", R"(
step("hole", {kind = "auto", on_enter = "deeper"})
rule("deeper", function(ctx, step) ctx:push("hole", step.seat) end)
move("dig", {steps = {"use_dice"}, apply = function(ctx, move) ctx:push("hole", ctx.seat) end}))"}});
  mid_turn(*g, 0, {1, 1, 1});
  const json before = state(*g);
  const ApplyResult r = g->apply("dig");
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Contains("steps deep"));
  CHECK_THAT(r.error, Catch::Contains("hole > hole"));
  CHECK(state(*g) == before);
  CHECK(has(legal_texts(*g), "dig"));
}

TEST_CASE("A legal() that offers a value outside its parameter's domain fails the move that led there", "[flow]") {
  auto g = new_game_with_scripts("tutorial", 2, 1, {{"bad", R"(
move("leap", {params = { {n = {int = {1, 2}}} }, steps = {"use_dice"},
              legal = function(ctx, step) return { {n = 5} } end,
              apply = function(ctx, move) end}))"}});
  const json before = state(*g);
  const ApplyResult r = g->apply("roll");
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Contains("5 is no value of parameter 'n'"));
  CHECK(state(*g) == before);
}

TEST_CASE("An edited flow is checked against the declared steps", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  const json before = state(*g);
  const auto refused = [&](const json& frames, const std::string& why) {
    json s = before;
    s["global"]["flow"]["frames"] = frames;
    CHECK_THROWS_WITH(g->set_state(s), Catch::Contains(why));
    CHECK(state(*g) == before);
  };
  refused(json{frame("game", -1, 1), frame("feast", 0, 0)}, "no step named 'feast'");
  refused(json{frame("game", -1, 1), frame("round", -1, 1), frame("turn", 5, 1), frame("roll_dice", 5, 0)},
          "seat must be -1 or a seat");
  refused(json{frame("game", -1, 1), frame("round", -1, 1), frame("turn", 0, 1), frame("roll_dice", -1, 0)},
          "a seat step needs a seat");
  refused(json{frame("round", -1, 1), frame("turn", 0, 1), frame("roll_dice", 0, 0)}, "must be the start step");
  json with_param = json::array({frame("game", -1, 1)});
  with_param[0]["params"]["card"] = 1;
  refused(with_param, "has no parameter 'card'");
}

TEST_CASE("Every legal move has a distinct flat id inside the game's flat move space", "[flow]") {
  for (int players = 2; players <= 4; ++players) {
    auto g = tessera::testing::new_game("tutorial", players, 7);
    const auto& game = dynamic_cast<const FlowGame&>(*g);
    const int size = game.flow_rules().flat_size(players);
    REQUIRE(size > 0);
    tessera::testing::play_randomly(*g, 7, 100000, [&](const Game& now) {
      std::vector<Move> moves;
      now.legal_moves(moves);
      std::set<int> ids;
      for (const Move& m : moves) {
        const int id = game.flow_rules().flat_id(m, players);
        REQUIRE(id >= 0);
        REQUIRE(id < size);
        ids.insert(id);
      }
      REQUIRE(ids.size() == moves.size());
    });
  }
}

TEST_CASE("An edited flow parameter or cursor beyond 32 bits is refused, not wrapped", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 2, 1);
  const json before = state(*g);
  json s = before;
  s["global"]["flow"]["frames"][0]["cursor"] = 4294967297LL;  // would wrap to 1
  CHECK_THROWS_WITH(g->set_state(s), Catch::Contains("must fit in 32 bits"));
  s = before;
  s["global"]["flow"]["frames"][0]["seat"] = 18446744073709551615ULL;
  CHECK_THROWS_WITH(g->set_state(s), Catch::Contains("must fit in 32 bits"));
  CHECK(state(*g) == before);
}

TEST_CASE("undo takes back the last transaction; a playout move or an edit leaves nothing to undo", "[flow]") {
  auto g = tessera::testing::new_game("tutorial", 2, 3);
  CHECK_FALSE(g->undo());  // the set-up is no move
  const json start = state(*g);
  const std::vector<std::string> start_moves = legal_texts(*g);
  REQUIRE(g->apply(start_moves.front()).ok);  // the roll: it draws on the RNG
  const json rolled = state(*g);
  CHECK_FALSE(g->apply("no such move").ok);  // a refusal keeps the last move undoable
  REQUIRE(g->undo());
  CHECK(state(*g) == start);
  CHECK(legal_texts(*g) == start_moves);
  CHECK_FALSE(g->undo());
  REQUIRE(g->apply(start_moves.front()).ok);
  CHECK(state(*g) == rolled);  // the same roll again: the RNG was put back

  std::vector<Move> moves;
  g->legal_moves(moves);
  REQUIRE(g->apply(moves.front(), ApplyMode::Playout).ok);
  CHECK_FALSE(g->undo());  // a playout move keeps no journal
  g->legal_moves(moves);
  REQUIRE(g->apply(moves.front()).ok);
  g->set_state(state(*g));
  CHECK_FALSE(g->undo());  // an edit is no move
}

TEST_CASE("The playout door applies a legal move by its place in the kept list, as apply() would", "[flow]") {
  auto by_index = tessera::testing::new_game("tutorial", 2, 5);
  auto by_move = tessera::testing::new_game("tutorial", 2, 5);
  const std::vector<Move>* kept = by_index->kept_moves();
  REQUIRE(kept != nullptr);
  std::vector<Move> copied;
  for (int step = 0; step < 40 && !by_index->is_over(); ++step) {
    by_move->legal_moves(copied);
    REQUIRE(*by_index->kept_moves() == copied);  // the same list, without the copy
    const std::size_t pick = static_cast<std::size_t>(step * 7) % copied.size();
    REQUIRE(by_index->apply_at(pick, ApplyMode::Playout).ok);
    REQUIRE(by_move->apply(copied[pick], ApplyMode::Playout).ok);
    REQUIRE(state(*by_index) == state(*by_move));
  }
  // An index past the list is refused and changes nothing.
  REQUIRE_FALSE(by_index->is_over());
  const json before = state(*by_index);
  const ApplyResult refused = by_index->apply_at(by_index->kept_moves()->size(), ApplyMode::Transaction);
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.error, Catch::Contains("legal action"));
  CHECK(state(*by_index) == before);
}
