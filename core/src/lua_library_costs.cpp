#include "lua_library_costs.hpp"

#include <cmath>
#include <cstring>
#include <limits>

namespace tessera::lua {

namespace {

constexpr std::uint64_t kBytesPerUnit = 8;
// Lua's pattern matcher backtracks inside C: with k repetition items (* + - ?) a match can
// take about n^(k+1) steps on an n-character subject. A call whose bound passes
// kPatternSteps is refused outright; below it the call is charged the bound, one unit per
// kStepsPerUnit steps (a step of the matcher is a few times cheaper than an instruction).
constexpr double kPatternSteps = 1e8;
constexpr double kStepsPerUnit = 8;

std::uint64_t saturating_units(double units) {
  if (!(units < 1.8e19)) return std::numeric_limits<std::uint64_t>::max();
  return units < 0 ? 0 : static_cast<std::uint64_t>(units);
}

std::uint64_t string_length(lua_State* L, int arg) {
  std::size_t size = 0;
  if (lua_type(L, arg) == LUA_TSTRING) lua_tolstring(L, arg, &size);
  return size;
}

// An integer argument as a double (nil or none: `fallback`), read without raising: the
// library function itself reports bad arguments.
double number_arg(lua_State* L, int arg, double fallback) {
  if (lua_isnoneornil(L, arg)) return fallback;
  int ok = 0;
  const lua_Number n = lua_tonumberx(L, arg, &ok);
  return ok ? n : fallback;
}

// The number of elements i..j (j < i: none).
double span(double i, double j) { return j >= i ? j - i + 1 : 0; }

int repetition_items(const char* pattern, std::size_t length) {
  int items = 0;
  for (std::size_t i = 0; i < length; ++i) {
    const char c = pattern[i];
    if (c == '%') {
      ++i;  // an escape or class; %b and %f take more, but never a repetition
    } else if (c == '[') {
      // A set: its contents are one class ("[%]]" and "[]]" included).
      std::size_t j = i + 1;
      if (j < length && pattern[j] == '^') ++j;
      if (j < length && pattern[j] == ']') ++j;
      for (; j < length && pattern[j] != ']'; ++j)
        if (pattern[j] == '%') ++j;
      i = j;
    } else if ((c == '*' || c == '+' || c == '-' || c == '?') && i > 0) {
      ++items;
    }
  }
  return items;
}

// --- What each wrapped function costs, from its arguments (1-based as in Lua).

std::uint64_t cost_rep(lua_State* L) {
  const double n = number_arg(L, 2, 0);
  if (n <= 0) return 0;
  const double piece = static_cast<double>(string_length(L, 1) + string_length(L, 3));
  // Every repetition is a step of the loop, an empty one too (a few bytes' worth of copying).
  return saturating_units(n / 4 + n * piece / kBytesPerUnit);
}

std::uint64_t cost_text(lua_State* L) { return string_length(L, 1) / kBytesPerUnit; }

std::uint64_t cost_byte(lua_State* L) {
  const double i = number_arg(L, 2, 1);
  return saturating_units(span(i, number_arg(L, 3, i)));
}

std::uint64_t cost_pattern(lua_State* L, bool plain) {
  const std::uint64_t subject = string_length(L, 1);
  if (plain || lua_type(L, 2) != LUA_TSTRING) return subject / kBytesPerUnit;
  std::size_t length = 0;
  const char* pattern = lua_tolstring(L, 2, &length);
  const int items = repetition_items(pattern, length);
  const double bound = std::pow(static_cast<double>(subject) + 1.0, items + 1);
  if (bound > kPatternSteps)
    luaL_error(L, "pattern with %d repetition items is too costly on %d characters (the sandbox bounds "
                  "pattern matching at about 10^8 steps: shorten the text or the pattern)",
               items, static_cast<int>(std::min<std::uint64_t>(subject, INT32_MAX)));
  return saturating_units(std::max(bound / kStepsPerUnit, static_cast<double>(subject / kBytesPerUnit)));
}

std::uint64_t cost_find(lua_State* L) { return cost_pattern(L, lua_toboolean(L, 4) != 0); }
std::uint64_t cost_match(lua_State* L) { return cost_pattern(L, false); }

std::uint64_t cost_length(lua_State* L) {
  return lua_type(L, 1) == LUA_TTABLE ? static_cast<std::uint64_t>(lua_rawlen(L, 1)) : 0;
}

std::uint64_t cost_concat(lua_State* L) {
  return saturating_units(span(number_arg(L, 3, 1), number_arg(L, 4, static_cast<double>(cost_length(L)))));
}

std::uint64_t cost_unpack(lua_State* L) {
  return saturating_units(span(number_arg(L, 2, 1), number_arg(L, 3, static_cast<double>(cost_length(L)))));
}

std::uint64_t cost_move(lua_State* L) { return saturating_units(span(number_arg(L, 2, 1), number_arg(L, 3, 0))); }

// insert(t, pos, v) and remove(t, pos) shift the elements after pos; appending is free.
std::uint64_t cost_insert(lua_State* L) { return lua_gettop(L) >= 3 ? cost_length(L) : 0; }
std::uint64_t cost_remove(lua_State* L) { return lua_gettop(L) >= 2 ? cost_length(L) : 0; }

// Charges Cost(L) to the budget, then runs the library function (upvalue 1) in this very
// frame: the wrapped functions use no upvalues, and a call of their own would cost more than
// most of them do (tonumber, sub).
template <std::uint64_t (*Cost)(lua_State*)>
int charged(lua_State* L) {
  if (const std::uint64_t units = Cost(L)) LuaState::from(L).charge(L, units);
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

void wrap(lua_State* L, int library, const char* name, lua_CFunction wrapper) {
  if (lua_getfield(L, library, name) != LUA_TFUNCTION || !lua_tocfunction(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, library, name);
}

}  // namespace

void bound_library_costs(lua_State* L, int env, int strings, int tables, int utf8) {
  env = lua_absindex(L, env);
  strings = lua_absindex(L, strings);
  tables = lua_absindex(L, tables);
  utf8 = lua_absindex(L, utf8);
  wrap(L, strings, "rep", charged<cost_rep>);
  for (const char* name : {"upper", "lower", "reverse", "sub"}) wrap(L, strings, name, charged<cost_text>);
  wrap(L, strings, "byte", charged<cost_byte>);
  wrap(L, strings, "find", charged<cost_find>);
  for (const char* name : {"match", "gmatch", "gsub"}) wrap(L, strings, name, charged<cost_match>);
  wrap(L, tables, "concat", charged<cost_concat>);
  wrap(L, tables, "unpack", charged<cost_unpack>);
  wrap(L, tables, "move", charged<cost_move>);
  wrap(L, tables, "insert", charged<cost_insert>);
  wrap(L, tables, "remove", charged<cost_remove>);
  for (const char* name : {"len", "codepoint", "offset"}) wrap(L, utf8, name, charged<cost_text>);
  wrap(L, env, "tonumber", charged<cost_text>);
}

}  // namespace tessera::lua
