#pragma once
// Where the host finds plugins and data: the build tree first (so a fresh build runs
// without installing), then the environment variables, then the install prefix.
#include <memory>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// A registry that has scanned the default search paths.
std::unique_ptr<PluginRegistry> make_default_registry();

// The variants of a game, each described by the paragraph that opens its Lua page's comment
// (or, for a data-only variant, its overlay game.yaml's comment), joined into one line.
struct VariantInfo {
  std::string name;
  std::string description;
};
std::vector<VariantInfo> list_variants(const PluginEntry& entry);

}  // namespace tessera::host
