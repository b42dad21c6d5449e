#include "lua_context.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <nlohmann/json.hpp>

#include "lua_write_check.hpp"
#include "tessera/error.hpp"
#include "tessera/flow.hpp"
#include "tessera/identifier.hpp"
#include "tessera/flow_rules.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

namespace {

// What ctx:log may push into the host (the events of a move live outside the Lua memory cap).
constexpr std::size_t kMaxEventText = 4096;
constexpr std::uint32_t kMaxEventsPerMove = 1000;

// The ctx userdata: a tag only, so that a handle cannot pass for it (sizes differ too).
struct ContextData {
  std::uint32_t magic;
};
constexpr std::uint32_t kContextMagic = 0xc0417e87;

void check_context(lua_State* L) {
  if (lua_type(L, 1) != LUA_TUSERDATA || lua_rawlen(L, 1) != sizeof(ContextData) ||
      static_cast<ContextData*>(lua_touserdata(L, 1))->magic != kContextMagic)
    luaL_typeerror(L, 1, "ctx (call methods as ctx:name(...))");
}

const LuaBindings& bindings_of(lua_State* L) {
  return *static_cast<const LuaBindings*>(lua_touserdata(L, lua_upvalueindex(1)));
}

const Natives& natives_of(lua_State* L) {
  return *static_cast<const Natives*>(lua_touserdata(L, lua_upvalueindex(2)));
}

// The runtime's game data; null when the game gave it none.
GameData* data_of(lua_State* L) {
  return static_cast<const std::shared_ptr<GameData>*>(lua_touserdata(L, lua_upvalueindex(3)))->get();
}

// The owner argument at `arg`: nil means a global component.
int check_owner(lua_State* L, int arg, const Table& table) {
  if (lua_isnoneornil(L, arg)) return kNobody;
  const int seat = check_int(L, arg);
  if (seat < 0 || seat >= table.players())
    luaL_error(L, "seat %d is not a seat of this table (%d players)", seat, table.players());
  return seat;
}

// The index of component (name, owner) in the call's table, or -1.
long find_component(const Table& table, std::string_view name, int owner) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& c = table.at(i);
    if (c.owner() == owner && c.name() == name) return static_cast<long>(i);
  }
  return -1;
}

// c = ctx:get(name [, seat])
int l_get(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:get");
  const int owner = check_owner(L, 3, *frame.table);
  const long index = find_component(*frame.table, name, owner);
  if (index < 0) {
    if (owner == kNobody) return luaL_error(L, "no global component named '%s'", lua_tostring(L, 2));
    return luaL_error(L, "seat %d has no component named '%s'", owner, lua_tostring(L, 2));
  }
  bindings_of(L).push_handle(L, static_cast<std::uint32_t>(index));
  return 1;
}

// b = ctx:has(name [, seat])
int l_has(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:has");
  const int owner = check_owner(L, 3, *frame.table);
  lua_pushboolean(L, find_component(*frame.table, name, owner) >= 0);
  return 1;
}

// n = ctx:roll(faces)
int l_roll(lua_State* L) {
  check_context(L);
  const int faces = check_int(L, 2);
  luaL_argcheck(L, faces >= 1, 2, "a die has at least 1 face");
  lua_pushinteger(L, mutable_table(L).rng().roll(1, faces));
  return 1;
}

// t = ctx:shuffle(t)
int l_shuffle(lua_State* L) {
  check_context(L);
  luaL_checktype(L, 2, LUA_TTABLE);
  Rng& rng = mutable_table(L).rng();
  lua_settop(L, 2);
  // The same Fisher-Yates as Rng::shuffle, so Lua and C++ shuffles agree for one seed.
  for (lua_Integer i = static_cast<lua_Integer>(lua_rawlen(L, 2)); i > 1; --i) {
    const auto j = static_cast<lua_Integer>(rng.below(static_cast<std::uint64_t>(i))) + 1;
    lua_rawgeti(L, 2, i);
    lua_rawgeti(L, 2, j);
    lua_rawseti(L, 2, i);
    lua_rawseti(L, 2, j);
  }
  return 1;
}

// ctx:log(text [, seat])
int l_log(lua_State* L) {
  check_context(L);
  const std::string_view text = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:log");
  const int audience = lua_isnoneornil(L, 3) ? kSpectator : check_owner(L, 3, *frame.table);
  mutable_table(L);  // a read-only call may not log either
  // Checked whether or not the host collects events: a move must not pass in a playout and
  // fail in a real game.
  if (text.size() > kMaxEventText)
    return luaL_error(L, "ctx:log: a text is at most %d bytes, got %d", static_cast<int>(kMaxEventText),
                      static_cast<int>(std::min<std::size_t>(text.size(), INT32_MAX)));
  if (LuaState::from(L).count_event() > kMaxEventsPerMove)
    return luaL_error(L, "ctx:log: more than %d texts in one move", static_cast<int>(kMaxEventsPerMove));
  if (frame.call->events) frame.call->events->push_back(Event{std::string(text), audience});
  return 0;
}

