#include "tessera/dice_pool.hpp"

#include <algorithm>
#include <cstdlib>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/rng.hpp"

namespace tessera {

using nlohmann::json;

namespace {

std::string where(const DicePool& pool) { return "dice_pool '" + pool.name() + "': "; }

bool matches(const Die& d, std::string_view color, int value) {
  return (color.empty() || d.color == color) && (value == 0 || d.value == value);
}

}  // namespace

int DicePool::add_die(std::string color, int faces, int value) {
  if (faces < 2) throw DataError(where(*this) + "a die needs at least 2 faces, not " + std::to_string(faces));
  if (value < 1 || value > faces)
    throw DataError(where(*this) + "value " + std::to_string(value) + " is not a face of a d" +
                    std::to_string(faces));
  dice_.push_back(Die{std::move(color), faces, value, kInPool, {}});
  return size() - 1;
}

const Die& DicePool::die(int index) const { return const_cast<DicePool*>(this)->at(index); }

Die& DicePool::at(int index) {
  if (index < 0 || index >= size())
    throw RuleError(where(*this) + "no die #" + std::to_string(index) + " (there are " +
                    std::to_string(size()) + ")");
  return dice_[static_cast<std::size_t>(index)];
}

int DicePool::roll(int index, Rng& rng) {
  Die& d = at(index);
  d.value = rng.roll(1, d.faces);
  return d.value;
}

std::vector<int> DicePool::roll_pool(Rng& rng) {
  std::vector<int> values;
  for (auto& d : dice_)
    if (d.holder == kInPool) values.push_back(d.value = rng.roll(1, d.faces));
  return values;
}

std::vector<int> DicePool::roll_all(Rng& rng) {
  std::vector<int> values;
  values.reserve(dice_.size());
  for (auto& d : dice_) values.push_back(d.value = rng.roll(1, d.faces));
  return values;
}

std::vector<int> DicePool::roll_held(int seat, Rng& rng) {
  std::vector<int> values;
  for (auto& d : dice_)
    if (d.holder == seat && seat >= 0) values.push_back(d.value = rng.roll(1, d.faces));
  return values;
}

void DicePool::set(int index, int value) {
  Die& d = at(index);
  if (value < 1 || value > d.faces)
    throw RuleError(where(*this) + "die #" + std::to_string(index) + " has no face " + std::to_string(value));
  d.value = value;
}

void DicePool::set_tag(int index, std::string tag) { at(index).tag = std::move(tag); }

int DicePool::steps(int from, int to, int faces, bool wrap) {
  if (faces < 1 || from < 1 || from > faces || to < 1 || to > faces)
    throw RuleError("steps(" + std::to_string(from) + ", " + std::to_string(to) + ") needs values in 1.." +
                    std::to_string(faces) + " of a die with at least one face");
  int direct = std::abs(to - from);
  // On a ring the other way round is faces - direct steps long.
  return wrap ? std::min(direct, faces - direct) : direct;
}

int DicePool::adjust_cost(int index, int target, int cost_per_pip, bool wrap) const {
  const Die& d = die(index);
  if (target < 1 || target > d.faces)
    throw RuleError(where(*this) + "die #" + std::to_string(index) + " has no face " + std::to_string(target));
  if (cost_per_pip < 0) throw RuleError(where(*this) + "cost per pip must not be negative");
  return cost_per_pip * steps(d.value, target, d.faces, wrap);
}

int DicePool::adjust_to(int index, int target, int cost_per_pip, bool wrap) {
  int cost = adjust_cost(index, target, cost_per_pip, wrap);
  at(index).value = target;
  return cost;
}

int DicePool::adjust(int index, int delta, int cost_per_pip, bool wrap) {
  Die& d = at(index);
  if (cost_per_pip < 0) throw RuleError(where(*this) + "cost per pip must not be negative");
  int next = d.value + delta;
  if (wrap) {
    next = ((d.value - 1 + delta) % d.faces + d.faces) % d.faces + 1;
  } else if (next < 1 || next > d.faces) {
    throw RuleError(where(*this) + "die #" + std::to_string(index) + " cannot move from " +
                    std::to_string(d.value) + " by " + std::to_string(delta) + " without wrapping");
  }
  d.value = next;
  return cost_per_pip * std::abs(delta);
}

std::vector<int> DicePool::sorted_indices(bool descending, bool pool_only) const {
  std::vector<int> order;
  for (int i = 0; i < size(); ++i)
    if (!pool_only || dice_[static_cast<std::size_t>(i)].holder == kInPool) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    int va = dice_[static_cast<std::size_t>(a)].value, vb = dice_[static_cast<std::size_t>(b)].value;
    return descending ? va > vb : va < vb;
  });
  return order;
}

