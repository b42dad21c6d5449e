#include "host_environment.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include "tessera/bounded_file.hpp"
#include "tessera/file_place.hpp"
#include "tessera/identifier.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera::host {

namespace fs = std::filesystem;

namespace {

// The XDG base directory rule: $<variable>/tessera when it is an absolute path, else
// ~/<fallback>/tessera; empty without either variable.
fs::path xdg_tessera_dir(const char* variable, const char* fallback) {
  const char* xdg = std::getenv(variable);
  if (xdg && fs::path(xdg).is_absolute()) return fs::path(xdg) / "tessera";
  const char* home = std::getenv("HOME");
  if (home && *home) return fs::path(home) / fallback / "tessera";
  return {};
}

}  // namespace

fs::path user_data_dir() { return xdg_tessera_dir("XDG_DATA_HOME", ".local/share"); }

fs::path program_path() {
  std::error_code ec;
  fs::path path = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : path;
}

bool in_build_tree(const fs::path& program) {
  std::error_code ec;
  const fs::path folder = fs::canonical(program.parent_path(), ec);
  if (ec) return false;
  const fs::path build_bin = fs::canonical(TESSERA_BUILD_BIN_DIR, ec);
  return !ec && folder == build_bin;
}

SearchPaths search_paths(const fs::path& program, const SearchPaths& first) {
  std::vector<fs::path> plugins = first.plugin_dirs, data = first.data_roots;
  if (in_build_tree(program)) {
    plugins.push_back(TESSERA_BUILD_PLUGIN_DIR);
    data.push_back(TESSERA_SOURCE_DIR_DEFAULT);
    return {plugin_search_path(plugins, {TESSERA_INSTALL_PLUGINDIR}), data_search_path(data, {TESSERA_INSTALL_DATADIR}), {}};
  }
  // Installed: the prefix is found from the program's folder, so a moved prefix still works.
  const fs::path bin = program.parent_path();
  plugins.push_back(bin / TESSERA_BIN_TO_PLUGINDIR);
  data.push_back(bin / TESSERA_BIN_TO_DATADIR);
  if (const fs::path user = user_data_dir(); !user.empty()) {
    plugins.push_back(user / "plugins");
    data.push_back(user);
  }
  return {plugin_search_path(plugins), data_search_path(data), {}};
}

std::vector<VariantPlace> variant_places(const std::vector<fs::path>& variant_dirs) {
  std::vector<VariantPlace> places;
  for (const fs::path& dir : variant_dirs) places.push_back({fs::absolute(dir).lexically_normal(), "--variant-dir"});
  if (const char* path = std::getenv("TESSERA_VARIANT_PATH")) {
    std::istringstream entries(path);
    for (std::string entry; std::getline(entries, entry, ':');)
      if (!entry.empty()) places.push_back({fs::absolute(entry).lexically_normal(), "TESSERA_VARIANT_PATH"});
  }
  if (const fs::path user = user_data_dir(); !user.empty()) places.push_back({user / "variants", "user folder", true});
  return places;
}

std::unique_ptr<PluginRegistry> make_default_registry(const SearchPaths& first) {
  SearchPaths paths = search_paths(program_path(), first);
  auto registry = std::make_unique<PluginRegistry>(std::move(paths.plugin_dirs), std::move(paths.data_roots));
  registry->set_variant_places(variant_places(first.variant_dirs));
  registry->scan();
  return registry;
}

fs::path template_root(const fs::path& program) {
  if (in_build_tree(program)) return TESSERA_SOURCE_DIR_DEFAULT;
  return (program.parent_path() / TESSERA_BIN_TO_DATADIR / "template").lexically_normal();
}

fs::path web_root(const fs::path& program) {
  if (in_build_tree(program)) return fs::path(TESSERA_SOURCE_DIR_DEFAULT) / "web";
  return (program.parent_path() / TESSERA_BIN_TO_DATADIR / "web").lexically_normal();
}

fs::path web_state_dir() {
  const fs::path dir = xdg_tessera_dir("XDG_STATE_HOME", ".local/state");
  return dir.empty() ? dir : dir / "web";
}

