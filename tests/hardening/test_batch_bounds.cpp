// simulate and compare plan within their bounds (game_batch.hpp): a --jobs or --games past
// its bound is refused with the bound before any game, and a thread the system refuses ends
// the batch with a message and exit code 1, never std::terminate.
#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <string>

#include "game_batch.hpp"
#include "support/host_process.hpp"

using namespace tessera::testing;
using Catch::Matchers::Contains;

namespace {

// AddressSanitizer reserves terabytes of address space for its shadow memory at start, so a
// process under RLIMIT_AS cannot start at all: the plain build (tools/test.sh) runs that case.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

void check_refused(const HostRun& run, const std::string& message) {
  CHECK(run.signal == 0);
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Contains(message));
  CHECK_THAT(run.err, !Contains("bad_alloc"));
}

}  // namespace

TEST_CASE("simulate and compare refuse --jobs and --games past their bounds, naming the bound", "[hardening][host]") {
  const std::string jobs = "--jobs must be from 1 to " + std::to_string(tessera::host::kMaxJobs);
  const std::string games = "--games must be from 1 to " + std::to_string(tessera::host::kMaxBatchGames);
  check_refused(run_tessera({"simulate", "tutorial", "--games", "5", "--jobs", "3000"}), jobs + " (the threads of one batch), not 3000");
  check_refused(run_tessera({"simulate", "tutorial", "--jobs", "0"}), jobs);
  check_refused(run_tessera({"simulate", "tutorial", "--games", "2000000000"}), games + " (the games of one batch), not 2000000000");
  check_refused(run_tessera({"compare", "tutorial", "-v", "patronage", "--games", "1073741824"}), games);
  check_refused(run_tessera({"compare", "tutorial", "-v", "patronage", "--games", "4", "--jobs", "3000"}), jobs);
  // At the bounds, a batch plays.
  const HostRun fine = run_tessera({"simulate", "tutorial", "--games", "3", "--jobs", std::to_string(tessera::host::kMaxJobs)});
  CHECK(fine.exit_code == 0);
  CHECK_THAT(fine.out, Contains("3 games"));
}

TEST_CASE("A thread the system cannot start ends a batch with a message, not an abort", "[hardening][host]") {
  if (kAddressSanitizer) {
    WARN("not run under AddressSanitizer, whose shadow memory needs more address space than the limit");
    return;
  }
  // 1 GiB stacks under a 3 GiB address space: the third or fourth thread cannot start.
  const HostRun run = run_tessera({"simulate", "tutorial", "--games", "64", "--jobs", "64"}, "", {},
                                  {{RLIMIT_STACK, 1ULL << 30}, {RLIMIT_AS, 3ULL << 30}});
  CHECK(run.signal == 0);
  CHECK(run.exit_code == 1);
  CHECK_THAT(run.err, Contains("could not start thread") && Contains("of 64") && Contains("try fewer --jobs"));
}
