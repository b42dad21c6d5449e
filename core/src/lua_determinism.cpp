#include "lua_determinism.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string_view>
#include <vector>

namespace tessera::lua {

namespace {

// A table key as a plain value, ordered without calling Lua. Strings are views into key
// strings the table (or the stack) keeps alive while the key is in use.
struct Key {
  int rank = 0;  // 0 number, 1 string, 2 boolean
  bool integer = false;
  lua_Integer i = 0;
  lua_Number n = 0;
  std::string_view s;
  bool b = false;
};

bool operator<(const Key& x, const Key& y) {
  if (x.rank != y.rank) return x.rank < y.rank;
  switch (x.rank) {
    case 0:
      if (x.integer && y.integer) return x.i < y.i;
      return (x.integer ? static_cast<long double>(x.i) : x.n) < (y.integer ? static_cast<long double>(y.i) : y.n);
    case 1: return x.s < y.s;
    default: return !x.b && y.b;
  }
}

// The key at `index`; raises for keys whose order would differ between runs.
Key read_key(lua_State* L, int index) {
  Key k;
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      k.rank = 0;
      k.integer = lua_isinteger(L, index);
      if (k.integer)
        k.i = lua_tointeger(L, index);
      else
        k.n = lua_tonumber(L, index);
      return k;
    case LUA_TSTRING: {
      std::size_t size = 0;
      const char* text = lua_tolstring(L, index, &size);
      k.rank = 1;
      k.s = {text, size};
      return k;
    }
    case LUA_TBOOLEAN:
      k.rank = 2;
      k.b = lua_toboolean(L, index) != 0;
      return k;
    default:
      luaL_error(L, "pairs/next over a table with %s keys: their order would differ from run to run (keep such "
                    "keys in a list, or key by names or numbers)", luaL_typename(L, index));
      return k;
  }
}

void push_key(lua_State* L, const Key& k) {
  switch (k.rank) {
    case 0:
      if (k.integer)
        lua_pushinteger(L, k.i);
      else
        lua_pushnumber(L, k.n);
      return;
    case 1: lua_pushlstring(L, k.s.data(), k.s.size()); return;
    default: lua_pushboolean(L, k.b);
  }
}

// k, v = next(t [, k]) in key order. Each call scans the table.
int l_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  const bool first = lua_isnil(L, 2);
  Key after;
  if (!first) after = read_key(L, 2);
  bool found = false;
  Key best;
  lua_Integer scanned = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    ++scanned;
    const Key k = read_key(L, -1);
    if ((first || after < k) && (!found || k < best)) {
      best = k;  // its string stays alive: the key is in the table, which nothing changes now
      found = true;
    }
  }
  LuaState::from(L).charge(L, static_cast<std::uint64_t>(scanned));
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  push_key(L, best);
  lua_pushvalue(L, -1);
  lua_rawget(L, 1);
  return 2;
}

// The iterator pairs() returns: upvalue 1 the sorted keys, 2 the position reached.
int l_ordered_step(lua_State* L) {
  lua_Integer at = lua_tointeger(L, lua_upvalueindex(2));
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, lua_upvalueindex(1)));
  while (++at <= count) {
    lua_rawgeti(L, lua_upvalueindex(1), at);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 1) != LUA_TNIL) {  // keys cleared during the traversal are skipped
      lua_pushinteger(L, at);
      lua_replace(L, lua_upvalueindex(2));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushinteger(L, at);
  lua_replace(L, lua_upvalueindex(2));
  lua_pushnil(L);
  return 1;
}

// for k, v in pairs(t): the keys in order, taken when the loop starts. A __pairs
// metamethod is honoured.
int l_pairs(lua_State* L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  return pairs_in_key_order(L);
}

// s = tostring(v)
int l_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  push_value_text(L, 1);
  return 1;
}

