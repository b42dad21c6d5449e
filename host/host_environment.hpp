#pragma once
// Where the host finds plugins and data. Folders given on the command line (--plugin-dir,
// --data-root) come first; then, for a program run from the build tree (its bin/ folder),
// as before installing:
//   plugins: <build>/plugins, TESSERA_PLUGIN_PATH, the configured install prefix's plugins
//   data:    the source tree, TESSERA_DATA_PATH, the configured install prefix's data
// and for an installed program, wherever its prefix was moved (relocatable):
//   plugins: <prefix>/lib/tessera/plugins, <user>/plugins, TESSERA_PLUGIN_PATH
//   data:    <prefix>/share/tessera, <user>, TESSERA_DATA_PATH
// where <prefix> is the program's folder/.. and <user> is user_data_dir().
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

struct SearchPaths {
  std::vector<std::filesystem::path> plugin_dirs;
  std::vector<std::filesystem::path> data_roots;
  std::vector<std::filesystem::path> variant_dirs;  // --variant-dir, searched for variant packs first
};

// Where variant packs are searched (tessera/variant_pack.hpp), for the build tree's and an
// installed program alike: each of `variant_dirs`, each ':'-separated entry of
// TESSERA_VARIANT_PATH, then the user folder's variants/<game>/ (user_data_dir()).
std::vector<VariantPlace> variant_places(const std::vector<std::filesystem::path>& variant_dirs);

// $XDG_DATA_HOME/tessera, or ~/.local/share/tessera when XDG_DATA_HOME is unset or not an
// absolute path (the XDG base directory rule); empty without either variable.
std::filesystem::path user_data_dir();

// The running program's file (/proc/self/exe).
std::filesystem::path program_path();

// Whether `program` is the build tree's own program (it lives in the build's bin/ folder).
bool in_build_tree(const std::filesystem::path& program);

// The search paths of the host program `program`, after the folders `first` gives.
SearchPaths search_paths(const std::filesystem::path& program, const SearchPaths& first = {});

// A registry that has scanned the search paths of this program, with its variant places.
std::unique_ptr<PluginRegistry> make_default_registry(const SearchPaths& first = {});

// Where `tessera new-game` finds the example game's C++ and tests (plugins/<id>/,
// tests/games/<id>/): the source tree for the build tree's program, else
// <prefix>/share/tessera/template (installed by the tessera-dev package).
std::filesystem::path template_root(const std::filesystem::path& program);

// The browser page `tessera web` serves: the source tree's web/ for the build tree's
// program, else <prefix>/share/tessera/web.
std::filesystem::path web_root(const std::filesystem::path& program);
// Where `tessera web` keeps its rooms: $XDG_STATE_HOME/tessera/web, or
// ~/.local/state/tessera/web (the XDG rule, as user_data_dir); empty without either variable.
std::filesystem::path web_state_dir();
// The variants of a game, each described by the paragraph that opens its Lua page's comment
// (or, for a data-only variant, its overlay game.yaml's comment), joined into one line.
struct VariantInfo {
  std::string name;
  std::string description;
  std::string origin = "game";         // VariantSource::origin
  std::filesystem::path folder;        // a pack's folder
  std::vector<std::string> shadowed;   // same-name packs not played: "<origin> <folder>"
  std::string problem;                 // why a pack cannot be played
};
std::vector<VariantInfo> list_variants(const PluginEntry& entry);
// Every variant of game `id`, its own and its packs' (PluginRegistry::variant_sources); a
// pack is described by its manifest's title and description.
std::vector<VariantInfo> list_variants(const PluginRegistry& registry, std::string_view id);

// The files under variants/ of the game's scripts and data that would be variants but for
// a name that is not an identifier (tessera/identifier.hpp), as messages naming each.
std::vector<std::string> misnamed_variants(const PluginEntry& entry);

}  // namespace tessera::host
