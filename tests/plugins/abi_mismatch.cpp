// A plugin built for a newer ABI: its version symbol says kPluginAbiVersion + 1. It also
// exports a factory that returns nothing, so a host that skipped the version check would
// report a different error than the one the tests expect.
#include "tessera/plugin.hpp"

namespace abi_mismatch {
int abi_version() { return tessera::kPluginAbiVersion + 1; }
std::shared_ptr<tessera::GameModule> make_module() { return nullptr; }
}  // namespace abi_mismatch

BOOST_DLL_ALIAS(abi_mismatch::abi_version, tessera_plugin_abi_version)
BOOST_DLL_ALIAS(abi_mismatch::make_module, tessera_plugin_v1)
