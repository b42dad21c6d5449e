#pragma once
// DicePool: a set of dice, each lying in the common pool or held by a seat. Covers dice
// that players take from a shared pool (and give back at the end of a round), dice a seat
// owns, and dice rolled once and sorted for display.
//
// Dice are addressed by index (0-based, stable until sort_by_value reorders them).
// Setup calls (add_die) throw DataError; play operations throw RuleError with a reason
// and change nothing when they refuse.
//
// Visibility: dice are normally Public. A pool made Owner/Hidden (dice under a cup) shows
// the viewers who may not see it every die without its value; resample_hidden re-rolls
// those values.
//
// JSON (full form): {"dice":[{"color":"white","faces":6,"value":3,"holder":-1,"tag":""},...]}
// ("tag" may be omitted on reading; it defaults to "").
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tessera/component.hpp"

namespace tessera {

struct Die {
  std::string color;
  int faces = 6;
  int value = 1;
  int holder = -1;  // DicePool::kInPool, or the seat holding the die
  std::string tag;  // free text for the game ("used", "locked", ...)
};

class DicePool : public ComponentOf<DicePool> {
 public:
  static constexpr std::string_view kKind = "dice_pool";
  static constexpr int kInPool = -1;

  explicit DicePool(std::string name, int owner = kNobody, Visibility visibility = Visibility::Public)
      : ComponentOf(std::move(name), owner, visibility) {}

  // Adds a die to the pool and returns its index. DataError if faces < 2 or value is not
  // in 1..faces.
  int add_die(std::string color, int faces = 6, int value = 1);

  int size() const { return static_cast<int>(dice_.size()); }
  const std::vector<Die>& dice() const { return dice_; }
  const Die& die(int index) const;  // RuleError for a bad index

  // Rolling. roll_pool rolls only the dice lying in the pool; roll_all rolls every die,
  // held or not; roll_held rolls the dice `seat` holds. Each returns the new value(s).
  int roll(int index, Rng& rng);
  std::vector<int> roll_pool(Rng& rng);
  std::vector<int> roll_all(Rng& rng);
  std::vector<int> roll_held(int seat, Rng& rng);

  // Sets the value directly. RuleError unless 1 <= value <= faces.
  void set(int index, int value);
  void set_tag(int index, std::string tag);

  // Changing a value for a price. A step is one pip. Without wrap a die cannot pass the
  // ends: from 6 to 1 takes 5 steps. With wrap the faces form a ring (6 -> 1 is one step
  // up, 1 -> 6 one step down).
  //   steps(from, to, faces, wrap): the fewest steps between two values (RuleError unless
  //     both are in 1..faces).
  //   adjust_cost: cost_per_pip * fewest steps to reach `target`; the die is unchanged.
  //   adjust_to: sets the die to `target` and returns that cost.
  //   adjust: moves by `delta` pips in the stated direction (negative = down) and returns
  //     cost_per_pip * |delta|; without wrap, leaving 1..faces is a RuleError.
  // RuleError for a target outside 1..faces or a negative cost_per_pip.
  static int steps(int from, int to, int faces, bool wrap);
  int adjust_cost(int index, int target, int cost_per_pip, bool wrap) const;
  int adjust_to(int index, int target, int cost_per_pip, bool wrap);
  int adjust(int index, int delta, int cost_per_pip, bool wrap);

  // Indices of the dice ordered by value (stable: equal values keep index order),
  // ascending unless `descending`. With pool_only only dice in the pool are listed.
  std::vector<int> sorted_indices(bool descending = false, bool pool_only = false) const;
  // Reorders the dice themselves by value (stable). Indices held elsewhere become stale.
  void sort_by_value(bool descending = false);

  // Holding. take: a die in the pool goes to `seat` (RuleError if held or seat < 0).
  // give_back: a held die returns to the pool (RuleError if already in the pool).
  // give_back_all: every die returns to the pool; returns how many moved.
  void take(int index, int seat);
  void give_back(int index);
  int give_back_all();
  std::vector<int> dice_of(int seat) const;  // indices held by `seat`, in index order
  std::vector<int> in_pool() const;          // indices in the pool, in index order

  // Counting: color "" matches any color, value 0 matches any value.
  int count(std::string_view color = "", int value = 0) const;
  int count_in_pool(std::string_view color = "", int value = 0) const;
  int count_of(int seat, std::string_view color = "", int value = 0) const;

  void write_json(nlohmann::json& out, int viewer) const override;
  void read_json(const nlohmann::json& in) override;
  void resample_hidden(int viewer, Rng& rng) override;
  std::string describe(int viewer) const override;

 private:
  Die& at(int index);
  int count_where(int holder_filter, bool any_holder, std::string_view color, int value) const;

  std::vector<Die> dice_;
};

}  // namespace tessera
