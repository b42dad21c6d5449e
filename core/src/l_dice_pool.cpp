// Lua methods of DicePool handles (see lua_bindings.hpp).
//
// Lua forms: a die is {color=, faces=, value=, holder=, tag=} (holder -1 = in the pool);
// dice are 0-based indices. Rolls use the table's RNG, like ctx:roll.
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "lua_bindings.hpp"
#include "tessera/dice_pool.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

namespace {

// Bound on pip counts from scripts, so sums of values and deltas cannot overflow an int.
constexpr int kMaxPips = 1'000'000;

void push_die(lua_State* L, const Die& d) {
  lua_createtable(L, 0, 5);
  set_string_field(L, "color", d.color);
  set_int_field(L, "faces", d.faces);
  set_int_field(L, "value", d.value);
  set_int_field(L, "holder", d.holder);
  set_string_field(L, "tag", d.tag);
}

int check_pips(lua_State* L, int arg) {
  const int v = check_int(L, arg);
  luaL_argcheck(L, v >= -kMaxPips && v <= kMaxPips, arg, "pip count out of range");
  return v;
}

// Raises unless cost_per_pip * steps fits in an int (a negative cost is the pool's RuleError).
void check_cost(lua_State* L, int cost_per_pip, std::int64_t steps) {
  if (static_cast<std::int64_t>(cost_per_pip) * steps > std::numeric_limits<int>::max())
    luaL_error(L, "a cost of %d per pip over %d pips overflows", cost_per_pip, static_cast<int>(steps));
}

// n = pool:size()
int l_size(lua_State* L) {
  lua_pushinteger(L, check<DicePool>(L, 1).size());
  return 1;
}

// list = pool:dice()   (list[i+1] is die i)
int l_dice(lua_State* L) {
  const auto& dice = check<DicePool>(L, 1).dice();
  lua_createtable(L, static_cast<int>(dice.size()), 0);
  lua_Integer i = 1;
  for (const Die& d : dice) {
    push_die(L, d);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// d = pool:die(index)   ({color=, faces=, value=, holder=, tag=})
int l_die(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  push_die(L, pool.die(check_int(L, 2)));
  return 1;
}

// indices = pool:find({color=, faces=, value=, holder=, tag=})   (0-based indices of the dice
// whose given fields all equal the filter's, in pool order; an empty filter finds every die)
int l_find(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  check_fields(L, 2, {"color", "faces", "value", "holder", "tag"}, "a die filter");
  const auto given = [L](const char* key) {
    const bool present = lua_getfield(L, 2, key) != LUA_TNIL;
    lua_pop(L, 1);
    return present;
  };
  const bool by_color = given("color"), by_faces = given("faces"), by_value = given("value"),
             by_holder = given("holder"), by_tag = given("tag");
  Die want;
  read_field(L, 2, "color", want.color);
  read_field(L, 2, "faces", want.faces);
  read_field(L, 2, "value", want.value);
  read_field(L, 2, "holder", want.holder);
  read_field(L, 2, "tag", want.tag);
  std::vector<int> found;
  for (int i = 0; i < pool.size(); ++i) {
    const Die& d = pool.die(i);
    if ((!by_color || d.color == want.color) && (!by_faces || d.faces == want.faces) &&
        (!by_value || d.value == want.value) && (!by_holder || d.holder == want.holder) && (!by_tag || d.tag == want.tag))
      found.push_back(i);
  }
  push_ints(L, found);
  return 1;
}

// value = pool:roll(index)
int l_roll(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  lua_pushinteger(L, pool.roll(index, mutable_table(L).rng()));
  return 1;
}

// values = pool:roll_pool()   (the dice in the pool, in index order)
int l_roll_pool(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  push_ints(L, pool.roll_pool(mutable_table(L).rng()));
  return 1;
}

// values = pool:roll_all()
int l_roll_all(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  push_ints(L, pool.roll_all(mutable_table(L).rng()));
  return 1;
}

// values = pool:roll_held(seat)
int l_roll_held(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int seat = check_int(L, 2);
  push_ints(L, pool.roll_held(seat, mutable_table(L).rng()));
  return 1;
}

// pool:set(index, value)
int l_set(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  pool.set(index, check_int(L, 3));
  return 0;
}

// pool:set_tag(index, tag)
int l_set_tag(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  pool.set_tag(index, std::string(check_stored_text(L, 3)));
  return 0;
}

// n = pool:steps(from, to, faces, wrap)
int l_steps(lua_State* L) {
  check<DicePool>(L, 1);
  const int from = check_pips(L, 2);
  const int to = check_pips(L, 3);
  const int faces = check_pips(L, 4);
  lua_pushinteger(L, DicePool::steps(from, to, faces, check_bool(L, 5)));
  return 1;
}

// cost = pool:adjust_cost(index, target, cost_per_pip, wrap)
int l_adjust_cost(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  const int index = check_int(L, 2);
  const int target = check_int(L, 3);
  const int cost_per_pip = check_int(L, 4);
  const bool wrap = check_bool(L, 5);
  check_cost(L, cost_per_pip, pool.die(index).faces);
  lua_pushinteger(L, pool.adjust_cost(index, target, cost_per_pip, wrap));
  return 1;
}

// cost = pool:adjust_to(index, target, cost_per_pip, wrap)
int l_adjust_to(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  const int target = check_int(L, 3);
  const int cost_per_pip = check_int(L, 4);
  const bool wrap = check_bool(L, 5);
  check_cost(L, cost_per_pip, pool.die(index).faces);
  lua_pushinteger(L, pool.adjust_to(index, target, cost_per_pip, wrap));
  return 1;
}

// cost = pool:adjust(index, delta, cost_per_pip, wrap)
int l_adjust(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  const int delta = check_pips(L, 3);
  const int cost_per_pip = check_int(L, 4);
  const bool wrap = check_bool(L, 5);
  check_cost(L, cost_per_pip, std::abs(delta));
  lua_pushinteger(L, pool.adjust(index, delta, cost_per_pip, wrap));
  return 1;
}

// indices = pool:sorted_indices([descending [, pool_only]])
int l_sorted_indices(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  const bool descending = opt_bool(L, 2, false);
  push_ints(L, pool.sorted_indices(descending, opt_bool(L, 3, false)));
  return 1;
}

// pool:sort_by_value([descending])
int l_sort_by_value(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  pool.sort_by_value(opt_bool(L, 2, false));
  return 0;
}

// pool:take(index, seat)
int l_take(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  const int index = check_int(L, 2);
  pool.take(index, check_seat(L, 3, /*or_nobody=*/false));
  return 0;
}

// pool:give_back(index)
int l_give_back(lua_State* L) {
  DicePool& pool = check_mutable<DicePool>(L, 1);
  pool.give_back(check_int(L, 2));
  return 0;
}

// n = pool:give_back_all()
int l_give_back_all(lua_State* L) {
  lua_pushinteger(L, check_mutable<DicePool>(L, 1).give_back_all());
  return 1;
}

// indices = pool:dice_of(seat)
int l_dice_of(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  push_ints(L, pool.dice_of(check_int(L, 2)));
  return 1;
}

// indices = pool:in_pool()
int l_in_pool(lua_State* L) {
  push_ints(L, check<DicePool>(L, 1).in_pool());
  return 1;
}

// n = pool:count([color [, value]])   ("" any color, 0 any value)
int l_count(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  const std::string_view color = opt_string(L, 2, "");
  lua_pushinteger(L, pool.count(color, opt_int(L, 3, 0)));
  return 1;
}

// n = pool:count_in_pool([color [, value]])
int l_count_in_pool(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  const std::string_view color = opt_string(L, 2, "");
  lua_pushinteger(L, pool.count_in_pool(color, opt_int(L, 3, 0)));
  return 1;
}

// n = pool:count_of(seat [, color [, value]])
int l_count_of(lua_State* L) {
  const DicePool& pool = check<DicePool>(L, 1);
  const int seat = check_int(L, 2);
  const std::string_view color = opt_string(L, 3, "");
  lua_pushinteger(L, pool.count_of(seat, color, opt_int(L, 4, 0)));
  return 1;
}

const luaL_Reg kDicePoolMethods[] = {{"size", guarded<l_size>},
                                     {"dice", guarded<l_dice>},
                                     {"die", guarded<l_die>},
                                     {"find", guarded<l_find>},
                                     {"roll", guarded<l_roll>},
                                     {"roll_pool", guarded<l_roll_pool>},
                                     {"roll_all", guarded<l_roll_all>},
                                     {"roll_held", guarded<l_roll_held>},
                                     {"set", guarded<l_set>},
                                     {"set_tag", guarded<l_set_tag>},
                                     {"steps", guarded<l_steps>},
                                     {"adjust_cost", guarded<l_adjust_cost>},
                                     {"adjust_to", guarded<l_adjust_to>},
                                     {"adjust", guarded<l_adjust>},
                                     {"sorted_indices", guarded<l_sorted_indices>},
                                     {"sort_by_value", guarded<l_sort_by_value>},
                                     {"take", guarded<l_take>},
                                     {"give_back", guarded<l_give_back>},
                                     {"give_back_all", guarded<l_give_back_all>},
                                     {"dice_of", guarded<l_dice_of>},
                                     {"in_pool", guarded<l_in_pool>},
                                     {"count", guarded<l_count>},
                                     {"count_in_pool", guarded<l_count_in_pool>},
                                     {"count_of", guarded<l_count_of>},
                                     {nullptr, nullptr}};

}  // namespace

void register_dice_pool_binding(LuaBindings& bindings) { bindings.add(DicePool::kKind, kDicePoolMethods); }

}  // namespace tessera::lua
