#include <lua.hpp>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

namespace {

// A folder of scripts made by a test, removed at the end.
struct TempScripts {
  explicit TempScripts(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("tessera_lua_" + std::to_string(::getpid()) + "_" + name)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~TempScripts() { std::filesystem::remove_all(dir); }
  void write(const std::string& name, const std::string& bytes) const {
    std::ofstream(dir / name, std::ios::binary) << bytes;
  }
  std::filesystem::path dir;
};

// Lua bytecode of `source`, made with the plain Lua API.
std::string bytecode_of(const char* source) {
  lua_State* L = luaL_newstate();
  REQUIRE(luaL_loadstring(L, source) == LUA_OK);
  std::string out;
  lua_dump(
      L,
      [](lua_State*, const void* p, size_t size, void* ud) {
        static_cast<std::string*>(ud)->append(static_cast<const char*>(p), size);
        return 0;
      },
      &out, 0);
  lua_close(L);
  return out;
}

}  // namespace

TEST_CASE("Scripts see only the whitelisted globals and libraries", "[lua]") {
  Harness h;
  h.runtime.run_file("sandbox.lua");
  h.apply("probe", {{"names", {"io", "os", "debug", "package", "load", "loadstring", "dofile", "loadfile",
                               "collectgarbage", "print", "coroutine", "string.dump", "math.random",
                               "math.randomseed", "_G", "require"}}});
  CHECK(h.reports[0] == json{"nil", "nil", "nil", "nil", "nil", "nil", "nil", "nil", "nil", "nil", "nil", "nil",
                             "nil", "nil", "nil", "function"});
  h.apply("probe", {{"names", {"assert", "error", "ipairs", "next", "pairs", "pcall", "select", "tonumber",
                               "tostring", "type", "xpcall", "rawequal", "rawget", "rawlen", "rawset",
                               "setmetatable", "getmetatable", "string.format", "table.insert", "math.floor",
                               "utf8.char", "effect", "hook"}}});
  CHECK(h.reports[1] == json(std::vector<std::string>(23, "function")));
  h.apply("string_method_dump");
  CHECK(h.reports[2] == "nil");
}

TEST_CASE("A bytecode chunk is refused, as a script and as a module", "[lua]") {
  TempScripts temp("bytecode");
  temp.write("compiled.lua", bytecode_of("effect('x', function() end)"));
  temp.write("uses.lua", "require('compiled')");
  ScriptRuntime runtime(temp.dir, "scripts/temp");
  CHECK_THROWS_WITH(runtime.run_file("compiled.lua"),
                    Catch::StartsWith("scripts/temp/compiled.lua: attempt to load a binary chunk (mode is 't')"));
  CHECK_THROWS_WITH(runtime.run_file("uses.lua"),
                    Catch::StartsWith("scripts/temp/compiled.lua: attempt to load a binary chunk (mode is 't')"));
  CHECK_FALSE(runtime.has_effect("x"));
}

TEST_CASE("require loads modules inside the script folder only, once", "[lua]") {
  Harness h;
  h.runtime.run_file("sandbox.lua");
  h.apply("require", {{"name", "lib.util"}});
  CHECK(h.reports.back() == "table");
  h.apply("require_twice");
  CHECK(h.reports.back() == true);
  h.apply("require", {{"name", "../effects"}});
  CHECK(h.reports.back() ==
        "scripts/test/sandbox.lua:21: require('../effects'): a module name is lower-case words separated by dots "
        "('lib.cards' loads lib/cards.lua of the game's script folder)");
  h.apply("require", {{"name", "/etc/passwd"}});
  CHECK(h.reports.back().get<std::string>().find("require('/etc/passwd'): a module name is") != std::string::npos);
  h.apply("require", {{"name", "lib..util"}});
  CHECK(h.reports.back().get<std::string>().find("require('lib..util'): a module name is") != std::string::npos);
  h.apply("require", {{"name", "lib.missing"}});
  CHECK(h.reports.back() == "scripts/test/sandbox.lua:21: require('lib.missing'): there is no file scripts/test/lib/missing.lua");
  h.apply("require", {{"name", "bad.cycle_a"}});
  CHECK(h.reports.back().get<std::string>().find(
            "require('bad.cycle_a'): modules require each other in a cycle (bad.cycle_a -> bad.cycle_b -> bad.cycle_a)") !=
        std::string::npos);
}

TEST_CASE("A module symlinked from outside the script folder is refused", "[lua]") {
  TempScripts outside("outside");
  outside.write("secret.lua", "return 'secret'");
  TempScripts inside("inside");
  std::filesystem::create_symlink(outside.dir / "secret.lua", inside.dir / "secret.lua");
  inside.write("main.lua", "require('secret')");
  ScriptRuntime runtime(inside.dir, "scripts/temp");
  CHECK_THROWS_WITH(runtime.run_file("main.lua"),
                    Catch::StartsWith("scripts/temp/main.lua:1: require('secret'): scripts/temp/secret.lua leads outside "
                                      "the script folder"));
}

TEST_CASE("Metatables work, but __gc is refused", "[lua]") {
  Harness h;
  h.runtime.run_file("sandbox.lua");
  h.apply("plain_metatable");
  CHECK(h.reports.back() == "hi!");
  CHECK_THROWS_WITH(h.apply("gc_metatable"),
                    Catch::StartsWith("scripts/test/sandbox.lua:29: setmetatable: __gc metamethods are not allowed in scripts"));
}

TEST_CASE("pcall and xpcall catch ordinary errors", "[lua]") {
  Harness h;
  h.runtime.run_file("sandbox.lua");
  h.apply("pcall_catches");
  CHECK(h.reports.back() ==
        json{false, "caught", false, "handled: scripts/test/sandbox.lua:38: again"});
}

TEST_CASE("An endless loop is stopped with the script's file and line", "[lua]") {
  Harness h(ScriptLimits{8u << 20, 100'000});
  h.runtime.run_file("limits.lua");
  CHECK_THROWS_WITH(h.apply("spin"),
                    Catch::StartsWith("scripts/test/limits.lua:4: instruction budget exceeded (100000 instructions)\n"
                                      "stack traceback:\n\tscripts/test/limits.lua:4: in function") &&
                        Catch::EndsWith("[host]: apply of effect 'spin' (defined at scripts/test/limits.lua:3)"));
  SECTION("even under a script's pcall") {
    CHECK_THROWS_WITH(h.apply("spin_under_pcall"),
                      Catch::StartsWith("scripts/test/limits.lua:9: instruction budget exceeded (100000 instructions)"));
  }
  SECTION("budgets larger than one hook period") {
    Harness big(ScriptLimits{8u << 20, 2'500'001});
    big.runtime.run_file("limits.lua");
    CHECK_THROWS_WITH(big.apply("spin"),
                      Catch::StartsWith("scripts/test/limits.lua:4: instruction budget exceeded (2500001 instructions)"));
  }
  SECTION("while a script loads") {
    CHECK_THROWS_WITH(h.runtime.run_file("bad/load_spins.lua"),
                      Catch::StartsWith("scripts/test/bad/load_spins.lua:2: instruction budget exceeded"));
  }
  h.apply("small");
  CHECK(h.reports.back() == 6);
}

TEST_CASE("A memory bomb is stopped with a memory error naming the script", "[lua]") {
  Harness h(ScriptLimits{8u << 20, 50'000'000});
  h.runtime.run_file("limits.lua");
  const std::size_t before = h.runtime.memory_used();
  CHECK_THROWS_WITH(h.apply("bomb_concat"),
                    Catch::StartsWith("scripts/test/limits.lua:16: memory cap of 8388608 bytes exceeded\nstack traceback:") &&
                        Catch::EndsWith("[host]: apply of effect 'bomb_concat' (defined at scripts/test/limits.lua:13)"));
  CHECK_THROWS_WITH(h.apply("bomb_table"),
                    Catch::StartsWith("scripts/test/limits.lua:25: memory cap of 8388608 bytes exceeded"));
  CHECK_THROWS_WITH(h.apply("bomb_rep"),
                    Catch::StartsWith("scripts/test/limits.lua:30: instruction budget exceeded"));  // charged before it allocates
  CHECK_THROWS_WITH(h.apply("bomb_under_pcall"),
                    Catch::StartsWith("scripts/test/limits.lua:36: memory cap of 8388608 bytes exceeded"));
  CHECK(h.reports.empty());
  // The runtime stays usable, and the garbage of the bombs is collected.
  h.apply("small");
  CHECK(h.reports == std::vector<json>{6});
  CHECK(h.runtime.memory_used() < before + (1u << 20));
}

TEST_CASE("The runtime stays usable and balanced after many failed calls", "[lua]") {
  Harness h(ScriptLimits{8u << 20, 100'000});
  h.runtime.run_file("limits.lua");
  h.runtime.run_file("effects.lua");
  for (int i = 0; i < 50; ++i) {
    CHECK_THROWS_AS(h.apply("spin"), ScriptError);
    CHECK_THROWS_AS(h.apply("fail_deep"), ScriptError);
    CHECK_THROWS_AS(h.apply("bomb_concat"), ScriptError);
    h.apply("bump_round");
  }
  CHECK(h.table.get<Counters>("flow").get("round") == 50);
}

TEST_CASE("A pattern that could backtrack for ages is refused; ordinary patterns work", "[lua]") {
  Harness h;
  h.runtime.run_file("limits.lua");
  CHECK_THROWS_WITH(h.apply("pattern_bomb"),
                    Catch::StartsWith("scripts/test/limits.lua:") &&
                        Catch::Contains("pattern with 12 repetition items is too costly on 5000 characters"));
  CHECK_THROWS_WITH(h.apply("pattern_bomb_method"), Catch::Contains("pattern with 6 repetition items is too costly"));
  h.apply("patterns_in_reason");
  // Words of a choice, a gsub, a plain find on a long text (not bounded) and a pattern
  // without repetition on a long text (linear, allowed).
  CHECK(h.reports.back() == json{3, "x+y", 2, 20000});
}
