// The progress line of long runs (progress_meter.hpp): drawn on stderr in place, wiped at
// the end, only for a terminal or with TESSERA_PROGRESS=1, never on stdout.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "progress_meter.hpp"
#include "support/host_process.hpp"

using tessera::host::ProgressMeter;
using tessera::testing::HostRun;
using tessera::testing::run_tessera;

namespace {

const std::vector<std::pair<std::string, std::string>> kForced{{"TESSERA_PROGRESS", "1"}};
// Unset for the program (an empty value counts as unset): stderr is a pipe in these tests.
const std::vector<std::pair<std::string, std::string>> kTerminalTest{{"TESSERA_PROGRESS", ""}};

// stderr of a run whose progress line was drawn and wiped: it starts with the first drawing
// ("\r<label>: 0/<total> games") and ends with the line overwritten by spaces.
void check_drawn_and_wiped(const HostRun& run, const std::string& label, int total) {
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.err, Catch::StartsWith("\r" + label + ": 0/" + std::to_string(total) + " games"));
  const std::size_t last = run.err.rfind('\r', run.err.size() - 2);
  REQUIRE(last != std::string::npos);
  const std::string wipe = run.err.substr(last + 1);
  CHECK(wipe.size() > 1);
  CHECK(wipe.back() == '\r');
  CHECK(wipe.find_first_not_of(' ') == wipe.size() - 1);
  CHECK(run.out.find('\r') == std::string::npos);
}

}  // namespace

TEST_CASE("A progress line shows games done, rate and time left, redrawn in place and wiped", "[host]") {
  std::ostringstream err;
  {
    ProgressMeter meter(&err, "simulate tutorial", 4, /*every=*/std::chrono::milliseconds(0));
    CHECK(err.str() == "\rsimulate tutorial: 0/4 games");
    meter.update(2);
    CHECK_THAT(err.str(), Catch::Contains("\rsimulate tutorial: 2/4 games, "));
    CHECK_THAT(err.str(), Catch::Contains(" games/s, ETA "));
    const std::string before = err.str();
    const std::size_t drawn = before.size() - before.rfind('\r') - 1;  // the line on screen
    meter.clear();
    CHECK(err.str() == before + "\r" + std::string(drawn, ' ') + "\r");
    meter.update(3);  // after clear: nothing more
  }
  CHECK(err.str().find("3/4") == std::string::npos);

  SECTION("at most once per interval") {
    std::ostringstream slow;
    ProgressMeter meter(&slow, "arena", 100, std::chrono::hours(1));
    for (long g = 1; g <= 100; ++g) meter.update(g);
    CHECK(slow.str() == "\rarena: 0/100 games");
  }
  SECTION("nothing without a stream") {
    ProgressMeter meter(nullptr, "arena", 3, std::chrono::milliseconds(0));
    meter.update(1);
    CHECK(meter.done() == 1);
  }
}

TEST_CASE("simulate, compare, arena and validate --play draw their progress on stderr, never on a pipe",
          "[host]") {
  SECTION("simulate") {
    const std::vector<std::string> args{"simulate", "tutorial", "--games", "3"};
    check_drawn_and_wiped(run_tessera(args, "", kForced), "simulate tutorial", 3);
    const HostRun piped = run_tessera(args, "", kTerminalTest);
    CHECK(piped.exit_code == 0);
    CHECK(piped.err.empty());
    CHECK_THAT(piped.out, Catch::StartsWith("tutorial: 3 games"));
  }
  SECTION("simulate --json keeps stdout pure JSON") {
    const HostRun run = run_tessera({"simulate", "tutorial", "--games", "2", "--json"}, "", kForced);
    check_drawn_and_wiped(run, "simulate tutorial", 2);
    CHECK(nlohmann::json::parse(run.out)["games"] == 2);
  }
  SECTION("compare counts the games of every arm") {
    const std::vector<std::string> args{"compare", "tutorial", "--variant", "patronage", "--games", "2"};
    check_drawn_and_wiped(run_tessera(args, "", kForced), "compare tutorial", 4);
    CHECK(run_tessera(args, "", kTerminalTest).err.empty());
  }
  SECTION("arena") {
    const std::vector<std::string> args{"arena", "tutorial", "--seats", "greedy,random", "--games", "2"};
    check_drawn_and_wiped(run_tessera(args, "", kForced), "arena tutorial", 2);
    CHECK(run_tessera(args, "", kTerminalTest).err.empty());
  }
  SECTION("validate --play: every variant at every player count") {
    // The tutorial: base 2-4 players, seven variants 2-4, and no variant played with another.
    const std::vector<std::string> args{"validate", "tutorial", "--play", "1"};
    check_drawn_and_wiped(run_tessera(args, "", kForced), "validate tutorial", 24);
    CHECK(run_tessera(args, "", kTerminalTest).err.empty());
    CHECK(run_tessera({"validate", "tutorial"}, "", kForced).err.empty());  // nothing played: no line
  }
  SECTION("a TESSERA_PROGRESS that is neither 0 nor 1 is refused by name") {
    const HostRun run = run_tessera({"simulate", "tutorial", "--games", "1"}, "", {{"TESSERA_PROGRESS", "yes"}});
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.err, Catch::Contains("TESSERA_PROGRESS must be 0 (no progress line) or 1 (always one), not 'yes'"));
    CHECK(run_tessera({"simulate", "tutorial", "--games", "1"}, "", {{"TESSERA_PROGRESS", "0"}}).err.empty());
  }
}
