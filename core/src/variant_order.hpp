#pragma once
// The order variants declare among themselves (a pack's `after:`, a page's `-- with:`), as
// PluginRegistry::config records it for the script runtime: two variants that replace or
// wrap the same effect, move, step or rule are played together only when one declares the
// other. Keyed like the pack table (variant_pack.hpp); safe from several threads.
#include <filesystem>
#include <string>
#include <vector>

namespace tessera {

void remember_variant_order(const std::filesystem::path& script_folder, const std::string& name,
                            const std::vector<std::string>& declared);
// Whether `a` names `b` or `b` names `a` among the variants it declares.
bool variants_declared_together(const std::filesystem::path& script_folder, const std::string& a, const std::string& b);

}  // namespace tessera
