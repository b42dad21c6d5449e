#pragma once
// IdIndex: card id -> index in its rules list, for the look-ups the rules code makes for every
// generated move (a ship in a row, a contract on display). Open addressing over a power-of-two
// table with FNV-1a: ids are a few bytes long, and this is several times quicker than a
// node-based map with a prime modulus. Self-contained (it owns copies of the ids).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace aod {

class IdIndex {
 public:
  // Adds `id` for `index` (ids are distinct; the rules loader checks that).
  void add(const std::string& id, int index) {
    ids_.push_back(id);
    values_.push_back(index);
    rebuild();
  }
  bool empty() const { return ids_.empty(); }
  // The index of `id`, or -1.
  int find(std::string_view id) const {
    if (ids_.empty()) return -1;
    for (std::size_t slot = hash(id) & mask_;; slot = (slot + 1) & mask_) {
      const int entry = slots_[slot];
      if (entry < 0) return -1;
      if (ids_[static_cast<std::size_t>(entry)] == id) return values_[static_cast<std::size_t>(entry)];
    }
  }

 private:
  static std::size_t hash(std::string_view id) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
  void rebuild() {
    std::size_t size = 8;
    while (size < 2 * ids_.size()) size *= 2;  // at most half full: short probes
    mask_ = size - 1;
    slots_.assign(size, -1);
    for (std::size_t i = 0; i < ids_.size(); ++i) {
      std::size_t slot = hash(ids_[i]) & mask_;
      while (slots_[slot] >= 0) slot = (slot + 1) & mask_;
      slots_[slot] = static_cast<int>(i);
    }
  }

  std::vector<std::string> ids_;
  std::vector<int> values_;
  std::vector<int> slots_;  // entry of ids_ or -1
  std::size_t mask_ = 0;
};

}  // namespace aod
