#pragma once
// ProtocolServer: the JSON-lines protocol of `tessera serve` (sdk/docs/protocol.md).
// One request line in, one response line out; a bad request changes nothing.
#include <chrono>
#include <memory>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "session.hpp"

namespace tessera::host {

class ProtocolServer {
 public:
  explicit ProtocolServer(const PluginRegistry& registry) : registry_(registry) {}

  // Handles one request line and returns the response line (without newline).
  // Every line gets a reply, whatever its bytes: a line longer than kMaxRequestBytes is
  // refused with "too_large" unparsed, one nested deeper than kMaxJsonDepth or holding more
  // than kMaxJsonValues values as the parse reaches the bound (json_limits.hpp).
  std::string handle_line(const std::string& line);
  // The response to a parsed request (what handle_line answers after parsing): every error
  // is a response with the protocol's code, never an exception.
  nlohmann::json respond(const nlohmann::json& request);
  // Parses a request within the protocol's bounds into `request`: null, or the error
  // response (parse_error, too_large) when the text is not one.
  static nlohmann::json parse_request(std::string_view text, nlohmann::json& request);
  // An error response: {"ok":false,"error":{code,message}}, the message cut as the protocol cuts it.
  static nlohmann::json error(const std::string& code, const std::string& message);
  // The running game, or null before `new` or `load`.
  const Session* running() const { return session_.get(); }
  // Runs `session` instead of the present game (a web room's undo and replays).
  void run(std::unique_ptr<Session> session) { session_ = std::move(session); }
  // The reply to a line too long to read (run_serve does not keep such a line).
  static std::string too_long_line_response();
  bool quit_requested() const { return quit_; }
  // The longest a `bot` request searches, whatever the spec asks.
  static constexpr std::chrono::milliseconds kBotTimeCap{10'000};

 private:
  nlohmann::json handle(const nlohmann::json& request);
  nlohmann::json cmd_games() const;
  nlohmann::json cmd_new(const nlohmann::json& request);
  nlohmann::json cmd_state() const;
  nlohmann::json cmd_view(const nlohmann::json& request) const;
  nlohmann::json cmd_legal(const nlohmann::json& request) const;
  std::optional<int> speaker(const nlohmann::json& request) const;
  nlohmann::json cmd_act(const nlohmann::json& request);
  nlohmann::json cmd_bot(const nlohmann::json& request) const;
  nlohmann::json cmd_load(const nlohmann::json& request);
  nlohmann::json cmd_set(const nlohmann::json& request);
  nlohmann::json cmd_patch(const nlohmann::json& request);
  nlohmann::json cmd_scenario(const nlohmann::json& request);
  nlohmann::json cmd_scenario_save() const;
  Session& session() const;  // throws a "no_game" error
  nlohmann::json status() const;

  const PluginRegistry& registry_;
  std::unique_ptr<Session> session_;
  bool quit_ = false;
};

}  // namespace tessera::host
