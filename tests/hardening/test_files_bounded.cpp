// A file a user hands the host — a variant's Lua page, a module it requires, a
// data page — is refused by its size before it is read (a 1 GiB page cost 2 GB of memory
// and 17 s before the bound; `info` read the whole of it for its first comment lines).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/registry.hpp"
#include "tessera/error.hpp"
#include "tessera/script_runtime.hpp"
#include "support/build_paths.hpp"

using namespace tessera;
namespace fs = std::filesystem;

namespace {

// A scratch copy of the tutorial's scripts with `files` (relative path, text) written into
// it, and `huge` made a sparse file of 1 GiB (no disk used, every byte a NUL).
struct ScratchScripts {
  fs::path dir;
  ScratchScripts(const std::string& name, const std::vector<std::pair<std::string, std::string>>& files,
                 const std::string& huge) {
    const PluginRegistry& registry = testing::game_registry();
    dir = fs::path(tessera::testing::kBuildDir) / ("files_bounded_" + name);
    fs::remove_all(dir);
    fs::copy(registry.game("tutorial").script_dir, dir, fs::copy_options::recursive);
    for (const auto& [path, text] : files) std::ofstream(dir / path, std::ios::trunc) << text;
    std::ofstream(dir / huge, std::ios::trunc).close();
    fs::resize_file(dir / huge, std::uintmax_t{1} << 30);
  }
  ~ScratchScripts() { fs::remove_all(dir); }
};

}  // namespace

TEST_CASE("A script file larger than a script may be is refused by its size, unread", "[hardening][lua]") {
  const PluginRegistry& registry = testing::game_registry();
  SECTION("a variant's page") {
    const ScratchScripts scripts("page", {}, "variants/huge.lua");
    GameConfig config = registry.config("tutorial", 2, 1);
    config.script_dir = scripts.dir;
    config.variants = {"huge"};
    CHECK_THROWS_WITH(registry.new_game("tutorial", config),
                      Catch::Contains("variants/huge.lua: 1073741824 bytes, more than the 1048576 a script file may hold"));
  }
  SECTION("a module a variant requires") {
    const ScratchScripts scripts("module", {{"variants/uses.lua", "local m = require('lib_huge')\n"}}, "lib_huge.lua");
    GameConfig config = registry.config("tutorial", 2, 1);
    config.script_dir = scripts.dir;
    config.variants = {"uses"};
    CHECK_THROWS_WITH(registry.new_game("tutorial", config), Catch::Contains("1073741824 bytes, more than the 1048576"));
  }
}
