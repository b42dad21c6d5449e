#include "tessera/counters.hpp"

#include <algorithm>
#include <cstring>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

namespace {

// Below this many keys a scan beats hashing.
constexpr std::size_t kIndexedFrom = 9;

// Up to 8 bytes of `p` as one word (zero-padded).
std::uint64_t word_at(const char* p, std::size_t n) {
  std::uint64_t w = 0;
  if (n >= 8) {
    std::memcpy(&w, p, 8);
  } else {
    for (std::size_t i = 0; i < n; ++i) w |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  }
  return w;
}

// Length, first and last 8 bytes, mixed: a fixed cost per key (keys are short and differ
// mostly at their ends: "monks.s1", "set3.capital"); a collision only costs a comparison.
std::uint32_t hash_key(std::string_view key) {
  const std::uint64_t first = word_at(key.data(), key.size());
  const std::uint64_t last = key.size() > 8 ? word_at(key.data() + key.size() - 8, 8) : 0;
  std::uint64_t h = first ^ (last + key.size()) * 0x9E3779B97F4A7C15ull;
  h ^= h >> 33;  // murmur3's finaliser: every input bit reaches the low bits the index uses
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  return static_cast<std::uint32_t>(h);
}

}  // namespace

std::size_t Counters::slot_of(std::string_view key) const {
  if (index_.empty()) {
    for (std::size_t i = 0; i < values_.size(); ++i)
      if (same_key(values_[i].first, key)) return i;
    return values_.size();
  }
  const std::size_t mask = index_.size() - 1;
  for (std::size_t h = hash_key(key) & mask; index_[h] != 0; h = (h + 1) & mask) {
    const std::size_t slot = index_[h] - 1;
    if (same_key(values_[slot].first, key)) return slot;
  }
  return values_.size();
}

std::size_t Counters::slot_of_missed(const CounterKey& key) const {
  const std::size_t slot = slot_of(std::string_view(key.name_));
  if (slot < values_.size()) key.slot_.store(static_cast<std::uint32_t>(slot), std::memory_order_relaxed);
  return slot;
}

void Counters::reindex() {
  index_.clear();
  if (values_.size() < kIndexedFrom) return;
  std::size_t size = 16;
  while (size < 2 * values_.size()) size *= 2;
  index_.assign(size, 0);
  const std::size_t mask = size - 1;
  for (std::size_t slot = 0; slot < values_.size(); ++slot) {
    std::size_t h = hash_key(values_[slot].first) & mask;
    while (index_[h] != 0) h = (h + 1) & mask;
    index_[h] = static_cast<std::uint32_t>(slot + 1);
  }
}

int Counters::get(std::string_view key) const {
  const std::size_t slot = slot_of(key);
  return slot < values_.size() ? values_[slot].second : 0;
}

void Counters::set(std::string_view key, int value) {
  if (const std::size_t slot = slot_of(key); slot < values_.size()) {
    values_[slot].second = value;
    return;
  }
  const auto at = std::lower_bound(values_.begin(), values_.end(), key,
                                   [](const auto& entry, std::string_view k) { return entry.first < k; });
  const auto slot = static_cast<std::size_t>(at - values_.begin());
  values_.insert(at, {std::string(key), value});
  // A key added to a big enough index moves the slots after it up one; a new or full index
  // is built again.
  if (index_.empty() || 2 * values_.size() > index_.size()) {
    reindex();
    return;
  }
  for (std::uint32_t& entry : index_)
    if (entry > slot) ++entry;
  const std::size_t mask = index_.size() - 1;
  std::size_t h = hash_key(key) & mask;
  while (index_[h] != 0) h = (h + 1) & mask;
  index_[h] = static_cast<std::uint32_t>(slot + 1);
}

int Counters::add(std::string_view key, int delta) {
  const std::size_t slot = slot_of(key);
  if (slot < values_.size()) return values_[slot].second += delta;
  set(key, delta);
  return delta;
}

void Counters::set(const CounterKey& key, int value) {
  if (const std::size_t slot = slot_of(key); slot < values_.size()) {
    values_[slot].second = value;
    return;
  }
  set(std::string_view(key.name_), value);
}

int Counters::add(const CounterKey& key, int delta) {
  if (const std::size_t slot = slot_of(key); slot < values_.size()) return values_[slot].second += delta;
  set(std::string_view(key.name_), delta);
  return delta;
}

void Counters::write_json(json& out, int viewer) const {
  if (!visible_to(viewer)) {
    out["count"] = values_.size();
    return;
  }
  json& values = out["values"] = json::object();
  for (const auto& [key, value] : values_) values[key] = value;
}

void Counters::read_json(const json& in) {
  const json& values = json_fields::field(in, "values");
  if (!values.is_object()) throw DataError("'values' must be an object of integers");
  std::vector<std::pair<std::string, int>> next;
  for (auto it = values.begin(); it != values.end(); ++it)
    next.emplace_back(it.key(), json_fields::as_int(it.value(), "values." + it.key()));
  assign(std::move(next));
}

void Counters::assign(std::vector<std::pair<std::string, int>> values) {
  const auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  // A game setting up from entries it sorted once (at load) pays one pass, not a sort.
  if (!std::is_sorted(values.begin(), values.end(), by_key)) std::sort(values.begin(), values.end(), by_key);
  const auto twice = std::adjacent_find(values.begin(), values.end(),
                                        [](const auto& a, const auto& b) { return a.first == b.first; });
  if (twice != values.end()) throw DataError("counters '" + name() + "': key '" + twice->first + "' given twice");
  values_ = std::move(values);
  reindex();
}

std::string Counters::describe(int viewer) const {
  if (!visible_to(viewer)) return "(hidden)";
  std::string out;
  for (const auto& [key, value] : values_) {
    if (!out.empty()) out += ", ";
    out += key + "=" + std::to_string(value);
  }
  return out.empty() ? "-" : out;
}

}  // namespace tessera
