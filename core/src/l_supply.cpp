// Lua methods of Supply handles (see lua_bindings.hpp).
//
// Lua forms: a resource is {id=, bank=, cap=, overflow="refuse"|"discard"|"keep"}; a gain
// {received=, discarded=, missing=}; a cost list either an array of {resource=, count=}
// (in that order) or a map {wood = 2, coins = 1} (taken in order of resource name).
#include <algorithm>
#include <cstdint>
#include <limits>

#include "lua_bindings.hpp"
#include "tessera/supply.hpp"

namespace tessera::lua {

namespace {

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();

void push_gain(lua_State* L, const Gain& gain) {
  lua_createtable(L, 0, 3);
  set_int_field(L, "received", gain.received);
  set_int_field(L, "discarded", gain.discarded);
  set_int_field(L, "missing", gain.missing);
}

void push_resource(lua_State* L, const Resource& r) {
  lua_createtable(L, 0, 4);
  set_string_field(L, "id", r.id);
  set_int_field(L, "bank", r.bank);
  set_int_field(L, "cap", r.cap);
  set_string_field(L, "overflow", to_string(r.overflow));
}

// Raises when `seat` would hold more than an int can count after receiving n units
// (the supply itself does not guard its sums).
void check_room(lua_State* L, const Supply& supply, int seat, std::string_view resource, int n) {
  if (static_cast<std::int64_t>(supply.count(seat, resource)) + n > kIntMax)
    luaL_error(L, "supply '%s': seat %d would hold more %s than an int can count", supply.name().c_str(), seat,
               std::string(resource).c_str());
}

// Counts returned to the bank (payments, excess discarded over a cap) must fit an int.
void check_bank_room(lua_State* L, const Supply& supply, std::string_view resource, int n) {
  if (const int bank = supply.bank(resource); bank != Supply::kUnlimited && static_cast<std::int64_t>(bank) + n > kIntMax)
    luaL_error(L, "supply '%s': the bank would hold more %s than an int can count", supply.name().c_str(),
               std::string(resource).c_str());
}

std::vector<Amount> check_cost(lua_State* L, int arg) {
  arg = lua_absindex(L, arg);
  luaL_checktype(L, arg, LUA_TTABLE);
  std::vector<Amount> cost;
  if (lua_rawlen(L, arg) > 0) {
    const lua_Integer n = check_array(L, arg);
    for (lua_Integer i = 1; i <= n; ++i) {
      if (lua_rawgeti(L, arg, i) != LUA_TTABLE)
        luaL_argerror(L, arg, lua_pushfstring(L, "cost entry %I must be a table {resource=, count=}", i));
      const int entry = lua_gettop(L);
      check_fields(L, entry, {"resource", "count"}, "a cost entry");
      Amount amount{"", -1};
      read_field(L, entry, "resource", amount.resource);
      read_field(L, entry, "count", amount.count);
      if (amount.resource.empty() || lua_getfield(L, entry, "count") == LUA_TNIL)
        luaL_argerror(L, arg, lua_pushfstring(L, "cost entry %I needs a resource and a count", i));
      cost.push_back(std::move(amount));
      lua_settop(L, entry - 1);
    }
  } else {
    lua_pushnil(L);
    while (lua_next(L, arg) != 0) {
      if (lua_type(L, -2) != LUA_TSTRING)
        luaL_argerror(L, arg, "a cost is an array of {resource=, count=} or a map {resource = count}");
      int is_integer = 0;
      const lua_Integer count = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &is_integer) : 0;
      if (!is_integer || count < std::numeric_limits<int>::min() || count > kIntMax)
        luaL_argerror(L, arg, lua_pushfstring(L, "the count of '%s' must be an integer", lua_tostring(L, -2)));
      cost.push_back(Amount{lua_tostring(L, -2), static_cast<int>(count)});
      lua_pop(L, 1);
    }
    std::sort(cost.begin(), cost.end(), [](const Amount& a, const Amount& b) { return a.resource < b.resource; });
  }
  // The supply adds up repeated resources in an int.
  for (std::size_t i = 0; i < cost.size(); ++i) {
    std::int64_t sum = 0;
    for (const Amount& a : cost)
      if (a.resource == cost[i].resource) sum += a.count;
    if (sum > kIntMax) luaL_argerror(L, arg, lua_pushfstring(L, "the cost of '%s' overflows", cost[i].resource.c_str()));
  }
  return cost;
}

// n = supply:seats()
int l_seats(lua_State* L) {
  lua_pushinteger(L, check<Supply>(L, 1).seats());
  return 1;
}

// list = supply:resources()   ({{id=, bank=, cap=, overflow=}, ...})
int l_resources(lua_State* L) {
  const auto& resources = check<Supply>(L, 1).resources();
  lua_createtable(L, static_cast<int>(resources.size()), 0);
  lua_Integer i = 1;
  for (const Resource& r : resources) {
    push_resource(L, r);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// b = supply:has_resource(resource)
int l_has_resource(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  lua_pushboolean(L, supply.has_resource(check_string(L, 2)));
  return 1;
}

// r = supply:resource(resource)   ({id=, bank=, cap=, overflow=})
int l_resource(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  push_resource(L, supply.resource(check_string(L, 2)));
  return 1;
}

// n = supply:count(seat, resource)
int l_count(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  const int seat = check_int(L, 2);
  lua_pushinteger(L, supply.count(seat, check_string(L, 3)));
  return 1;
}

// n = supply:bank(resource)   (-1 for unlimited)
int l_bank(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  lua_pushinteger(L, supply.bank(check_string(L, 2)));
  return 1;
}

// b = supply:bank_has(resource, n)
int l_bank_has(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  const std::string_view resource = check_string(L, 2);
  lua_pushboolean(L, supply.bank_has(resource, check_int(L, 3)));
  return 1;
}

// n = supply:total(seat)
int l_total(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  lua_pushinteger(L, supply.total(check_int(L, 2)));
  return 1;
}

// n = supply:room(seat, resource)   (-1 when uncapped)
int l_room(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  const int seat = check_int(L, 2);
  lua_pushinteger(L, supply.room(seat, check_string(L, 3)));
  return 1;
}

// gain = supply:gain(seat, resource, n)   ({received=, discarded=, missing=})
int l_gain(lua_State* L) {
  Supply& supply = check_mutable<Supply>(L, 1);
  const int seat = check_int(L, 2);
  const std::string_view resource = check_string(L, 3);
  const int n = check_int(L, 4);
  const int bank = supply.bank(resource);
  check_room(L, supply, seat, resource, bank == Supply::kUnlimited ? n : std::min(n, bank));
  push_gain(L, supply.gain(seat, resource, n));
  return 1;
}

// supply:pay(seat, resource, n)
int l_pay(lua_State* L) {
  Supply& supply = check_mutable<Supply>(L, 1);
  const int seat = check_int(L, 2);
  const std::string_view resource = check_string(L, 3);
  const int n = check_int(L, 4);
  check_bank_room(L, supply, resource, n);
  supply.pay(seat, resource, n);
  return 0;
}

// gain = supply:transfer(from, to, resource, n)
int l_transfer(lua_State* L) {
  Supply& supply = check_mutable<Supply>(L, 1);
  const int from = check_int(L, 2);
  const int to = check_int(L, 3);
  const std::string_view resource = check_string(L, 4);
  const int n = check_int(L, 5);
  check_room(L, supply, to, resource, n);
  check_bank_room(L, supply, resource, n);  // with the discard rule the excess goes to the bank
  push_gain(L, supply.transfer(from, to, resource, n));
  return 1;
}

// supply:set(seat, resource, n)   (no bank change, no cap)
int l_set(lua_State* L) {
  Supply& supply = check_mutable<Supply>(L, 1);
  const int seat = check_int(L, 2);
  const std::string_view resource = check_string(L, 3);
  supply.set(seat, resource, check_int(L, 4));
  return 0;
}

// b = supply:can_pay(seat, cost)
int l_can_pay(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  const int seat = check_int(L, 2);
  lua_pushboolean(L, supply.can_pay(seat, check_cost(L, 3)));
  return 1;
}

// supply:pay_all(seat, cost)   (all or nothing)
int l_pay_all(lua_State* L) {
  Supply& supply = check_mutable<Supply>(L, 1);
  const int seat = check_int(L, 2);
  const std::vector<Amount> cost = check_cost(L, 3);
  for (const Amount& a : cost) {
    const int bank = supply.bank(a.resource);
    std::int64_t sum = bank;
    for (const Amount& b : cost)
      if (b.resource == a.resource) sum += b.count;
    if (bank != Supply::kUnlimited && sum > kIntMax)
      return luaL_error(L, "supply '%s': the bank would hold more %s than an int can count", supply.name().c_str(),
                        a.resource.c_str());
  }
  supply.pay_all(seat, cost);
  return 0;
}

// b = supply:sees_seat(viewer, seat)
int l_sees_seat(lua_State* L) {
  const Supply& supply = check<Supply>(L, 1);
  const int viewer = check_int(L, 2);
  lua_pushboolean(L, supply.sees_seat(viewer, check_int(L, 3)));
  return 1;
}

const luaL_Reg kSupplyMethods[] = {{"seats", guarded<l_seats>},
                                   {"resources", guarded<l_resources>},
                                   {"has_resource", guarded<l_has_resource>},
                                   {"resource", guarded<l_resource>},
                                   {"count", guarded<l_count>},
                                   {"bank", guarded<l_bank>},
                                   {"bank_has", guarded<l_bank_has>},
                                   {"total", guarded<l_total>},
                                   {"room", guarded<l_room>},
                                   {"gain", guarded<l_gain>},
                                   {"pay", guarded<l_pay>},
                                   {"transfer", guarded<l_transfer>},
                                   {"set", guarded<l_set>},
                                   {"can_pay", guarded<l_can_pay>},
                                   {"pay_all", guarded<l_pay_all>},
                                   {"sees_seat", guarded<l_sees_seat>},
                                   {nullptr, nullptr}};

}  // namespace

void register_supply_binding(LuaBindings& bindings) { bindings.add(Supply::kKind, kSupplyMethods); }

}  // namespace tessera::lua
