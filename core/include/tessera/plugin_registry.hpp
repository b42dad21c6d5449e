#pragma once
// PluginRegistry: finds, checks and loads game plugins (Boost.DLL) and their data.
//
// Plugin folders and data roots (a root holds data/<id>/ and scripts/<id>/) are searched in
// the order given; plugin_search_path and data_search_path put TESSERA_PLUGIN_PATH and
// TESSERA_DATA_PATH among the folders a host picks (host/host_environment.hpp). A library
// that is not a plugin, has a different ABI version, a missing symbol, or no data folder is
// refused with a reason (see problems()), never loaded half-way. The registry keeps every
// library loaded for its own lifetime: destroy every Game before the registry.
// What a plugin's module offers is tessera/game_module.hpp; how it exports it, plugin.hpp.
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/game_module.hpp"
#include "tessera/variant_pack.hpp"

namespace tessera {

struct PluginEntry {
  Manifest manifest;
  std::filesystem::path library;
  std::filesystem::path data_dir;    // <root>/data/<id>
  std::filesystem::path script_dir;  // <root>/scripts/<id>
  std::shared_ptr<const GameModule> module;
};

// A variant is a Lua page (scripts/<id>/variants/<name>.lua), a data overlay folder
// (data/<id>/variants/<name>/), or both. The names of the pages, and of every variant, sorted.
std::vector<std::string> variant_pages(const PluginEntry& entry);
std::vector<std::string> variant_names(const PluginEntry& entry);

// Where one variant of a game comes from. The game's own variants come first, then the packs
// of each place in order (set_variant_places); a later variant of the same name is shadowed:
// not played, and listed in the first one's `shadowed` as "<origin> <folder>".
struct VariantSource {
  std::string name;
  std::string origin;              // "game", or the VariantPlace's origin
  std::filesystem::path folder;    // the pack's folder; empty for the game's own
  VariantManifest manifest;        // a pack's manifest
  std::string problem;             // why the pack cannot be played ("" when it can)
  std::vector<std::string> shadowed;
};

class PluginRegistry {
 public:
  PluginRegistry(std::vector<std::filesystem::path> plugin_dirs, std::vector<std::filesystem::path> data_roots);
  ~PluginRegistry();
  PluginRegistry(const PluginRegistry&) = delete;
  PluginRegistry& operator=(const PluginRegistry&) = delete;

  // Loads every `*.so` of the plugin folders (folders in order, files sorted by name); a
  // library that fails is recorded in problems(), and the first plugin found for an id
  // wins (a later one is a problem). A folder that does not exist is skipped; a library
  // already loaded is not loaded again. Each call starts problems() afresh.
  // Each library is first loaded in a child process: one that crashes there or takes more
  // than 10 s is recorded ("<file>: crashed while loading (signal 11, ...); not loaded")
  // and never loaded into this process, so no plugin file can take the host down.
  void scan();
  // Loads one library file in this process; throws PluginError naming the file and the
  // reason. Before dlopen the file's ELF headers are checked (a truncated library is
  // refused, not mapped), the two exported symbols must be the variables BOOST_DLL_ALIAS
  // makes, pointing into the plugin's code, and any exception the plugin throws, of any
  // type, becomes a PluginError:
  //   "<file>: cannot load (<dlopen's reason>)", "<file>: cannot load (truncated (...))"
  //   "<file>: not a Tessera plugin (no tessera_plugin_abi_version symbol)"
  //   "<file>: not a Tessera plugin (tessera_plugin_abi_version is not the variable ...)"
  //   "<file>: plugin ABI version 2, host expects 1"
  //   "<file>: no data folder for game 'x' (searched: <root>/data/x, ...)"
  //   "<file>: game 'x' is already loaded from <other file>"
  // The game's data_dir is <root>/data/<id> of the first data root that has it; its
  // script_dir is <root>/scripts/<id> of that same root, or empty when that folder is absent
  // (a game without scripts). Nothing is kept of a library that is refused.
  const PluginEntry& load(const std::filesystem::path& library);

