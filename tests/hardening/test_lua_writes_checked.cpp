// Whatever a variant's Lua writes into the state must fit the game's
// declared schema (data/<game>/schema.yaml), as a protocol `set` must: an unknown card id,
// an undeclared counter key, a value out of range or a duplicated card refuses the move,
// which leaves the state as it was (and, in playout mode, never reaches the game's C++).
#include <catch2/catch.hpp>
#include <initializer_list>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"

using namespace tessera;
using tessera::testing::new_game_with_scripts;
using tessera::testing::state;

namespace {


struct Case {
  const char* game;
  const char* lua;
  const char* refusal;  // part of the error
};

// The first legal move, refused with an error mentioning `refusal`; the state unchanged.
void expect_refused(Game& game, const std::string& refusal, ApplyMode mode) {
  std::vector<Move> moves;
  game.legal_moves(moves);
  REQUIRE_FALSE(moves.empty());
  const nlohmann::json before = state(game);
  const ApplyResult r = game.apply(moves.front(), mode);
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Matchers::Contains(refusal));
  CHECK_THAT(r.error, Catch::Matchers::Contains("scripts/"));
  if (mode == ApplyMode::Transaction) CHECK(state(game) == before);
}

// Runs each case's write as the on_action hook of a variant <prefix><i> in a 2-player game
// and expects the first move refused with the case's refusal, in each of `modes`.
void expect_cases_refused(const std::vector<Case>& cases, const std::string& prefix,
                          std::initializer_list<ApplyMode> modes = {ApplyMode::Transaction, ApplyMode::Playout}) {
  int n = 0;
  for (const Case& c : cases) {
    const std::string name = prefix + std::to_string(n++);
    const std::string lua = std::string("hook('on_action', function(ctx, arg)\n") + c.lua + "\nend)\n";
    for (const ApplyMode mode : modes) {
      INFO(c.game << ": " << c.lua << (mode == ApplyMode::Playout ? " (playout)" : ""));
      auto game = new_game_with_scripts(c.game, 2, 7, {{name, lua}});
      expect_refused(*game, c.refusal, mode);
    }
  }
}

}  // namespace

TEST_CASE("A variant's Lua write that does not fit the declared schema refuses the move, in every game and both apply modes", "[hardening][lua]") {
  const std::vector<Case> cases = {
      {"tutorial", "ctx:get('tableau', ctx.seat):add('no_such_card')", "'no_such_card' is not one of the cards"},
      {"tutorial", "ctx:get('market'):clear(); ctx:get('market'):place(0, 0, 'ghost')", "'ghost' is not one of the cards"},
      {"tutorial", "ctx:get('score', ctx.seat):set('bogus', 1)", "no key 'bogus'"},
      {"tutorial", "ctx:get('score', ctx.seat):add('renown', 5000)", "must be 0..1000, not 5000"},
      {"tutorial", "local m = ctx:get('market'); ctx:get('tableau', ctx.seat):add(m:cards()[1])", "are conserved"},
      {"age_of_discovery", "ctx:get('fleet', ctx.seat):add('no_such_ship')", "'no_such_ship' is not one of the ships"},
      {"age_of_discovery", "local d = ctx:get('ships'); d:put_top(d:piles()[1].name, 'junk')", "'junk' is not one of the ships"},
      {"sardinia", "ctx:get('hand', ctx.seat):add('no_such_character')", "is not one of the characters"},
      {"sardinia", "ctx:get('reserve', ctx.seat):set('ship', -1)", "must be 0..1000, not -1"},
      {"santa_maria", "local d = ctx:get('ships'); d:put_top(d:piles()[1].name, 'junk')", "'junk' is not one of the shipments"},
      {"santa_maria", "ctx:get('player', ctx.seat):set('wood', 100)", "must be 0..99, not 100"},
      {"santa_maria", "ctx:get('port', ctx.seat):set(ctx:get('docks'):at(0, 0), 1)",
       "is in 2 place(s) (docks, seat 0 port)"},
      {"madeira", "ctx:get('home', 0):add('workers', 1)", "the workers are conserved: seat 0 has 13"},
      {"madeira", "ctx:get('board'):set('mk0', 1)", "the ships are conserved: seat 0 has 7"},
  };
  expect_cases_refused(cases, "bad_write_");
}

