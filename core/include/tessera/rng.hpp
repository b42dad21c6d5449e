#pragma once
// The game's only source of randomness: xoshiro256** seeded through splitmix64.
// Fast, copyable with the Table, and serialisable, so seed + actions replay a game exactly.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tessera {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed);
  std::uint64_t next();
  // Uniform integer in [0, bound); bound must be > 0. Unbiased (Lemire's rejection).
  std::uint64_t below(std::uint64_t bound);
  // Uniform integer in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(below(static_cast<std::uint64_t>(hi - lo) + 1)); }

  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // Text form of the full generator state ("hex:hex:hex:hex"), and its inverse.
  std::string save() const;
  void restore(const std::string& text);  // throws DataError on malformed text

  bool operator==(const Rng&) const = default;

 private:
  std::array<std::uint64_t, 4> s_{};
};

}  // namespace tessera
