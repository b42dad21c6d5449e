#pragma once
// Runs the built `tessera` program as a separate process, for tests that must see what a
// user sees: its output, its exit status, and whether it was killed by a signal.
#include <string>
#include <utility>
#include <vector>

namespace tessera::testing {

struct HostRun {
  int exit_code = -1;  // the exit status, or -1 when killed by a signal
  int signal = 0;      // the signal that killed it, or 0
  std::string out;
  std::string err;
};

// `build/bin/tessera <args>` with `input` on its standard input and `env` added to its
// environment (a value replaces the inherited one), under the resource limits `limits`
// (setrlimit's resource and its soft and hard limit, e.g. {RLIMIT_AS, 1 << 30}). With any
// limit SIGXFSZ is ignored, so a write past RLIMIT_FSIZE fails with EFBIG as one past a full
// disk fails with ENOSPC, for root too.
HostRun run_tessera(const std::vector<std::string>& args, const std::string& input = "",
                    const std::vector<std::pair<std::string, std::string>>& env = {},
                    const std::vector<std::pair<int, unsigned long long>>& limits = {});

}  // namespace tessera::testing
