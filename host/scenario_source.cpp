#include "scenario_source.hpp"

#include <algorithm>
#include <cctype>

#include "strict_fields.hpp"
#include "tessera/game.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

void collect_places(const YamlNode& node, const std::string& pointer, std::map<std::string, std::string>& places) {
  places[pointer] = node.mark();
  if (node.is_map())
    for (const auto& [key, value] : node.as_map()) collect_places(value, pointer + "/" + pointer_token(key), places);
  else if (node.is_list())
    for (std::size_t i = 0; i < node.size(); ++i)
      collect_places(node.at(i), pointer + "/" + std::to_string(i), places);
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

std::string pointer_token(const std::string& key) {
  std::string out;
  for (char c : key) out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

const std::vector<std::string>& scenario_fields() {
  static const std::vector<std::string> fields{"title",      "game",       "players", "seed",   "variants",
                                               "turn",       "at",         "next_rolls", "next_cards", "rng_state",
                                               "global",     "seats",      "expect"};
  return fields;
}

ScenarioSource ScenarioSource::from_yaml(const YamlDocument& document) {
  ScenarioSource source;
  source.name_ = document.file;
  if (!document.root.is_map()) throw DataError(document.file + ": a scenario is a YAML map with 'game' and 'players'");
  source.document_ = to_json(document.root);
  collect_places(document.root, "", source.places_);
  return source;
}

ScenarioSource ScenarioSource::from_json(json document, std::string name) {
  ScenarioSource source;
  source.name_ = std::move(name);
  if (!document.is_object()) throw DataError(source.name_ + ": a scenario is an object with 'game' and 'players'");
  source.document_ = std::move(document);
  return source;
}

DataError ScenarioSource::error(const std::string& pointer, const std::string& message) const {
  for (std::string at = pointer;; at = at.substr(0, at.rfind('/'))) {
    if (const auto it = places_.find(at); it != places_.end()) return DataError(it->second + ": " + message);
    if (at.empty()) break;
  }
  return DataError(name_ + (pointer.empty() ? "" : " " + pointer) + ": " + message);
}

SessionSetup ScenarioSource::setup() const {
  for (const auto& [key, value] : document_.items())
    if (std::find(scenario_fields().begin(), scenario_fields().end(), key) == scenario_fields().end()) {
      std::string known;
      for (const std::string& f : scenario_fields()) known += (known.empty() ? "" : ", ") + f;
      throw error("/" + pointer_token(key), "unknown field '" + key + "' (a scenario holds " + known + ")");
    }
  if (document_.contains("turn") && document_.contains("at"))
    throw error("/at", "give 'turn' (a seat's step) or 'at' (a step), not both");
  auto field = [&](const char* key, auto fallback, const std::string& what) {
    using T = decltype(fallback);
    if (!document_.contains(key)) {
      if (std::string(key) == "game" || std::string(key) == "players")
        throw error("", std::string("missing '") + key + "' (" + what + ")");
      return fallback;
    }
    try {
      return read_as<T>(document_.at(key), key);
    } catch (const DataError&) {
      throw error(std::string("/") + key, std::string("'") + key + "' must be " + what);
    }
  };
  SessionSetup setup;
  setup.game = field("game", std::string(), "a game id such as catan_inca");
  setup.players = field("players", 0, "a number of players");
  setup.seed = field("seed", std::uint64_t{1}, "an integer from 0 to 18446744073709551615");
  setup.variants = field("variants", std::vector<std::string>{}, "a list of variant names");
  return setup;
}

int seat_named(const Game& game, const json& value) {
  const int players = game.table().players();
  if (value.is_number_integer()) {
    const auto seat = value.get<std::int64_t>();
    return seat >= 0 && seat < players ? static_cast<int>(seat) : -1;
  }
  if (!value.is_string()) return -1;
  for (int seat = 0; seat < players; ++seat)
    if (lower(game.player_name(seat)) == lower(value.get<std::string>())) return seat;
  return -1;
}

}  // namespace tessera::host
