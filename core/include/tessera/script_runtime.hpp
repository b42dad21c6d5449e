#pragma once
// ScriptRuntime: one sandboxed Lua 5.4 state holding a game's effects and hooks.
//
// Scripts define effects and hooks, and keep nothing between calls (the state is the
// Table), so one runtime serves every clone of a game and every game of a batch on the
// same thread. No house rule's Lua state survives a game: begin_game() gives each new game
// a state no earlier game has called into. A runtime is not thread-safe: use one per thread.
//
// In Lua:
//   effect("gain_coins", function(ctx, params, choice) ... end)
//   effect("steal", { params  = {amount = {int = {1, 5}}},   -- what it reads (effect_params.hpp)
//                     options = function(ctx, params) return {{id="1", label="Seat 1"}} end,
//                     apply   = function(ctx, params, choice) ... end })
//   hook("on_round_end", function(ctx, arg) ... end)
//   hook("legal_filter", function(ctx, action) return action.text ~= "pass" end)
//   wrap_effect("steal", function(base, ctx, params, choice) ... base(ctx, params, choice) end)
// and, for games on the flow engine (flow_rules.hpp, sdk/docs/flow.md):
//   move("reroll", {params = {...}, steps = {"use_dice"}, legal = fn(ctx, step),
//                   apply = fn(ctx, move, step), label = fn(ctx, move, step), ends_step = false})
//   wrap_move("buy", {apply = fn(base, ctx, move, step), label = fn(base, ctx, move, step),
//                     legal = fn(base, ctx, step)})
//   extend_legal("buy", fn(ctx, step))        -- moves added to the move's legal list
//   filter_legal("buy", fn(ctx, move, step))  -- false drops a move of the list
//   step("confirm", {kind = "seat", moves = {"yes", "no"}, max_moves = 1})
//   rule("last_round_over", function(ctx, step) return ... end)
//   on("robber_moved", function(ctx, event) ... end)   -- an event the game declares
// A later effect() or move() with the same name replaces the earlier one (how variants
// override). These may only be called while a script loads, never during a call.
//
// Limits: each effect/hook call (and each script load) gets `instructions_per_call` units of
// work, every call of one Scope (a move) `work_per_move` units together; the whole VM gets
// `memory_bytes`. Exceeding one fails that call with a ScriptError naming the script's
// file:line; the runtime stays usable. Every failure of a
// script is a ScriptError whose message starts "scripts/<game>/<file>.lua:<line>: ...",
// then a stack traceback, then a "[host]: ..." line naming the effect or hook.
// The Lua side is documented in sdk/docs/lua-api.md.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/action.hpp"
#include "tessera/effect_use.hpp"
#include "tessera/native_args.hpp"
#include "tessera/table.hpp"

