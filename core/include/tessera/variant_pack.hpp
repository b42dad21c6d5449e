#pragma once
// Variant packs: a house rule kept outside the game's folders, as one folder
//   <name>/variant.yaml   the manifest (read_variant_manifest)
//   <name>/rules.lua      its Lua page (optional)
//   <name>/data/<f>.yaml  overlays of the game's data files (optional)
// Packs are found in places (PluginRegistry::set_variant_places): each place holds pack
// folders, one per variant; a folder whose manifest names another game is not that game's.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tessera {

// Where packs are searched, in order, and how a message names the place.
struct VariantPlace {
  std::filesystem::path folder;
  std::string origin;     // "--variant-dir", "TESSERA_VARIANT_PATH", "user folder"
  bool per_game = false;  // packs are in <folder>/<game id>/ rather than in <folder>
};

struct VariantManifest {
  std::string game;                   // the game's id
  std::vector<std::string> versions;  // the game versions it fits: "1.0", or "1.*" for every 1.x
  std::string title;
  std::string description;
  std::string author;
  std::vector<std::string> after;  // variants it is applied after when played together
};

// Reads <pack>/variant.yaml. Throws DataError naming file:line:col for a missing or
// misspelt field, a game that is not an identifier or an empty versions list.
VariantManifest read_variant_manifest(const std::filesystem::path& pack);

// Whether a game at `version` is one the manifest fits: a versions entry equal to it, or an
// entry "<prefix>.*" whose prefix it starts with followed by '.'.
bool fits_version(const VariantManifest& manifest, const std::string& version);

// Where the packs a game is played with live, as PluginRegistry::config records them, so
// that a game loading its variants (ScriptRuntime::run_variants, load_with_overlays) finds
// a pack's page and overlays beside the game's own. Keyed by the game's script folder or
// data folder and the variant's name; safe to use from several threads.
void remember_variant_pack(const std::filesystem::path& game_folder, const std::string& name,
                           const std::filesystem::path& pack);
std::optional<std::filesystem::path> variant_pack(const std::filesystem::path& game_folder, const std::string& name);

}  // namespace tessera
