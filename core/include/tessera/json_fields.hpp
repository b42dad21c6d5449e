#pragma once
// Small checked readers for components' read_json: each throws DataError naming the
// field and the expected type, so a bad `set` or save file gets a clear message.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::json_fields {

const nlohmann::json& field(const nlohmann::json& object, std::string_view key);
int int_field(const nlohmann::json& object, std::string_view key);
bool bool_field(const nlohmann::json& object, std::string_view key);
std::string string_field(const nlohmann::json& object, std::string_view key);
std::vector<int> ints_field(const nlohmann::json& object, std::string_view key);
std::vector<std::string> strings_field(const nlohmann::json& object, std::string_view key);
// Element checks for nested arrays: `what` names the place in messages.
int as_int(const nlohmann::json& value, const std::string& what);
std::string as_string(const nlohmann::json& value, const std::string& what);
// The tokens of a JSON pointer, unescaped ("/a~1b/0" -> "a/b", "0"); none for a text that
// is not a JSON pointer.
std::vector<std::string> pointer_tokens(std::string_view pointer);

}  // namespace tessera::json_fields