namespace tessera {

// Work is counted in units: a Lua instruction, 8 bytes allocated, or a step of a library
// loop written in C (lua_state.hpp). A scope is one move with the legal-move list it leads
// to, or one legal-move list (ScriptRuntime::Scope).
// A script file (a game's, a variant's, a required module) holds at most this many bytes.
inline constexpr std::size_t kMaxScriptFileBytes = std::size_t{1} << 20;  // 1 MiB

struct ScriptLimits {
  std::size_t memory_bytes = 64u << 20;              // whole VM; 0 = no cap
  std::uint64_t instructions_per_call = 10'000'000;  // units per effect/hook call; 0 = no budget
  std::uint64_t work_per_move = 50'000'000;          // units of every call of a scope; 0 = no budget
  double seconds_per_move = 10;                      // time of every call of a scope; 0 = no limit
};

class FlowContext;
class FlowGame;
class FlowRules;
class StateSchema;

// What a script call sees besides the table: ctx.seat and where ctx:log writes; in games on
// the flow engine also the flow (ctx:push, ctx:end_step).
struct FlowView;
struct CallContext {
  int seat = kNobody;
  std::vector<Event>* events = nullptr;
  FlowContext* flow = nullptr;     // a move or step that may change the flow
  const FlowRules* rules = nullptr;
  const FlowView* view = nullptr;  // a read-only call about one frame (legal, label, predicates)
  // The game this call is made for, when the call is about a flow move, step or frame (a
  // native reads the game's derived facts through it); null otherwise. A native that
  // changes the game reaches it through flow->owner().
  const FlowGame* game() const;
};

// A move, a wrap of a move, or a step declared by a script.
struct ScriptMove {
  std::string name;
  nlohmann::json decl;  // the declaration's params, steps, ends_step (a wrap has none)
  bool wrap = false;    // wraps or extends a move defined before it, in C++
  // Which of the move's parts a script gives (move()) or wraps (wrap_move()); the others are
  // the C++ move's own.
  bool has_apply = false, has_legal = false, has_label = false;
  std::string defined_at;  // "scripts/<game>/variants/x.lua:12"
  // extend_legal() and filter_legal() calls on the move, where each was made, in order:
  // moves added to its legal list, and tests every move of the list must pass.
  std::vector<std::string> extends, filters;
  // The call that first named the move ("move", "wrap_move", "extend_legal", "filter_legal").
  std::string declared_by = "move";
  int wraps = 0;  // wrap_move() calls made of it since it was declared: each changes the move
};
// A script's subscription to an event the game announces: on("robber_moved", fn(ctx, event)).
struct ScriptSubscription {
  std::string event;
  std::string defined_at;  // "scripts/<game>/variants/x.lua:12"
};
struct ScriptStep {
  std::string name;
  nlohmann::json decl;
  std::string defined_at;
};

// A content list (a schema's `holds`) that scripts wrote, and where they first did.
struct WrittenList {
  std::string list;
  std::string where;  // "scripts/<game>/variants/x.lua:12"
};

// A write of a script into a component that holds derived values (schema.yaml `derived:`):
// the first into the component (`key` ""), and the first into each derived key of it.
struct DerivedWrite {
  std::uint32_t index;  // the component's place in the table
  std::string key;      // the derived counter key written; "" for the component's first write
  std::string where;    // "scripts/<game>/variants/x.lua:12"
};

// One choice an effect offers (from its options function): `id` is passed back to apply.
struct EffectChoice {
  std::string id;
  std::string label;
};

using EffectId = int;

class ScriptRuntime {
 public:
  // `script_dir` is the game's script folder on disk; `chunk_root` is how its files are
  // named in messages, e.g. "scripts/<game>" gives "scripts/<game>/cards.lua:12: ...".
  ScriptRuntime(std::filesystem::path script_dir, std::string chunk_root, ScriptLimits limits = {});
  ~ScriptRuntime();
  ScriptRuntime(const ScriptRuntime&) = delete;
  ScriptRuntime& operator=(const ScriptRuntime&) = delete;

  // While one lives, every call shares one budget (ScriptLimits::work_per_move and
  // seconds_per_move) instead of each starting afresh: a move with the legal-move list it
  // leads to, or one list. Scopes nest; the outermost counts. `runtime` may be null.
  //
  // `state_check` (the game's own check of a whole state, as a `set` gets) runs after every
  // call of a variant's function (a house rule's hook, move, rule or effect) that wrote
  // into the state, before the game's C++ reads what it wrote: the schema bounds each value
  // alone, and a game's C++ may rely on more (a seat's retreat space, a scholar on a slot).
  // A failed check refuses the call. The base game's own scripts are not checked, so a
  // game without house rules pays nothing. The innermost scope given a check applies.
  // The check is a function and its argument, passed in two registers: a Scope opens every
  // move, and a std::function copied in cost a store-forwarding stall each time.
  struct StateCheck {  // {} checks nothing
    void (*check)(const void* subject);
    const void* subject;
  };
  class Scope {
   public:
    explicit Scope(ScriptRuntime* runtime, StateCheck state_check = {});
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    ScriptRuntime* runtime_;
    StateCheck state_check_;
    const StateCheck* outer_check_ = nullptr;
  };

