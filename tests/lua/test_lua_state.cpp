// The internal layer of the Lua runtime: the C++ build of Lua, guarded bindings, JSON.
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "lua_state.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

int g_alive = 0;

struct Tracker {
  Tracker() { ++g_alive; }
  ~Tracker() { --g_alive; }
  Tracker(const Tracker&) = delete;
  Tracker& operator=(const Tracker&) = delete;
};

// Holds C++ objects, then raises a Lua error.
int raises_lua_error(lua_State* L) {
  Tracker tracker;
  std::string text(1000, 'x');
  return luaL_error(L, "raised with %d tracker(s) alive", g_alive);
}

// Holds a C++ object, then throws a C++ exception.
int throws_cpp(lua_State*) {
  Tracker tracker;
  throw std::runtime_error("thrown from C++");
}

std::string pop_string(lua_State* L) {
  std::string s = lua_tostring(L, -1) ? lua_tostring(L, -1) : "(not a string)";
  lua_pop(L, 1);
  return s;
}

}  // namespace

TEST_CASE("A Lua error raised in a binding runs the destructors of its C++ objects", "[lua]") {
  lua::LuaState vm(ScriptLimits{});
  lua_State* L = vm.get();
  g_alive = 0;
  lua_pushcfunction(L, raises_lua_error);
  CHECK(lua_pcall(L, 0, 0, 0) == LUA_ERRRUN);
  CHECK(pop_string(L) == "raised with 1 tracker(s) alive");
  CHECK(g_alive == 0);
  CHECK(lua_gettop(L) == 0);

  SECTION("also when Lua code sits between the binding and the protected call") {
    lua_register(L, "raise", raises_lua_error);
    REQUIRE(luaL_loadstring(L, "local function f() raise() end f()") == LUA_OK);
    CHECK(lua_pcall(L, 0, 0, 0) == LUA_ERRRUN);
    CHECK(pop_string(L) == "[string \"local function f() raise() end f()\"]:1: raised with 1 tracker(s) alive");
    CHECK(g_alive == 0);
  }
  SECTION("also for the body of a protected_call") {
    auto body = [](lua_State* L) {
      Tracker tracker;
      luaL_error(L, "body failed");
    };
    CHECK(lua::protected_call(L, body) == LUA_ERRRUN);
    CHECK(pop_string(L).rfind("body failed\nstack traceback:", 0) == 0);
    CHECK(g_alive == 0);
    CHECK(lua_gettop(L) == 0);
  }
}

TEST_CASE("guarded turns a C++ exception of a binding into a Lua error with its message", "[lua]") {
  lua::LuaState vm(ScriptLimits{});
  lua_State* L = vm.get();
  g_alive = 0;
  lua_register(L, "throws", lua::guarded<throws_cpp>);
  REQUIRE(luaL_loadbuffer(L, "\nthrows()", 9, "@scripts/x.lua") == LUA_OK);
  CHECK(lua_pcall(L, 0, 0, 0) == LUA_ERRRUN);
  CHECK(pop_string(L) == "scripts/x.lua:2: thrown from C++");
  CHECK(g_alive == 0);
}

TEST_CASE("A Lua state that does not fit in its memory cap is refused", "[lua]") {
  CHECK_THROWS_WITH(lua::LuaState(ScriptLimits{64, 0}),
                    "cannot create a Lua state within the memory cap of 64 bytes");
  lua::LuaState vm(ScriptLimits{1u << 20, 0});
  CHECK(vm.memory_used() > 0);
  CHECK(vm.memory_used() < 1u << 20);
  CHECK(vm.memory_cap() == 1u << 20);
}

TEST_CASE("JSON values round-trip through Lua values", "[lua]") {
  lua::LuaState vm(ScriptLimits{});
  lua_State* L = vm.get();
  const json value = {{"n", 3},
                      {"big", 9007199254740993LL},
                      {"x", 1.5},
                      {"s", "text"},
                      {"yes", true},
                      {"list", {1, "two", {{"three", 3}}}},
                      {"nested", {{"empty_list", json::array()}}}};
  json back;
  auto body = [&](lua_State* L) {
    lua::push_json(L, value);
    back = lua::to_json(L, -1);
  };
  REQUIRE(lua::protected_call(L, body) == LUA_OK);
  CHECK(back == value);
  CHECK(back["big"].get<long long>() == 9007199254740993LL);

  auto empty_object = [&](lua_State* L) {
    lua::push_json(L, json::object());
    back = lua::to_json(L, -1);
    lua::push_json(L, nullptr);
    CHECK(lua_isnil(L, -1));
  };
  REQUIRE(lua::protected_call(L, empty_object) == LUA_OK);
  CHECK(back == json::array());  // an empty table has no way to say which it was
}

TEST_CASE("Lua values without a JSON form are refused", "[lua]") {
  lua::LuaState vm(ScriptLimits{});
  lua_State* L = vm.get();
  auto convert = [&](const char* source) {
    json out;
    auto body = [&](lua_State* L) {
      luaL_loadstring(L, source);
      lua_call(L, 0, 1);
      out = lua::to_json(L, -1);
    };
    if (lua::protected_call(L, body) == LUA_OK) return std::string("ok: ") + out.dump();
    std::string message = pop_string(L);
    return message.substr(0, message.find('\n'));
  };
  CHECK(convert("return {1, 2, 3}") == "ok: [1,2,3]");
  CHECK(convert("return {a = {1, 2}}") == "ok: {\"a\":[1,2]}");
  CHECK(convert("return function() end") == "cannot convert a function value to JSON");
  CHECK(convert("return {1, 2, x = 3}") ==
        "a table with keys 1..n or with string keys only can become JSON, not one with other keys");
  CHECK(convert("return {[1] = 1, [3] = 3}") ==
        "a table with keys 1..n or with string keys only can become JSON, not one with other keys");
  CHECK(convert("local t = {} t.self = t return t") ==
        "table nested more than 100 deep (or cyclic) cannot become JSON");
  CHECK(convert("return 0/0").find("to JSON") != std::string::npos);
  CHECK(lua_gettop(L) == 0);
}

TEST_CASE("check_int accepts integers that fit in an int only", "[lua]") {
  lua::LuaState vm(ScriptLimits{});
  lua_State* L = vm.get();
  auto check = [&](lua_Integer n) {
    int got = 0;
    auto body = [&](lua_State* L) {
      lua_pushinteger(L, n);
      got = lua::check_int(L, 1);
    };
    if (lua::protected_call(L, body) == LUA_OK) return std::to_string(got);
    std::string message = pop_string(L);
    return message.substr(0, message.find('\n'));
  };
  CHECK(check(-7) == "-7");
  CHECK(check(2147483647) == "2147483647");
  CHECK(check(2147483648LL) == "bad argument #1 to '?' (integer out of range)");
}
