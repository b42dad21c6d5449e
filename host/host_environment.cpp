#include "host_environment.hpp"

#include <algorithm>
#include <fstream>

#include "tessera/file_place.hpp"

namespace tessera::host {

std::unique_ptr<PluginRegistry> make_default_registry() {
  auto registry = std::make_unique<PluginRegistry>(plugin_search_path(TESSERA_BUILD_PLUGIN_DIR),
                                                   data_search_path(TESSERA_SOURCE_DIR_DEFAULT));
  registry->scan();
  return registry;
}

namespace {

// The first line of text in the comment block that opens `file` (comments start with
// `marker`); "" when there is none. A file leading outside `folder` is not read.
std::string first_comment(const std::filesystem::path& folder, const std::string& file, const std::string& marker) {
  std::filesystem::path path;
  if (place_of_file(folder, file, &path) != FilePlace::Inside) return "";
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(marker, 0) != 0) break;
    std::string text = line.substr(marker.size());
    text.erase(0, text.find_first_not_of(" -#"));
    if (!text.empty()) return text;
  }
  return "";
}

}  // namespace

std::vector<VariantInfo> list_variants(const PluginEntry& entry) {
  std::vector<VariantInfo> out;
  const std::vector<std::string> pages = variant_pages(entry);
  for (const auto& name : variant_names(entry)) {
    // Described by its Lua page, or else by the comment opening its overlay's game.yaml.
    const bool page = std::find(pages.begin(), pages.end(), name) != pages.end();
    out.push_back(VariantInfo{name, page ? first_comment(entry.script_dir, "variants/" + name + ".lua", "--")
                                         : first_comment(entry.data_dir, "variants/" + name + "/game.yaml", "#")});
  }
  return out;
}

}  // namespace tessera::host
