#pragma once
// Counters: named integers (phase, round, flags, per-player tallies). The place a plugin
// keeps its flow state, so that the Table stays the whole state.
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

// A counter key a plugin looks up often (make it once, at load time). It remembers the slot
// it was last found at, so that a look-up costs one comparison while the keys of the counters
// stay the same, as they mostly do during a game; on a miss it looks the key up as a string.
// The hint is shared by every game of a configuration, on any thread, hence atomic.
class CounterKey {
 public:
  explicit CounterKey(std::string name) : name_(std::move(name)) {}
  CounterKey(const CounterKey& other) : name_(other.name_) {}
  CounterKey& operator=(const CounterKey& other) {
    name_ = other.name_;
    return *this;
  }
  const std::string& name() const { return name_; }

 private:
  friend class Counters;
  std::string name_;
  mutable std::atomic<std::uint32_t> slot_{0};
};

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
  // Whether `key` has been set (get() gives 0 either way).
  bool has(std::string_view key) const { return slot_of(key) < values_.size(); }
  bool has(const CounterKey& key) const { return slot_of(key) < values_.size(); }
  int get(const CounterKey& key) const {
    const std::size_t slot = slot_of(key);
    return slot < values_.size() ? values_[slot].second : 0;
  }
  void set(const CounterKey& key, int value);
  int add(const CounterKey& key, int delta);
  // Replaces every key and value at once (a component being set up: sorted once rather
  // than key by key). Throws DataError when a key is given twice.
  void assign(std::vector<std::pair<std::string, int>> values);
  // Keys in sorted order with their values.
  const std::vector<std::pair<std::string, int>>& entries() const { return values_; }

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  std::string describe(int viewer) const override;

 private:
  // The slot of `key` in values_, or values_.size() when it has none.
  std::size_t slot_of(std::string_view key) const;
  std::size_t slot_of(const CounterKey& key) const {
    const std::uint32_t hint = key.slot_.load(std::memory_order_relaxed);
    if (hint < values_.size() && same_key(values_[hint].first, key.name_)) return hint;
    return slot_of_missed(key);
  }
  // Keys are short: compared a word at a time here rather than by a call to memcmp.
  static bool same_key(std::string_view a, std::string_view b) {
    const std::size_t n = a.size();
    if (n != b.size()) return false;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t x = 0, y = 0;
      std::memcpy(&x, a.data() + i, 8);
      std::memcpy(&y, b.data() + i, 8);
      if (x != y) return false;
    }
    for (; i < n; ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
  std::size_t slot_of_missed(const CounterKey& key) const;
  void reindex();

  std::vector<std::pair<std::string, int>> values_;  // sorted by key
  // Open addressing by key hash, slot + 1 (0 = free), so that a look-up costs one hash and
  // about one comparison; empty while there are few keys (a scan is as fast).
  std::vector<std::uint32_t> index_;
};

}  // namespace tessera
