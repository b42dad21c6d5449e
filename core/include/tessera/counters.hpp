#pragma once
// Counters: named integers (phase, round, flags, per-player tallies). The place a plugin
// keeps its flow state, so that the Table stays the whole state.
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
  std::vector<std::pair<std::string, int>> values_;  // sorted by key
};

}  // namespace tessera
