#include "tessera/plugin_registry.hpp"

#include <algorithm>
#include <boost/dll/shared_library.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <system_error>

#include "plugin_checks.hpp"
#include "tessera/bounded_file.hpp"
#include "tessera/error.hpp"
#include "tessera/file_place.hpp"
#include "tessera/identifier.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/yaml_reader.hpp"
#include "variant_order.hpp"

namespace tessera {

namespace fs = std::filesystem;

struct PluginRegistry::Library {
  boost::dll::shared_library library;
};

namespace {

constexpr const char* kAbiSymbol = "tessera_plugin_abi_version";
constexpr const char* kFactorySymbol = "tessera_plugin_v1";
// How long scan() lets a child process try a load (a load takes well under a millisecond).
constexpr std::chrono::milliseconds kProbeLimit{10'000};
constexpr const char* kForeignException = "the plugin threw an exception that is not a std::exception";

// Boost.DLL reports a failed dlopen as "... (dlerror system message: <path>: <reason>): <errc>";
// the reason in the middle is the useful part.
std::string load_failure(const std::exception& e, const fs::path& library) {
  std::string text = e.what();
  const std::string prefix = "(dlerror system message: ";
  std::size_t start = text.find(prefix);
  std::size_t end = text.rfind(')');
  if (start == std::string::npos || end == std::string::npos || end < start + prefix.size()) return text;
  std::string reason = text.substr(start + prefix.size(), end - start - prefix.size());
  const std::string path_prefix = library.string() + ": ";
  if (reason.compare(0, path_prefix.size(), path_prefix) == 0) reason.erase(0, path_prefix.size());
  return reason;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

bool is_folder(const fs::path& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

// Absolute and normalised, so that the same folder or file given two ways compares equal.
fs::path normal(const fs::path& path) {
  std::error_code ec;
  fs::path absolute = fs::absolute(path, ec);
  return (ec ? path : absolute).lexically_normal();
}

fs::path canonical_or_normal(const fs::path& path) {
  std::error_code ec;
  fs::path canonical = fs::canonical(path, ec);
  return ec ? normal(path) : canonical;
}

std::vector<fs::path> search_path(const std::vector<fs::path>& before, const char* variable,
                                  const std::vector<fs::path>& after) {
  std::vector<fs::path> paths;
  auto add = [&](const fs::path& path) {
    if (path.empty()) return;
    fs::path n = normal(path);
    if (std::find(paths.begin(), paths.end(), n) == paths.end()) paths.push_back(n);
  };
  for (const fs::path& path : before) add(path);
  if (const char* value = std::getenv(variable)) {
    std::string list = value;
    std::size_t start = 0;
    while (start <= list.size()) {
      std::size_t colon = list.find(':', start);
      if (colon == std::string::npos) colon = list.size();
      add(list.substr(start, colon - start));
      start = colon + 1;
    }
  }
  for (const fs::path& path : after) add(path);
  return paths;
}

// The entries of `dir` (sorted names) for which keep(entry) holds.
template <typename Keep>
std::vector<std::string> names_in(const fs::path& dir, Keep keep) {
  std::vector<std::string> names;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return names;
  for (const fs::directory_entry& entry : it)
    if (auto name = keep(entry)) names.push_back(*name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::vector<std::string> variant_pages(const PluginEntry& entry) {
  if (entry.script_dir.empty()) return {};
  return names_in(entry.script_dir / "variants", [](const fs::directory_entry& e) -> std::optional<std::string> {
    std::error_code ec;
    // A file whose name is no identifier is no variant (`tessera validate` names it).
    if (e.path().extension() == ".lua" && e.is_regular_file(ec) && is_identifier(e.path().stem().string()))
      return e.path().stem().string();
    return std::nullopt;
  });
}

std::vector<std::string> variant_names(const PluginEntry& entry) {
  std::vector<std::string> names = variant_pages(entry);
  if (!entry.data_dir.empty()) {
    const auto overlays = names_in(entry.data_dir / "variants", [](const fs::directory_entry& e) -> std::optional<std::string> {
      std::error_code ec;
      if (e.is_directory(ec) && is_identifier(e.path().filename().string())) return e.path().filename().string();
      return std::nullopt;
    });
    names.insert(names.end(), overlays.begin(), overlays.end());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

PluginRegistry::PluginRegistry(std::vector<fs::path> plugin_dirs, std::vector<fs::path> data_roots)
    : plugin_dirs_(std::move(plugin_dirs)), data_roots_(std::move(data_roots)) {}

// Entries (and the modules they hold) go first: their code lives in the libraries.
PluginRegistry::~PluginRegistry() { entries_.clear(); }

void PluginRegistry::scan() {
  problems_.clear();
  for (const fs::path& dir : plugin_dirs_) {
    // A folder of the search path that does not exist (an install prefix never used) is normal.
    if (!is_folder(dir)) continue;
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::error_code type_ec;
      if (it->path().extension() == ".so" && it->is_regular_file(type_ec)) files.push_back(it->path());
    }
    if (ec) {
      problems_.push_back(dir.string() + ": cannot list the folder (" + ec.message() + ")");
      continue;
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      // The same library reached twice (a folder listed twice, a symlink) is not a duplicate game.
      const fs::path real = canonical_or_normal(file);
      bool loaded = std::any_of(entries_.begin(), entries_.end(),
                                [&](const auto& e) { return canonical_or_normal(e->library) == real; });
      if (loaded) continue;
      // A load that crashes or hangs (a damaged library, a plugin that faults while it is set
      // up) is tried in a child process first, so that it never takes this process down.
      if (auto failure = plugin_checks::failure_in_child([&] { load(file); }, kProbeLimit)) {
        problems_.push_back(file.string() + ": " + *failure + "; not loaded");
        continue;
      }
      try {
        load(file);
      } catch (const PluginError& e) {
        problems_.push_back(e.what());
      }
    }
  }
}

const PluginEntry& PluginRegistry::load(const fs::path& library) {
  const std::string name = library.string();
  auto lib = std::make_unique<Library>();
  auto entry = std::make_unique<PluginEntry>();
  entry->library = library;
  // `lib` outlives this block: an exception thrown by plugin code may need the plugin's
  // code to be destroyed, so the library is unloaded only after the handler has run.
  try {
    // dlopen maps the file as its headers say: a truncated or damaged one would fault.
    if (auto problem = plugin_checks::elf_problem(library)) throw PluginError(name + ": cannot load (" + *problem + ")");
    try {
      // rtld_now: an unresolved symbol is a load error here, not a crash at its first call;
      // rtld_local: two plugins' symbols never interpose on each other.
      lib->library.load(library, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
    } catch (const std::exception& e) {
      throw PluginError(name + ": cannot load (" + load_failure(e, library) + ")");
    }
    if (!lib->library.has(kAbiSymbol))
      throw PluginError(name + ": not a Tessera plugin (no " + std::string(kAbiSymbol) + " symbol)");
    if (auto problem = plugin_checks::alias_problem(lib->library.native(), kAbiSymbol))
      throw PluginError(name + ": not a Tessera plugin (" + *problem + ")");
    const int abi = lib->library.get_alias<int()>(kAbiSymbol)();
    if (abi != kPluginAbiVersion)
      throw PluginError(name + ": plugin ABI version " + std::to_string(abi) + ", host expects " +
                        std::to_string(kPluginAbiVersion));
    if (!lib->library.has(kFactorySymbol))
      throw PluginError(name + ": no " + std::string(kFactorySymbol) + " symbol (the plugin factory)");
    if (auto problem = plugin_checks::alias_problem(lib->library.native(), kFactorySymbol))
      throw PluginError(name + ": not a Tessera plugin (" + *problem + ")");
    std::shared_ptr<GameModule> module = lib->library.get_alias<std::shared_ptr<GameModule>()>(kFactorySymbol)();
    if (!module) throw PluginError(name + ": the plugin factory returned no module");
    entry->module = std::move(module);
    entry->manifest = entry->module->manifest();
  } catch (const PluginError&) {
    throw;
  } catch (const std::exception& e) {
    throw PluginError(name + ": " + e.what());
  } catch (...) {
    throw PluginError(name + ": " + kForeignException);
  }

  const Manifest& m = entry->manifest;
  if (!is_identifier(m.id))
    throw PluginError(name + ": game id '" + printable_name(m.id) + "' is not an identifier (" + kIdentifierGrammar +
                      ")");
  if (m.min_players < 1 || m.max_players < m.min_players)
    throw PluginError(name + ": game '" + m.id + "' has an invalid player range " + std::to_string(m.min_players) +
                      ".." + std::to_string(m.max_players));
  for (const auto& other : entries_)
    if (other->manifest.id == m.id)
      throw PluginError(name + ": game '" + m.id + "' is already loaded from " + other->library.string());

  std::vector<std::string> searched;
  for (const fs::path& root : data_roots_) {
    if (is_folder(root / "data" / m.id)) {
      entry->data_dir = root / "data" / m.id;
      if (is_folder(root / "scripts" / m.id)) entry->script_dir = root / "scripts" / m.id;
      break;
    }
    searched.push_back((root / "data" / m.id).string());
  }
  if (entry->data_dir.empty())
    throw PluginError(name + ": no data folder for game '" + m.id + "' (searched: " +
                      (searched.empty() ? std::string("no data roots") : joined(searched)) + ")");

  libraries_.push_back(std::move(lib));
  entries_.push_back(std::move(entry));
  return *entries_.back();
}

std::vector<const PluginEntry*> PluginRegistry::games() const {
  std::vector<const PluginEntry*> out;
  for (const auto& e : entries_) out.push_back(e.get());
  std::sort(out.begin(), out.end(),
            [](const PluginEntry* a, const PluginEntry* b) { return a->manifest.id < b->manifest.id; });
  return out;
}

const PluginEntry& PluginRegistry::game(std::string_view id) const {
  for (const auto& e : entries_)
    if (e->manifest.id == id) return *e;
  if (!is_identifier(id))
    throw PluginError("unknown game '" + printable_name(id) + "': a game id is an identifier (" + kIdentifierGrammar + ")");
  std::vector<std::string> ids;
  for (const PluginEntry* e : games()) ids.push_back(e->manifest.id);
  throw PluginError("unknown game '" + std::string(id) + "'; " +
                    (ids.empty() ? std::string("no games are installed") : "installed: " + joined(ids)));
}

std::vector<std::string> PluginRegistry::variants(std::string_view id) const {
  std::vector<std::string> names;
  for (const VariantSource& source : variant_sources(id)) names.push_back(source.name);
  return names;
}

void PluginRegistry::set_variant_places(std::vector<VariantPlace> places) { variant_places_ = std::move(places); }

namespace {

// The pack in `folder` as a variant of `entry`'s game; nullopt when the folder is no pack
// (no variant.yaml) or a pack of another game. A pack that cannot be played has a problem.
std::optional<VariantSource> pack_source(const PluginEntry& entry, const VariantPlace& place, const fs::path& folder) {
  std::error_code ec;
  if (!fs::is_regular_file(folder / "variant.yaml", ec)) return std::nullopt;
  VariantSource source{folder.filename().string(), place.origin, folder, {}, "", {}};
  try {
    source.manifest = read_variant_manifest(folder);
  } catch (const Error& e) {
    source.problem = e.what();
    // Only a pack of this game's folder (or one naming no game) is this game's problem.
    if (!place.per_game) return std::nullopt;
  }
  if (source.problem.empty() && source.manifest.game != entry.manifest.id) {
    if (!place.per_game) return std::nullopt;
    source.problem = (folder / "variant.yaml").string() + ": a variant of game '" + source.manifest.game +
                     "', in the folder of game '" + entry.manifest.id + "'";
  }
  if (source.problem.empty() && !fits_version(source.manifest, entry.manifest.version))
    source.problem = (folder / "variant.yaml").string() + ": fits versions " + joined(source.manifest.versions) +
                     " of game '" + entry.manifest.id + "', not the installed version " + entry.manifest.version;
  if (!is_identifier(source.name)) {
    source.problem = folder.string() + ": not a variant: a variant's name is an identifier (" +
                     std::string(kIdentifierGrammar) + "); rename the folder";
    source.name = printable_name(source.name);
  }
  return source;
}

fs::path place_folder(const VariantPlace& place, const std::string& game) {
  return place.per_game ? place.folder / game : place.folder;
}

}  // namespace

std::vector<VariantSource> PluginRegistry::variant_sources(std::string_view id) const {
  const PluginEntry& entry = game(id);
  std::vector<VariantSource> sources;
  for (const auto& name : variant_names(entry)) sources.push_back(VariantSource{name, "game", {}, {}, "", {}});
  for (const VariantPlace& place : variant_places_) {
    std::vector<fs::path> folders;
    std::error_code ec;
    for (fs::directory_iterator it(place_folder(place, entry.manifest.id), ec), end; !ec && it != end; it.increment(ec))
      if (it->is_directory(ec)) folders.push_back(it->path());
    std::sort(folders.begin(), folders.end());
    for (const fs::path& folder : folders) {
      std::optional<VariantSource> pack = pack_source(entry, place, folder);
      if (!pack) continue;
      auto first = std::find_if(sources.begin(), sources.end(), [&](const VariantSource& s) { return s.name == pack->name; });
      if (first != sources.end())
        first->shadowed.push_back(pack->origin + " " + pack->folder.string());
      else
        sources.push_back(std::move(*pack));
    }
  }
  std::sort(sources.begin(), sources.end(), [](const VariantSource& a, const VariantSource& b) { return a.name < b.name; });
  return sources;
}

std::vector<std::string> PluginRegistry::variant_folders(std::string_view id) const {
  const PluginEntry& entry = game(id);
  std::vector<std::string> folders;
  if (!entry.script_dir.empty()) folders.push_back((entry.script_dir / "variants").string() + " (game)");
  folders.push_back((entry.data_dir / "variants").string() + " (game)");
  for (const VariantPlace& place : variant_places_)
    folders.push_back(place_folder(place, entry.manifest.id).string() + " (" + place.origin + ")");
  return folders;
}

namespace {

// The text after "<key>:" on the first line of the comment block that opens variant `name`'s
// Lua page, with its 1-based line number; nullopt without such a line or without a page.
std::optional<std::pair<int, std::string>> opening_comment_field(const PluginEntry& entry, const std::string& name,
                                                                 std::string_view key) {
  const std::vector<std::string> pages = variant_pages(entry);
  if (std::find(pages.begin(), pages.end(), name) == pages.end()) return std::nullopt;  // data only
  const std::string file = "scripts/" + entry.manifest.id + "/variants/" + name + ".lua";
  if (place_of_file(entry.script_dir, "variants/" + name + ".lua") == FilePlace::Outside)
    throw Error(file + ": leads outside the game's script folder (a link?); not read");
  const BoundedFile read = read_file_at_most(entry.script_dir / "variants" / (name + ".lua"), kMaxScriptFileBytes);
  if (read.status == BoundedFile::Status::TooLarge) throw Error(too_large_message(file, read, kMaxScriptFileBytes, "script file"));
  std::istringstream in(read.text);
  std::string line;
  const std::string field = "-- " + std::string(key) + ":";
  for (int number = 1; std::getline(in, line) && line.rfind("--", 0) == 0; ++number)
    if (line.rfind(field, 0) == 0) return std::pair{number, line.substr(field.size())};
  return std::nullopt;
}

}  // namespace

std::pair<int, int> PluginRegistry::variant_players(std::string_view id, const std::string& name) const {
  const PluginEntry& entry = game(id);
  const Manifest& m = entry.manifest;
  const std::vector<std::string> available = variants(id);
  if (std::find(available.begin(), available.end(), name) == available.end())
    throw Error("game '" + m.id + "' has no variant '" + name + "'");
  const auto found = opening_comment_field(entry, name, "players");
  if (!found) return {m.min_players, m.max_players};
  const auto& [number, range] = *found;
  int low = 0, high = 0;
  char dash = 0, extra = 0;
  std::istringstream words(range);
  const bool one = static_cast<bool>(words >> low) && !(words >> dash);
  std::istringstream words2(range);
  const bool two = static_cast<bool>(words2 >> low >> dash >> high) && dash == '-' && !(words2 >> extra);
  if (one) high = low;
  if (!(one || two) || low < m.min_players || high > m.max_players || low > high)
    throw Error("scripts/" + m.id + "/variants/" + name + ".lua:" + std::to_string(number) +
                ": players: expected a count or a range like 2-3 within " + std::to_string(m.min_players) + "-" +
                std::to_string(m.max_players));
  return {low, high};
}

std::vector<std::string> PluginRegistry::variant_partners(std::string_view id, const std::string& name) const {
  const PluginEntry& entry = game(id);
  const auto found = opening_comment_field(entry, name, "with");
  if (!found) return {};
  const std::vector<std::string> available = variants(id);
  std::vector<std::string> partners;
  std::istringstream words(found->second);
  for (std::string word; std::getline(words, word, ',');) {
    word.erase(0, word.find_first_not_of(' '));
    word.erase(word.find_last_not_of(' ') + 1);
    if (word.empty()) continue;
    if (word == name || std::find(available.begin(), available.end(), word) == available.end())
      throw Error("scripts/" + entry.manifest.id + "/variants/" + name + ".lua:" + std::to_string(found->first) +
                  ": with: '" + word + "' is no other variant of the game (available: " + joined(available) + ")");
    partners.push_back(word);
  }
  return partners;
}

namespace {

// `variants` with each one after the variants it declares (a pack's `after:`, a game's page's
// `-- with:` line; otherwise in the order given), each one's declared partners recorded for
// the script runtime and the data overlays (variant_order.hpp): the declared-later one is
// applied last, so its changes are the ones played.
std::vector<std::string> in_declared_order(const PluginEntry& entry, const std::vector<VariantSource>& sources,
                                           std::vector<std::string> variants,
                                           const std::function<std::vector<std::string>(const std::string&)>& partners) {
  std::map<std::string, std::vector<std::string>> declared;
  for (const auto& name : variants) {
    const auto source = std::find_if(sources.begin(), sources.end(), [&](const VariantSource& s) { return s.name == name; });
    std::vector<std::string> together =
        source != sources.end() && !source->folder.empty() ? source->manifest.after : std::vector<std::string>{};
    for (auto& partner : partners(name)) together.push_back(std::move(partner));
    remember_variant_order(entry.script_dir, name, together);
    remember_variant_order(entry.data_dir, name, together);
    declared[name] = std::move(together);
  }
  std::vector<std::string> ordered;
  while (!variants.empty()) {
    const auto ready = std::find_if(variants.begin(), variants.end(), [&](const std::string& name) {
      const std::vector<std::string>& after = declared[name];
      return std::none_of(after.begin(), after.end(), [&](const std::string& earlier) {
        return std::find(variants.begin(), variants.end(), earlier) != variants.end();
      });
    });
    if (ready == variants.end())
      throw Error("variants " + joined(variants) +
                  " each declare (after: or -- with:) that they come after another of them");
    ordered.push_back(*ready);
    variants.erase(ready);
  }
  return ordered;
}

}  // namespace

GameConfig PluginRegistry::config(std::string_view id, int players, std::uint64_t seed,
                                  std::vector<std::string> variants) const {
  const PluginEntry& entry = game(id);
  const Manifest& m = entry.manifest;
  if (players < m.min_players || players > m.max_players) {
    std::string range = m.min_players == m.max_players
                            ? std::to_string(m.min_players)
                            : std::to_string(m.min_players) + " to " + std::to_string(m.max_players);
    throw Error("game '" + m.id + "' is for " + range + " players, not " + std::to_string(players));
  }
  const std::vector<VariantSource> sources = variant_sources(id);
  const std::vector<std::string> available = this->variants(id);
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const std::string& v = variants[i];
    check_identifier(v, "variant name");
    const auto source = std::find_if(sources.begin(), sources.end(), [&](const VariantSource& s) { return s.name == v; });
    if (source == sources.end())
      throw Error("game '" + m.id + "' has no variant '" + v + "' (" +
                  (available.empty() ? std::string("it has no variants") : "available: " + joined(available)) +
                  "; looked in " + joined(variant_folders(id)) + ")");
    if (!source->problem.empty()) throw Error("variant '" + v + "': " + source->problem);
    if (!source->folder.empty()) {
      // The game finds the pack's page and overlays where its loaders look (variant_pack.hpp).
      remember_variant_pack(entry.script_dir, v, source->folder);
      remember_variant_pack(entry.data_dir, v, source->folder);
    }
    if (std::find(variants.begin(), variants.begin() + static_cast<std::ptrdiff_t>(i), v) !=
        variants.begin() + static_cast<std::ptrdiff_t>(i))
      throw Error("variant '" + v + "' is given twice");
    const auto [low, high] = variant_players(id, v);
    if (players < low || players > high)
      throw Error("variant '" + v + "' of game '" + m.id + "' is for " +
                  (low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high)) +
                  (high == 1 ? " player" : " players") + ", not " + std::to_string(players));
  }
  GameConfig config;
  config.players = players;
  config.seed = seed;
  config.variants = in_declared_order(entry, sources, std::move(variants),
                                      [&](const std::string& name) {
                                        try {
                                          return variant_partners(id, name);
                                        } catch (const Error&) {
                                          return std::vector<std::string>{};  // validate reports a wrong line
                                        }
                                      });
  config.data_dir = entry.data_dir;
  config.script_dir = entry.script_dir;
  return config;
}

namespace {

// The first overlay file of `config`'s variants that is not among the files the game read.
std::optional<std::string> unread_overlay(const PluginEntry& entry, const GameConfig& config,
                                          const std::set<std::string>& read) {
  for (const auto& variant : config.variants) {
    std::error_code ec;
    std::vector<std::string> files;
    // The game's own overlay folder, or else a pack's data/ folder.
    fs::path folder = config.data_dir / "variants" / variant;
    std::string shown = "data/" + entry.manifest.id + "/variants/" + variant;
    if (const auto pack = variant_pack(config.data_dir, variant); pack && !fs::exists(folder, ec)) {
      folder = *pack / "data";
      shown = folder.string();
    }
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".yaml" && it->is_regular_file(ec)) files.push_back(it->path().filename().string());
    std::sort(files.begin(), files.end());
    for (const auto& file : files)
      if (!read.count(file))
        return shown + "/" + file + ": game '" + entry.manifest.id + "' reads no " + file +
               ", so this overlay would change nothing";
  }
  return std::nullopt;
}

// A call into a game's module: its tessera::Error passes through; any other exception, of
// any type, becomes a PluginError naming the game.
template <typename Call>
auto call_module(const PluginEntry& entry, Call call) -> decltype(call()) {
  try {
    return call();
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {
    throw PluginError("game '" + entry.manifest.id + "': " + e.what());
  } catch (...) {
    throw PluginError("game '" + entry.manifest.id + "': " + kForeignException);
  }
}

}  // namespace

std::unique_ptr<Game> PluginRegistry::new_game(std::string_view id, const GameConfig& config) const {
  const PluginEntry& entry = game(id);
  DataReadRecorder reads;
  const DataLoadMemo one_reading;
  std::unique_ptr<Game> game = call_module(entry, [&] { return entry.module->new_game(config); });
  if (!game) throw PluginError("game '" + entry.manifest.id + "': the plugin made no game");
  if (const auto unread = unread_overlay(entry, config, reads.files())) throw DataError(*unread);
  return game;
}

std::vector<std::string> PluginRegistry::validate(std::string_view id, const GameConfig& config) const {
  const PluginEntry& entry = game(id);
  DataReadRecorder reads;
  const DataLoadMemo one_reading;
  std::vector<std::string> problems = call_module(entry, [&] { return entry.module->validate(config); });
  if (problems.empty())
    if (const auto unread = unread_overlay(entry, config, reads.files())) problems.push_back(*unread);
  return problems;
}

std::vector<fs::path> plugin_search_path(const std::vector<fs::path>& before, const std::vector<fs::path>& after) {
  return search_path(before, "TESSERA_PLUGIN_PATH", after);
}

std::vector<fs::path> data_search_path(const std::vector<fs::path>& before, const std::vector<fs::path>& after) {
  return search_path(before, "TESSERA_DATA_PATH", after);
}

}  // namespace tessera