// r = ctx:call(name, ...)
int l_call(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:call");
  // A native is the game's C++: it may only see what fits the schema.
  if (frame.writes && frame.writes->has_noted()) {
    try {
      frame.writes->check_noted(*frame.table);
    } catch (const DataError& e) {
      lua_pushstring(L, e.what());
      return lua_error(L);
    }
  }
  const Natives& natives = natives_of(L);
  const auto it = natives.find(name);
  if (it == natives.end()) {
    std::string known;
    for (const auto& [n, _] : natives) known += (known.empty() ? "" : ", ") + n;
    return luaL_error(L, "ctx:call: no native function named '%s' (registered: %s)", lua_tostring(L, 2),
                      known.empty() ? "none" : known.c_str());
  }
  const Native& native = it->second;
  if (!native.query && !frame.mutable_table)
    return luaL_error(L, "%s may not change the state (ctx:call('%s') may; a plugin offers read-only "
                      "natives with register_query)", frame.read_only_what, lua_tostring(L, 2));
  const NativeArgs args(L, 3, lua_gettop(L) - 2);
  nlohmann::json result;
  try {
    result = native.query ? native.query(*frame.table, *frame.call, args)
                          : native.function(*frame.mutable_table, *frame.call, args);
  } catch (const std::exception& e) {
    return luaL_error(L, "ctx:call('%s'): %s", lua_tostring(L, 2), e.what());
  }
  push_json(L, result);
  return 1;
}

// The flow of the running call; a Lua error outside a move or step of the flow engine.
FlowContext& flow_of(lua_State* L, const CallFrame& frame, const char* what) {
  if (!frame.call->flow || !frame.call->rules)
    luaL_error(L, "%s: only a move or a step of the flow engine may change the flow", what);
  mutable_table(L);
  return *frame.call->flow;
}

// ctx:push(step, seat [, {param = value, ...}])
int l_push(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:push");
  FlowContext& flow = flow_of(L, frame, "ctx:push");
  const FlowRules& rules = *frame.call->rules;
  const int step = rules.step_index(name);
  if (step < 0) return luaL_error(L, "ctx:push: no step named '%s'", lua_tostring(L, 2));
  const int seat = lua_isnoneornil(L, 3) ? kNobody : check_owner(L, 3, *frame.table);
  Frame pushed;
  pushed.step = static_cast<std::uint16_t>(step);
  pushed.seat = static_cast<std::int8_t>(seat);
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    const auto& names = rules.step(step).params;
    lua_pushnil(L);
    while (lua_next(L, 4) != 0) {
      std::size_t k = 0;
      const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
      while (k < names.size() && names[k] != key) ++k;
      if (k == names.size()) return luaL_error(L, "ctx:push: step '%s' has no parameter '%s'", lua_tostring(L, 2), key);
      pushed.p[k] = check_int(L, -1);
      lua_pop(L, 1);
    }
  }
  try {
    flow.push(pushed);
  } catch (const std::exception& e) {
    return luaL_error(L, "ctx:push: %s", e.what());
  }
  return 0;
}

// ctx:announce(event [, {param = value, ...}]): an event the game declares, its parameters by
// name (enum and id values by name or number); its subscribers run now.
int l_announce(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:announce");
  FlowContext& flow = flow_of(L, frame, "ctx:announce");
  const FlowRules& rules = *frame.call->rules;
  const int event = rules.event_index(name);
  if (event < 0) return luaL_error(L, "ctx:announce: no event named '%s'", lua_tostring(L, 2));
  const EventDecl& decl = rules.event(event);
  if (!lua_isnoneornil(L, 3)) luaL_checktype(L, 3, LUA_TTABLE);
  if (lua_istable(L, 3)) {
    lua_pushnil(L);
    while (lua_next(L, 3) != 0) {
      const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
      if (std::none_of(decl.params.begin(), decl.params.end(), [&](const ParamDecl& p) { return p.name == key; }))
        return luaL_error(L, "ctx:announce: event '%s' has no parameter '%s'", lua_tostring(L, 2), key);
      lua_pop(L, 1);
    }
  }
  std::array<int, kMaxMoveParams> args{};
  for (std::size_t k = 0; k < decl.params.size(); ++k) {
    const ParamDecl& p = decl.params[k];
    if (!lua_istable(L, 3) || lua_getfield(L, 3, p.name.c_str()) == LUA_TNIL)
      return luaL_error(L, "ctx:announce: event '%s' needs its parameter '%s'", lua_tostring(L, 2), p.name.c_str());
    const std::string word = lua_isinteger(L, -1) ? std::to_string(lua_tointeger(L, -1))
                             : lua_type(L, -1) == LUA_TSTRING ? std::string(lua_tostring(L, -1))
                                                              : std::string();
    const std::optional<std::int32_t> value = parse_param(p, word, frame.table->players(), nullptr);
    if (!value)
      return luaL_error(L, "ctx:announce: event '%s': %s is no value of parameter '%s'", lua_tostring(L, 2),
                        luaL_tolstring(L, -1, nullptr), p.name.c_str());
    args[k] = *value;
    lua_pop(L, 1);
  }
  try {
    rules.announce(flow, event, args);
  } catch (const std::exception& e) {
    return luaL_error(L, "ctx:announce('%s'): %s", lua_tostring(L, 2), e.what());
  }
  return 0;
}

