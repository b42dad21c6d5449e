#pragma once
// Strict readers of the fields of protocol requests and game logs: a value of the wrong
// JSON type is refused, never converted (2.7 is not a player count, -1 is not a seed).
// Each throws DataError "'<what>' must be <type>".
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::host {

template <typename T>
T read_as(const nlohmann::json& value, const std::string& what);
// An integer JSON number that fits an int.
template <>
int read_as<int>(const nlohmann::json& value, const std::string& what);
// A non-negative integer JSON number (up to 2^64 - 1).
template <>
std::uint64_t read_as<std::uint64_t>(const nlohmann::json& value, const std::string& what);
template <>
std::string read_as<std::string>(const nlohmann::json& value, const std::string& what);
// An array of strings.
template <>
std::vector<std::string> read_as<std::vector<std::string>>(const nlohmann::json& value, const std::string& what);

// Throws DataError "unknown field 'x' in <what> (known: a, b)" for the first key of
// `object` that is not in `known`.
void allow_only_fields(const nlohmann::json& object, const std::vector<std::string>& known, const std::string& what);

}  // namespace tessera::host
