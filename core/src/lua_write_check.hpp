#pragma once
// WriteCheck: whatever Lua writes into the state must fit the game's declared schema
// (state_schema.hpp), as a `set` from the protocol must. A full check after every move
// would slow random playouts, so the check follows the writes: a counter is checked key by
// key as it is written, a component holding content ids (deck, hand, market) is checked
// whole before any C++ of the game can read it (when the Lua call ends, before a native
// runs), and the conservation of its content list once the move is over.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lua_state.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/state_schema.hpp"

namespace tessera::lua {

class WriteCheck {
 public:
  // Without a schema (a game that declares none) nothing is checked.
  void use_schema(std::shared_ptr<const StateSchema> schema);

  // counters:set/add is about to store key = value in component `index`: raises a Lua error
  // at the script line when the schema has no such key or the value is out of its range.
  void check_counter(lua_State* L, const Table& table, std::uint32_t index, std::string_view key, int value);
  // A binding is about to change component `index` (lua_bindings.cpp, check_mutable).
  void note(lua_State* L, const Table& table, std::uint32_t index) {
    ++count_;
    if (schema_ && (index >= noted_flag_.size() || !noted_flag_[index])) note_first(L, table, index);
  }
  // Checks the ids of every content-holding component noted since the last check; throws
  // DataError "scripts/g/f.lua:12: market: 'x' is not one of the cards" (the first write's line).
  void check_noted(const Table& table);
  bool has_noted() const { return !noted_.empty(); }
  // The content lists of the components written since the last call, each with the script
  // line of its first write, for the conservation check at the end of the move; forgets
  // them (and any noted component not checked).
  std::vector<WrittenList> take_written_lists();
  bool wrote_content() const { return !lists_.empty(); }
  // The writes into components that hold derived values since the last call (the first per
  // component and per derived key), for the comparison with a fresh derivation at the end
  // of the move; forgets them.
  std::vector<DerivedWrite> take_derived_writes();
  bool wrote_derived() const { return !derived_.empty(); }
  // Writes of every kind so far (a call wrote when this grew during it).
  std::uint64_t count() const { return count_; }

 private:
  int declaration(const Table& table, std::uint32_t index);
  void note_first(lua_State* L, const Table& table, std::uint32_t index);
  // Records a write of `key` ("" for the component) into component `index`, once per
  // component and derived key.
  void note_derived(lua_State* L, std::uint32_t index, std::string_view key);

  std::shared_ptr<const StateSchema> schema_;
  std::vector<int> declarations_;  // by component index; -2: not looked up yet
  struct Noted {
    std::uint32_t index;
    std::string where;  // "scripts/g/f.lua:12" of the first write
  };
  std::vector<Noted> noted_;
  std::vector<char> noted_flag_;  // by component index
  std::vector<WrittenList> lists_;
  std::vector<DerivedWrite> derived_;
  std::uint64_t count_ = 0;
};

}  // namespace tessera::lua
