// Parse cost follows the count of JSON values, not only bytes and depth: protocol lines and
// logs hold at most kMaxJsonValues values, refused as the parse reaches the bound, and a text
// of many small values within the bounds is read in time linear in its length.
#include <catch2/catch.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>

#include "json_limits.hpp"
#include "support/host_process.hpp"
#include "support/temp_dir.hpp"

using nlohmann::json;
using namespace tessera::testing;
using Catch::Matchers::Contains;

namespace {

// `count` copies of `item`, comma-separated, in an array.
std::string array_of(const std::string& item, std::size_t count) {
  std::string text = "[";
  text.reserve(count * (item.size() + 1) + 2);
  for (std::size_t i = 0; i < count; ++i) text += (i ? "," : "") + item;
  return text + "]";
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

const std::string kTooMany = "more than " + std::to_string(tessera::host::kMaxJsonValues) + " JSON values";

}  // namespace

TEST_CASE("serve answers a line of 600,000 empty objects at once, and refuses more values than its bound",
          "[hardening][host]") {
  const std::string input = R"({"cmd":"new","game":"tutorial","variants":)" + array_of("{}", 600'000) + "}\n" +
                            R"({"cmd":"games","id":1})" + "\n" + R"({"cmd":"state","id":)" +
                            array_of("0", tessera::host::kMaxJsonValues) + "}\n";
  const auto start = std::chrono::steady_clock::now();
  const HostRun run = run_tessera({"serve"}, input);
  // It took 36 s before (nlohmann's parser callback scans the open array at each object's end).
  CHECK(seconds_since(start) < 10);
  CHECK(run.exit_code == 0);
  const auto first = run.out.find('\n'), second = run.out.find('\n', first + 1);
  REQUIRE(second != std::string::npos);
  const json refused_type = json::parse(run.out.substr(0, first));
  CHECK(refused_type["error"]["code"] == "bad_request");
  CHECK(json::parse(run.out.substr(first + 1, second - first - 1))["id"] == 1);
  const json refused_count = json::parse(run.out.substr(second + 1));
  CHECK(refused_count["error"]["code"] == "too_large");
  CHECK_THAT(refused_count["error"]["message"].get<std::string>(), Contains(kTooMany));
}

TEST_CASE("replay reads a log with 600,000 empty objects at once, and refuses more values than its bound",
          "[hardening][host]") {
  TempDir dir("json_values");
  const std::string head = R"({"tessera_log":1,"game":"tutorial","players":2,"seed":1,"checksum":"0","steps":[],"variants":)";
  write_file(dir.path / "many.json", head + array_of("{}", 600'000) + "}");
  write_file(dir.path / "too_many.json", head + array_of("[]", tessera::host::kMaxJsonValues) + "}");
  const auto start = std::chrono::steady_clock::now();
  const HostRun many = run_tessera({"replay", (dir.path / "many.json").string()});
  CHECK(seconds_since(start) < 10);
  CHECK(many.exit_code == 1);
  CHECK_THAT(many.err, Contains("'variants[]' must be a string"));
  const HostRun too_many = run_tessera({"replay", (dir.path / "too_many.json").string()});
  CHECK(too_many.exit_code == 1);
  CHECK_THAT(too_many.err, Contains("too_many.json: " + kTooMany));
}
