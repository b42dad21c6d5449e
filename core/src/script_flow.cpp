// What scripts declare for the flow engine — move(), wrap_move(), step(), rule() — and
// wrap_effect(); and the calls FlowRules makes into them.
#include <algorithm>
#include <tuple>

#include "script_runtime_impl.hpp"

namespace tessera {

using nlohmann::json;
using namespace script_detail;

namespace {

// binder(wrapper, base), native_caller(name) and native_lister(name), written in Lua: the
// wrapped function gets the base as its first argument, and a native move's base goes
// through ctx:call.
constexpr std::string_view kHelpers = R"(
return function(wrapper, base) return function(...) return wrapper(base, ...) end end,
       function(name) return function(ctx, move, step) return ctx:call(name, move) end end,
       function(name) return function(ctx, step) return ctx:call(name) end end
)";

void check_loading(lua_State* L, const lua::LuaState& vm, const char* what) {
  if (vm.frame()) luaL_error(L, "%s() may only be called while a script loads, not during a call", what);
}

// The name a declaring call (move, wrap_move, step, rule, on, ...) was given, checked with its
// second argument's type, while a script loads; leaves the two arguments alone on the stack.
// A name is bounded as a stored text: the host keeps it and repeats it in its messages.
std::string declared_name(lua_State* L, const lua::LuaState& vm, const char* what, const char* unnamed, int type) {
  check_loading(L, vm, what);
  std::string name(lua::check_stored_text(L, 1));
  luaL_argcheck(L, !name.empty(), 1, unnamed);
  luaL_checktype(L, 2, type);
  lua_settop(L, 2);
  return name;
}

// The function in field `key` of the table at 2 (or LUA_NOREF when absent): a registry ref.
int function_field(lua_State* L, const char* key, const std::string& owner, bool required) {
  const int type = lua_getfield(L, 2, key);
  if (type == LUA_TNIL) {
    lua_pop(L, 1);
    if (required) luaL_error(L, "%s: %s must be a function", owner.c_str(), key);
    return LUA_NOREF;
  }
  if (type != LUA_TFUNCTION) luaL_error(L, "%s: %s must be a function", owner.c_str(), key);
  return luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

void ScriptRuntime::Impl::install_flow_functions(lua_State* L) {
  const auto install = [&](const char* name, lua_CFunction fn) {
    lua_pushlightuserdata(L, this);
    lua_pushcclosure(L, fn, 1);
    lua_setfield(L, -2, name);
  };
  install("wrap_effect", lua::guarded<l_wrap_effect>);
  install("move", lua::guarded<l_move>);
  install("wrap_move", lua::guarded<l_wrap_move>);
  install("extend_legal", lua::guarded<l_legal_layer<true>>);
  install("filter_legal", lua::guarded<l_legal_layer<false>>);
  install("step", lua::guarded<l_step>);
  install("rule", lua::guarded<l_rule>);
  install("on", lua::guarded<l_on>);
  if (luaL_loadbufferx(L, kHelpers.data(), kHelpers.size(), "=[tessera]", "t") != LUA_OK) lua_error(L);
  lua_call(L, 0, 3);
  native_lister = luaL_ref(L, LUA_REGISTRYINDEX);
  native_caller = luaL_ref(L, LUA_REGISTRYINDEX);
  binder = luaL_ref(L, LUA_REGISTRYINDEX);
}

void ScriptRuntime::Impl::push_bound(lua_State* L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, binder);
  lua_insert(L, -3);
  lua_call(L, 2, 1);
}

int ScriptRuntime::Impl::lua_move_index(std::string_view name) const {
  for (std::size_t i = 0; i < move_infos.size(); ++i)
    if (move_infos[i].name == name) return static_cast<int>(i);
  return -1;
}

// wrap_effect(name, fn(base, ctx, params, choice) | {params = {...}, apply = ..., options = fn(base, ctx, params),
//                                                    label = fn(base, ctx, params, id)})
int ScriptRuntime::Impl::l_wrap_effect(lua_State* L) {
  Impl& rt = from_upvalue(L);
  check_loading(L, rt.vm, "wrap_effect");
  const std::string name(lua::check_string(L, 1));
  const auto slot = rt.effect_slots.find(name);
  if (slot == rt.effect_slots.end())
    return luaL_error(L, "wrap_effect: no effect named '%s' to wrap", name.c_str());
  Effect& effect = rt.effects[static_cast<std::size_t>(slot->second)];
  lua_settop(L, 2);
  if (lua_type(L, 2) == LUA_TFUNCTION) {
    lua_newtable(L);
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "apply");
    lua_replace(L, 2);
  }
  luaL_argcheck(L, lua_type(L, 2) == LUA_TTABLE, 2, "a function or {apply = ..., options = ...}");
  lua::check_fields(L, 2, {"params", "apply", "options", "label"}, "wrap_effect");
  const std::string owner = "wrap_effect '" + name + "'";
  for (const char* key : {"apply", "options", "label"}) {
    int& base = std::string_view(key) == "apply" ? effect.apply : std::string_view(key) == "options" ? effect.options : effect.label;
    if (lua_getfield(L, 2, key) == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (!lua_isfunction(L, -1)) return luaL_error(L, "%s: %s must be a function", owner.c_str(), key);
    if (base == LUA_NOREF) return luaL_error(L, "%s: the effect has no %s to wrap", owner.c_str(), key);
    lua_rawgeti(L, LUA_REGISTRYINDEX, base);
    rt.push_bound(L);
    luaL_unref(L, LUA_REGISTRYINDEX, base);
    base = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  effect.defined_at = lua::script_position(L, 1);
  if (auto declared = read_params_declaration(L, 2, name)) {  // else the wrapped effect's declaration stands
    effect.params = std::move(declared);
    effect.declared_at = effect.defined_at;
  }
  return 0;
}

// move(name, {params = ..., steps = ..., ends_step = ..., doc = text, formerly = {names}, legal = fn,
//             apply = fn, label = fn})
int ScriptRuntime::Impl::l_move(lua_State* L) {
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, "move", "a move needs a name", LUA_TTABLE);
  lua::check_fields(L, 2, {"params", "steps", "ends_step", "doc", "formerly", "legal", "apply", "label"}, "move");
  ScriptMove info;
  info.name = name;
  info.decl = json::object();
  info.defined_at = lua::script_position(L, 1);
  for (const char* key : {"params", "steps", "ends_step", "doc", "formerly"}) {
    if (lua_getfield(L, 2, key) != LUA_TNIL) info.decl[key] = lua::to_json(L, -1);
    lua_pop(L, 1);
  }
  const std::string owner = "move '" + name + "'";
  LuaMove move;
  move.apply = function_field(L, "apply", owner, true);
  move.legal = function_field(L, "legal", owner, false);
  move.label = function_field(L, "label", owner, false);
  info.has_apply = true;
  info.has_legal = move.legal != LUA_NOREF;
  info.has_label = move.label != LUA_NOREF;
  const int known = rt.lua_move_index(name);
  if (known < 0) {
    rt.move_infos.push_back(std::move(info));
    rt.moves.push_back(move);
  } else {
    // A replaced move keeps what other scripts added to its legal list and filtered out of it.
    ScriptMove& old_info = rt.move_infos[static_cast<std::size_t>(known)];
    LuaMove& old_move = rt.moves[static_cast<std::size_t>(known)];
    info.extends = std::move(old_info.extends);
    info.filters = std::move(old_info.filters);
    move.extends = std::move(old_move.extends);
    move.filters = std::move(old_move.filters);
    old_info = std::move(info);
    old_move = std::move(move);
  }
  return 0;
}

int ScriptRuntime::Impl::move_entry(lua_State* L, const std::string& name, const char* declared_by) {
  const int known = lua_move_index(name);
  if (known >= 0) return known;
  // A move of the game's C++: its base goes through the natives "move:<name>", "label:<name>"
  // and "legal:<name>", which FlowRules::build registers (and refuses when there is no such move).
  ScriptMove info;
  info.name = name;
  info.wrap = true;
  info.defined_at = lua::script_position(L, 1);
  info.declared_by = declared_by;
  move_infos.push_back(std::move(info));
  LuaMove move;
  for (auto [field, prefix, maker] : {std::tuple{&move.apply, "move:", native_caller},
                                      std::tuple{&move.label, "label:", native_caller},
                                      std::tuple{&move.legal, "legal:", native_lister}}) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, maker);
    lua::push_string(L, prefix + name);
    lua_call(L, 1, 1);
    *field = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  moves.push_back(std::move(move));
  return static_cast<int>(moves.size() - 1);
}

