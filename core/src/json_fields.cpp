#include "tessera/json_fields.hpp"

#include <cstdint>

#include "tessera/error.hpp"

namespace tessera::json_fields {

using nlohmann::json;

const json& field(const json& object, std::string_view key) {
  if (!object.is_object()) throw DataError("expected an object");
  auto it = object.find(std::string(key));
  if (it == object.end()) throw DataError("missing field '" + std::string(key) + "'");
  return *it;
}

int as_int(const json& value, const std::string& what) {
  if (!value.is_number_integer()) throw DataError("'" + what + "' must be an integer");
  // An unsigned beyond int64 or a value beyond int would wrap into a different, legal-looking number.
  if (value.is_number_unsigned() ? value.get<std::uint64_t>() > static_cast<std::uint64_t>(INT32_MAX)
                                 : value.get<std::int64_t>() < INT32_MIN || value.get<std::int64_t>() > INT32_MAX)
    throw DataError("'" + what + "' must fit in 32 bits, not " + value.dump());
  return value.get<int>();
}

std::string as_string(const json& value, const std::string& what) {
  if (!value.is_string()) throw DataError("'" + what + "' must be a string");
  return value.get<std::string>();
}

int int_field(const json& object, std::string_view key) { return as_int(field(object, key), std::string(key)); }

bool bool_field(const json& object, std::string_view key) {
  const json& v = field(object, key);
  if (!v.is_boolean()) throw DataError("'" + std::string(key) + "' must be true or false");
  return v.get<bool>();
}

std::string string_field(const json& object, std::string_view key) {
  return as_string(field(object, key), std::string(key));
}

std::vector<int> ints_field(const json& object, std::string_view key) {
  const json& v = field(object, key);
  if (!v.is_array()) throw DataError("'" + std::string(key) + "' must be an array of integers");
  std::vector<int> out;
  out.reserve(v.size());
  for (const auto& e : v) out.push_back(as_int(e, std::string(key) + "[]"));
  return out;
}

std::vector<std::string> strings_field(const json& object, std::string_view key) {
  const json& v = field(object, key);
  if (!v.is_array()) throw DataError("'" + std::string(key) + "' must be an array of strings");
  std::vector<std::string> out;
  out.reserve(v.size());
  for (const auto& e : v) out.push_back(as_string(e, std::string(key) + "[]"));
  return out;
}

std::vector<std::string> pointer_tokens(std::string_view pointer) {
  nlohmann::json::json_pointer at;
  try {
    at = nlohmann::json::json_pointer(std::string(pointer));
  } catch (const nlohmann::json::exception&) {
    return {};
  }
  std::vector<std::string> tokens;
  for (; !at.empty(); at = at.parent_pointer()) tokens.insert(tokens.begin(), at.back());
  return tokens;
}

}  // namespace tessera::json_fields