  // Runs a script (path relative to the script folder) that defines effects and hooks.
  void run_file(const std::string& relative_path);
  // Runs variants/<name>.lua.
  void run_variant(const std::string& name);
  // A new game starts: with house rules (runs_variant_pages) and a call run since the last
  // load, the Lua state is made anew and the same script texts run again in the same order
  // (the game's own scripts, trusted like its C++, are not), so every EffectId, move and
  // hook keeps its meaning, and nothing a call changed (a main chunk's local, a table made
  // while loading) reaches the new game. FlowGame::start_flow calls it; a game not on the
  // flow engine calls it as it starts, before its first call. Throws ScriptError inside a
  // call or a Scope, or when the scripts fail to load again (the runtime is then as it was).
  void begin_game();
  // Whether a variant's Lua page has run: house rules are in play.
  bool runs_variant_pages() const;
  // Runs the Lua page of each variant that has one, in order: a variant may be only a data
  // overlay (the registry has checked the names).
  void run_variants(const std::vector<std::string>& names);

  bool has_effect(std::string_view name) const;
  std::vector<std::string> effect_names() const;

  // Binds a use of an effect to its params (converted to a Lua table once), after checking
  // them against the params the effect declares (effect(name, {params = {...}, ...}); an
  // effect that declares none takes none): a param it does not read, a missing one, or a
  // value of the wrong type or out of range is a DataError naming the YAML value
  // (use.params_at, else use.at) and the effect:
  //   "data/g/cards.yaml:9:22: effect 'gain_spice' (scripts/g/effects.lua:10) param 'amount' must be an integer ..."
  // So is an effect no script defines ("... no script in scripts/g defines effect 'x' (did
  // you mean 'y'?)"). `context` holds what the game itself adds to every use (not data, not
  // declared: a declared name there is a ScriptError); it is merged into the params after
  // the check. The id is valid for the life of this runtime and follows later overrides of
  // the effect. Preparing the same (effect, params) again returns the same id, so games
  // sharing a runtime do not grow it. Checks run here, once per game made, never per move.
  EffectId prepare(const EffectUse& use, const nlohmann::json& context = nlohmann::json::object());
  // prepare() of a use the plugin makes (no YAML to point at).
  EffectId prepare(std::string_view effect, const nlohmann::json& params);
  bool has_options(EffectId id) const;
  // Calls options(ctx, params); the table must not be changed by it (ctx is read-only).
  // Choices come back in the script's order; an entry may be a string (id = label) or
  // {id = string or integer, label = string (default: id)}; ids are non-empty, without
  // spaces and distinct. Throws ScriptError when the effect has no options function.
  // An effect with a label function leaves unlabelled choices' labels empty: choice_label
  // makes them when a person asks.
  std::vector<EffectChoice> options(EffectId id, const Table& table, const CallContext& ctx);
  // The label of `choice` (one options() returned): its own, else label(ctx, params, id)
  // of the effect (read-only), else its id.
  std::string choice_label(EffectId id, const Table& table, const CallContext& ctx, const EffectChoice& choice);
  // Calls apply(ctx, params, choice); choice is "" when the effect has no options.
  void apply(EffectId id, Table& table, const CallContext& ctx, const std::string& choice = "");

  // Known hooks: on_setup, on_round_start, on_action, on_round_end, final_scoring,
  // legal_filter. Once a game says which hooks it fires (before its scripts run), hook()
  // of any other hook fails with the script's file:line. True when some script registered `hook`.
  void set_fired_hooks(const std::vector<std::string>& hooks);
  bool has_hook(std::string_view hook) const;
  // Calls every function registered for `hook`, in registration order, with (ctx, arg);
  // arg is converted from JSON for each function. Throws ScriptError for an unknown hook.
  void run_hook(std::string_view hook, Table& table, const CallContext& ctx, const nlohmann::json& arg);
  // legal_filter: true unless some filter returns false for {text = ..., label = ...}
  // (returning nothing keeps the action; ctx is read-only).
  bool keeps(const Table& table, const CallContext& ctx, const Action& action);

