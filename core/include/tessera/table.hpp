#pragma once
// Table: the whole game state as one copyable value — named components, global and per
// player, plus the game's RNG. Copying a Table clones the game.
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/component.hpp"
#include "tessera/error.hpp"
#include "tessera/rng.hpp"

namespace tessera {

// A typed index into a Table; stays valid in every copy of the table it came from.
template <typename C>
struct Handle {
  std::uint32_t index = UINT32_MAX;
  bool valid() const { return index != UINT32_MAX; }
};

class Table {
 public:
  explicit Table(int players = 0, std::uint64_t seed = 0) : players_(players), rng_(seed) {}
  Table(const Table& other);
  Table& operator=(const Table& other);
  Table(Table&&) noexcept = default;
  Table& operator=(Table&&) noexcept = default;

  int players() const { return players_; }
  Rng& rng() { return rng_; }
  const Rng& rng() const { return rng_; }

  // Adds a component; (name, owner) must be new. Returns its typed handle.
  template <typename C, typename... Args>
  Handle<C> add(Args&&... args) {
    auto component = std::make_unique<C>(std::forward<Args>(args)...);
    return Handle<C>{add_component(std::move(component))};
  }

  // Non-const access (get, find, at) may change the component: during an undo journal it
  // first saves a copy, and it always gives the component a new stamp (Component::stamp).
  // Read through the const overloads where nothing changes.
  template <typename C>
  C& get(Handle<C> h) { return static_cast<C&>(touch(h.index)); }
  template <typename C>
  const C& get(Handle<C> h) const { return static_cast<const C&>(*components_[h.index]); }

  // Look-up by name (owner = kNobody for a global component). Throws DataError if there is
  // no such component or it is of another kind.
  template <typename C>
  Handle<C> handle(std::string_view name, int owner = kNobody) const {
    const Component& c = *components_[index_of(name, owner)];
    if (c.kind() != C::kKind)
      throw DataError("component '" + std::string(name) + "' is a " + std::string(c.kind()) +
                      ", not a " + std::string(C::kKind));
    return Handle<C>{index_of(name, owner)};
  }
  template <typename C>
  C& get(std::string_view name, int owner = kNobody) { return get(handle<C>(name, owner)); }
  template <typename C>
  const C& get(std::string_view name, int owner = kNobody) const { return get(handle<C>(name, owner)); }

  // Untyped access, for generic code (JSON, Lua, terminal view).
  Component* find(std::string_view name, int owner = kNobody);
  const Component* find(std::string_view name, int owner = kNobody) const;
  std::size_t size() const { return components_.size(); }
  Component& at(std::size_t i) { return touch(i); }
  const Component& at(std::size_t i) const { return *components_[i]; }

  // Full state: {"players":N,"rng":"...","global":{name:{kind,...}},"seats":[{name:{...}},...]}.
  nlohmann::json to_json() const;
  // What `viewer` may see (a seat, kSpectator or kOmniscient); the RNG state is never shown.
  nlohmann::json view(int viewer) const;
  // Replaces contents from a full-state JSON of a table with the same components.
  // Strong guarantee: on a DataError nothing has changed.
  void assign_json(const nlohmann::json& state);
  // Re-deals everything `viewer` cannot see (see Component::resample_hidden).
  void resample_hidden(int viewer, Rng& rng);

  bool operator==(const Table& other) const;  // compares full JSON states
  // A 64-bit hash of the full state (FNV-1a of its full JSON, the RNG included): equal
  // tables hash equal. Costs a JSON write: for search keys, not for every playout move.
  std::uint64_t hash() const;

  // Undo journal, how GameBase::apply makes an action all-or-nothing without copying the
  // whole table: between begin_undo() and commit_undo() or rollback_undo(), the first
  // non-const access to each component saves a copy of it; rollback_undo() puts those
  // copies and the RNG back (references into changed components then dangle), commit_undo()
  // drops them. Components stay where they are otherwise, so references taken during the
  // journal stay valid after a commit. A copy of the table does not copy the journal.
  // Adding components while the journal is open is a logic error.
  void begin_undo();
  void commit_undo();
  void rollback_undo();
  bool journaling() const { return journaling_; }
  // The last committed journal is kept (a rolled-back one leaves it be): undo_last() puts
  // its copies and RNG back, so the table is as it was before that change, and returns
  // false (changing nothing) when there is none — none was committed, it was taken back
  // already, or forget_last() dropped it. A copy of the table, and assign_json, keep none.
  // Whoever changes the table outside a journal calls forget_last(): the journal would no
  // longer lead back to the state before the change.
  bool undo_last();
  void forget_last();

 private:
  Component& touch(std::size_t i) {
    if (journaling_ && !saved_[i]) save(i);
    components_[i]->restamp();
    return *components_[i];
  }
  void save(std::size_t i);
  std::uint32_t add_component(std::unique_ptr<Component> component);
  std::uint32_t index_of(std::string_view name, int owner) const;  // throws DataError
  nlohmann::json write(int viewer, bool with_rng) const;

  int players_;
  Rng rng_;
  std::vector<std::unique_ptr<Component>> components_;

  struct Saved {
    std::size_t index;
    std::unique_ptr<Component> before;
  };
  bool journaling_ = false;
  std::vector<Saved> journal_;
  std::vector<char> saved_;  // by component index, while journaling
  Rng rng_before_;
  bool has_last_ = false;  // last_ and last_rng_ hold the last committed change
  std::vector<Saved> last_;
  Rng last_rng_;
};

// Every component as `viewer` may see it, global ones first, then each seat's: the plain
// terminal view of a game that draws nothing of its own.
std::string describe_components(const Table& table, int viewer);

}  // namespace tessera
