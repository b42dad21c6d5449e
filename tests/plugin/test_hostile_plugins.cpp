// Plugin files that must not take the host down: a truncated copy of a
// real plugin, a version symbol that is a function, a factory that throws something that is
// not a std::exception, and one that crashes. Each is refused with its reason; `tessera
// list` still lists the good games.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin_registry.hpp"
#include "support/build_paths.hpp"

using Catch::Matchers::Contains;
using namespace tessera;
using namespace tessera::testing;
namespace fs = std::filesystem;

namespace {

const fs::path kTestPlugins = tessera::testing::kTestPluginDir;
const fs::path kGamePlugins = fs::path(tessera::testing::kBuildDir) / "plugins";
const fs::path kDataRoot = fs::path(tessera::testing::kSourceDir) / "tests/plugins";

// The first `size` bytes of `from`, written to `to`.
void copy_truncated(const fs::path& from, const fs::path& to, std::uintmax_t size) {
  std::ifstream in(from, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(size));
  write_file(to, bytes);
}

}  // namespace

TEST_CASE("A truncated copy of a real plugin is refused before dlopen maps it", "[plugin][hostile]") {
  TempDir dir("truncated");
  const fs::path real = kGamePlugins / "tutorial.so";
  const std::uintmax_t size = fs::file_size(real);
  PluginRegistry registry({dir.path}, {tessera::testing::kSourceDir});
  for (std::uintmax_t cut : {std::uintmax_t{10}, std::uintmax_t{64}, std::uintmax_t{4096}, size / 3, size / 2, size - 1}) {
    INFO("first " << cut << " of " << size << " bytes");
    const fs::path file = dir.path / ("tutorial_" + std::to_string(cut) + ".so");
    copy_truncated(real, file, cut);
    CHECK_THROWS_WITH(registry.load(file), Contains(file.string() + ": cannot load ("));
  }
  CHECK(registry.games().empty());
}

TEST_CASE("A version symbol that is a function, not the alias variable, is refused unread", "[plugin][hostile]") {
  PluginRegistry registry({}, {kDataRoot});
  CHECK_THROWS_WITH(registry.load(kTestPlugins / "abi_function.so"),
                    Contains("abi_function.so: not a Tessera plugin (tessera_plugin_abi_version is not the variable"));
}

TEST_CASE("A factory that throws something other than a std::exception is refused", "[plugin][hostile]") {
  PluginRegistry registry({}, {kDataRoot});
  CHECK_THROWS_AS(registry.load(kTestPlugins / "throwing_factory.so"), PluginError);
  CHECK_THROWS_WITH(registry.load(kTestPlugins / "throwing_factory.so"),
                    Contains("throwing_factory.so: the plugin threw an exception that is not a std::exception"));
}

TEST_CASE("Scanning tries each library in a child process first, so one that crashes is left out", "[plugin][hostile]") {
  TempDir dir("crashing");
  fs::copy_file(kTestPlugins / "crashing_factory.so", dir.path / "a_crashing.so");
  fs::copy_file(kTestPlugins / "good_game.so", dir.path / "b_good.so");
  PluginRegistry registry({dir.path}, {kDataRoot});
  registry.scan();
  CHECK(registry.games().size() == 1);
  REQUIRE(registry.problems().size() == 1);
  CHECK_THAT(registry.problems()[0], Contains("a_crashing.so: crashed while loading (signal 11") &&
                                         Contains("; not loaded"));
}

TEST_CASE("tessera list survives every hostile plugin file and lists the good games", "[plugin][hostile]") {
  TempDir dir("hostile_list");
  copy_truncated(kGamePlugins / "sardinia.so", dir.path / "a_truncated.so", fs::file_size(kGamePlugins / "sardinia.so") / 2);
  fs::copy_file(kTestPlugins / "abi_function.so", dir.path / "b_abi_function.so");
  fs::copy_file(kTestPlugins / "throwing_factory.so", dir.path / "c_throwing_factory.so");
  fs::copy_file(kTestPlugins / "crashing_factory.so", dir.path / "d_crashing_factory.so");
  write_file(dir.path / "e_empty.so", "");
  const HostRun run = run_tessera({"list"}, "", {{"TESSERA_PLUGIN_PATH", dir.path.string()}});
  CHECK(run.signal == 0);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Contains("tutorial  Lantern Market"));
  CHECK_THAT(run.out, Contains("a_truncated.so: cannot load (truncated"));
  CHECK_THAT(run.out, Contains("b_abi_function.so: not a Tessera plugin"));
  CHECK_THAT(run.out, Contains("c_throwing_factory.so: the plugin threw an exception that is not a std::exception"));
  CHECK_THAT(run.out, Contains("d_crashing_factory.so: crashed while loading"));
  CHECK_THAT(run.out, Contains("e_empty.so: cannot load (too short for an ELF header)"));
}