// extend_legal(name, fn(ctx, step)) and filter_legal(name, fn(ctx, move, step))
template <bool Extend>
int ScriptRuntime::Impl::l_legal_layer(lua_State* L) {
  const char* what = Extend ? "extend_legal" : "filter_legal";
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, what, "a move needs a name", LUA_TFUNCTION);
  const int known = rt.move_entry(L, name, what);
  const int function = luaL_ref(L, LUA_REGISTRYINDEX);
  LuaMove& move = rt.moves[static_cast<std::size_t>(known)];
  ScriptMove& info = rt.move_infos[static_cast<std::size_t>(known)];
  (Extend ? move.extends : move.filters).push_back(function);
  (Extend ? info.extends : info.filters).push_back(lua::script_position(L, 1));
  return 0;
}

// wrap_move(name, {apply = fn(base, ctx, move, step), label = fn(base, ctx, move, step),
//                  legal = fn(base, ctx, step)})
int ScriptRuntime::Impl::l_wrap_move(lua_State* L) {
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, "wrap_move", "a move needs a name", LUA_TTABLE);
  lua::check_fields(L, 2, {"apply", "label", "legal"}, "wrap_move");
  const int known = rt.move_entry(L, name, "wrap_move");
  LuaMove& move = rt.moves[static_cast<std::size_t>(known)];
  ScriptMove& info = rt.move_infos[static_cast<std::size_t>(known)];
  for (auto [field, key] : {std::pair{&move.apply, "apply"}, std::pair{&move.label, "label"},
                            std::pair{&move.legal, "legal"}}) {
    if (lua_getfield(L, 2, key) == LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    if (!lua_isfunction(L, -1)) return luaL_error(L, "wrap_move '%s': %s must be a function", name.c_str(), key);
    if (*field == LUA_NOREF) {
      // A Lua move without a label: the base label is its text, which FlowRules makes.
      lua_pop(L, 1);
      return luaL_error(L, "wrap_move '%s': the move has no %s to wrap", name.c_str(), key);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, *field);
    rt.push_bound(L);
    luaL_unref(L, LUA_REGISTRYINDEX, *field);
    *field = luaL_ref(L, LUA_REGISTRYINDEX);
    const std::string_view part = key;
    (part == "apply" ? info.has_apply : part == "label" ? info.has_label : info.has_legal) = true;
  }
  ++info.wraps;
  return 0;
}