TEST_CASE("Counters that hold a seat + 1 or a mask of seats are bounded by this game's player count", "[hardening][lua]") {
  // Two players: a seat + 1 is at most 2 and a mask of seats at most 3 (a 4-player bound let
  // a script put seat 3 on a retreat space, and the game's C++ read past its seats).
  const std::vector<Case> cases = {
      {"santa_maria", "ctx:get('board'):set('retreat1', 3)", "board.retreat1 must be 0..2, not 3"},
      {"santa_maria", "ctx:get('board'):set('monks.s0', 4)", "board.monks.s0 must be 0..3, not 4"},
      {"madeira", "ctx:get('board'):set('ps0', 3)", "board.ps0 must be 0..2, not 3"},
      {"madeira", "ctx:get('board'):set('fw0', 4)", "board.fw0 must be 0..3, not 4"},
      {"age_of_discovery", "ctx:get('reservations'):set('blue_1b', 3)", "reservations.blue_1b must be 0..2, not 3"},
  };
  expect_cases_refused(cases, "seat_bound_", {ApplyMode::Transaction});
  // With four players the same values are seats of the game.
  auto four = new_game_with_scripts("santa_maria", 4, 7, {{"seat_bound_four", "hook('on_action', function(ctx, arg)\n"
                                                                               "ctx:get('board'):set('monks.s0', 15)\nend)\n"}});
  std::vector<Move> moves;
  four->legal_moves(moves);
  CHECK(four->apply(moves.front()).ok);
  CHECK(state(*four)["global"]["board"]["values"]["monks.s0"] == 15);
}

TEST_CASE("A house rule's call that leaves a state the game's own check refuses is refused before the game reads it", "[hardening][lua]") {
  // Each value fits the schema; the state breaks what only the game's check knows (a scholar
  // the data does not have, a turn order without a seat), which its C++ relies on. The
  // refusal names the house rule's call.
  const std::vector<Case> cases = {
      {"santa_maria", "ctx:get('board'):set('scholar1', 32)",
       "hook on_action (defined at scripts/santa_maria/variants/whole_state_0.lua:1) left a state the game refuses: "
       "board.scholar1"},
      {"tutorial", "ctx:get('turns'):set_order({0})",
       "hook on_action (defined at scripts/tutorial/variants/whole_state_1.lua:1) left a state the game refuses: "
       "the turn order must hold every seat"},
  };
  expect_cases_refused(cases, "whole_state_");
}

