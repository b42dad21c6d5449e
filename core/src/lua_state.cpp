#include "lua_state.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

namespace tessera::lua {

using nlohmann::json;

namespace {

// The hook fires every kMaxStep instructions at most. Instructions after the last hook of
// a call are not seen: each call is charged kMaxStep up front instead, an upper bound.
constexpr std::uint64_t kMaxStep = 1000;
// Allocation is charged one unit per kBytesPerUnit; past kPromptUnits of unseen allocation
// the hook is made to fire at the next instruction, so one big string is seen at once.
constexpr std::size_t kBytesPerUnit = 8;
constexpr std::uint64_t kPromptUnits = 1 << 16;
// The clock is read every kClockHooks hooks (about every 8,000 instructions).
constexpr int kClockHooks = 8;
constexpr int kMaxJsonDepth = 100;

// The chunk name without Lua's '@' marker: "scripts/g/f.lua" (not truncated like short_src).
const char* source_name(const lua_Debug& ar) {
  return ar.source && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace

LuaState::LuaState(const ScriptLimits& limits)
    : memory_cap_(limits.memory_bytes),
      budget_(limits.instructions_per_call),
      scope_budget_(limits.work_per_move),
      scope_seconds_(limits.seconds_per_move) {
  L_ = lua_newstate(&LuaState::allocate, this);
  if (!L_)
    throw ScriptError("cannot create a Lua state within the memory cap of " + std::to_string(memory_cap_) +
                      " bytes");
  *static_cast<LuaState**>(lua_getextraspace(L_)) = this;
}

LuaState::~LuaState() { lua_close(L_); }

void LuaState::release(void* block, std::size_t size) {
  if (!block) return;
  if (size <= SmallBlockPool::kMaxBlock) {
    small_.release(block, size);
  } else {
    std::free(block);
  }
}

// Lua frees a block with the size it last gave, so the size tells which store a block came
// from. One case bends that: when even a new pool chunk cannot be had (the system is out of
// memory), a shrink keeps its old block (Lua requires shrinks to succeed), and a malloc'ed
// block may then end on a free list; it is reused, though never returned to the system.
void* LuaState::resize(void* block, std::size_t old, std::size_t size) {
  const bool small_before = block && old <= SmallBlockPool::kMaxBlock;
  if (size <= SmallBlockPool::kMaxBlock) {
    if (small_before && SmallBlockPool::same_class(old, size)) return block;
    void* fresh = small_.allocate(size);
    if (fresh && block) {
      std::memcpy(fresh, block, std::min(old, size));
      release(block, old);
    }
    return fresh;
  }
  if (block && !small_before) return std::realloc(block, size);
  void* fresh = std::malloc(size);
  if (fresh && block) {
    std::memcpy(fresh, block, old);
    release(block, old);
  }
  return fresh;
}

void* LuaState::allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
  auto& self = *static_cast<LuaState*>(ud);
  // When ptr is null, osize is a type tag, not a size.
  const std::size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    self.release(ptr, old);
    self.memory_used_ -= old;
    return nullptr;
  }
  if (nsize > old && self.memory_cap_ != 0 && self.memory_used_ + (nsize - old) > self.memory_cap_) {
    self.refused_last_ = true;
    return nullptr;
  }
  void* block = self.resize(ptr, old, nsize);
  if (!block) {
    if (nsize <= old) return ptr;  // Lua requires shrinking to succeed; the old block still fits
    self.refused_last_ = true;
    return nullptr;
  }
  if (nsize > old) {
    self.refused_last_ = false;
    // Filling what was allocated is work, also inside one instruction (s .. s).
    self.allocated_ += (nsize - old) / kBytesPerUnit;
    if (self.armed_ && self.allocated_ >= kPromptUnits && self.step_ != 1) {
      self.step_ = 1;  // lua_sethook may be called from anywhere, an allocation included
      lua_sethook(self.L_, &LuaState::count_hook, LUA_MASKCOUNT, 1);
    }
  }
  self.memory_used_ = self.memory_used_ - old + nsize;
  return block;
}

void LuaState::set_step(std::uint64_t step) {
  step_ = static_cast<int>(std::clamp<std::uint64_t>(step, 1, kMaxStep));
  lua_sethook(L_, &LuaState::count_hook, LUA_MASKCOUNT, step_);
}

void LuaState::begin_scope() {
  if (scope_depth_++ > 0) return;
  used_ = 0;
  events_ = 0;
  deadline_ = 0;  // the clock starts at the scope's first hook: most moves never reach one
}

void LuaState::end_scope() { --scope_depth_; }

void LuaState::arm_limits() {
  budget_exhausted_ = false;
  budget_message_[0] = '\0';
  refused_last_ = false;
  memory_failed_ = false;
  memory_message_[0] = '\0';
  allocated_ = 0;
  if (scope_depth_ == 0) {
    used_ = 0;
    events_ = 0;
    deadline_ = 0;
  }
  call_start_ = used_;
  if (budget_ == 0 && scope_budget_ == 0 && scope_seconds_ <= 0) {  // no limits at all
    lua_sethook(L_, nullptr, 0, 0);
    return;
  }
  armed_ = true;
  used_ += kMaxStep;  // the instructions after the call's last hook, at most
  set_step(kMaxStep);
  // A scope already spent fails at the call's first instruction.
  if (scope_budget_ != 0 && used_ >= scope_budget_) set_step(1);
}

void LuaState::disarm_limits() {
  armed_ = false;
  used_ += allocated_;
  allocated_ = 0;
  lua_sethook(L_, nullptr, 0, 0);
}

std::uint64_t LuaState::remaining(lua_State* L, lua_Debug* ar) {
  used_ += allocated_;
  allocated_ = 0;
  std::uint64_t left = UINT64_MAX;
  const char* what = nullptr;
  std::uint64_t limit = 0;
  if (budget_ != 0) {
    const std::uint64_t spent = used_ - call_start_;
    if (spent >= budget_) {
      what = "instruction budget exceeded (%llu instructions)";
      limit = budget_;
    } else {
      left = budget_ - spent;
    }
  }
  if (!what && scope_budget_ != 0) {
    if (used_ >= scope_budget_) {
      what = "work budget of one move or legal-move list exceeded (%llu units: Lua instructions, memory allocated and library work)";
      limit = scope_budget_;
    } else {
      left = std::min(left, scope_budget_ - used_);
    }
  }
  // The clock is read from the first hook on (short calls never pay for it), then every
  // kClockHooks hooks.
  if (!what && scope_seconds_ > 0 && deadline_ == 0 && ar) deadline_ = now_seconds() + scope_seconds_;
  if (!what && deadline_ > 0 && ++hooks_ % kClockHooks == 0 && now_seconds() > deadline_) {
    what = "scripts ran longer than the time limit of one move (%llu s)";
    limit = static_cast<std::uint64_t>(scope_seconds_);
  }
  if (!what) return left;
  budget_exhausted_ = true;
  lua_Debug here;
  if (ar)
    lua_getinfo(L, "Sl", ar);
  else if (find_script_frame(L, 1, here))
    ar = &here;
  char text[256];
  std::snprintf(text, sizeof text, what, static_cast<unsigned long long>(limit));
  if (ar && ar->currentline >= 0)
    std::snprintf(budget_message_, sizeof budget_message_, "%s:%d: %s", source_name(*ar), ar->currentline, text);
  else
    std::snprintf(budget_message_, sizeof budget_message_, "%s", text);
  return 0;
}

void LuaState::raise_budget(lua_State* L) {
  // Every further instruction of this call fails at once, even under a script's pcall.
  set_step(1);
  lua_pushstring(L, budget_message_);
  lua_error(L);
  std::abort();  // lua_error does not return
}

void LuaState::count_hook(lua_State* L, lua_Debug* ar) {
  LuaState& self = from(L);
  if (self.budget_exhausted_) self.raise_budget(L);
  self.used_ += static_cast<std::uint64_t>(self.step_);
  const std::uint64_t left = self.remaining(L, ar);
  if (left == 0) self.raise_budget(L);
  if (std::min(left, kMaxStep) != static_cast<std::uint64_t>(self.step_)) self.set_step(left);
}

void LuaState::charge(lua_State* L, std::uint64_t units) {
  if (!armed_) return;
  used_ = units > UINT64_MAX - used_ ? UINT64_MAX : used_ + units;
  if (budget_exhausted_ || remaining(L, nullptr) == 0) raise_budget(L);
}

void LuaState::note_unwinding() {
  if (!refused_last_ || memory_message_[0] != '\0') return;
  char* out = memory_message_;
  const std::size_t size = sizeof memory_message_;
  std::size_t used = 0;
  auto append = [&](const char* format, auto... args) {
    if (used >= size) return;
    const int n = std::snprintf(out + used, size - used, format, args...);
    if (n > 0) used = std::min(size - 1, used + static_cast<std::size_t>(n));
  };
  lua_Debug ar;
  if (find_script_frame(L_, 0, ar))
    append("%s:%d: ", source_name(ar), ar.currentline);
  append("memory cap of %zu bytes exceeded\nstack traceback:", memory_cap_);
  for (int level = 0; lua_getstack(L_, level, &ar); ++level) {
    if (level == 12) {
      append("\n\t...");
      break;
    }
    lua_getinfo(L_, "Sl", &ar);
    if (ar.currentline >= 0)
      append("\n\t%s:%d: in function <%s:%d>", source_name(ar), ar.currentline, source_name(ar),
             ar.linedefined);
    else
      append("\n\t[C]: in ?");
  }
}

bool find_script_frame(lua_State* L, int level, lua_Debug& ar) {
  for (; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline >= 0) return true;
  }
  return false;
}