// s = string.format(fmt, ...): %p refused, %s of a table or function without address.
// Upvalue 1: the library's format.
int l_format(lua_State* L) {
  std::size_t size = 0;
  const char* format = luaL_checklstring(L, 1, &size);
  int arg = 1;
  for (std::size_t i = 0; i < size; ++i) {
    if (format[i] != '%') continue;
    if (++i < size && format[i] == '%') continue;
    while (i < size && std::strchr("-+ #0123456789.", format[i])) ++i;
    if (i >= size) break;  // the library reports the malformed format
    ++arg;
    if (format[i] == 'p')
      return luaL_error(L, "string.format: %%p shows a memory address, which differs from run to run");
    if (format[i] != 's' || arg > lua_gettop(L)) continue;
    if (luaL_getmetafield(L, arg, "__tostring") != LUA_TNIL) {
      lua_pop(L, 1);  // the library calls __tostring itself
    } else if (lua_type(L, arg) != LUA_TSTRING && lua_type(L, arg) != LUA_TNUMBER) {
      push_value_text(L, arg);  // luaL_tolstring would show an address
      lua_replace(L, arg);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// Whether element a comes before b: comparator at index 2 (or <), elements in `items`.
bool sort_less(lua_State* L, int items, lua_Integer a, lua_Integer b, bool custom) {
  if (custom) lua_pushvalue(L, 2);
  lua_rawgeti(L, items, a);
  lua_rawgeti(L, items, b);
  if (!custom) {
    const bool less = lua_compare(L, -2, -1, LUA_OPLT) != 0;
    lua_pop(L, 2);
    return less;
  }
  lua_call(L, 2, 1);
  const bool less = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return less;
}

// table.sort(t [, less]): a stable merge sort of t[1..#t].
int l_sort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const bool custom = !lua_isnoneornil(L, 2);
  if (custom) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  const lua_Integer n = luaL_len(L, 1);
  luaL_argcheck(L, n < (1 << 30), 1, "array too big");
  if (n < 2) return 0;
  LuaState::from(L).charge(L, static_cast<std::uint64_t>(n) * (static_cast<std::uint64_t>(std::log2(n)) + 2));
  lua_createtable(L, static_cast<int>(n), 0);  // 3: the elements, anchored while the comparator runs
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    lua_rawseti(L, 3, i);
  }
  // Bottom-up merge sort of positions: whatever the comparator answers, every index stays
  // in range and each position appears once.
  std::vector<lua_Integer> order(static_cast<std::size_t>(n)), merged(order.size());
  for (lua_Integer i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i + 1;
  for (std::size_t width = 1; width < order.size(); width *= 2) {
    for (std::size_t lo = 0; lo < order.size(); lo += 2 * width) {
      const std::size_t mid = std::min(lo + width, order.size()), hi = std::min(lo + 2 * width, order.size());
      std::size_t a = lo, b = mid, out = lo;
      while (a < mid && b < hi) merged[out++] = sort_less(L, 3, order[b], order[a], custom) ? order[b++] : order[a++];
      while (a < mid) merged[out++] = order[a++];
      while (b < hi) merged[out++] = order[b++];
    }
    order.swap(merged);
  }
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 3, order[static_cast<std::size_t>(i - 1)]);
    lua_seti(L, 1, i);
  }
  return 0;
}

}  // namespace

const char* push_value_text(lua_State* L, int index) {
  index = lua_absindex(L, index);
  if (luaL_callmeta(L, index, "__tostring")) {
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
    return lua_tostring(L, -1);
  }
  switch (lua_type(L, index)) {
    case LUA_TNIL:
    case LUA_TBOOLEAN:
    case LUA_TNUMBER:
    case LUA_TSTRING: return luaL_tolstring(L, index, nullptr);
    default: return lua_pushstring(L, luaL_typename(L, index));
  }
}

int pairs_in_key_order(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  std::vector<Key> keys;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    keys.push_back(read_key(L, -1));
  }
  const auto n = static_cast<std::uint64_t>(keys.size());
  LuaState::from(L).charge(L, n + n * static_cast<std::uint64_t>(std::log2(static_cast<double>(n) + 1)));
  std::sort(keys.begin(), keys.end());
  lua_createtable(L, static_cast<int>(keys.size()), 0);
  lua_Integer i = 1;
  for (const Key& k : keys) {
    push_key(L, k);
    lua_rawseti(L, -2, i++);
  }
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, l_ordered_step, 2);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

void install_deterministic_functions(lua_State* L, int env, int strings, int tables) {
  env = lua_absindex(L, env);
  strings = lua_absindex(L, strings);
  tables = lua_absindex(L, tables);
  lua_pushcfunction(L, l_next);
  lua_setfield(L, env, "next");
  lua_pushcfunction(L, l_pairs);
  lua_setfield(L, env, "pairs");
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, env, "tostring");
  lua_getfield(L, strings, "format");
  lua_pushcclosure(L, l_format, 1);
  lua_setfield(L, strings, "format");
  lua_pushcfunction(L, l_sort);
  lua_setfield(L, tables, "sort");
}

}  // namespace tessera::lua
