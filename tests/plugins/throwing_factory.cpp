// A plugin whose factory throws an int, not a std::exception: a host that only caught
// std::exception would end in std::terminate (SIGABRT) while loading it.
#include "tessera/plugin.hpp"

namespace throwing_factory {
int abi_version() { return tessera::kPluginAbiVersion; }
std::shared_ptr<tessera::GameModule> make_module() { throw 42; }
}  // namespace throwing_factory

BOOST_DLL_ALIAS(throwing_factory::abi_version, tessera_plugin_abi_version)
BOOST_DLL_ALIAS(throwing_factory::make_module, tessera_plugin_v1)
