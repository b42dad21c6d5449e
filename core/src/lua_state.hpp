#pragma once
// LuaState: the RAII owner of one lua_State with the limits a sandbox needs — a memory
// cap (enforced by its allocator) and a budget of work (a count hook) — plus the
// conversions every binding shares: typed check/push helpers and JSON <-> Lua.
//
// Work is counted in units: one per Lua instruction, one per 8 bytes the VM allocates, and
// what library functions written in C charge for their loops (charge()), so that a call
// that does its work inside one instruction (string.rep, table.move, upper() of a long
// string) is bounded too. A call gets `instructions_per_call` units; every call of one
// scope (a move, with the legal-move list it leads to) shares `work_per_move` units and
// `seconds_per_move` of time, a backstop for work no unit sees (comparing long strings).
//
// Lua is linked as C++, so a Lua error is a C++ exception: it unwinds through C++ frames
// and runs their destructors. The other way round is not allowed: a C++ exception must
// never cross a Lua frame (Lua's catch(...) would swallow it). Every lua_CFunction that
// calls C++ code is therefore wrapped in `guarded<>`, which catches std::exception and
// raises it again as a Lua error with the same message.
//
// Unless said otherwise, functions taking a lua_State* may raise Lua errors, so they run
// inside a protected call (see protected_call).
#include <lua.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "small_block_pool.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera::lua {

class WriteCheck;

// What the running effect or hook call may touch. Bindings read it through
// LuaState::from(L).frame(); it lives on the C++ stack of the call that set it.
struct CallFrame {
  const Table* table = nullptr;
  Table* mutable_table = nullptr;     // null when the call may not change the state
  const CallContext* call = nullptr;
  std::uint64_t generation = 0;       // unique per call: component handles carry it
  const char* read_only_what = nullptr;  // names the call in refusals: "options()"
  WriteCheck* writes = nullptr;        // what the call writes is checked here (writable calls)
};

class LuaState {
 public:
  // Opens an empty state (no libraries). Throws ScriptError when even that does not fit
  // in `limits.memory_bytes`. A limit of 0 means "no limit".
  explicit LuaState(const ScriptLimits& limits);
  ~LuaState();
  LuaState(const LuaState&) = delete;
  LuaState& operator=(const LuaState&) = delete;

  lua_State* get() const { return L_; }
  // The LuaState owning `L` (kept in the state's extra space). Never raises.
  static LuaState& from(lua_State* L) { return **static_cast<LuaState**>(lua_getextraspace(L)); }

  // The call running now, or null between calls and while scripts load.
  const CallFrame* frame() const { return frame_; }
  void set_frame(const CallFrame* frame) { frame_ = frame; }
  std::uint64_t next_generation() { return ++generation_; }

  // Starts the limits of one top-level call: a fresh call budget (and, outside a scope, a
  // fresh scope budget) and no recorded limit error. disarm_limits() removes the hook.
  // Neither raises.
  void arm_limits();
  void disarm_limits();
  // A scope shares one budget between all its calls; scopes nest (the outermost counts).
  void begin_scope();
  void end_scope();
  bool in_scope() const { return scope_depth_ > 0; }
  // Adds `units` of work done in C; raises the budget error when a limit is passed.
  void charge(lua_State* L, std::uint64_t units);
  // Counts one ctx:log of the scope (or of the call, outside a scope); returns the count.
  std::uint32_t count_event() { return ++events_; }
  // True once a budget of the current call is spent. From then on every further Lua
  // instruction of the call raises again, so a script's pcall cannot swallow it.
  bool budget_exhausted() const { return budget_exhausted_; }
  // "scripts/g/f.lua:12: instruction budget exceeded (N instructions)" (or the move's
  // budget, or its time); "" until exhausted.
  const char* budget_message() const { return budget_message_; }
  // Memory errors are fatal to the whole call: a protected boundary inside the call that
  // sees one (the sandbox's pcall) marks it before raising it again.
  void mark_memory_failed() { memory_failed_ = true; }
  bool memory_failed() const { return memory_failed_; }
  // "scripts/g/f.lua:12: memory cap of N bytes exceeded" and a short traceback, recorded
  // where the first memory error of the call unwound; "" when none was seen.
  const char* memory_message() const { return memory_message_; }
  // Called (by UnwindSpotter) while an error unwinds through a protected boundary: if the
  // last allocation was refused, records where the script was. Never raises or allocates.
  void note_unwinding();
  // The message handler calls this: an error being raised normally is not a memory error.
  void forget_refusal() { refused_last_ = false; }

  std::size_t memory_used() const { return memory_used_; }
  std::size_t memory_cap() const { return memory_cap_; }
  std::uint64_t instruction_budget() const { return budget_; }