// step(name, {kind = ..., moves = ..., ...}): the fields of a step in flow.yaml
int ScriptRuntime::Impl::l_step(lua_State* L) {
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, "step", "a step needs a name", LUA_TTABLE);
  ScriptStep step{name, lua::to_json(L, 2), lua::script_position(L, 1)};
  auto same = std::find_if(rt.steps.begin(), rt.steps.end(), [&](const ScriptStep& s) { return s.name == name; });
  if (same == rt.steps.end()) rt.steps.push_back(std::move(step));
  else *same = std::move(step);
  return 0;
}

// rule(name, fn(ctx, step))
int ScriptRuntime::Impl::l_rule(lua_State* L) {
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, "rule", "a rule needs a name", LUA_TFUNCTION);
  LuaRule rule{luaL_ref(L, LUA_REGISTRYINDEX), lua::script_position(L, 1)};
  auto known = rt.rules.find(name);
  if (known != rt.rules.end()) {
    luaL_unref(L, LUA_REGISTRYINDEX, known->second.function);
    known->second = std::move(rule);
  } else {
    rt.rules.emplace(name, std::move(rule));
  }
  return 0;
}

// on(event, fn(ctx, event)): checked against the game's events when its flow is built.
int ScriptRuntime::Impl::l_on(lua_State* L) {
  Impl& rt = from_upvalue(L);
  const std::string name = declared_name(L, rt.vm, "on", "an event needs a name", LUA_TFUNCTION);
  rt.subscription_functions.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
  rt.subscriptions.push_back(ScriptSubscription{name, lua::script_position(L, 1)});
  return 0;
}

void ScriptRuntime::set_fired_hooks(const std::vector<std::string>& hooks) {
  for (const auto& h : hooks)
    if (hook_index(h) < 0) throw ScriptError("unknown hook '" + h + "' (known hooks: " + known_hooks() + ")");
  impl_->fired_hooks = hooks;
}

const std::vector<ScriptMove>& ScriptRuntime::script_moves() const { return impl_->move_infos; }
const std::vector<ScriptStep>& ScriptRuntime::script_steps() const { return impl_->steps; }
const std::vector<ScriptSubscription>& ScriptRuntime::script_subscriptions() const { return impl_->subscriptions; }

void ScriptRuntime::run_subscription(std::size_t i, Table& table, const CallContext& ctx, const json& event) {
  const lua::CallFrame frame = impl_->frame_for(table, &table, ctx, nullptr);
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->subscription_functions.at(i));
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, event);
    lua_call(L, 2, 0);
  };
  impl_->run(&frame, CallSite{CallSite::What::Event, static_cast<int>(i)}, body);
}

