#pragma once
// The inside of ScriptRuntime, shared by its two sources: script_runtime.cpp (scripts,
// effects, hooks) and script_flow.cpp (moves, steps and rules of the flow engine).
#include <array>
#include <map>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "effect_params.hpp"
#include "lua_bindings.hpp"
#include "lua_context.hpp"
#include "lua_sandbox.hpp"
#include "lua_state.hpp"
#include "lua_write_check.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera {

namespace script_detail {

constexpr std::array<std::string_view, 6> kHookNames = {"on_setup",     "on_round_start", "on_action",
                                                        "on_round_end", "final_scoring",  "legal_filter"};
constexpr int kLegalFilter = 5;

inline int hook_index(std::string_view name) {
  for (std::size_t i = 0; i < kHookNames.size(); ++i)
    if (kHookNames[i] == name) return static_cast<int>(i);
  return -1;
}

inline std::string known_hooks() {
  std::string out;
  for (auto name : kHookNames) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

// Choices of one options() call, and the length of a choice's label.
inline constexpr std::size_t kMaxChoices = 1'000;
inline constexpr std::size_t kMaxChoiceLabel = 4'096;

struct Effect {
  std::string name;
  int apply = LUA_NOREF;
  int options = LUA_NOREF;  // LUA_NOREF: the effect needs no choice
  int label = LUA_NOREF;    // label(ctx, params, id) of a choice, made only when asked
  std::string defined_at;   // "scripts/g/f.lua:12" of its effect() call
  // The params it reads (`params` of effect() or of the last wrap_effect() that gives one);
  // an effect that declares none takes none. declared_at: the call that declared them.
  std::shared_ptr<const effect_params::Spec> params;
  std::string declared_at;
};

// The params declaration of the effect table at `index` (its field `params`), or null when
// it has none; raises a Lua error naming the effect for a malformed one.
std::shared_ptr<const effect_params::Spec> read_params_declaration(lua_State* L, int index, const std::string& effect);

struct Prepared {
  int effect;  // index into effects: follows overrides of that name
  int params;  // registry ref of the params table; LUA_NOREF until a call first needs it
};

struct HookFunction {
  int function;
  std::string defined_at;
};

// What a call is doing, for the last line of its error message. Only indices and views
// that outlive the call: the text is built on the error path alone.
// A move() or wrap_move() of a script: its functions as registry refs.
struct LuaMove {
  int legal = LUA_NOREF;
  int apply = LUA_NOREF;
  int label = LUA_NOREF;
  std::vector<int> extends, filters;  // extend_legal and filter_legal functions, in order
};

struct LuaRule {
  int function = LUA_NOREF;
  std::string defined_at;
};

struct CallSite {
  enum class What { Start, Load, Apply, Options, Label, Hook, MoveLegal, MoveApply, MoveLabel, MoveExtend, MoveFilter, Rule, Event } what;
  int index = 0;       // effect slot, hook number or move
  int function = 0;    // the n-th function of a hook, extend_legal or filter_legal
  std::string_view text = {};  // file of a Load
};

}  // namespace script_detail

struct ScriptRuntime::Impl {
  using CallSite = script_detail::CallSite;
  using Prepared = script_detail::Prepared;
  using Effect = script_detail::Effect;
  using HookFunction = script_detail::HookFunction;
  using LuaMove = script_detail::LuaMove;
  using LuaRule = script_detail::LuaRule;
  static constexpr auto& kHookNames = script_detail::kHookNames;

  // `script_dir` is already canonical (ScriptRuntime's constructor made it so).
  Impl(std::filesystem::path script_dir, std::string chunk_root, ScriptLimits limits);

