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
// environment (a value replaces the inherited one). A `max_file_bytes` above 0 limits the
// size of every file it writes (RLIMIT_FSIZE, SIGXFSZ ignored): a write past it fails with
// EFBIG as one past a full disk fails with ENOSPC, for root too.
HostRun run_tessera(const std::vector<std::string>& args, const std::string& input = "",
                    const std::vector<std::pair<std::string, std::string>>& env = {},
                    std::size_t max_file_bytes = 0);

}  // namespace tessera::testing
