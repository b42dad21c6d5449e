#pragma once
// The order variants declare among themselves (a pack's `after:`, a page's `-- with:`), as
// PluginRegistry::config records it for the script runtime and the data overlays: two
// variants that replace or wrap the same effect, move, step or rule, or whose overlays write
// the same place of a data file, are played together only when one declares the other.
// Keyed like the pack table (variant_pack.hpp), by the game's script folder and by its data
// folder; safe from several threads.
#include <filesystem>
#include <string>
#include <vector>

namespace tessera {

void remember_variant_order(const std::filesystem::path& script_folder, const std::string& name,
                            const std::vector<std::string>& declared);
// Whether `a` names `b` or `b` names `a` among the variants it declares.
bool variants_declared_together(const std::filesystem::path& script_folder, const std::string& a, const std::string& b);
// How a refusal of `earlier` and `later` together ends: how one declares the other.
std::string undeclared_pair_hint(const std::string& earlier, const std::string& later);

}  // namespace tessera
