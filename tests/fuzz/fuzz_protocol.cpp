// libFuzzer target: the `tessera serve` line handler (ProtocolServer::handle_line) with the
// fuzz build's games loaded. An input is a session: one request per line, sent in order to
// one server. Checked after every line: the reply is one JSON object with "ok"; a refused
// request changes nothing (the state before and after is compared); no request fails with
// an exception that is not a Tessera error (reply code "error").
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "protocol_server.hpp"

using nlohmann::json;
using tessera::fuzz::fail;

namespace {

// The reply to `line`, checked to be one JSON object with a boolean "ok".
json reply(tessera::host::ProtocolServer& server, const std::string& line) {
  const std::string text = server.handle_line(line);
  if (text.find('\n') != std::string::npos) fail("a reply spans more than one line: " + text.substr(0, 200));
  json r;
  try {
    r = json::parse(text);
  } catch (const json::exception& e) {
    fail(std::string("a reply is not JSON (") + e.what() + "): " + text.substr(0, 200));
  }
  if (!r.is_object() || !r.contains("ok") || !r["ok"].is_boolean()) fail("a reply has no \"ok\": " + text.substr(0, 200));
  return r;
}

// The full state and status of the running game, or null when there is none.
json snapshot(tessera::host::ProtocolServer& server) {
  const json r = reply(server, R"({"cmd":"state"})");
  if (!r["ok"].get<bool>()) return nullptr;
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  tessera::host::ProtocolServer server(tessera::fuzz::registry());
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  for (int lines = 0; start <= input.size() && lines < 64; ++lines) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string line(input.substr(start, end - start));
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // as run_serve skips them
    const json before = snapshot(server);
    const json r = reply(server, line);
    if (server.quit_requested()) break;
    if (r["ok"].get<bool>()) continue;
    const std::string code = r["error"].value("code", "");
    if (code.empty() || !r["error"].contains("message")) fail("a refusal without a code and message: " + r.dump());
    if (code == "error") fail("a request failed with an exception that is not a Tessera error: " + r.dump());
    if (snapshot(server) != before) fail("a refused request changed the game: " + line.substr(0, 200) + " -> " + r.dump());
  }
  return 0;
}
