#include "tessera/counters.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera {

using nlohmann::json;

namespace {
auto find_key(std::vector<std::pair<std::string, int>>& values, std::string_view key) {
  return std::lower_bound(values.begin(), values.end(), key,
                          [](const auto& entry, std::string_view k) { return entry.first < k; });
}
}  // namespace

int Counters::get(std::string_view key) const {
  auto it = find_key(const_cast<std::vector<std::pair<std::string, int>>&>(values_), key);
  return it != values_.end() && it->first == key ? it->second : 0;
}

void Counters::set(std::string_view key, int value) {
  auto it = find_key(values_, key);
  if (it != values_.end() && it->first == key)
    it->second = value;
  else
    values_.insert(it, {std::string(key), value});
}

int Counters::add(std::string_view key, int delta) {
  int value = get(key) + delta;
  set(key, value);
  return value;
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
  std::sort(next.begin(), next.end());
  values_ = std::move(next);
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
