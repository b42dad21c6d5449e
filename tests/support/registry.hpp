#pragma once
// The registry every game test uses: the build's plugin folder and the source tree's data.
// Installed with the SDK (tessera_add_game_tests builds a game's tests with it), so it
// names no game and no folder of this tree: TESSERA_GAME_PLUGIN_DIR, TESSERA_SOURCE_DIR
// (the data root) and TESSERA_BUILD_DIR (scratch files) come from the build.
#include <functional>
#include <nlohmann/json.hpp>

#include "tessera/plugin_registry.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera::testing {

// Scanned once per test process.
const PluginRegistry& game_registry();

// A new game of `id`; fails the test on any error.
std::unique_ptr<Game> new_game(const std::string& id, int players, std::uint64_t seed,
                               std::vector<std::string> variants = {});

// Plays `game` to the end with a seeded uniform-random choice; returns the action count.
// Calls `check` after every action when given.
std::size_t play_randomly(Game& game, std::uint64_t seed, std::size_t max_actions = 100000,
                          const std::function<void(const Game&)>& check = {});

}  // namespace tessera::testing

namespace tessera::testing {

// Scenario set-up: sets one value of `game`'s full state by JSON pointer (as the
// protocol's `set` does). Fails the test if the game refuses the edited state.
void arrange(Game& game, const std::string& pointer, const nlohmann::json& value);

// The texts of the legal actions, in order.
std::vector<std::string> legal_texts(const Game& game);

// What validate() of game `id` (with `players`) reports when, in a scratch copy of its data
// folder, the first `from` in `file` is replaced by `to`. Fails the test if `from` is absent.
std::vector<std::string> problems_with_edited_data(const std::string& id, int players, const std::string& file,
                                                   const std::string& from, const std::string& to);

// A new game of `id` with house rules written by the test: its scripts are a scratch copy
// of the game's script folder plus variants/<name>.lua for each (name, Lua text), and the
// game plays all of them in order. Throws what the game throws (a refused script names its
// file:line). `data_files` (a path under the data folder, its text) go into a scratch copy
// of the game's data folder, e.g. {"variants/<name>/schema.yaml", ...} for an overlay.
std::unique_ptr<Game> new_game_with_scripts(const std::string& id, int players, std::uint64_t seed,
                                            const std::vector<std::pair<std::string, std::string>>& variants,
                                            const std::vector<std::pair<std::string, std::string>>& data_files = {});

// Whether one of `problems` contains `text`.
bool mentions(const std::vector<std::string>& problems, const std::string& text);

}  // namespace tessera::testing
