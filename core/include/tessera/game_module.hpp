#pragma once
// The interface every game module implements, and what the host hands it: GameModule,
// Manifest, GameConfig and the plugin ABI version. A plugin names its module with
// TESSERA_PLUGIN (tessera/plugin.hpp, the SDK's header); the host's PluginRegistry checks
// the version and calls the module.
#include <boost/config.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tessera/game.hpp"

namespace tessera {

// Bump when GameModule, GameConfig, Manifest, Game or anything they expose changes layout.
inline constexpr int kPluginAbiVersion = 7;

// How to start one game.
struct GameConfig {
  int players = 2;
  std::uint64_t seed = 0;
  std::vector<std::string> variants;  // names of scripts/<game>/variants/<name>.lua, in order
  std::filesystem::path data_dir;     // data/<game>
  std::filesystem::path script_dir;   // scripts/<game>
};

class ScriptRuntime;
// The script runtime of game `game`: the scripts of config.script_dir, named
// "scripts/<game>/..." in messages, whose ctx:data reads config.data_dir ("data/<game>")
// under the overlays of config.variants.
std::unique_ptr<ScriptRuntime> make_game_scripts(const GameConfig& config, const std::string& game);

struct Manifest {
  std::string id;       // game id: names the plugin file, data/ and scripts/ folders
  std::string title;
  std::string version;
  std::string summary;  // one line for `tessera list`
  int min_players = 1;
  int max_players = 1;
};

class BOOST_SYMBOL_VISIBLE GameModule {
 public:
  virtual ~GameModule() = default;
  virtual Manifest manifest() const = 0;
  // A new game in its first decision. Throws tessera::Error (DataError, ScriptError, ...)
  // with a message naming the file and place when data or scripts are broken.
  virtual std::unique_ptr<Game> new_game(const GameConfig& config) const = 0;
  // Loads every data file and script and returns every problem found; empty when clean.
  virtual std::vector<std::string> validate(const GameConfig& config) const = 0;
};

}  // namespace tessera
