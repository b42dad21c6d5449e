// A library whose tessera_plugin_abi_version is a function, not the variable that
// BOOST_DLL_ALIAS exports: a host that read it as that variable would jump into the
// function's bytes as if they were an address.
#include <boost/config.hpp>

extern "C" BOOST_SYMBOL_EXPORT int tessera_plugin_abi_version() { return 2; }
extern "C" BOOST_SYMBOL_EXPORT int tessera_plugin_v1() { return 0; }