bool ScriptRuntime::has_rule(std::string_view name) const { return impl_->rules.find(name) != impl_->rules.end(); }

std::string ScriptRuntime::rule_defined_at(std::string_view name) const {
  const auto rule = impl_->rules.find(name);
  return rule == impl_->rules.end() ? std::string() : rule->second.defined_at;
}

json ScriptRuntime::move_legal(int move, const Table& table, const CallContext& ctx, const json& step) {
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "legal()");
  json result;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->moves.at(static_cast<std::size_t>(move)).legal);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, step);
    lua_call(L, 2, 1);
    result = lua::to_json(L, -1);
  };
  impl_->run(&frame, CallSite{CallSite::What::MoveLegal, move}, body);
  return result;
}

json ScriptRuntime::move_extend(int move, std::size_t layer, const Table& table, const CallContext& ctx,
                                const json& step) {
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "extend_legal");
  json result;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->moves.at(static_cast<std::size_t>(move)).extends.at(layer));
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, step);
    lua_call(L, 2, 1);
    result = lua::to_json(L, -1);
  };
  impl_->run(&frame, CallSite{CallSite::What::MoveExtend, move, static_cast<int>(layer)}, body);
  return result;
}

bool ScriptRuntime::move_filter(int move, std::size_t layer, const Table& table, const CallContext& ctx,
                                const json& move_args, const json& step) {
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "filter_legal");
  bool keep = true;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->moves.at(static_cast<std::size_t>(move)).filters.at(layer));
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, move_args);
    lua::push_json(L, step);
    lua_call(L, 3, 1);
    if (lua_type(L, -1) != LUA_TBOOLEAN)
      luaL_error(L, "filter_legal must return true or false, got a %s", luaL_typename(L, -1));
    keep = lua_toboolean(L, -1) != 0;
  };
  impl_->run(&frame, CallSite{CallSite::What::MoveFilter, move, static_cast<int>(layer)}, body);
  return keep;
}

void ScriptRuntime::move_apply(int move, Table& table, const CallContext& ctx, const json& move_args,
                               const json& step) {
  const lua::CallFrame frame = impl_->frame_for(table, &table, ctx, nullptr);
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->moves.at(static_cast<std::size_t>(move)).apply);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, move_args);
    lua::push_json(L, step);
    lua_call(L, 3, 0);
  };
  impl_->run(&frame, CallSite{CallSite::What::MoveApply, move}, body);
}

std::string ScriptRuntime::move_label(int move, const Table& table, const CallContext& ctx, const json& move_args,
                                      const json& step) {
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "label()");
  std::string label;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->moves.at(static_cast<std::size_t>(move)).label);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, move_args);
    lua::push_json(L, step);
    lua_call(L, 3, 1);
    if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "label() must return a string, got a %s", luaL_typename(L, -1));
    label = lua_tostring(L, -1);
  };
  impl_->run(&frame, CallSite{CallSite::What::MoveLabel, move}, body);
  return label;
}

void ScriptRuntime::run_rule(std::string_view name, Table& table, const CallContext& ctx, const json& step) {
  const auto rule = impl_->rules.find(name);
  if (rule == impl_->rules.end()) throw ScriptError("no rule named '" + std::string(name) + "'");
  const lua::CallFrame frame = impl_->frame_for(table, &table, ctx, nullptr);
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rule->second.function);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, step);
    lua_call(L, 2, 0);
  };
  impl_->run(&frame, CallSite{CallSite::What::Rule, 0, 0, rule->first}, body);
}

bool ScriptRuntime::test_rule(std::string_view name, const Table& table, const CallContext& ctx, const json& step) {
  const auto rule = impl_->rules.find(name);
  if (rule == impl_->rules.end()) throw ScriptError("no rule named '" + std::string(name) + "'");
  const lua::CallFrame frame = impl_->frame_for(table, nullptr, ctx, "a predicate rule");
  bool holds = false;
  auto body = [&](lua_State* L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, rule->second.function);
    lua_rawgeti(L, LUA_REGISTRYINDEX, impl_->ctx);
    lua::push_json(L, step);
    lua_call(L, 2, 1);
    holds = lua_toboolean(L, -1) != 0;
  };
  impl_->run(&frame, CallSite{CallSite::What::Rule, 0, 0, rule->first}, body);
  return holds;
}

}  // namespace tessera