  const std::vector<std::string>& problems() const { return problems_; }
  // Loaded games sorted by id.
  std::vector<const PluginEntry*> games() const;
  // Throws PluginError("unknown game 'x'; installed: a, b").
  const PluginEntry& game(std::string_view id) const;

  // A checked config: player count within the manifest's range, every variant one of
  // variants(id). Throws Error with the reason.
  // Messages: "game 'x' is for 2 to 4 players, not 5", "game 'x' has no variant 'y'
  // (available: a, b; looked in <folder> (game), <folder> (--variant-dir), ...)", "variant 'y'
  // is given twice", "variant 'y': <why the pack cannot be played>"; an unknown id as game()
  // says. A pack's folder is recorded for the game's loaders (variant_pack.hpp), and the
  // variants are put in the order their packs declare (after:).
  GameConfig config(std::string_view id, int players, std::uint64_t seed,
                    std::vector<std::string> variants = {}) const;
  // The game's variants, sorted: its own (variant_names) and its packs'.
  std::vector<std::string> variants(std::string_view id) const;
  // The places variant packs are searched, in order (variant_pack.hpp). A place whose
  // `per_game` is set holds a folder per game id (the user folder: variants/<game>/).
  void set_variant_places(std::vector<VariantPlace> places);
  const std::vector<VariantPlace>& variant_places() const { return variant_places_; }
  // Every variant of game `id` with where it comes from, sorted by name.
  std::vector<VariantSource> variant_sources(std::string_view id) const;
  // The folders searched for game `id`'s variants, each with its origin: "<folder> (<origin>)".
  std::vector<std::string> variant_folders(std::string_view id) const;
  // The player counts variant `name` of game `id` is for: a line "-- players: 1" or
  // "-- players: 2-3" in the comment block that opens its Lua page narrows the game's range
  // (config() refuses other counts); without one (or without a page), the game's range. Throws Error for an
  // unknown variant or a players line that is not a range inside the game's.
  std::pair<int, int> variant_players(std::string_view id, const std::string& name) const;
  // The variants variant `name` of game `id` is meant to be played with, as a line
  // "-- with: advanced, shared_blue" in the comment block that opens its Lua page says (the
  // game's own statement that they combine; `tessera validate --play` plays them together).
  // Empty without one. Throws Error for a name that is no other variant of the game.
  std::vector<std::string> variant_partners(std::string_view id, const std::string& name) const;
  // The module's new_game(config). Its tessera::Error passes through; any other exception
  // (of any type) or a null game becomes a PluginError naming the game. A data overlay of a variant
  // (data/<id>/variants/<name>/<file>.yaml) whose file the game never reads is a DataError
  // naming it: the overlay would change nothing.
  std::unique_ptr<Game> new_game(std::string_view id, const GameConfig& config) const;
  // The module's validate(config), plus the unread overlays new_game refuses. Exceptions
  // are treated as new_game treats them.
  std::vector<std::string> validate(std::string_view id, const GameConfig& config) const;

  const std::vector<std::filesystem::path>& plugin_dirs() const { return plugin_dirs_; }
  const std::vector<std::filesystem::path>& data_roots() const { return data_roots_; }

 private:
  struct Library;
  std::vector<std::filesystem::path> plugin_dirs_;
  std::vector<std::filesystem::path> data_roots_;
  std::vector<std::unique_ptr<Library>> libraries_;  // declared before entries_: destroyed after them
  std::vector<std::unique_ptr<PluginEntry>> entries_;
  std::vector<std::string> problems_;
  std::vector<VariantPlace> variant_places_;
};

// Plugin folders and data roots: `before`, then the ':'-separated entries of
// TESSERA_PLUGIN_PATH / TESSERA_DATA_PATH, then `after`. Each path is made absolute and
// normalised; empty entries and repeats are dropped (the first place of a folder counts).
std::vector<std::filesystem::path> plugin_search_path(const std::vector<std::filesystem::path>& before,
                                                      const std::vector<std::filesystem::path>& after = {});
std::vector<std::filesystem::path> data_search_path(const std::vector<std::filesystem::path>& before,
                                                    const std::vector<std::filesystem::path>& after = {});

}  // namespace tessera
