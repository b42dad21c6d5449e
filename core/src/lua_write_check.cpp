#include "lua_write_check.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/table.hpp"

namespace tessera::lua {

void WriteCheck::use_schema(std::shared_ptr<const StateSchema> schema) {
  schema_ = std::move(schema);
  declarations_.clear();
  noted_.clear();
  noted_flag_.clear();
  lists_.clear();
  derived_.clear();
}

int WriteCheck::declaration(const Table& table, std::uint32_t index) {
  // Every game of one runtime has the same components in the same order: look each up once.
  if (declarations_.size() != table.size()) declarations_.assign(table.size(), -2);
  int& d = declarations_[index];
  if (d == -2) d = schema_->declaration_of(table.at(index));
  return d;
}

void WriteCheck::check_counter(lua_State* L, const Table& table, std::uint32_t index, std::string_view key,
                               int value) {
  ++count_;
  if (!schema_) return;
  const int d = declaration(table, index);
  if (d < 0) return;
  if (schema_->has_derived(d) && !schema_->derived_write(d, key, kNobody).empty()) note_derived(L, index, key);
  if (!schema_->has_keys(d)) return;
  try {
    schema_->check_key(d, table.at(index), key, value, table.players());
  } catch (const DataError& e) {
    luaL_error(L, "%s (the game's schema.yaml)", e.what());
  }
}

void WriteCheck::note_first(lua_State* L, const Table& table, std::uint32_t index) {
  if (noted_flag_.size() != table.size()) noted_flag_.assign(table.size(), 0);
  noted_flag_[index] = 1;
  const int d = declaration(table, index);
  if (d >= 0 && schema_->has_derived(d)) note_derived(L, index, "");
  if (d < 0 || (schema_->holds(d).empty() && schema_->conserved_in(d).empty())) return;
  noted_.push_back(Noted{index, script_position(L, 1)});  // its ids checked when the call ends
  const auto add = [&](const std::string& list) {
    if (std::none_of(lists_.begin(), lists_.end(), [&](const WrittenList& w) { return w.list == list; }))
      lists_.push_back(WrittenList{list, noted_.back().where});
  };
  if (!schema_->holds(d).empty()) add(schema_->holds(d));
  for (const std::string& list : schema_->conserved_in(d)) add(list);
}

void WriteCheck::check_noted(const Table& table) {
  std::vector<Noted> noted;
  noted.swap(noted_);
  std::fill(noted_flag_.begin(), noted_flag_.end(), 0);
  for (const Noted& n : noted) {
    try {
      schema_->check_held(declaration(table, n.index), table.at(n.index));
    } catch (const DataError& e) {
      throw DataError((n.where.empty() ? std::string() : n.where + ": ") + e.what() + " (the game's schema.yaml)");
    }
  }
}

void WriteCheck::note_derived(lua_State* L, std::uint32_t index, std::string_view key) {
  for (const DerivedWrite& w : derived_)
    if (w.index == index && w.key == key) return;
  derived_.push_back(DerivedWrite{index, std::string(key), script_position(L, 1)});
}

std::vector<DerivedWrite> WriteCheck::take_derived_writes() {
  std::vector<DerivedWrite> writes;
  writes.swap(derived_);
  return writes;
}

std::vector<WrittenList> WriteCheck::take_written_lists() {
  if (lists_.empty() && noted_.empty()) return {};  // most moves: scripts wrote no content
  noted_.clear();
  std::fill(noted_flag_.begin(), noted_flag_.end(), 0);
  std::vector<WrittenList> lists;
  lists.swap(lists_);
  return lists;
}

}  // namespace tessera::lua
