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
// visibility; only these aliases are exported. The module's interface (GameModule,
// Manifest, GameConfig) is the core's tessera/game_module.hpp: this header adds the export.
#include <boost/dll/alias.hpp>
#include <memory>

#include "tessera/game_module.hpp"

#define TESSERA_PLUGIN(ModuleType)                                              \
  namespace tessera_plugin_exports {                                            \
  std::shared_ptr<::tessera::GameModule> make_module() {                        \
    return std::make_shared<ModuleType>();                                      \
  }                                                                             \
  int abi_version() { return ::tessera::kPluginAbiVersion; }                    \
  }                                                                             \
  BOOST_DLL_ALIAS(tessera_plugin_exports::make_module, tessera_plugin_v1)       \
  BOOST_DLL_ALIAS(tessera_plugin_exports::abi_version, tessera_plugin_abi_version)
