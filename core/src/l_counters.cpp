// Lua methods of Counters handles (see lua_bindings.hpp).
#include <algorithm>
#include <limits>

#include "lua_bindings.hpp"
#include "tessera/counters.hpp"

namespace tessera::lua {

namespace {

// A new key must leave room: a counters component holds at most kMaxEntries keys.
void check_key_room(lua_State* L, const Counters& counters, std::string_view key) {
  const auto& entries = counters.entries();
  if (entries.size() < kMaxEntries) return;
  const auto at = std::lower_bound(entries.begin(), entries.end(), key,
                                   [](const auto& entry, std::string_view k) { return entry.first < k; });
  if (at == entries.end() || at->first != key) check_room(L, entries.size(), 1, "counters");
}

// v = counters:get(key)
int l_get(lua_State* L) {
  const Counters& counters = check<Counters>(L, 1);
  lua_pushinteger(L, counters.get(check_string(L, 2)));
  return 1;
}

// counters:set(key, v)
int l_set(lua_State* L) {
  Counters& counters = check_mutable<Counters>(L, 1);
  const std::string_view key = check_stored_text(L, 2);
  check_key_room(L, counters, key);
  const int value = check_int(L, 3);
  check_counter_write(L, 1, key, value);
  counters.set(key, value);
  return 0;
}

// v = counters:add(key, delta)
int l_add(lua_State* L) {
  Counters& counters = check_mutable<Counters>(L, 1);
  const std::string_view key = check_stored_text(L, 2);
  check_key_room(L, counters, key);
  const int delta = check_int(L, 3);
  const long long sum = static_cast<long long>(counters.get(key)) + delta;
  if (sum < std::numeric_limits<int>::min() || sum > std::numeric_limits<int>::max())
    return luaL_error(L, "counters '%s': %s + %d overflows", counters.name().c_str(), std::string(key).c_str(), delta);
  check_counter_write(L, 1, key, static_cast<int>(sum));
  lua_pushinteger(L, counters.add(key, delta));
  return 1;
}

// t = counters:entries()   ({key = value, ...})
int l_entries(lua_State* L) {
  const Counters& counters = check<Counters>(L, 1);
  const auto& entries = counters.entries();
  lua_createtable(L, 0, static_cast<int>(entries.size()));
  for (const auto& [key, value] : entries) {
    push_string(L, key);
    lua_pushinteger(L, value);
    lua_rawset(L, -3);
  }
  return 1;
}

const luaL_Reg kCountersMethods[] = {{"get", guarded<l_get>},
                                     {"set", guarded<l_set>},
                                     {"add", guarded<l_add>},
                                     {"entries", guarded<l_entries>},
                                     {nullptr, nullptr}};

}  // namespace

void register_counters_binding(LuaBindings& bindings) { bindings.add(Counters::kKind, kCountersMethods); }

}  // namespace tessera::lua
