#pragma once
// YAML writing, the inverse of to_json (yaml_reader.hpp): a JSON value as a YAML document
// that reads back to the same value. Maps and lists of maps in block style; lists of plain
// values in flow style ([3, 5]); a string quoted only when YAML would read it otherwise
// (a number, true, null, a leading '-', ...). yaml-cpp emits, so the quoting is its own.
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace tessera {

std::string to_yaml(const nlohmann::json& value);

}  // namespace tessera
