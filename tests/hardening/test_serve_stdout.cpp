// serve's standard output carries protocol lines only: a plugin library that prints when it
// is loaded (tests/plugins/noisy_load.cpp) writes to stderr, not into the JSON stream.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "support/build_paths.hpp"

using nlohmann::json;
using namespace tessera::testing;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

TEST_CASE("A plugin that prints when loaded does not corrupt serve's JSON stream", "[hardening][host][plugin]") {
  TempDir dir("noisy_plugin");
  fs::copy_file(fs::path(tessera::testing::kTestPluginDir) / "noisy" / "noisy_game.so", dir.path / "noisy_game.so");
  const std::string input = R"({"cmd":"games","id":1})" "\n" R"({"cmd":"new","game":"good_game","id":2})" "\n"
                            R"({"cmd":"quit","id":3})" "\n";
  const HostRun run = run_tessera({"serve", "--plugin-dir", dir.path.string(), "--data-root",
                                   (fs::path(tessera::testing::kSourceDir) / "tests/plugins").string()},
                                  input);
  CHECK(run.exit_code == 0);
  std::istringstream lines(run.out);
  int id = 0;
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    REQUIRE(json::accept(line));
    const json reply = json::parse(line);
    CHECK(reply["ok"] == true);
    CHECK(reply["id"] == ++id);
  }
  CHECK(id == 3);
  CHECK_THAT(run.err, Contains("noisy plugin: printf on load") && Contains("noisy plugin: std::cout on load"));
}