void DicePool::sort_by_value(bool descending) {
  std::stable_sort(dice_.begin(), dice_.end(),
                   [&](const Die& a, const Die& b) { return descending ? a.value > b.value : a.value < b.value; });
}

void DicePool::take(int index, int seat) {
  Die& d = at(index);
  if (seat < 0) throw RuleError(where(*this) + "seat " + std::to_string(seat) + " cannot take a die");
  if (d.holder != kInPool)
    throw RuleError(where(*this) + "die #" + std::to_string(index) + " is held by seat " +
                    std::to_string(d.holder) + ", not in the pool");
  d.holder = seat;
}

void DicePool::give_back(int index) {
  Die& d = at(index);
  if (d.holder == kInPool) throw RuleError(where(*this) + "die #" + std::to_string(index) + " is already in the pool");
  d.holder = kInPool;
}

int DicePool::give_back_all() {
  int moved = 0;
  for (auto& d : dice_)
    if (d.holder != kInPool) {
      d.holder = kInPool;
      ++moved;
    }
  return moved;
}

std::vector<int> DicePool::dice_of(int seat) const {
  std::vector<int> out;
  if (seat < 0) return out;
  for (int i = 0; i < size(); ++i)
    if (dice_[static_cast<std::size_t>(i)].holder == seat) out.push_back(i);
  return out;
}

std::vector<int> DicePool::in_pool() const {
  std::vector<int> out;
  for (int i = 0; i < size(); ++i)
    if (dice_[static_cast<std::size_t>(i)].holder == kInPool) out.push_back(i);
  return out;
}

int DicePool::count_where(int holder_filter, bool any_holder, std::string_view color, int value) const {
  return static_cast<int>(std::count_if(dice_.begin(), dice_.end(), [&](const Die& d) {
    return (any_holder || d.holder == holder_filter) && matches(d, color, value);
  }));
}

int DicePool::count(std::string_view color, int value) const { return count_where(0, true, color, value); }
int DicePool::count_in_pool(std::string_view color, int value) const {
  return count_where(kInPool, false, color, value);
}
int DicePool::count_of(int seat, std::string_view color, int value) const {
  return seat < 0 ? 0 : count_where(seat, false, color, value);
}

void DicePool::write_json(json& out, int viewer) const {
  const bool show = visible_to(viewer);
  json& dice = out["dice"] = json::array();
  for (const auto& d : dice_) {
    json one = {{"color", d.color}, {"faces", d.faces}, {"holder", d.holder}, {"tag", d.tag}};
    if (show) one["value"] = d.value;
    dice.push_back(std::move(one));
  }
}

void DicePool::read_json(const json& in) {
  const json& dice = json_fields::field(in, "dice");
  if (!dice.is_array()) throw DataError("'dice' must be an array of dice");
  std::vector<Die> next;
  next.reserve(dice.size());
  for (std::size_t i = 0; i < dice.size(); ++i) {
    const json& e = dice[i];
    const std::string at = "dice[" + std::to_string(i) + "]";
    if (!e.is_object()) throw DataError("'" + at + "' must be an object");
    Die d;
    d.color = json_fields::as_string(json_fields::field(e, "color"), at + ".color");
    d.faces = json_fields::as_int(json_fields::field(e, "faces"), at + ".faces");
    d.value = json_fields::as_int(json_fields::field(e, "value"), at + ".value");
    d.holder = json_fields::as_int(json_fields::field(e, "holder"), at + ".holder");
    if (e.contains("tag")) d.tag = json_fields::as_string(e["tag"], at + ".tag");
    if (d.faces < 2) throw DataError("'" + at + ".faces' must be at least 2");
    if (d.value < 1 || d.value > d.faces) throw DataError("'" + at + ".value' must be in 1.." + std::to_string(d.faces));
    if (d.holder < kInPool) throw DataError("'" + at + ".holder' must be -1 (pool) or a seat");
    next.push_back(std::move(d));
  }
  dice_ = std::move(next);
}

void DicePool::resample_hidden(int viewer, Rng& rng) {
  // A viewer who cannot see the values knows only which dice exist and who holds them.
  if (!visible_to(viewer)) roll_all(rng);
}

std::string DicePool::describe(int viewer) const {
  if (dice_.empty()) return "no dice";
  const bool show = visible_to(viewer);
  auto text = [&](const Die& d) { return d.color + " " + (show ? std::to_string(d.value) : std::string("?")); };
  std::string pool, held;
  for (const auto& d : dice_) {
    std::string& into = d.holder == kInPool ? pool : held;
    if (!into.empty()) into += ", ";
    into += d.holder == kInPool ? text(d) : text(d) + " (seat " + std::to_string(d.holder) + ")";
  }
  std::string out = "pool: " + (pool.empty() ? std::string("-") : pool);
  if (!held.empty()) out += "; held: " + held;
  return out;
}

}  // namespace tessera
