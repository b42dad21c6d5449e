#pragma once
// A scenario (sdk/docs/scenarios.md) as its JSON document — the form a log stores — and
// where each of its values was written: "file:line:col" for a YAML file, the member path for
// the scenario of a log. Every error about a scenario names that place.
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "session.hpp"
#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera::host {

class ScenarioSource {
 public:
  // A scenario file read by the project's YAML reader (its bounds and file:line:col errors).
  static ScenarioSource from_yaml(const YamlDocument& document);
  // The scenario a log carries; `name` prefixes its places ("log: scenario").
  static ScenarioSource from_json(nlohmann::json document, std::string name);

  const nlohmann::json& document() const { return document_; }
  // "<place>: message" for the value at `pointer` (a JSON pointer into document()), or the
  // nearest value holding it.
  DataError error(const std::string& pointer, const std::string& message) const;

  // game, players, seed and variants, read strictly (the other fields are checked too:
  // an unknown field, or turn and at together, is refused).
  SessionSetup setup() const;

 private:
  nlohmann::json document_;
  std::string name_;
  std::map<std::string, std::string> places_;  // JSON pointer -> "file:line:col"
};

// `key` as one reference token of a JSON pointer ('~' and '/' escaped).
std::string pointer_token(const std::string& key);

// The fields a scenario file may hold, in the order `scenario save` writes them.
const std::vector<std::string>& scenario_fields();

// The seat `value` names in `game`: its name (as player_name gives it, any case) or its
// number; -1 for a name of no seat.
int seat_named(const class Game& game, const nlohmann::json& value);

}  // namespace tessera::host
