#include "protocol_server.hpp"

#include <istream>
#include <map>
#include <ostream>

#include "bots.hpp"
#include "commands.hpp"
#include "host_environment.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "legal_json.hpp"
#include "scenario_save.hpp"
#include "scenario_source.hpp"
#include "state_patch.hpp"
#include "strict_fields.hpp"
#include "tessera/error.hpp"
#include "tessera/move_spelling.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

// An error the client caused; `code` is stable, `message` is for people, `details` are
// further members of the error object (a patch's failing "op").
struct ProtocolError {
  std::string code;
  std::string message;
  json details = json::object();
};

json error_response(const std::string& code, const std::string& message, const json& details = json::object()) {
  json error{{"code", code}, {"message", short_message(message)}};
  error.update(details);
  return json{{"ok", false}, {"error", error}};
}

// A field of the request, read strictly: a missing or mistyped value is a bad_request.
template <typename T>
T param(const json& request, const char* key, const char* type) {
  auto it = request.find(key);
  if (it == request.end()) throw ProtocolError{"bad_request", std::string("missing \"") + key + "\" (" + type + ")"};
  try {
    return read_as<T>(*it, key);
  } catch (const DataError&) {
    throw ProtocolError{"bad_request", std::string("\"") + key + "\" must be " + type};
  }
}

template <typename T>
T param_or(const json& request, const char* key, const char* type, T fallback) {
  return request.contains(key) ? param<T>(request, key, type) : fallback;
}

// The fields each command takes: a misspelt field is refused, not ignored.
void allow_only_request_fields(const json& request, const std::string& cmd) {
  static const std::map<std::string, std::vector<std::string>, std::less<>> extra{
      {"games", {}}, {"new", {"game", "players", "seed", "variants", "seats"}},
      {"state", {}}, {"view", {"seat"}},
      {"legal", {"as"}}, {"act", {"action", "as"}},
      {"bot", {"spec"}},
      {"save", {}},  {"load", {"log"}},
      {"set", {"pointer", "value"}}, {"patch", {"ops"}}, {"quit", {}},
      {"scenario", {"scenario", "seats"}}, {"scenario_save", {}}};
  auto it = extra.find(cmd);
  if (it == extra.end()) return;  // an unknown command is reported as such
  std::vector<std::string> known{"cmd", "id"};
  known.insert(known.end(), it->second.begin(), it->second.end());
  try {
    allow_only_fields(request, known, "a '" + cmd + "' request");
  } catch (const DataError& e) {
    throw ProtocolError{"bad_request", e.what()};
  }
}

json events_json(const std::vector<Event>& events) {
  json out = json::array();
  for (const auto& e : events) out.push_back(json{{"text", e.text}, {"audience", e.audience}});
  return out;
}

json outcome_json(const Outcome& o) {
  return json{{"scores", o.scores}, {"winners", o.winners}, {"breakdown", o.breakdown}};
}

}  // namespace

std::string ProtocolServer::handle_line(const std::string& line) {
  if (line.size() > kMaxRequestBytes) return too_long_line_response();
  json request;
  if (json refused = parse_request(line, request); !refused.is_null()) return json_text(refused);
  return json_text(respond(request));
}

json ProtocolServer::parse_request(std::string_view text, json& request) {
  try {
    request = parse_bounded_json(text);
    return nullptr;
  } catch (const InputTooLarge& e) {
    return error_response("too_large", std::string("request refused: ") + e.what());
  } catch (const MalformedJson& e) {
    return error_response("parse_error", std::string("not valid JSON: ") + e.what());
  } catch (const json::exception& e) {
    return error_response("parse_error", "not valid JSON: " + library_message(e));
  }
}

json ProtocolServer::error(const std::string& code, const std::string& message) {
  return error_response(code, message);
}

