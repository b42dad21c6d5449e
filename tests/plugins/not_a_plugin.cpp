// An ordinary shared library: it exports a function but none of the plugin symbols, so the
// registry must refuse it as "not a Tessera plugin".
#include <boost/config.hpp>

extern "C" BOOST_SYMBOL_EXPORT int tessera_test_answer() { return 42; }
