// The Lua memory cap does not cover what scripts push into the host —
// events, card ids, counter keys, values handed to natives, error texts. Each is bounded,
// with an error naming the script line, whether or not the host collects events.
#include <catch2/catch.hpp>

#include "support/registry.hpp"
#include "support/temp_dir.hpp"

using namespace tessera;
using tessera::testing::new_game_with_scripts;

namespace {

ApplyResult first_move(const std::string& game_id, const std::string& name, const std::string& body, ApplyMode mode) {
  auto game = new_game_with_scripts(game_id, 2, 1, {{name, "hook('on_action', function(ctx, arg)\n" + body + "\nend)\n"}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  return game->apply(moves.front(), mode);
}

}  // namespace

TEST_CASE("Texts, ids, keys and entries that scripts push into the host are bounded per move and per component", "[hardening][lua]") {
  struct Case {
    const char* game;
    const char* name;
    const char* body;
    const char* refusal;
  };
  const std::vector<Case> cases = {
      {"tutorial", "shared_event", "local s = string.rep('x', 1 << 20); for i = 1, 1000 do ctx:log(s) end",
       "ctx:log: a text is at most 4096 bytes"},
      {"tutorial", "many_events", "for i = 1, 100000 do ctx:log('x') end", "ctx:log: more than 1000 texts in one move"},
      {"tutorial", "huge_card", "local id = string.rep('c', 8 << 20); local d = ctx:get('cards'); for i = 1, 30 do d:put_top(d:piles()[1].name, id) end",
       "a text kept in the state is at most 256 bytes"},
      {"tutorial", "huge_key", "ctx:get('score', ctx.seat):set(string.rep('k', 1 << 20), 1)", "a text kept in the state is at most 256 bytes"},
      {"sardinia", "huge_tag", "ctx:get('hand', ctx.seat):add(string.rep('h', 300))", "a text kept in the state is at most 256 bytes"},
  };
  for (const Case& c : cases)
    for (const ApplyMode mode : {ApplyMode::Transaction, ApplyMode::Playout}) {
      INFO(c.name << (mode == ApplyMode::Playout ? " (playout: no events collected)" : ""));
      const ApplyResult r = first_move(c.game, c.name, c.body, mode);
      CHECK_FALSE(r.ok);
      CHECK_THAT(r.error, Catch::Matchers::StartsWith(std::string("scripts/") + c.game + "/variants/" + c.name + ".lua:2: ") &&
                              Catch::Matchers::Contains(c.refusal));
    }
}

TEST_CASE("A script's error text reaches the host cut to a few kilobytes", "[hardening][lua]") {
  const ApplyResult r = first_move("tutorial", "huge_error", "error(string.rep('e', 10 << 20))", ApplyMode::Transaction);
  REQUIRE_FALSE(r.ok);
  CHECK(r.error.size() < 10'000);
  CHECK_THAT(r.error, Catch::Matchers::Contains("(truncated)") && Catch::Matchers::Contains("[host]: hook on_action"));
}

TEST_CASE("Events within the bounds are all delivered", "[hardening][lua]") {
  const ApplyResult r = first_move("tutorial", "fine_events", "for i = 1, 1000 do ctx:log(string.rep('y', 4096)) end", ApplyMode::Transaction);
  REQUIRE(r.ok);
  CHECK(r.events.size() >= 1000);
}

TEST_CASE("A counters component takes at most 10,000 keys from scripts, even keys its schema allows", "[hardening][lua]") {
  // Counter keys are checked against the schema, so only a declared pattern leaves room for
  // many: a variant's own flags, declared in its schema overlay.
  tessera::testing::ScratchGameRoot root("tutorial", "many_keys");
  tessera::testing::write_file(root.data() / "variants/many_keys/schema.yaml",
                               "components:\n  progress:\n    keys: {\"k*\": [0, 1]}\n");
  tessera::testing::write_file(root.scripts() / "variants/many_keys.lua",
                               "hook('on_action', function(ctx, arg)\n"
                               "for i = 1, 20000 do ctx:get('progress'):set('k' .. i, 1) end\nend)\n");
  const auto registry = root.registry();
  auto game = registry->new_game("tutorial", registry->config("tutorial", 2, 1, {"many_keys"}));
  std::vector<Move> moves;
  game->legal_moves(moves);
  const ApplyResult r = game->apply(moves.front());
  CHECK_FALSE(r.ok);
  CHECK_THAT(r.error, Catch::Matchers::StartsWith("scripts/tutorial/variants/many_keys.lua:2: ") &&
                          Catch::Matchers::Contains("more than 10000 entries"));
}
