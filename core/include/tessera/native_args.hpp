#pragma once
// The Lua arguments of ctx:call(name, ...) after the name, as a native function sees them:
// read where they lie on the Lua stack, without a copy. Typed readers for what natives
// mostly take (integers, strings, {name = integer} tables) cost no allocation; operator[]
// converts any argument to JSON when a native wants the general form. A reader that finds
// another type throws ScriptError naming `what`; the call then fails as a Lua error.
#include <functional>
#include <string_view>

#include <nlohmann/json.hpp>

struct lua_State;

namespace tessera {

class NativeArgs {
 public:
  // Arguments first .. first + count - 1 of the stack of `L` (valid during the call only).
  NativeArgs(lua_State* L, int first, int count) : L_(L), first_(first), count_(count) {}

  int size() const { return count_; }
  // Argument i (0-based) as JSON; null when i is past the last.
  nlohmann::json operator[](int i) const;
  long long integer(int i, std::string_view what) const;
  std::string_view string(int i, std::string_view what) const;
  // A table of {name = integer}: calls f(name, value) for each entry (in no set order).
  void for_each_count(int i, std::string_view what,
                      const std::function<void(std::string_view name, long long value)>& f) const;

 private:
  int index(int i, std::string_view what) const;  // the stack index of argument i
  lua_State* L_;
  int first_, count_;
};

}  // namespace tessera
