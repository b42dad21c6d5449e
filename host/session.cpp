#include "session.hpp"

#include <cstdio>

#include "tessera/error.hpp"

namespace tessera::host {

using nlohmann::json;

Session::Session(const PluginRegistry& registry, SessionSetup setup) : setup_(std::move(setup)) {
  GameConfig config = registry.config(setup_.game, setup_.players, setup_.seed, setup_.variants);
  game_ = registry.new_game(setup_.game, config);
  if (setup_.seats.empty()) setup_.seats.assign(static_cast<std::size_t>(setup_.players), "random");
}

ApplyResult Session::act(const std::string& action_text) {
  ApplyResult result = game_->apply(action_text);
  if (result.ok) steps_.push_back(json{{"action", action_text}});
  return result;
}

void Session::set(const std::string& pointer, const json& value) {
  json state = game_->table().to_json();
  json::json_pointer ptr;
  try {
    ptr = json::json_pointer(pointer);
  } catch (const json::exception& e) {
    throw DataError("set: bad JSON pointer '" + pointer + "': " + e.what());
  }
  if (pointer.empty() || pointer == "/") throw DataError("set: the pointer must name a value inside the state");
  if (!state.contains(ptr.parent_pointer()))
    throw DataError("set: '" + pointer + "' is not inside the state");
  if (!state.contains(ptr) && !state.at(ptr.parent_pointer()).is_object())
    throw DataError("set: '" + pointer + "' is not inside the state");
  state[ptr] = value;
  game_->set_state(state);
  steps_.push_back(json{{"set", pointer}, {"value", value}});
}

json Session::log() const {
  return json{{"tessera_log", 1},
              {"game", setup_.game},
              {"players", setup_.players},
              {"seed", setup_.seed},
              {"variants", setup_.variants},
              {"seats", setup_.seats},
              {"steps", steps_},
              {"checksum", state_checksum(*game_)}};
}

namespace {
template <typename T>
T log_field(const json& log, const char* key) {
  if (!log.contains(key)) throw DataError(std::string("log: missing '") + key + "'");
  try {
    return log.at(key).get<T>();
  } catch (const json::exception&) {
    throw DataError(std::string("log: '") + key + "' has the wrong type");
  }
}
}  // namespace

std::unique_ptr<Session> Session::from_log(const PluginRegistry& registry, const json& log) {
  if (!log.is_object()) throw DataError("log: expected a JSON object");
  if (log.value("tessera_log", 0) != 1) throw DataError("log: not a Tessera log (expected \"tessera_log\": 1)");
  SessionSetup setup;
  setup.game = log_field<std::string>(log, "game");
  setup.players = log_field<int>(log, "players");
  setup.seed = log_field<std::uint64_t>(log, "seed");
  if (log.contains("variants")) setup.variants = log_field<std::vector<std::string>>(log, "variants");
  if (log.contains("seats")) setup.seats = log_field<std::vector<std::string>>(log, "seats");
  auto session = std::make_unique<Session>(registry, setup);
  const json steps = log.contains("steps") ? log.at("steps") : json::array();
  if (!steps.is_array()) throw DataError("log: 'steps' must be an array");
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const json& step = steps[i];
    const std::string where = "log: step " + std::to_string(i + 1) + ": ";
    if (step.is_object() && step.contains("action") && step["action"].is_string()) {
      ApplyResult r = session->act(step["action"].get<std::string>());
      if (!r.ok) throw DataError(where + r.error);
    } else if (step.is_object() && step.contains("set") && step["set"].is_string() && step.contains("value")) {
      try {
        session->set(step["set"].get<std::string>(), step["value"]);
      } catch (const Error& e) {
        throw DataError(where + e.what());
      }
    } else {
      throw DataError(where + "expected {\"action\": text} or {\"set\": pointer, \"value\": v}");
    }
  }
  if (log.contains("checksum") && log["checksum"].is_string() &&
      log["checksum"].get<std::string>() != state_checksum(session->game()))
    throw DataError("log: the replayed game ends in a different state (checksum " +
                    state_checksum(session->game()) + ", log says " + log["checksum"].get<std::string>() + ")");
  return session;
}

std::string state_checksum(const Game& game) {
  const std::string text = game.table().to_json().dump();
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

}  // namespace tessera::host
