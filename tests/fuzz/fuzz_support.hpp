#pragma once
// What the libFuzzer targets share (tests/fuzz/README.md): the game registry of the fuzz
// build, a scratch copy of a game's data and scripts to write fuzzed variants into, and the
// checks every target makes. A check that fails aborts, which libFuzzer reports as a crash
// and saves the input that caused it.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/game.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::fuzz {

// The fuzz build's game plugins with the source tree's data; scanned once per process.
const PluginRegistry& registry();

// The games the targets play: the tutorial and real games whose plugins the fuzz build makes.
const std::vector<std::string>& fuzzed_games();

// A copy of game `id`'s data and scripts in a folder of its own under the system temp
// folder (removed at exit), where a target writes a variant called "fuzz".
struct ScratchGame {
  std::filesystem::path data_dir;
  std::filesystem::path script_dir;
};
const ScratchGame& scratch_game(const std::string& id);

// Writes `text` to `file` (replacing it).
void write_file(const std::filesystem::path& file, std::string_view text);

// Reports a broken rule of the host ("a refused move changed the state") and aborts.
[[noreturn]] void fail(const std::string& what);

// Plays up to `moves` moves of `game`, choosing with `choices` (one byte per move, wrapping;
// the first move when empty), and checks the contract on the way: every legal move is
// accepted or refused with a reason, a refused move leaves the state as it was, and the
// views and texts of every seat can be made.
void play_some(Game& game, int moves, std::string_view choices);

}  // namespace tessera::fuzz