json ProtocolServer::respond(const json& request) {
  json response;
  try {
    if (!request.is_object()) throw ProtocolError{"bad_request", "a request is a JSON object with \"cmd\""};
    response = handle(request);
    response["ok"] = true;
  } catch (const ProtocolError& e) {
    response = error_response(e.code, e.message, e.details);
  } catch (const InputTooLarge& e) {
    response = error_response("too_large", e.what());  // a step the log has no room for
  } catch (const PluginError& e) {
    response = error_response("plugin_error", e.what());
  } catch (const ScriptError& e) {
    response = error_response("script_error", e.what());
  } catch (const DataError& e) {
    response = error_response("bad_data", e.what());
  } catch (const json::exception& e) {
    // The JSON library's own errors are named in the protocol's words, never its tags.
    response = error_response("bad_request", library_message(e));
  } catch (const std::exception& e) {
    response = error_response("error", e.what());
  } catch (...) {
    // A plugin may throw anything; the server answers and keeps running.
    response = error_response("error", "the game failed with an exception that is not a std::exception");
  }
  if (request.is_object() && request.contains("id")) response["id"] = request["id"];
  return response;
}

std::string ProtocolServer::too_long_line_response() {
  return json_text(error_response("too_large", "request refused: a line holds at most " +
                                                   std::to_string(kMaxRequestBytes) + " bytes"));
}

json ProtocolServer::handle(const json& request) {
  const std::string cmd = param<std::string>(request, "cmd", "a string");
  allow_only_request_fields(request, cmd);
  if (cmd == "games") return cmd_games();
  if (cmd == "new") return cmd_new(request);
  if (cmd == "state") return cmd_state();
  if (cmd == "view") return cmd_view(request);
  if (cmd == "legal") return cmd_legal(request);
  if (cmd == "act") return cmd_act(request);
  if (cmd == "bot") return cmd_bot(request);
  if (cmd == "save") return json{{"log", session().log()}};
  if (cmd == "load") return cmd_load(request);
  if (cmd == "set") return cmd_set(request);
  if (cmd == "patch") return cmd_patch(request);
  if (cmd == "scenario") return cmd_scenario(request);
  if (cmd == "scenario_save") return cmd_scenario_save();
  if (cmd == "quit") {
    quit_ = true;
    return json::object();
  }
  throw ProtocolError{"unknown_command", "unknown cmd '" + cmd +
                                             "'; known: games, new, state, view, legal, act, bot, save, load, set, patch, scenario, "
                                             "scenario_save, quit"};
}

Session& ProtocolServer::session() const {
  if (!session_) throw ProtocolError{"no_game", "no game is running; send {\"cmd\":\"new\",...} or load first"};
  return *session_;
}

json ProtocolServer::status() const {
  const Game& game = session().game();
  const Decision d = game.decision();
  json out{{"over", game.is_over()}, {"seat", d.seat}, {"prompt", d.prompt}};
  if (game.is_over()) out["outcome"] = outcome_json(game.outcome());
  return out;
}

json ProtocolServer::cmd_games() const {
  json games = json::array();
  for (const PluginEntry* entry : registry_.games()) {
    json variants = json::array();
    for (const auto& v : list_variants(registry_, entry->manifest.id)) variants.push_back(json{{"name", v.name}, {"description", v.description}});
    const Manifest& m = entry->manifest;
    games.push_back(json{{"id", m.id},
                         {"title", m.title},
                         {"version", m.version},
                         {"min_players", m.min_players},
                         {"max_players", m.max_players},
                         {"variants", variants}});
  }
  return json{{"games", games}};
}