std::string script_position(lua_State* L, int level) {
  lua_Debug ar;
  if (!find_script_frame(L, level, ar)) return "";
  return std::string(source_name(ar)) + ":" + std::to_string(ar.currentline);
}

int message_handler(lua_State* L) {
  LuaState::from(L).forget_refusal();
  const char* message = lua_tostring(L, 1);
  if (!message) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
      message = lua_tostring(L, -1);
    } else {
      lua_Debug ar;
      if (find_script_frame(L, 1, ar))
        message = lua_pushfstring(L, "%s:%d: (error object is a %s value)", source_name(ar), ar.currentline,
                                  luaL_typename(L, 1));
      else
        message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
  }
  luaL_traceback(L, L, message, 1);
  return 1;
}

std::string_view check_string(lua_State* L, int arg) {
  std::size_t size = 0;
  const char* text = luaL_checklstring(L, arg, &size);
  return {text, size};
}

int check_int(lua_State* L, int arg) {
  const lua_Integer value = luaL_checkinteger(L, arg);
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
    luaL_argerror(L, arg, "integer out of range");
  return static_cast<int>(value);
}

namespace {

void push_json_at(lua_State* L, const json& value, int depth) {
  if (depth > kMaxJsonDepth) luaL_error(L, "JSON value nested more than %d deep", kMaxJsonDepth);
  luaL_checkstack(L, 3, "JSON value nested too deeply");
  switch (value.type()) {
    case json::value_t::null:
    case json::value_t::discarded:
      lua_pushnil(L);
      return;
    case json::value_t::boolean:
      lua_pushboolean(L, value.get<bool>());
      return;
    case json::value_t::number_integer:
      lua_pushinteger(L, value.get<std::int64_t>());
      return;
    case json::value_t::number_unsigned: {
      const auto n = value.get<std::uint64_t>();
      if (n <= static_cast<std::uint64_t>(std::numeric_limits<lua_Integer>::max()))
        lua_pushinteger(L, static_cast<lua_Integer>(n));
      else
        lua_pushnumber(L, static_cast<lua_Number>(n));
      return;
    }
    case json::value_t::number_float:
      lua_pushnumber(L, value.get<double>());
      return;
    case json::value_t::string:
      push_string(L, value.get_ref<const std::string&>());
      return;
    case json::value_t::array: {
      lua_createtable(L, static_cast<int>(std::min<std::size_t>(value.size(), INT32_MAX)), 0);
      lua_Integer i = 1;
      for (const auto& item : value) {
        push_json_at(L, item, depth + 1);
        lua_rawseti(L, -2, i++);
      }
      return;
    }
    case json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(std::min<std::size_t>(value.size(), INT32_MAX)));
      for (auto it = value.begin(); it != value.end(); ++it) {
        push_string(L, it.key());
        push_json_at(L, it.value(), depth + 1);
        lua_rawset(L, -3);
      }
      return;
    }
    case json::value_t::binary:
      luaL_error(L, "binary JSON values cannot be passed to Lua");
  }
}

