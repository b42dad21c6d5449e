// A plugin whose factory crashes (SIGSEGV): nothing in-process can survive that, so the
// registry's scan must have tried it in a child process and left it out.
#include <csignal>

#include "tessera/plugin.hpp"

namespace crashing_factory {
int abi_version() { return tessera::kPluginAbiVersion; }
std::shared_ptr<tessera::GameModule> make_module() {
  std::raise(SIGSEGV);
  return nullptr;
}
}  // namespace crashing_factory

BOOST_DLL_ALIAS(crashing_factory::abi_version, tessera_plugin_abi_version)
BOOST_DLL_ALIAS(crashing_factory::make_module, tessera_plugin_v1)
