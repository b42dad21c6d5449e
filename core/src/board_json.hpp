#pragma once
// Private helpers for the board components' read_json (track, square_grid, hex_map,
// graph_board): checked readers for nested objects whose messages carry the full path of
// the field ("triggers[2].space"), which json_fields' top-level readers cannot know.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "tessera/error.hpp"

namespace tessera::board_json {

// "path.key", or just "key" when path is empty.
inline std::string join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

// "path[index]".
inline std::string item(std::string_view path, std::size_t index) {
  return std::string(path) + "[" + std::to_string(index) + "]";
}

inline const nlohmann::json& member(const nlohmann::json& object, const std::string& path, std::string_view key) {
  if (!object.is_object())
    throw DataError("'" + (path.empty() ? std::string("state") : path) + "' must be an object");
  auto it = object.find(std::string(key));
  if (it == object.end()) throw DataError("missing field '" + join(path, key) + "'");
  return *it;
}

inline int int_member(const nlohmann::json& object, const std::string& path, std::string_view key) {
  const nlohmann::json& value = member(object, path, key);
  if (!value.is_number_integer()) throw DataError("'" + join(path, key) + "' must be an integer");
  return value.get<int>();
}

inline std::string string_member(const nlohmann::json& object, const std::string& path, std::string_view key) {
  const nlohmann::json& value = member(object, path, key);
  if (!value.is_string()) throw DataError("'" + join(path, key) + "' must be a string");
  return value.get<std::string>();
}

inline const nlohmann::json& array_member(const nlohmann::json& object, const std::string& path,
                                          std::string_view key) {
  const nlohmann::json& value = member(object, path, key);
  if (!value.is_array()) throw DataError("'" + join(path, key) + "' must be an array");
  return value;
}

// An owner seat in a state: a seat number or kNobody (-1).
inline int owner_member(const nlohmann::json& object, const std::string& path, std::string_view key) {
  int owner = int_member(object, path, key);
  if (owner < -1) throw DataError("'" + join(path, key) + "' must be a seat or -1, not " + std::to_string(owner));
  return owner;
}

}  // namespace tessera::board_json
