// Where the host looks for games: as before installing when it runs from the build tree,
// else relative to the prefix it is installed in, then the user's folder, then the
// environment variables (host_environment.hpp).
#include <catch2/catch.hpp>

#include "host_environment.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::host;
using tessera::testing::ScopedEnv;

TEST_CASE("The user's Tessera folder follows XDG_DATA_HOME, else HOME", "[host]") {
  {
    ScopedEnv xdg("XDG_DATA_HOME", "/home/ada/.data");
    ScopedEnv home("HOME", "/home/ada");
    CHECK(user_data_dir() == fs::path("/home/ada/.data/tessera"));
  }
  {
    // The XDG rule: a relative XDG_DATA_HOME is ignored.
    ScopedEnv xdg("XDG_DATA_HOME", "relative/data");
    ScopedEnv home("HOME", "/home/ada");
    CHECK(user_data_dir() == fs::path("/home/ada/.local/share/tessera"));
  }
  ScopedEnv xdg("XDG_DATA_HOME", std::nullopt);
  ScopedEnv home("HOME", std::nullopt);
  CHECK(user_data_dir().empty());
}

TEST_CASE("tessera web keeps its rooms under XDG_STATE_HOME, else HOME", "[host][web]") {
  {
    ScopedEnv xdg("XDG_STATE_HOME", "/home/ada/.state");
    CHECK(web_state_dir() == fs::path("/home/ada/.state/tessera/web"));
  }
  {
    ScopedEnv xdg("XDG_STATE_HOME", "relative/state");
    ScopedEnv home("HOME", "/home/ada");
    CHECK(web_state_dir() == fs::path("/home/ada/.local/state/tessera/web"));
  }
  ScopedEnv xdg("XDG_STATE_HOME", std::nullopt);
  ScopedEnv home("HOME", std::nullopt);
  CHECK(web_state_dir().empty());
}

TEST_CASE("The build tree's program searches the build, the variables, then the configured prefix", "[host]") {
  ScopedEnv plugins("TESSERA_PLUGIN_PATH", "/env/plugins");
  ScopedEnv data("TESSERA_DATA_PATH", std::nullopt);
  const fs::path program = fs::path(TESSERA_BUILD_BIN_DIR) / "tessera";
  CHECK(in_build_tree(program));
  CHECK(in_build_tree(program_path()));  // this test program lives there too
  const SearchPaths paths = search_paths(program);
  CHECK(paths.plugin_dirs ==
        std::vector<fs::path>{TESSERA_BUILD_PLUGIN_DIR, "/env/plugins", TESSERA_INSTALL_PLUGINDIR});
  CHECK(paths.data_roots == std::vector<fs::path>{TESSERA_SOURCE_DIR_DEFAULT, TESSERA_INSTALL_DATADIR});
  CHECK(template_root(program) == fs::path(TESSERA_SOURCE_DIR_DEFAULT));
  // Folders given on the command line come first.
  const SearchPaths first = search_paths(program, {{"/mine/plugins"}, {"/mine"}, {}});
  CHECK(first.plugin_dirs.front() == fs::path("/mine/plugins"));
  CHECK(first.data_roots == std::vector<fs::path>{"/mine", TESSERA_SOURCE_DIR_DEFAULT, TESSERA_INSTALL_DATADIR});
}

TEST_CASE("An installed program searches its own prefix, the user's folder, then the variables", "[host]") {
  ScopedEnv xdg("XDG_DATA_HOME", "/home/ada/.data");
  ScopedEnv plugins("TESSERA_PLUGIN_PATH", "/env/plugins");
  ScopedEnv data("TESSERA_DATA_PATH", "/env/data");
  // Wherever the prefix was moved: the paths follow the program's folder.
  const fs::path program = "/opt/moved/bin/tessera";
  CHECK_FALSE(in_build_tree(program));
  const SearchPaths paths = search_paths(program, {{"/mine/plugins"}, {}, {}});
  const fs::path bin = "/opt/moved/bin";
  CHECK(paths.plugin_dirs == std::vector<fs::path>{"/mine/plugins", (bin / TESSERA_BIN_TO_PLUGINDIR).lexically_normal(),
                                                   "/home/ada/.data/tessera/plugins", "/env/plugins"});
  CHECK(paths.data_roots == std::vector<fs::path>{(bin / TESSERA_BIN_TO_DATADIR).lexically_normal(),
                                                  "/home/ada/.data/tessera", "/env/data"});
  CHECK(template_root(program) == (bin / TESSERA_BIN_TO_DATADIR / "template").lexically_normal());
  // The default layout (GNUInstallDirs): <prefix>/lib/tessera/plugins and <prefix>/share/tessera.
  CHECK(paths.plugin_dirs[1].parent_path().parent_path().filename() == "lib");
  CHECK(paths.data_roots[0] == fs::path("/opt/moved/share/tessera"));
}
