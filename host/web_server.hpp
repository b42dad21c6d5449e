#pragma once
// WebServer: `tessera web`, HTTP and WebSocket on Boost.Beast (sdk/docs/web.md). It serves
// the page's files from the web root and speaks the rooms' JSON messages on /ws. Every
// socket is served by one thread, so the rooms need no locks; bot searches run on a pool of
// their own and post their moves back, so a search never holds up another game.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>

#include "tessera/plugin_registry.hpp"
#include "web_compare.hpp"
#include "web_rooms.hpp"

namespace tessera::host {

struct WebOptions {
  std::string bind = "127.0.0.1";
  unsigned short port = 8080;  // 0: any free port (port() tells which)
  std::filesystem::path web_root;
  std::filesystem::path state_dir;
  WebLimits limits;
  std::size_t connections_max = 256;
  std::chrono::seconds compare_time = kWebCompareTime;  // the most one comparison may run
};

// The bounds of what one connection may send (sdk/docs/web.md, "Limits").
inline constexpr std::size_t kMaxWebMessageBytes = std::size_t{1} << 20;  // a saved log for open_log fits
inline constexpr double kMessagesPerSecond = 20;                           // sustained, per connection
inline constexpr double kMessageBurst = 40;
inline constexpr int kRefusalsBeforeClose = 40;  // messages over the rate before the socket is closed

class WebServer {
 public:
  // Listens at once (throws Error naming the address when it cannot) and restores the rooms
  // of the state folder, writing a line to `log` for each that does not load.
  WebServer(const PluginRegistry& registry, WebOptions options, std::ostream& log);
  ~WebServer();
  unsigned short port() const;
  // Serves until stop() (or SIGINT/SIGTERM when `signals` is true).
  void run(bool signals);
  // Thread-safe.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// `tessera web`: fills in the default web root and state folder, listens, says where on
// `out` ("tessera web: http://127.0.0.1:8080/"), and serves until SIGINT or SIGTERM.
int run_web(const PluginRegistry& registry, WebOptions options, std::ostream& out, std::ostream& log);

}  // namespace tessera::host
