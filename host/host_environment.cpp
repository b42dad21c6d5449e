#include "host_environment.hpp"

#include <fstream>

#include "tessera/file_place.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera::host {

std::unique_ptr<PluginRegistry> make_default_registry() {
  auto registry = std::make_unique<PluginRegistry>(plugin_search_path(TESSERA_BUILD_PLUGIN_DIR),
                                                   data_search_path(TESSERA_SOURCE_DIR_DEFAULT));
  registry->scan();
  return registry;
}

std::vector<VariantInfo> list_variants(const PluginEntry& entry) {
  std::vector<VariantInfo> out;
  if (entry.script_dir.empty()) return out;
  for (const auto& name : ScriptRuntime::list_variants(entry.script_dir)) {
    out.push_back(VariantInfo{name, ""});
    // A variant file that leads outside the game's folder is refused when played; its
    // description is not read either.
    std::filesystem::path file;
    if (place_of_file(entry.script_dir, "variants/" + name + ".lua", &file) != FilePlace::Inside) continue;
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("--", 0) != 0) break;
      std::string text = line.substr(2);
      text.erase(0, text.find_first_not_of(" -"));
      if (!text.empty()) {
        out.back().description = text;
        break;
      }
    }
  }
  return out;
}

}  // namespace tessera::host
