// libFuzzer target: the rooms of `tessera web` (WebRooms::handle), the fuzz build's games
// loaded. An input is a session of lines; each line's first byte picks one of three
// connections, the rest is the message it sends. The bot decisions a message makes due are
// run at once. Checked after every message: every message sent is one JSON object with a
// "type"; a connection is offered moves only at its own seat's decision; and no request fails
// with an exception that is not a Tessera error (code "error").
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "web_rooms.hpp"

using nlohmann::json;
using tessera::fuzz::fail;
using tessera::host::BotJob;
using tessera::host::Outgoing;

namespace {

const std::filesystem::path& state_dir() {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::temp_directory_path() / ("tessera_fuzz_web_" + std::to_string(::getpid()));
    std::atexit([] { std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                                 ("tessera_fuzz_web_" + std::to_string(::getpid()))); });
    return d;
  }();
  return dir;
}

void check(const std::vector<Outgoing>& out) {
  for (const Outgoing& o : out) {
    json m;
    try {
      m = json::parse(o.text);
    } catch (const json::exception& e) {
      fail(std::string("a message is not JSON (") + e.what() + "): " + o.text.substr(0, 200));
    }
    if (!m.is_object() || !m.contains("type") || !m["type"].is_string()) fail("a message has no type: " + o.text.substr(0, 200));
    if (m["type"] == "error" && m.value("code", "") == "error")
      fail("a request failed with an exception that is not a Tessera error: " + o.text.substr(0, 300));
    if (m["type"] == "update" && !m["legal"].empty() && (m["seat"] != m["to_move"] || m["replay"] == true))
      fail("a connection was offered moves that are not its seat's: " + o.text.substr(0, 300));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::filesystem::remove_all(state_dir());
  // Kept from one input to the next, as tessera web keeps them from one move to the next.
  static tessera::host::LoadedGames loaded(tessera::fuzz::registry(), 4, 1);
  tessera::host::WebRooms rooms(tessera::fuzz::registry(), state_dir(), tessera::host::WebLimits{3},
                                [](const std::string&) {});
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  for (int lines = 0; start < input.size() && lines < 48; ++lines) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    std::vector<BotJob> bots;
    check(rooms.handle(static_cast<unsigned char>(line[0]) % 3, line.substr(1), bots));
    for (int moves = 0; !bots.empty() && moves < 200; ++moves) {
      const BotJob job = bots.front();
      bots.erase(bots.begin());
      std::vector<BotJob> next;
      check(rooms.bot_moved(run_bot_job(tessera::fuzz::registry(), loaded, job), next));
      bots.insert(bots.end(), next.begin(), next.end());
    }
  }
  return 0;
}
