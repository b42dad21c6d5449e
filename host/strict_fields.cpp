#include "strict_fields.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/json_fields.hpp"

namespace tessera::host {

using nlohmann::json;

template <>
int read_as<int>(const json& value, const std::string& what) {
  return json_fields::as_int(value, what);
}

template <>
std::uint64_t read_as<std::uint64_t>(const json& value, const std::string& what) {
  // nlohmann reads a JSON integer of 0 or more as unsigned, a negative one as signed; a value
  // built in C++ from a signed integer is signed whatever its sign.
  const bool fits = value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0);
  if (!fits) throw DataError("'" + what + "' must be an integer from 0 to 18446744073709551615");
  return value.get<std::uint64_t>();
}

template <>
std::string read_as<std::string>(const json& value, const std::string& what) {
  return json_fields::as_string(value, what);
}

template <>
std::vector<std::string> read_as<std::vector<std::string>>(const json& value, const std::string& what) {
  if (!value.is_array()) throw DataError("'" + what + "' must be an array of strings");
  std::vector<std::string> out;
  out.reserve(value.size());
  for (const json& item : value) out.push_back(json_fields::as_string(item, what + "[]"));
  return out;
}

void allow_only_fields(const json& object, const std::vector<std::string>& known, const std::string& what) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    throw DataError("unknown field '" + key + "' in " + what + " (known: " + list + ")");
  }
}

}  // namespace tessera::host