TEST_CASE("A write refused by the schema names the script line that made it, and a native never sees it", "[hardening][lua]") {
  auto game = new_game_with_scripts("tutorial", 2, 3,
                                    {{"bad_write_line", "hook('on_action', function(ctx, arg)\n"
                                                        "  local t = ctx:get('tableau', ctx.seat)\n"
                                                        "  t:add('ghost_card')\n"
                                                        "  ctx:call('no_such_native')\n"
                                                        "end)\n"}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  const ApplyResult r = game->apply(moves.front());
  REQUIRE_FALSE(r.ok);
  // The check before ctx:call refuses the write, not the unknown native.
  CHECK_THAT(r.error, Catch::Matchers::StartsWith("scripts/tutorial/variants/bad_write_line.lua:3: seat"));
  CHECK_THAT(r.error, Catch::Matchers::Contains("'ghost_card' is not one of the cards"));
}

TEST_CASE("Lua writes that fit the schema are taken as before", "[hardening][lua]") {
  auto game = new_game_with_scripts("tutorial", 2, 3,
                                    {{"good_write", "hook('on_action', function(ctx, arg)\n"
                                                    "  ctx:get('renown'):move(ctx.seat, 1)\n"
                                                    "  local d = ctx:get('cards'); local p = d:piles()[1].name\n"
                                                    "  if d:size(p) > 0 then d:put_bottom(p, d:draw(p)) end\n"
                                                    "end)\n"}});
  std::vector<Move> moves;
  for (int i = 0; i < 20 && !game->is_over(); ++i) {
    game->legal_moves(moves);
    const ApplyResult r = game->apply(moves.back());
    REQUIRE(r.ok);
  }
}

namespace {

// The first legal move of a 2-player Sardinia game whose variant `name` runs `body` as its
// on_action hook; the state before it.
ApplyResult first_move_with(const std::string& name, const std::string& body, ApplyMode mode, nlohmann::json* before) {
  auto game = new_game_with_scripts("sardinia", 2, 7, {{name, "hook('on_action', function(ctx, arg)\n" + body + "end)\n"}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  *before = state(*game);
  const ApplyResult r = game->apply(moves.front(), mode);
  if (!r.ok && mode == ApplyMode::Transaction) CHECK(state(*game) == *before);
  return r;
}

}  // namespace

TEST_CASE("A script's write that leaves a derived value other than a fresh derivation refuses the move, naming the "
          "script line, the field and what it is derived from",
          "[hardening][lua][sardinia]") {
  nlohmann::json before;
  for (const ApplyMode mode : {ApplyMode::Transaction, ApplyMode::Playout}) {
    SECTION(mode == ApplyMode::Transaction ? "transaction" : "playout") {
      // Sardinia's VP is derived from the VP of province scorings and of agriculture.
      const ApplyResult vp = first_move_with("vp_bonus", "  local score = ctx:get('score', ctx.seat)\n"
                                                         "  score:add('vp', 2)\n", mode, &before);
      CHECK_FALSE(vp.ok);
      CHECK_THAT(vp.error, Catch::Matchers::StartsWith("scripts/sardinia/variants/vp_bonus.lua:3: seat "));
      CHECK_THAT(vp.error, Catch::Matchers::Contains(" score.vp is derived from the sum of provinces and agriculture"));
      CHECK_THAT(vp.error, Catch::Matchers::Contains("the move leaves it 2, the state derives 0"));
      // A part alone leaves the total stale: the line of the write into the component is named.
      const ApplyResult part = first_move_with("provinces_bonus", "  ctx:get('score', ctx.seat):add('provinces', 2)\n",
                                               mode, &before);
      CHECK_FALSE(part.ok);
      CHECK_THAT(part.error, Catch::Matchers::StartsWith("scripts/sardinia/variants/provinces_bonus.lua:2: seat "));
      CHECK_THAT(part.error, Catch::Matchers::Contains(" score.vp is derived from"));
      CHECK_THAT(part.error, Catch::Matchers::Contains("the move leaves it 0, the state derives 2"));
    }
  }
}

TEST_CASE("A script may write a derived value that agrees with what it is derived from, and any ordinary key",
          "[hardening][lua][sardinia]") {
  nlohmann::json before;
  const ApplyResult both = first_move_with("vp_and_part", "  local score = ctx:get('score', ctx.seat)\n"
                                                          "  score:add('provinces', 2)\n"
                                                          "  score:add('vp', 2)\n",
                                           ApplyMode::Transaction, &before);
  CHECK(both.ok);
  const ApplyResult part = first_move_with("ordinary", "  ctx:get('progress'):add('scorings', 0)\n"
                                                       "  ctx:get('harvested', ctx.seat):add('olive', 1)\n",
                                           ApplyMode::Transaction, &before);
  INFO(part.error);
  CHECK(part.ok);
}

TEST_CASE("A script's write into a wholly derived component that changes it refuses the move",
          "[hardening][lua][age_of_discovery]") {
  // Age of Discovery's tally is derived from the ships on each expedition.
  auto game = new_game_with_scripts("age_of_discovery", 2, 7,
                                    {{"tally_bump", "hook('on_action', function(ctx, arg)\n"
                                                    "  ctx:get('tally'):add('columbus.load', 3)\n"
                                                    "end)\n"}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  const nlohmann::json before = state(*game);
  const ApplyResult r = game->apply(moves.front());
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Matchers::StartsWith("scripts/age_of_discovery/variants/tally_bump.lua:2: tally is derived "
                                                  "from the ships on each expedition"));
  CHECK(state(*game) == before);
}
