#pragma once
// Counters: named integers (phase, round, flags, per-player tallies). The place a plugin
// keeps its flow state, so that the Table stays the whole state.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

class Counters : public ComponentOf<Counters> {
 public:
  static constexpr std::string_view kKind = "counters";
  explicit Counters(std::string name, int owner = kNobody, Visibility visibility = Visibility::Public)
      : ComponentOf(std::move(name), owner, visibility) {}

  // The value of `key`; 0 for a key never set.
  int get(std::string_view key) const;
  void set(std::string_view key, int value);
  // Adds `delta` and returns the new value.
  int add(std::string_view key, int delta);
  // Keys in sorted order with their values.
  const std::vector<std::pair<std::string, int>>& entries() const { return values_; }

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  // The slot of `key` in values_, or values_.size() when it has none.
  std::size_t slot_of(std::string_view key) const;
  void reindex();

  std::vector<std::pair<std::string, int>> values_;  // sorted by key
  // Open addressing by key hash, slot + 1 (0 = free), so that a look-up costs one hash and
  // about one comparison; empty while there are few keys (a scan is as fast).
  std::vector<std::uint32_t> index_;
};

}  // namespace tessera