  // Runs a script file of the script folder (checked by run_file) and records it.
  // Runs the file `relative` of `folder` (the script folder, or a variant pack's folder),
  // named `display` in messages; a new game's fresh() runs it again.
  void load_file(const std::filesystem::path& folder, const std::filesystem::path& relative, const std::string& display);
  // Pushes the params table of `id`, made from its JSON at the first call that needs it: a
  // game uses few of the uses a game prepares, and each fresh state makes its own.
  void push_params(lua_State* L, EffectId id) {
    int& ref = prepared[static_cast<std::size_t>(id)].params;
    if (ref == LUA_NOREF) {
      lua::push_json(L, (*prepared_params)[static_cast<std::size_t>(id)]);
      lua_pushvalue(L, -1);
      ref = luaL_ref(L, LUA_REGISTRYINDEX);
      return;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  }
  // A runtime on a new Lua state that ran this one's files and prepared its params again,
  // with its natives, hooks fired and schema; throws ScriptError when its scripts load
  // differently (EffectIds and flow moves would name something else).
  std::unique_ptr<Impl> fresh() const;
  // What the scripts defined, in order: names and places of effects, hooks, moves, steps
  // and rules (fresh() compares it).
  std::string definitions() const;

  // Sets the frame (and, outermost, the limits) for the length of one call.
  class CallGuard {
   public:
    CallGuard(Impl& rt, const lua::CallFrame* frame) : rt_(rt), outer_(rt.vm.frame()) {
      if (rt_.depth++ == 0) rt_.vm.arm_limits();
      rt_.vm.set_frame(frame);
    }
    ~CallGuard() {
      rt_.vm.set_frame(outer_);
      if (--rt_.depth == 0) rt_.vm.disarm_limits();
    }
    CallGuard(const CallGuard&) = delete;
    CallGuard& operator=(const CallGuard&) = delete;

   private:
    Impl& rt_;
    const lua::CallFrame* outer_;
  };

  template <typename F>
  void run(const lua::CallFrame* frame, const CallSite& site, F& body) {
    lua_State* L = vm.get();
    played |= frame != nullptr;  // a call of a game: the next game needs a fresh state
    CallGuard guard(*this, frame);
    const std::uint64_t writes_before = writes.count();
    if (const int status = lua::protected_call(L, body); status != LUA_OK) fail(site, status);
    if (frame && frame->writes && writes.has_noted()) check_writes(*frame->table, site);
    if (state_check && frame && frame->writes && writes.count() != writes_before && defined_by_variant(site))
      check_state_after(site);
  }

  [[noreturn]] void fail(const CallSite& site, int status);
  // What the call wrote into content-holding components must fit the schema before the
  // game's C++ reads it; throws ScriptError naming the line of the write.
  void check_writes(const Table& table, const CallSite& site);
  std::string describe(const CallSite& site) const;
  // Whether the function a call runs comes from a variant's script (a house rule).
  bool defined_by_variant(const CallSite& site) const;
  // Runs the scope's state check; a refusal becomes a ScriptError naming the call.
  void check_state_after(const CallSite& site);
  lua::CallFrame frame_for(const Table& table, Table* mutable_table, const CallContext& ctx,
                           const char* read_only_what) {
    return lua::CallFrame{&table, mutable_table, &ctx, vm.next_generation(), read_only_what,
                          mutable_table ? &writes : nullptr};
  }
  Prepared prepared_at(EffectId id) const {
    if (id < 0 || static_cast<std::size_t>(id) >= prepared.size())
      throw ScriptError("effect id " + std::to_string(id) + " was not made by prepare() of this runtime");
    return prepared[static_cast<std::size_t>(id)];
  }
  void read_choices(lua_State* L, int effect, std::vector<EffectChoice>& out) const;

  static Impl& from_upvalue(lua_State* L) { return *static_cast<Impl*>(lua_touserdata(L, lua_upvalueindex(1))); }
  static int l_effect(lua_State* L);
  static int l_hook(lua_State* L);
  // script_flow.cpp
  static int l_wrap_effect(lua_State* L);
  static int l_move(lua_State* L);
  static int l_wrap_move(lua_State* L);
  template <bool Extend>
  static int l_legal_layer(lua_State* L);  // extend_legal, filter_legal
  // The script entry of move `name`; a C++ move gets one whose parts are its own.
  int move_entry(lua_State* L, const std::string& name, const char* declared_by);
  static int l_step(lua_State* L);
  static int l_rule(lua_State* L);
  static int l_on(lua_State* L);
  void install_flow_functions(lua_State* L);  // with the sandbox env on top of the stack
  // Pushes binder(wrapper, base): a function calling wrapper(base, ...). Pops both.
  void push_bound(lua_State* L);
  int lua_move_index(std::string_view name) const;

  ScriptLimits limits;
  lua::LuaState vm;
  lua::Sandbox sandbox;
  lua::LuaBindings bindings;
  lua::Natives natives;
  std::shared_ptr<lua::GameData> data;  // what ctx:data reads; shared by fresh states
  lua::WriteCheck writes;
  std::vector<Effect> effects;
  std::map<std::string, int, std::less<>> effect_slots;
  std::vector<Prepared> prepared;
  std::unordered_map<std::string, EffectId> prepared_ids;  // effect name '\0' params JSON
  std::array<std::vector<HookFunction>, kHookNames.size()> hooks;
  bool any_hook = false;  // has_hook's answer without a name look-up, for most games
  std::vector<ScriptMove> move_infos;
  std::vector<LuaMove> moves;
  std::vector<ScriptStep> steps;
  std::vector<ScriptSubscription> subscriptions;
  std::vector<int> subscription_functions;  // registry refs, one per subscription
  std::map<std::string, LuaRule, std::less<>> rules;
  std::vector<std::string> fired_hooks;  // empty: every known hook
  int binder = LUA_NOREF;       // function(wrapper, base) -> function(...) wrapper(base, ...)
  int native_caller = LUA_NOREF;  // function(name) -> function(ctx, move) ctx:call(name, move)
  int native_lister = LUA_NOREF;  // function(name) -> function(ctx, step) ctx:call(name)
  int ctx = LUA_NOREF;
  int depth = 0;  // calls in progress (a native function may call the runtime again)
  const ScriptRuntime::StateCheck* state_check = nullptr;  // of the innermost Scope given one
  bool variant_pages = false;  // a variant's Lua page has run (house rules are in play)
  // What a fresh state repeats: the files run, in order (relative to the script folder),
  // the params of each EffectId, the schema.
  struct LoadedFile {
    std::filesystem::path folder, relative;
    std::string display;
  };
  std::vector<LoadedFile> loaded;
  std::vector<std::string> pack_pages;  // the display names of the variant packs' pages run
  std::shared_ptr<std::vector<nlohmann::json>> prepared_params = std::make_shared<std::vector<nlohmann::json>>();
  std::shared_ptr<const StateSchema> schema;
  bool played = false;  // a call of a game ran on this state (ScriptRuntime::begin_game)
};

}  // namespace tessera
