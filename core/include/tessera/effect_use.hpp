#pragma once
// One use of a Lua effect in a game's data: the effect's name and the params the data gives
// it, with the YAML values they were read from. ScriptRuntime::prepare checks a use against
// the params the effect declares (sdk/docs/lua-api.md, "Declared params") and names the
// YAML value at fault, compiler style:
//   data/tutorial/cards.yaml:10:13: effect 'gain_spice' (scripts/tutorial/effects.lua:10) reads no param 'gems' ...
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <utility>

#include "tessera/yaml_reader.hpp"

namespace tessera {

struct EffectUse {
  EffectUse() = default;
  explicit EffectUse(std::string name_, nlohmann::json params_ = nlohmann::json::object(), YamlNode at_ = {},
                     YamlNode params_at_ = {})
      : name(std::move(name_)), params(std::move(params_)), at(std::move(at_)), params_at(std::move(params_at_)) {}

  std::string name;                                  // the effect
  nlohmann::json params = nlohmann::json::object();  // what the data gives it
  YamlNode at;         // the value naming the effect; a null node for a use the plugin makes
  YamlNode params_at;  // the params as written (to_json gave `params`); null when not written
};

// The use written as `<effect_key>: name` and, optionally, `<params_key>: {...}` in `map`.
// Throws DataError when `effect_key` is missing or not a string.
EffectUse read_effect_use(const YamlNode& map, std::string_view effect_key = "effect",
                          std::string_view params_key = "params");

}  // namespace tessera