json ProtocolServer::cmd_new(const json& request) {
  GameChoice choice;
  choice.game = param<std::string>(request, "game", "a game id");
  choice.players = param_or<int>(request, "players", "an integer", 0);
  choice.seed = param_or<std::uint64_t>(request, "seed", "an integer from 0 to 18446744073709551615", 1);
  choice.variants = param_or<std::vector<std::string>>(request, "variants", "an array of names", {});
  try {
    choice = resolve_choice(registry_, choice);
  } catch (const PluginError& e) {
    throw ProtocolError{"unknown_game", e.what()};
  }
  auto seats = param_or<std::vector<std::string>>(request, "seats", "an array of strings", {});
  SessionSetup setup{choice.game, choice.players, choice.seed, choice.variants, seats};
  std::unique_ptr<Session> next;
  try {
    next = std::make_unique<Session>(registry_, setup);
  } catch (const PluginError& e) {
    throw ProtocolError{"unknown_game", e.what()};
  } catch (const DataError&) {
    throw;  // broken data or scripts: reported as such by handle_line
  } catch (const ScriptError&) {
    throw;
  } catch (const Error& e) {
    throw ProtocolError{"bad_request", e.what()};  // player count, variant names
  }
  session_ = std::move(next);
  json out = status();
  out["game"] = choice.game;
  out["players"] = choice.players;
  out["seed"] = choice.seed;
  return out;
}

json ProtocolServer::cmd_state() const {
  json out = status();
  out["state"] = session().game().table().to_json();
  return out;
}

json ProtocolServer::cmd_view(const json& request) const {
  const int seat = param<int>(request, "seat", "a seat number (-1 for a spectator)");
  const Game& game = session().game();
  if (seat < -1 || seat >= game.table().players())
    throw ProtocolError{"bad_request", "seat " + std::to_string(seat) + " is not a seat of this game"};
  json out = status();
  out["view"] = game.table().view(seat);
  out["text"] = game.render(seat);
  return out;
}

// The seat a request speaks for ("as"), or nullopt when it does not say.
std::optional<int> ProtocolServer::speaker(const json& request) const {
  if (!request.contains("as")) return std::nullopt;
  const int seat = param<int>(request, "as", "a seat number");
  if (seat < 0 || seat >= session().game().table().players())
    throw ProtocolError{"bad_request", "\"as\": seat " + std::to_string(seat) + " is not a seat of this game"};
  return seat;
}

json ProtocolServer::cmd_legal(const json& request) const {
  const std::optional<int> as = speaker(request);
  const Game& game = session().game();
  json out = status();
  out["actions"] = as && *as != game.seat_to_move() ? json::array() : legal_json(game);
  return out;
}

json ProtocolServer::cmd_act(const json& request) {
  const std::string text = param<std::string>(request, "action", "an action text");
  if (const std::optional<int> as = speaker(request); as && *as != session().game().seat_to_move()) {
    const Game& game = session().game();
    throw ProtocolError{"not_your_turn", game.is_over() ? std::string("the game is over")
                                                        : "it is " + game.player_name(game.seat_to_move()) +
                                                              "'s decision, not " + game.player_name(*as) + "'s"};
  }
  ApplyResult r = session().act(text);
  // A text that reads as no move's one text is the client's typo, not the rules' refusal.
  if (!r.ok) {
    const Game& game = session().game();
    throw ProtocolError{game.is_over() || is_move_text(game, text) ? "illegal_action" : "bad_move_text", r.error};
  }
  json out = status();
  out["events"] = events_json(r.events);
  return out;
}

json ProtocolServer::cmd_bot(const json& request) const {
  const Session& s = session();
  const Game& game = s.game();
  if (game.is_over()) throw ProtocolError{"illegal_action", "the game is over"};
  const int seat = game.seat_to_move();
  std::string spec = param_or<std::string>(request, "spec", "a bot spec such as \"ismcts:iterations=500\"", "");
  if (spec.empty()) {
    const auto& seats = s.setup().seats;
    if (seats.empty() || seats[static_cast<std::size_t>(seat)] == "human")
      throw ProtocolError{"bad_request", "seat " + std::to_string(seat) + " is not a bot seat; give \"spec\""};
    spec = seats[static_cast<std::size_t>(seat)];
  }
  std::unique_ptr<Bot> bot;
  try {
    // Seeded by the game seed and the steps so far: the same session asks, the same answer.
    bot = make_bot(spec, s.setup().seed + 0x9e3779b97f4a7c15ULL * (s.steps() + 1), seat,
                   game_maker(registry_, s.setup().game, s.setup().players, s.setup().variants));
  } catch (const Error& e) {
    throw ProtocolError{"bad_request", e.what()};
  }
  // A client's spec may ask for more: the host answers within kBotTimeCap.
  bot->cap_time(kBotTimeCap);
  std::vector<Move> moves;
  game.legal_moves(moves);
  const Move move = moves[bot->choose(game, moves)];
  json out = status();
  out["action"] = game.move_text(move);
  out["label"] = game.move_label(move);
  return out;
}