 private:
  static void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
  // Blocks of up to SmallBlockPool::kMaxBlock bytes come from small_, larger ones from malloc.
  void* resize(void* block, std::size_t old, std::size_t size);
  void release(void* block, std::size_t size);
  static void count_hook(lua_State* L, lua_Debug* ar);
  void set_step(std::uint64_t step);
  // The units left before the nearest limit; 0 when one is passed (and the message set).
  std::uint64_t remaining(lua_State* L, lua_Debug* ar);
  [[noreturn]] void raise_budget(lua_State* L);

  lua_State* L_ = nullptr;
  const CallFrame* frame_ = nullptr;
  std::uint64_t generation_ = 0;

  SmallBlockPool small_;
  std::size_t memory_cap_;
  std::size_t memory_used_ = 0;
  bool refused_last_ = false;  // the latest growing allocation was refused
  bool memory_failed_ = false;
  char memory_message_[1024] = {};

  std::uint64_t budget_;            // per call
  std::uint64_t scope_budget_;      // per scope
  double scope_seconds_;            // per scope
  int scope_depth_ = 0;
  bool armed_ = false;
  std::uint64_t used_ = 0;          // units of the scope up to the last hook or charge
  std::uint64_t call_start_ = 0;    // used_ when the current call began
  std::uint64_t allocated_ = 0;     // units of allocation not yet added to used_
  std::uint32_t events_ = 0;        // ctx:log texts of the scope
  double deadline_ = 0;             // steady-clock seconds
  int hooks_ = 0;                   // the clock is read every few hooks only
  int step_ = 0;                    // hook period now in force
  bool budget_exhausted_ = false;
  char budget_message_[512] = {};
};

// Place one in every C++ frame that runs script code inside a Lua protected call: when a
// memory error unwinds through it, it records the script position (the Lua stack is still
// intact at that moment; the message handler is not called for memory errors).
class UnwindSpotter {
 public:
  explicit UnwindSpotter(LuaState& vm) : vm_(vm), uncaught_(std::uncaught_exceptions()) {}
  ~UnwindSpotter() {
    if (std::uncaught_exceptions() > uncaught_) vm_.note_unwinding();
  }
  UnwindSpotter(const UnwindSpotter&) = delete;
  UnwindSpotter& operator=(const UnwindSpotter&) = delete;

 private:
  LuaState& vm_;
  int uncaught_;
};

// The message handler of every protected call: the error text (or a description of a
// non-string error object, with the script position) followed by a stack traceback.
int message_handler(lua_State* L);

// Fills `ar` with the first Lua (not C) function at stack level `level` or above; false
// when there is none. Never raises or allocates.
bool find_script_frame(lua_State* L, int level, lua_Debug& ar);
// "scripts/g/f.lua:12" of find_script_frame(L, level), or "" when there is none.
std::string script_position(lua_State* L, int level);

// Wraps a binding so that a std::exception thrown by C++ becomes a Lua error carrying its
// message (prefixed with the calling script's file:line).
template <lua_CFunction F>
int guarded(lua_State* L) {
  try {
    return F(L);
  } catch (const std::exception& e) {
    return luaL_error(L, "%s", e.what());
  }
}

namespace detail {
template <typename F>
int protected_thunk(lua_State* L) {
  F& body = *static_cast<F*>(lua_touserdata(L, 1));
  lua_settop(L, 0);
  UnwindSpotter spotter(LuaState::from(L));
  try {
    body(L);
  } catch (const std::exception& e) {
    return luaL_error(L, "%s", e.what());
  }
  return 0;
}
}  // namespace detail

// Runs body(L) through lua_pcall with message_handler. Returns the Lua status; on failure
// the error message is left on top of the stack, which otherwise is as before. Never raises
// a Lua error (throws ScriptError only when the Lua stack cannot hold the call itself).
// The body may push, call Lua (lua_call) and raise; what it leaves on the stack is dropped.
template <typename F>
int protected_call(lua_State* L, F& body) {
  if (!lua_checkstack(L, 4)) throw ScriptError("Lua stack exhausted (calls nested too deeply)");
  const int base = lua_gettop(L);
  lua_pushcfunction(L, &message_handler);
  lua_pushcfunction(L, &detail::protected_thunk<F>);
  lua_pushlightuserdata(L, &body);
  const int status = lua_pcall(L, 1, 0, base + 1);
  lua_remove(L, base + 1);
  return status;
}

// Typed argument checks; each raises Lua's usual "bad argument #n to 'f'" error.
std::string_view check_string(lua_State* L, int arg);
int check_int(lua_State* L, int arg);  // an integer that fits in an int
inline void push_string(lua_State* L, std::string_view s) { lua_pushlstring(L, s.data(), s.size()); }

// JSON -> Lua: null becomes nil, arrays become sequences 1..n, objects tables with
// string keys, integers Lua integers.
void push_json(lua_State* L, const nlohmann::json& value);
// Lua -> JSON: a table whose keys are exactly 1..n becomes an array, one with only
// string keys an object, an empty table []. Raises a Lua error for functions, userdata,
// mixed or non-string keys, NaN and infinities, and tables nested over 100 deep (cycles).
nlohmann::json to_json(lua_State* L, int index);

}  // namespace tessera::lua
