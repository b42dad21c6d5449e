#include "support/build_paths.hpp"

namespace tessera::testing {

const char* const kSourceDir = TESSERA_SOURCE_DIR;
const char* const kBuildDir = TESSERA_BUILD_DIR;
const char* const kGamePluginDir = TESSERA_GAME_PLUGIN_DIR;
const char* const kTestPluginDir = TESSERA_TEST_PLUGIN_DIR;

}  // namespace tessera::testing
