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

  // A die roll: a face in [lo, hi], or one of `faces`. Dice roll through these, never
  // through between or below, so that a scenario can fix the next rolls (fix_rolls): while
  // fixed rolls are queued, each roll takes the first instead of drawing from the
  // generator (the generator does not move). A fixed roll that is not a face of the die
  // rolled is a RuleError. In normal play the queue is empty and a roll costs one test more.
  int roll(int lo, int hi) { return fixed_.empty() ? between(lo, hi) : take_fixed(lo, hi, nullptr); }
  int roll_face(const std::vector<int>& faces) {
    return fixed_.empty() ? faces[static_cast<std::size_t>(below(faces.size()))] : take_fixed(0, 0, &faces);
  }
  // The rolls still fixed, next first, and the scenario door that queues them.
  const std::vector<int>& fixed_rolls() const { return fixed_; }
  void fix_rolls(std::vector<int> rolls) { fixed_ = std::move(rolls); }

  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  // Text form of the full generator state ("hex:hex:hex:hex", then "+3,5" when rolls are
  // fixed), and its inverse. A game without fixed rolls saves the plain form only.
  std::string save() const;
  void restore(const std::string& text);  // throws DataError on malformed text

  bool operator==(const Rng&) const = default;

 private:
  int take_fixed(int lo, int hi, const std::vector<int>* faces);

  std::array<std::uint64_t, 4> s_{};
  std::vector<int> fixed_;  // next first; erased from the front (a scenario fixes a few)
};

}  // namespace tessera
