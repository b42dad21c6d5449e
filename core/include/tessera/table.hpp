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

  template <typename C>
  C& get(Handle<C> h) { return static_cast<C&>(*components_[h.index]); }
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
  Component& at(std::size_t i) { return *components_[i]; }
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

 private:
  std::uint32_t add_component(std::unique_ptr<Component> component);
  std::uint32_t index_of(std::string_view name, int owner) const;  // throws DataError
  nlohmann::json write(int viewer, bool with_rng) const;

  int players_;
  Rng rng_;
  std::vector<std::unique_ptr<Component>> components_;
};

}  // namespace tessera
