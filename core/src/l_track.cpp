// Lua methods of Track handles (see lua_bindings.hpp).
#include "lua_bindings.hpp"
#include "tessera/track.hpp"

namespace tessera::lua {

namespace {

void push_move_result(lua_State* L, const Track::MoveResult& result) {
  lua_createtable(L, 0, 6);
  set_int_field(L, "from", result.from);
  set_int_field(L, "to", result.to);
  set_int_field(L, "laps", result.laps);
  set_int_field(L, "overflow", result.overflow);
  set_int_field(L, "underflow", result.underflow);
  push_ints(L, result.triggered);
  lua_setfield(L, -2, "triggered");
}

// n = track:length()
int l_length(lua_State* L) {
  lua_pushinteger(L, check<Track>(L, 1).length());
  return 1;
}

// n = track:markers()
int l_markers(lua_State* L) {
  lua_pushinteger(L, check<Track>(L, 1).markers());
  return 1;
}

// rule = track:end_rule()   ("stop" | "wrap"; C++ end(), a Lua keyword)
int l_end_rule(lua_State* L) {
  push_string(L, to_string(check<Track>(L, 1).end()));
  return 1;
}

void push_trigger(lua_State* L, const Track::Trigger& t) {
  lua_createtable(L, 0, 4);
  set_int_field(L, "space", t.space);
  set_string_field(L, "when", to_string(t.when));
  set_string_field(L, "effect", t.effect);
  set_string_field(L, "params", t.params);
}

// list = track:triggers()   ({{space=, when="pass"|"reach", effect=, params=}, ...}; list[i+1] is trigger i)
int l_triggers(lua_State* L) {
  const auto& triggers = check<Track>(L, 1).triggers();
  lua_createtable(L, static_cast<int>(triggers.size()), 0);
  lua_Integer i = 1;
  for (const Track::Trigger& t : triggers) {
    push_trigger(L, t);
    lua_rawseti(L, -2, i++);
  }
  return 1;
}

// trigger = track:trigger(i)   (trigger i, 0-based as in a move's `triggered`)
int l_trigger(lua_State* L) {
  const auto& triggers = check<Track>(L, 1).triggers();
  const int i = check_int(L, 2);
  luaL_argcheck(L, i >= 0 && i < static_cast<int>(triggers.size()), 2, "no such trigger");
  push_trigger(L, triggers[static_cast<std::size_t>(i)]);
  return 1;
}

// indices = track:triggers_at(space)
int l_triggers_at(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  push_ints(L, track.triggers_at(check_int(L, 2)));
  return 1;
}

// space = track:position(seat)   (-1 when off the track)
int l_position(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  lua_pushinteger(L, track.position(check_int(L, 2)));
  return 1;
}

// b = track:on_track(seat)
int l_on_track(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  lua_pushboolean(L, track.on_track(check_int(L, 2)));
  return 1;
}

// n = track:laps(seat)
int l_laps(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  lua_pushinteger(L, track.laps(check_int(L, 2)));
  return 1;
}

// n = track:total(seat)
int l_total(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  lua_pushinteger(L, track.total(check_int(L, 2)));
  return 1;
}

// result = track:move(seat, delta)   ({from=, to=, laps=, overflow=, underflow=, triggered={...}})
int l_move(lua_State* L) {
  Track& track = check_mutable<Track>(L, 1);
  const int seat = check_int(L, 2);
  push_move_result(L, track.move(seat, check_int(L, 3)));
  return 1;
}

// result = track:move_to(seat, space)
int l_move_to(lua_State* L) {
  Track& track = check_mutable<Track>(L, 1);
  const int seat = check_int(L, 2);
  push_move_result(L, track.move_to(seat, check_int(L, 3)));
  return 1;
}

// track:place(seat, space [, laps])
int l_place(lua_State* L) {
  Track& track = check_mutable<Track>(L, 1);
  const int seat = check_int(L, 2);
  const int space = check_int(L, 3);
  track.place(seat, space, opt_int(L, 4, 0));
  return 0;
}

// track:reset([space])
int l_reset(lua_State* L) {
  Track& track = check_mutable<Track>(L, 1);
  track.reset(opt_int(L, 2, 0));
  return 0;
}

// seats = track:stack(space)   (bottom to top)
int l_stack(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  push_ints(L, track.stack(check_int(L, 2)));
  return 1;
}

// n = track:stack_rank(seat)   (0 = bottom; -1 off the track)
int l_stack_rank(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  lua_pushinteger(L, track.stack_rank(check_int(L, 2)));
  return 1;
}

// seats = track:ranking([bottom_first])   (bottom_first defaults to true)
int l_ranking(lua_State* L) {
  const Track& track = check<Track>(L, 1);
  push_ints(L, track.ranking(opt_bool(L, 2, true)));
  return 1;
}

const luaL_Reg kTrackMethods[] = {{"length", guarded<l_length>},
                                  {"markers", guarded<l_markers>},
                                  {"end_rule", guarded<l_end_rule>},
                                  {"triggers", guarded<l_triggers>},
                                  {"trigger", guarded<l_trigger>},
                                  {"triggers_at", guarded<l_triggers_at>},
                                  {"position", guarded<l_position>},
                                  {"on_track", guarded<l_on_track>},
                                  {"laps", guarded<l_laps>},
                                  {"total", guarded<l_total>},
                                  {"move", guarded<l_move>},
                                  {"move_to", guarded<l_move_to>},
                                  {"place", guarded<l_place>},
                                  {"reset", guarded<l_reset>},
                                  {"stack", guarded<l_stack>},
                                  {"stack_rank", guarded<l_stack_rank>},
                                  {"ranking", guarded<l_ranking>},
                                  {nullptr, nullptr}};

}  // namespace

void register_track_binding(LuaBindings& bindings) { bindings.add(Track::kKind, kTrackMethods); }

}  // namespace tessera::lua
