#pragma once
// The host's subcommands as plain functions over streams, so that tests can run them
// in-process. Each returns the process exit code (0 success, 1 failure, 2 usage).
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

struct GameChoice {
  std::string game;
  int players = 0;  // 0: the game's minimum player count (at least 2 when allowed)
  std::uint64_t seed = 1;
  std::vector<std::string> variants;
};

int run_list(const PluginRegistry& registry, std::ostream& out);
int run_info(const PluginRegistry& registry, const std::string& game, std::ostream& out);

struct PlayOptions {
  GameChoice choice;
  std::vector<std::string> seats;  // "human" or a bot kind per seat; default: all random
  std::string log_path;            // write the game log here when set
  bool quiet = false;              // bots-only: print only the result
  std::size_t max_actions = 1'000'000;
};
int run_play(const PluginRegistry& registry, const PlayOptions& options, std::istream& in, std::ostream& out);

struct SimulateOptions {
  GameChoice choice;
  int games = 100;
  int jobs = 1;
  bool json = false;
  bool progress = false;           // progress bar on stderr
  std::string log_dir;             // write each game's log here when set
  std::size_t max_actions = 1'000'000;
};
int run_simulate(const PluginRegistry& registry, const SimulateOptions& options, std::ostream& out,
                 std::ostream& err);

int run_replay(const PluginRegistry& registry, const std::string& log_path, std::ostream& out);
int run_validate(const PluginRegistry& registry, const std::string& game, std::ostream& out);
int run_playthrough(const PluginRegistry& registry, const GameChoice& choice, std::ostream& out);
// JSON lines on `in`, one response line per request on `out` (sdk/docs/protocol.md).
int run_serve(const PluginRegistry& registry, std::istream& in, std::ostream& out);

// Fills in the default player count; throws Error for an unknown game.
GameChoice resolve_choice(const PluginRegistry& registry, GameChoice choice);

}  // namespace tessera::host