// t = ctx:data(name): data/<game>/<name>.yaml with the variants' overlays, read-only
int l_data(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  current_frame(L, "ctx:data");
  GameData* data = data_of(L);
  if (!data) return luaL_error(L, "ctx:data: this game offers its scripts no data files");
  push_game_data(L, *data, name);
  return 1;
}

// t = ctx:step(name): the innermost frame of step `name` on the flow's stack, as a step table
// (name, seat, cursor, moves, parameters, named flags); nil when no frame of it is open.
int l_step(lua_State* L) {
  check_context(L);
  const std::string_view name = check_string(L, 2);
  const CallFrame& frame = current_frame(L, "ctx:step");
  const FlowRules* rules = frame.call->rules;
  const auto* flow = dynamic_cast<const Flow*>(frame.table->find("flow"));
  if (!rules || !flow) return luaL_error(L, "ctx:step: only a call of the flow engine sees its steps");
  const int step = rules->step_index(name);
  if (step < 0) return luaL_error(L, "ctx:step: no step named '%s'", printable_name(name).c_str());
  for (int i = flow->depth() - 1; i >= 0; --i)
    if (flow->at(i).step == step) {
      push_json(L, rules->frame_json(flow->at(i)));
      return 1;
    }
  lua_pushnil(L);
  return 1;
}

// ctx:end_step()
int l_end_step(lua_State* L) {
  check_context(L);
  flow_of(L, current_frame(L, "ctx:end_step"), "ctx:end_step").end_step();
  return 0;
}

// v = ctx.seat | ctx.players   (what the methods table lacks; arg 1 is that table)
int l_fields(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  const char* key = lua_tostring(L, 2);
  if (std::strcmp(key, "seat") == 0) {
    lua_pushinteger(L, current_frame(L, "ctx.seat").call->seat);
    return 1;
  }
  if (std::strcmp(key, "players") == 0) {
    lua_pushinteger(L, current_frame(L, "ctx.players").table->players());
    return 1;
  }
  return 0;
}

// ctx.x = v   (refused)
int l_newindex(lua_State* L) { return luaL_error(L, "ctx has no fields to set"); }

// "ctx"
int l_tostring(lua_State* L) {
  lua_pushliteral(L, "ctx");
  return 1;
}

const luaL_Reg kMethods[] = {{"get", guarded<l_get>},         {"has", guarded<l_has>},
                             {"roll", guarded<l_roll>},       {"shuffle", guarded<l_shuffle>},
                             {"log", guarded<l_log>},         {"call", guarded<l_call>},
                             {"push", guarded<l_push>},       {"end_step", guarded<l_end_step>},
                             {"announce", guarded<l_announce>}, {"data", guarded<l_data>},
                             {"step", guarded<l_step>},
                             {nullptr, nullptr}};

}  // namespace

int create_context(lua_State* L, const LuaBindings& bindings, const Natives& natives,
                   const std::shared_ptr<GameData>& game_data) {
  auto* tag = static_cast<ContextData*>(lua_newuserdatauv(L, sizeof(ContextData), 0));
  tag->magic = kContextMagic;
  lua_createtable(L, 0, 4);  // metatable
  lua_createtable(L, 0, 8);  // methods: ctx:get finds its function by a table look-up, not a C call
  lua_pushlightuserdata(L, const_cast<LuaBindings*>(&bindings));
  lua_pushlightuserdata(L, const_cast<Natives*>(&natives));
  lua_pushlightuserdata(L, const_cast<std::shared_ptr<GameData>*>(&game_data));
  luaL_setfuncs(L, kMethods, 3);
  lua_createtable(L, 0, 1);  // what the methods lack (ctx.seat, ctx.players) is asked of l_fields
  lua_pushcfunction(L, guarded<l_fields>);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, l_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, l_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushliteral(L, "ctx");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace tessera::lua
