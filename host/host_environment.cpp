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

// The paragraph that opens `file`'s leading comment block (comments start with `marker`),
// its lines joined by spaces: from the first line of text to the first empty comment line or
// the end of the block. A `players:` line (variant_players reads it) is not text. "" when
// there is none; a file leading outside `folder` is not read.
std::string opening_paragraph(const std::filesystem::path& folder, const std::string& file, const std::string& marker) {
  std::filesystem::path path;
  if (place_of_file(folder, file, &path) != FilePlace::Inside) return "";
  std::ifstream in(path);
  std::string paragraph;
  std::string line;
  while (std::getline(in, line) && line.rfind(marker, 0) == 0) {
    std::string text = line.substr(marker.size());
    text.erase(0, text.find_first_not_of(" -#\t"));
    text.erase(text.find_last_not_of(" \t\r") + 1);
    if (text.rfind("players:", 0) == 0) continue;
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
    out.push_back(VariantInfo{name, page ? opening_paragraph(entry.script_dir, "variants/" + name + ".lua", "--")
                                         : opening_paragraph(entry.data_dir, "variants/" + name + "/game.yaml", "#")});
  }
  return out;
}

}  // namespace tessera::host
