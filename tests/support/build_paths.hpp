#pragma once
// The folders of the build the tests run in. They are compiled into build_paths.cpp alone, so
// no other test file has an absolute path in its command line and ccache shares those files'
// objects between checkouts (CMakeLists.txt: CCACHE_BASEDIR).

namespace tessera::testing {

extern const char* const kSourceDir;       // the source tree (the data root of the games)
extern const char* const kBuildDir;        // the build folder (scratch files, bin/tessera)
extern const char* const kGamePluginDir;   // the games' plugins
extern const char* const kTestPluginDir;   // the test plugins (tests/plugins/)

}  // namespace tessera::testing