  // A C++ function a plugin offers its scripts as ctx:call(name, args...).
  // `args` are the Lua arguments after the name (tessera/native_args.hpp: typed readers, or
  // JSON); the result goes back to Lua converted from JSON. A std::exception it throws
  // becomes a Lua error with its message. Registering a name again replaces the function;
  // register before running scripts, never from inside a call.
  using NativeFunction = std::function<nlohmann::json(Table& table, const CallContext& ctx, const NativeArgs& args)>;
  void register_function(std::string name, NativeFunction fn);
  // A native that only reads the table: callable from read-only calls (options(),
  // legal_filter) too, where register_function's natives are refused.
  using NativeQuery = std::function<nlohmann::json(const Table& table, const CallContext& ctx, const NativeArgs& args)>;
  void register_query(std::string name, NativeQuery fn);

  // The game's data folder, which scripts read as ctx:data(name): <data_dir>/<name>.yaml
  // with the overlays of `variants` (load_with_overlays), read-only. Every file is read now,
  // so scripts see what the game's C++ read as it loaded; DataError (file:line:col) for a
  // broken one. `data_name` names the folder in messages ("data/<game>"). Without it,
  // ctx:data refuses.
  void use_data(std::filesystem::path data_dir, std::string data_name, std::vector<std::string> variants);

  // Moves, steps and rules of the scripts, for FlowRules::build.
  const std::vector<ScriptMove>& script_moves() const;
  const std::vector<ScriptStep>& script_steps() const;
  const std::vector<ScriptSubscription>& script_subscriptions() const;
  // The `i`-th subscription's function, with (ctx, event); it may change the state, as a hook.
  void run_subscription(std::size_t i, Table& table, const CallContext& ctx, const nlohmann::json& event);
  bool has_rule(std::string_view name) const;
  std::string rule_defined_at(std::string_view name) const;
  // legal(ctx, step): the raw list the script returned, as JSON (FlowRules reads it).
  nlohmann::json move_legal(int move, const Table& table, const CallContext& ctx, const nlohmann::json& step);
  // The `layer`-th extend_legal(ctx, step) of the move: the raw list of moves it adds.
  nlohmann::json move_extend(int move, std::size_t layer, const Table& table, const CallContext& ctx,
                             const nlohmann::json& step);
  // The `layer`-th filter_legal(ctx, move, step) of the move: whether it keeps `move_args`.
  bool move_filter(int move, std::size_t layer, const Table& table, const CallContext& ctx,
                   const nlohmann::json& move_args, const nlohmann::json& step);
  void move_apply(int move, Table& table, const CallContext& ctx, const nlohmann::json& move_args,
                  const nlohmann::json& step);
  std::string move_label(int move, const Table& table, const CallContext& ctx, const nlohmann::json& move_args,
                         const nlohmann::json& step);
  // rule(ctx, step): as a hook (may change the table) or as a predicate (read-only, truthy result).
  void run_rule(std::string_view name, Table& table, const CallContext& ctx, const nlohmann::json& step);
  bool test_rule(std::string_view name, const Table& table, const CallContext& ctx, const nlohmann::json& step);

  // The schema every write of a script is checked against (lua_write_check.hpp): a counter
  // key and value as written, a deck, hand or market that holds content ids before the
  // game's C++ can read it. Null: no checks (a game without a declared schema).
  void use_schema(std::shared_ptr<const StateSchema> schema);
  // The content lists (`holds`) of the components scripts wrote since the last call, whose
  // conservation the game checks once its move is over; forgets them.
  std::vector<WrittenList> take_written_lists();
  // Whether take_written_lists() would return any (cheap: asked after every move).
  bool wrote_content() const;
  // The writes into components holding derived values since the last call, whose values the
  // game compares with a fresh derivation once its move is over; forgets them.
  std::vector<DerivedWrite> take_derived_writes();
  // Whether take_derived_writes() would return any (cheap: asked after every move).
  bool wrote_derived() const;

  // Bytes the Lua VM holds now (what ScriptLimits::memory_bytes caps).
  std::size_t memory_used() const;

  // The names of the Lua files under variants/ of `script_dir`, without ".lua", sorted.
  static std::vector<std::string> list_variants(const std::filesystem::path& script_dir);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tessera