namespace {

// The paragraph that opens `file`'s leading comment block (comments start with `marker`),
// its lines joined by spaces: from the first line of text to the first empty comment line or
// the end of the block. A `players:` or `with:` line (variant_players and variant_partners
// read them) is not text. "" when
// there is none; a file leading outside `folder` is not read.
std::string opening_paragraph(const std::filesystem::path& folder, const std::string& file, const std::string& marker) {
  std::filesystem::path path;
  if (place_of_file(folder, file, &path) != FilePlace::Inside) return "";
  // Bounded like every reader of a game's files: a huge page is refused when it loads.
  const BoundedFile read = read_file_at_most(path, std::max(kMaxScriptFileBytes, kMaxYamlFileBytes));
  std::istringstream in(read.text);
  std::string paragraph;
  std::string line;
  while (std::getline(in, line) && line.rfind(marker, 0) == 0) {
    std::string text = line.substr(marker.size());
    text.erase(0, text.find_first_not_of(" -#\t"));
    text.erase(text.find_last_not_of(" \t\r") + 1);
    if (text.rfind("players:", 0) == 0 || text.rfind("with:", 0) == 0) continue;
    if (text.empty()) {
      if (paragraph.empty()) continue;
      break;
    }
    paragraph += (paragraph.empty() ? "" : " ") + text;
  }
  return paragraph;
}

}  // namespace

std::vector<VariantInfo> list_variants(const PluginEntry& entry) {
  std::vector<VariantInfo> out;
  const std::vector<std::string> pages = variant_pages(entry);
  for (const auto& name : variant_names(entry)) {
    // Described by its Lua page, or else by the comment opening its overlay's game.yaml.
    const bool page = std::find(pages.begin(), pages.end(), name) != pages.end();
    VariantInfo info;
    info.name = name;
    info.description = page ? opening_paragraph(entry.script_dir, "variants/" + name + ".lua", "--")
                            : opening_paragraph(entry.data_dir, "variants/" + name + "/game.yaml", "#");
    out.push_back(std::move(info));
  }
  return out;
}

std::vector<VariantInfo> list_variants(const PluginRegistry& registry, std::string_view id) {
  const std::vector<VariantInfo> own = list_variants(registry.game(id));
  std::vector<VariantInfo> out;
  for (const VariantSource& source : registry.variant_sources(id)) {
    VariantInfo info{source.name, "", source.origin, source.folder, source.shadowed, source.problem};
    if (source.folder.empty()) {
      const auto mine = std::find_if(own.begin(), own.end(), [&](const VariantInfo& v) { return v.name == source.name; });
      if (mine != own.end()) info.description = mine->description;
    } else {
      const VariantManifest& m = source.manifest;
      info.description = m.title + (m.title.empty() || m.description.empty() ? "" : ": ") + m.description;
    }
    out.push_back(std::move(info));
  }
  return out;
}

std::vector<std::string> misnamed_variants(const PluginEntry& entry) {
  std::vector<std::string> problems;
  auto scan = [&](const fs::path& dir, const std::string& shown, bool pages) {
    if (dir.empty()) return;
    std::error_code ec;
    for (fs::directory_iterator it(dir / "variants", ec), end; !ec && it != end; it.increment(ec)) {
      const fs::path& path = it->path();
      const bool candidate = pages ? path.extension() == ".lua" && it->is_regular_file(ec) : it->is_directory(ec);
      const std::string name = pages ? path.stem().string() : path.filename().string();
      if (candidate && !is_identifier(name))
        problems.push_back(shown + "/variants/" + printable_name(path.filename().string()) +
                           ": not a variant: a variant's name is an identifier (" + kIdentifierGrammar +
                           "); rename it");
    }
  };
  scan(entry.script_dir, "scripts/" + entry.manifest.id, true);
  scan(entry.data_dir, "data/" + entry.manifest.id, false);
  std::sort(problems.begin(), problems.end());
  return problems;
}

}  // namespace tessera::host
