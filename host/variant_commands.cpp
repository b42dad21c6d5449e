// `tessera variant new | pack | install`: a house rule as a pack folder, one archive of it,
// and that archive unpacked into the user folder (tessera/variant_pack.hpp).
#include <algorithm>
#include <ostream>
#include <system_error>

#include "commands.hpp"
#include "escaping.hpp"
#include "file_writer.hpp"
#include "host_environment.hpp"
#include "scratch_folder.hpp"
#include "tessera/error.hpp"
#include "tessera/identifier.hpp"
#include "tessera/variant_pack.hpp"
#include "variant_archive.hpp"

namespace tessera::host {

namespace fs = std::filesystem;

namespace {

// "1.0" -> "1.*": the scaffold fits every version with the installed one's major number.
std::string version_family(const std::string& version) {
  const auto dot = version.find('.');
  return dot == std::string::npos ? version : version.substr(0, dot) + ".*";
}

// "last_player_bonus" -> "Last player bonus".
std::string title_of(const std::string& name) {
  std::string title = name;
  std::replace(title.begin(), title.end(), '_', ' ');
  title[0] = static_cast<char>(title[0] - 'a' + 'A');
  return title;
}

bool has_variant(const PluginRegistry& registry, const std::string& game, const std::string& name) {
  const std::vector<std::string> names = registry.variants(game);
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The pack's files. The game and variant names are identifiers (checked) and the version,
// free text from the plugin, is written as a YAML double-quoted (JSON) string.
std::string manifest_text(const Manifest& game, const std::string& name) {
  return "# Variant pack " + name + " of " + game.id + " (sdk/docs/writing-a-game.md, \"Variant packs\").\n"
         "game: " + game.id + "\n"
         "# The versions of the game it fits: exact (\"1.0\") or every 1.x (\"1.*\").\n"
         "versions: [" + json_string(version_family(game.version)) + "]\n"
         "title: " + json_string(title_of(name)) + "\n"
         "description: " + json_string("A house rule for " + game.title + ".") + "\n"
         "author: \"\"\n"
         "# Variants this one is applied after when both are played and both change the same\n"
         "# move or step (without it, such a pair is refused): after: [other_rule]\n";
}

std::string rules_text(const std::string& game, const std::string& name) {
  return "-- " + title_of(name) + ": a house rule for " + game + ".\n"
         "--\n"
         "-- This page runs after the game's own scripts when the game is played with\n"
         "-- --variant " + name + ". hook() adds to the game (the hooks " + game + " fires are listed in\n"
         "-- sdk/docs/lua-api.md, \"Hooks\"); move(), wrap_move(), step() and rule() replace or wrap\n"
         "-- the game's own (\"Moves, steps and rules\"). Overlays of the game's data files go in\n"
         "-- data/<file>.yaml beside this page.\n"
         "\n"
         "hook(\"legal_filter\", function(ctx, action)\n"
         "  -- Return false to take `action` away from the seat to move; true keeps it.\n"
         "  return true\n"
         "end)\n";
}

// The pack's own test: the game loads it and plays seeded random games with it at every
// player count (`tessera validate --play`), exiting non-zero on any problem.
std::string test_text(const std::string& game, const std::string& name) {
  return "#!/bin/sh\n"
         "# Plays house rule " + name + " of " + game + ": loads it and plays 3 seeded games per player count.\n"
         "set -eu\n"
         "packs=$(cd \"$(dirname \"$0\")/..\" && pwd)\n"
         "exec \"${TESSERA:-tessera}\" --variant-dir \"$packs\" validate " + game + " --play 3\n";
}

}  // namespace

int run_variant_new(const PluginRegistry& registry, const VariantNewOptions& options, std::ostream& out) {
  const Manifest& game = registry.game(options.game).manifest;
  check_identifier(options.name, "variant name");
  if (has_variant(registry, game.id, options.name))
    throw Error("game '" + game.id + "' already has a variant '" + options.name + "' (tessera info " + game.id + ")");
  const fs::path pack = options.out / options.name;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(pack, ec))) throw Error(pack.string() + " exists already; not overwritten");
  make_folder(pack);
  write_file(pack / "variant.yaml", manifest_text(game, options.name));
  write_file(pack / "rules.lua", rules_text(game.id, options.name));
  write_file(pack / "test.sh", test_text(game.id, options.name));
  fs::permissions(pack / "test.sh", fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
  out << "wrote variant pack " << pack.string() << "/ (variant.yaml, rules.lua, test.sh)\n"
      << "play it: tessera --variant-dir " << options.out.string() << " play " << game.id << " --variant "
      << options.name << "\n";
  return 0;
}

int run_variant_pack(const VariantPackOptions& options, std::ostream& out) {
  const fs::path pack = options.folder.filename().empty() ? options.folder.parent_path() : options.folder;
  const std::string name = pack.filename().string();
  if (!is_identifier(name))
    throw Error(pack.string() + ": a pack's folder is named as its variant (" + kIdentifierGrammar + ")");
  (void)read_variant_manifest(pack);  // a pack without a readable manifest is no pack
  const fs::path file = options.out.empty() ? fs::path(name + ".tar.gz") : options.out;
  check_writable(file);
  write_file(file, variant_archive(pack));
  out << "wrote " << file.string() << " (variant pack " << name << ")\n";
  return 0;
}

int run_variant_install(const PluginRegistry& registry, const VariantInstallOptions& options, std::ostream& out) {
  const fs::path user = user_data_dir();
  if (user.empty()) throw Error("no user folder: neither XDG_DATA_HOME nor HOME is set");
  // Unpacked and checked away from the user folder, which changes only by the final rename.
  ScratchFolder scratch(fs::temp_directory_path(), "tessera-variant-");
  const std::string name = unpack_variant_archive(options.archive, scratch.path());
  const fs::path unpacked = scratch.path() / name;
  VariantManifest manifest;
  try {
    manifest = read_variant_manifest(unpacked);
  } catch (const Error& e) {
    throw Error(options.archive.string() + ": pack " + name + " has no valid variant.yaml (" + e.what() + "); not installed");
  }
  const PluginEntry* game = nullptr;
  for (const PluginEntry* entry : registry.games())
    if (entry->manifest.id == manifest.game) game = entry;
  if (!game)
    throw Error(options.archive.string() + ": pack " + name + " is a variant of game '" + manifest.game +
                "', which is not installed; not installed");
  if (!fits_version(manifest, game->manifest.version))
    throw Error(options.archive.string() + ": pack " + name + " fits versions of " + manifest.game + " other than the installed " +
                game->manifest.version + "; not installed");
  const std::vector<std::string> own = variant_names(*game);
  if (std::find(own.begin(), own.end(), name) != own.end())
    throw Error(options.archive.string() + ": game '" + manifest.game + "' has its own variant '" + name +
                "', which a pack cannot replace; not installed");
  const fs::path target = user / "variants" / manifest.game / name;
  std::error_code ec;
  const bool replacing = fs::exists(fs::symlink_status(target, ec));
  if (replacing && !options.replace)
    throw Error(target.string() + " is installed already; pass --replace to replace it");
  make_folder(target.parent_path());
  // Copied beside the target (the same file system), then renamed into place whole.
  ScratchFolder incoming(target.parent_path(), "." + name + ".incoming-");
  fs::copy(unpacked, incoming.path() / name, fs::copy_options::recursive);
  ScratchFolder old(target.parent_path(), "." + name + ".old-");
  if (replacing) fs::rename(target, old.path() / name);
  try {
    fs::rename(incoming.path() / name, target);
  } catch (const fs::filesystem_error&) {
    if (replacing) fs::rename(old.path() / name, target);  // the installed pack stays
    throw;
  }
  out << "installed variant " << name << " of " << manifest.game << " in " << target.string() << "\n"
      << "play it: tessera play " << manifest.game << " --variant " << name << "\n";
  return 0;
}

}  // namespace tessera::host
