// No house rule's Lua state survives a game: ScriptRuntime::begin_game gives each new game a
// state that no earlier game's calls changed.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "support/temp_dir.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// The reports of two calls of the memory variant's effect in one game.
std::vector<json> play_a_game(Harness& h, EffectId remember) {
  h.reports.clear();
  h.runtime.begin_game();
  CallContext ctx{0, &h.events};
  h.runtime.apply(remember, h.table, ctx);
  h.runtime.apply(remember, h.table, ctx);
  return h.reports;
}

}  // namespace

TEST_CASE("Each game with house rules starts from a Lua state no call of an earlier game changed", "[lua]") {
  Harness h;
  h.runtime.run_variant("memory");
  const EffectId remember = h.runtime.prepare("remember", {{"step", 2}});
  const std::vector<json> first = play_a_game(h, remember);
  REQUIRE(first.size() == 2);
  CHECK(first[1] == json{{"calls", 4}, {"seen", 2}, {"tally", 2}, {"meta", 2}, {"global", 2}, {"params", 2}});
  // An upvalue, a table made while loading, a module's table, a metatable, a global's table
  // and the prepared params all start again; the EffectId made before still names the effect.
  CHECK(play_a_game(h, remember) == first);
  CHECK(play_a_game(h, remember) == first);
}

TEST_CASE("A game on a fresh state runs the script texts the first game ran", "[lua]") {
  testing::TempDir dir("fresh_state_texts");
  testing::write_file(dir.path / "variants" / "count.lua",
                      "local n = 0\neffect('count', function(ctx) n = n + 1; ctx:call('report', n) end)\n");
  ScriptRuntime runtime(dir.path, "scripts/test");
  std::vector<json> reports;
  runtime.register_query("report", [&](const Table&, const CallContext&, const NativeArgs& args) {
    reports.push_back(args[0]);
    return json();
  });
  runtime.run_variant("count");
  const EffectId count = runtime.prepare("count", json::object());
  Table table(2, 1);
  CallContext ctx{0, nullptr};
  runtime.apply(count, table, ctx);
  // Edited (or removed) on disk while games are played: the next game plays what was read.
  testing::write_file(dir.path / "variants" / "count.lua", "effect('count', function(ctx) ctx:call('report', 99) end)\n");
  runtime.begin_game();
  runtime.apply(count, table, ctx);
  std::filesystem::remove(dir.path / "variants" / "count.lua");
  runtime.begin_game();
  runtime.apply(count, table, ctx);
  CHECK(reports == std::vector<json>{1, 1, 1});
}

TEST_CASE("A game may not start inside a script scope, and the runtime stays usable", "[lua]") {
  Harness h;
  h.runtime.run_variant("memory");
  const EffectId remember = h.runtime.prepare("remember", {{"step", 1}});
  CallContext ctx{0, &h.events};
  h.runtime.apply(remember, h.table, ctx);
  {
    const ScriptRuntime::Scope scope(&h.runtime);
    CHECK_THROWS_WITH(h.runtime.begin_game(), Catch::Contains("inside a script call or a ScriptRuntime::Scope"));
  }
  h.runtime.apply(remember, h.table, ctx);
  CHECK(h.reports.back()["calls"] == 2);
  h.runtime.begin_game();
  h.runtime.apply(remember, h.table, ctx);
  CHECK(h.reports.back()["calls"] == 1);
}