// What a Lua value handed to the host as JSON may hold: the host's copy is outside the Lua
// memory cap.
constexpr std::size_t kMaxJsonValues = 100'000;
constexpr std::size_t kMaxJsonText = 64 * 1024;

json to_json_at(lua_State* L, int index, int depth, std::size_t& values) {
  index = lua_absindex(L, index);
  if (++values > kMaxJsonValues)
    luaL_error(L, "a value passed to the host holds more than %d values", static_cast<int>(kMaxJsonValues));
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return nullptr;
    case LUA_TBOOLEAN:
      return lua_toboolean(L, index) != 0;
    case LUA_TNUMBER: {
      if (lua_isinteger(L, index)) return static_cast<std::int64_t>(lua_tointeger(L, index));
      const double n = lua_tonumber(L, index);
      if (!std::isfinite(n)) luaL_error(L, "cannot convert %f to JSON", n);
      return n;
    }
    case LUA_TSTRING: {
      std::size_t size = 0;
      const char* text = lua_tolstring(L, index, &size);
      if (size > kMaxJsonText)
        luaL_error(L, "a text passed to the host is at most %d bytes", static_cast<int>(kMaxJsonText));
      return std::string(text, size);
    }
    case LUA_TTABLE:
      break;
    default:
      luaL_error(L, "cannot convert a %s value to JSON", luaL_typename(L, index));
  }
  if (depth > kMaxJsonDepth) luaL_error(L, "table nested more than %d deep (or cyclic) cannot become JSON", kMaxJsonDepth);
  luaL_checkstack(L, 3, "table nested too deeply");
  // First pass: which kinds of keys are there?
  lua_Integer count = 0, max_index = 0;
  bool all_integers = true, all_strings = true;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    ++count;
    if (lua_type(L, -2) == LUA_TSTRING) {
      all_integers = false;
    } else {
      all_strings = false;
      if (lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1)
        max_index = std::max(max_index, lua_tointeger(L, -2));
      else
        all_integers = false;
    }
    lua_pop(L, 1);
  }
  if (count == 0) return json::array();
  if (all_integers && max_index == count) {
    json out = json::array();
    for (lua_Integer i = 1; i <= count; ++i) {
      lua_rawgeti(L, index, i);
      out.push_back(to_json_at(L, -1, depth + 1, values));
      lua_pop(L, 1);
    }
    return out;
  }
  if (!all_strings)
    luaL_error(L, "a table with keys 1..n or with string keys only can become JSON, not one with other keys");
  json out = json::object();
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    std::size_t size = 0;
    const char* key = lua_tolstring(L, -2, &size);
    if (size > kMaxJsonText) luaL_error(L, "a key passed to the host is at most %d bytes", static_cast<int>(kMaxJsonText));
    out[std::string(key, size)] = to_json_at(L, -1, depth + 1, values);
    lua_pop(L, 1);
  }
  return out;
}

}  // namespace

void push_json(lua_State* L, const json& value) { push_json_at(L, value, 0); }

json to_json(lua_State* L, int index) {
  std::size_t values = 0;
  json out = to_json_at(L, index, 0, values);
  LuaState::from(L).charge(L, values);
  return out;
}

}  // namespace tessera::lua
