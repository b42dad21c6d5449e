#include "support/host_process.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "support/temp_dir.hpp"
#include "support/build_paths.hpp"

namespace tessera::testing {

namespace {

std::string text_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

HostRun run_tessera(const std::vector<std::string>& args, const std::string& input,
                    const std::vector<std::pair<std::string, std::string>>& env,
                    const std::vector<std::pair<int, unsigned long long>>& limits) {
  // Files, not pipes: the child may write more than a pipe holds while nobody reads.
  TempDir io("host_run");
  const std::string in_file = (io.path / "in").string(), out_file = (io.path / "out").string(),
                    err_file = (io.path / "err").string();
  write_file(in_file, input);
  const std::string program = std::string(tessera::testing::kBuildDir) + "/bin/tessera";
  std::vector<std::string> words{program};
  words.insert(words.end(), args.begin(), args.end());
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    for (const auto& [name, value] : env) ::setenv(name.c_str(), value.c_str(), 1);
    // A write past RLIMIT_FSIZE then fails with EFBIG, as one past a full disk fails with
    // ENOSPC, instead of killing the host (the ignored signal is kept across exec).
    if (!limits.empty()) ::signal(SIGXFSZ, SIG_IGN);
    for (const auto& [resource, value] : limits) {
      const rlimit limit{static_cast<rlim_t>(value), static_cast<rlim_t>(value)};
      if (::setrlimit(resource, &limit) != 0) ::_exit(125);
    }
    const int in_fd = ::open(in_file.c_str(), O_RDONLY);
    const int out_fd = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err_fd = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in_fd < 0 || out_fd < 0 || err_fd < 0) ::_exit(126);
    ::dup2(in_fd, 0);
    ::dup2(out_fd, 1);
    ::dup2(err_fd, 2);
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  HostRun run;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  run.out = text_of(out_file);
  run.err = text_of(err_file);
  return run;
}

}  // namespace tessera::testing
