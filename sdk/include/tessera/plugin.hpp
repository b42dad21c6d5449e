#pragma once
// The plugin ABI: what a game library exports and the host calls.
//
// A plugin is a shared library (built with tessera_add_game) that defines one GameModule
// subclass and names it once with TESSERA_PLUGIN(ModuleType). The macro exports two
// symbols through Boost.DLL aliases:
//   tessera_plugin_abi_version  int()  — checked by the host before anything else
//   tessera_plugin_v1           std::shared_ptr<GameModule>()  — the factory
// The host keeps the library loaded while any object it made (module, games) exists.
// Plugins are built against the same libtessera_core as the host and with hidden
// visibility; only these aliases are exported.
#include <boost/config.hpp>
#include <boost/dll/alias.hpp>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tessera/game.hpp"

namespace tessera {

// Bump when GameModule, GameConfig, Manifest, Game or anything they expose changes layout.
inline constexpr int kPluginAbiVersion = 3;

// How to start one game.
struct GameConfig {
  int players = 2;
  std::uint64_t seed = 0;
  std::vector<std::string> variants;  // names of scripts/<game>/variants/<name>.lua, in order
  std::filesystem::path data_dir;     // data/<game>
  std::filesystem::path script_dir;   // scripts/<game>
};

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

#define TESSERA_PLUGIN(ModuleType)                                              \
  namespace tessera_plugin_exports {                                            \
  std::shared_ptr<::tessera::GameModule> make_module() {                        \
    return std::make_shared<ModuleType>();                                      \
  }                                                                             \
  int abi_version() { return ::tessera::kPluginAbiVersion; }                    \
  }                                                                             \
  BOOST_DLL_ALIAS(tessera_plugin_exports::make_module, tessera_plugin_v1)       \
  BOOST_DLL_ALIAS(tessera_plugin_exports::abi_version, tessera_plugin_abi_version)