json ProtocolServer::cmd_load(const json& request) {
  if (!request.contains("log")) throw ProtocolError{"bad_request", "missing \"log\" (a log object from save)"};
  auto next = Session::from_log(registry_, request["log"]);
  session_ = std::move(next);
  json out = status();
  out["steps"] = session_->steps();
  return out;
}

json ProtocolServer::cmd_set(const json& request) {
  const std::string pointer = param<std::string>(request, "pointer", "a JSON pointer such as /global/score/positions/0");
  if (!request.contains("value")) throw ProtocolError{"bad_request", "missing \"value\""};
  try {
    session().set(pointer, request["value"]);
  } catch (const InputTooLarge&) {
    throw;
  } catch (const DataError& e) {
    throw ProtocolError{"bad_set", e.what()};
  }
  return status();
}

json ProtocolServer::cmd_patch(const json& request) {
  Session& s = session();
  const auto ops = request.find("ops");
  if (ops == request.end() || !ops->is_array())
    throw ProtocolError{"bad_request", "\"ops\" must be an array of JSON Patch ops such as "
                                       "{\"op\":\"replace\",\"path\":\"/global/flow/values/round\",\"value\":3}"};
  try {
    s.patch(*ops);
  } catch (const PatchError& e) {
    throw ProtocolError{"bad_patch", e.what(),
                        json{{"op", e.op() == PatchError::kWholePatch ? json(nullptr) : json(e.op())}}};
  }
  json out = status();
  out["applied"] = ops->size();
  return out;
}

json ProtocolServer::cmd_scenario(const json& request) {
  const auto it = request.find("scenario");
  if (it == request.end() || !(it->is_object() || it->is_string()))
    throw ProtocolError{"bad_request", "\"scenario\" must be a scenario: its YAML text, or its JSON form as an object"};
  auto seats = param_or<std::vector<std::string>>(request, "seats", "an array of strings", {});
  std::unique_ptr<Session> next;
  try {
    const ScenarioSource source = it->is_string()
                                      ? ScenarioSource::from_yaml(parse_yaml(it->get<std::string>(), "scenario"))
                                      : ScenarioSource::from_json(*it, "scenario");
    next = Session::from_scenario(registry_, source, seats);
  } catch (const PluginError& e) {
    throw ProtocolError{"unknown_game", e.what()};
  } catch (const ScriptError&) {
    throw;
  } catch (const Error& e) {
    throw ProtocolError{"bad_scenario", e.what()};
  }
  session_ = std::move(next);
  json out = status();
  out["game"] = session_->setup().game;
  out["players"] = session_->setup().players;
  return out;
}

json ProtocolServer::cmd_scenario_save() const {
  const json document = scenario_of(registry_, session());
  return json{{"scenario", document}, {"yaml", scenario_yaml(document)}};
}

int run_serve(const PluginRegistry& registry, std::istream& in, std::ostream& out) {
  ProtocolServer server(registry);
  std::string line;
  while (!server.quit_requested()) {
    const LineRead read = read_bounded_line(in, line, kMaxRequestBytes);
    if (read == LineRead::End) break;
    if (read == LineRead::TooLong) {
      out << ProtocolServer::too_long_line_response() << "\n" << std::flush;
      continue;
    }
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    out << server.handle_line(line) << "\n" << std::flush;
  }
  return 0;
}

}  // namespace tessera::host
