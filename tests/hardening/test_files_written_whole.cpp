// Every command that writes a file, run as a user runs it:
// a target that cannot be written ends the command with a non-zero exit and a message
// naming the path and the system's reason, and leaves no partial file. The failures are
// ones that hold for root too (tests run as root, which ignores permission bits): a
// parent that is a regular file, /proc (where nobody may create a file), /dev/full, a
// dangling symbolic link, and a file size limit (EFBIG, as a full disk gives ENOSPC).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/host_process.hpp"
#include "support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace tessera::testing;

namespace {

// A command that writes `target`: a file, or a folder it fills.
struct Writer {
  std::string label;
  std::vector<std::string> args;  // "{}" stands for the target
  bool folder = false;
};

const std::vector<Writer>& writers() {
  static const std::vector<Writer> list{
      {"simulate --log-dir", {"simulate", "tutorial", "--games", "2", "--log-dir", "{}"}, true},
      {"compare --csv", {"compare", "tutorial", "--variant", "patronage", "--games", "20", "--csv", "{}"}, false},
      {"compare --plot", {"compare", "tutorial", "--variant", "patronage", "--games", "2", "--plot", "{}"}, true},
      {"play --log", {"play", "tutorial", "--seats", "random,random", "--log", "{}"}, false},
      {"new-game --out", {"new-game", "river_trade", "--out", "{}"}, true},
  };
  return list;
}

std::vector<std::string> with_target(const std::vector<std::string>& args, const fs::path& target) {
  std::vector<std::string> out;
  for (const std::string& a : args) out.push_back(a == "{}" ? target.string() : a);
  return out;
}

// The temporary files a writer leaves when it fails half-way, under `dir`.
std::vector<std::string> leftovers(const fs::path& dir) {
  std::vector<std::string> found;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return found;
  for (const auto& e : fs::recursive_directory_iterator(dir, ec))
    if (e.path().filename().string().find(".tmp-") != std::string::npos) found.push_back(e.path().string());
  return found;
}

// The system's words for what creating `path` (a file or a folder) gives.
std::string reason_for(const fs::path& path, bool folder) {
  const int result = folder ? ::mkdir(path.c_str(), 0777) : ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0666);
  REQUIRE(result < 0);
  return std::strerror(errno);
}

void check_refused(const HostRun& run, const fs::path& target, const std::string& reason) {
  const std::string said = run.out + run.err;
  INFO(said);
  CHECK(run.exit_code != 0);
  CHECK(run.signal == 0);
  CHECK(said.find(target.string()) != std::string::npos);
  CHECK(said.find(reason) != std::string::npos);
}

}  // namespace

TEST_CASE("Every command that writes fails with the path and the reason, and leaves no file, when it cannot write",
          "[host][hardening]") {
  TempDir scratch("files_written_whole");
  tessera::testing::write_file(scratch.path / "a_file", "a regular file\n");
  fs::create_symlink(scratch.path / "nowhere" / "missing", scratch.path / "dangling");

  for (const Writer& w : writers()) {
    SECTION(w.label + ": a parent that is a regular file") {
      const fs::path target = scratch.path / "a_file" / "out";
      check_refused(run_tessera(with_target(w.args, target)), target, std::strerror(ENOTDIR));
      CHECK(fs::is_regular_file(scratch.path / "a_file"));
    }
    SECTION(w.label + ": a folder where nobody may create a file (/proc)") {
      const fs::path target = "/proc/tessera_test_output";
      check_refused(run_tessera(with_target(w.args, target)), target, reason_for(target, w.folder));
    }
    SECTION(w.label + ": a read-only folder, where the user is not root") {
      fs::create_directory(scratch.path / "read_only");
      fs::permissions(scratch.path / "read_only", fs::perms::owner_read | fs::perms::owner_exec);
      const fs::path target = scratch.path / "read_only" / "out";
      // Root writes there anyway; the /proc section stands in for it.
      if (::geteuid() != 0) check_refused(run_tessera(with_target(w.args, target)), target, std::strerror(EACCES));
      fs::permissions(scratch.path / "read_only", fs::perms::owner_all);
    }
    SECTION(w.label + ": a dangling symbolic link, left as it is") {
      const fs::path target = scratch.path / "dangling";
      check_refused(run_tessera(with_target(w.args, target)), target, (scratch.path / "nowhere" / "missing").string());
      CHECK(fs::is_symlink(fs::symlink_status(target)));
      CHECK_FALSE(fs::exists(scratch.path / "nowhere"));
    }
    SECTION(w.label + ": a file size limit reached half-way (as a full disk)") {
      const fs::path target = scratch.path / "limited";
      check_refused(run_tessera(with_target(w.args, target), "", {}, {{RLIMIT_FSIZE, 1000}}), target,
                    std::strerror(EFBIG));
      CHECK(leftovers(scratch.path).empty());
      if (!w.folder) CHECK_FALSE(fs::exists(target));
      if (w.label == "new-game --out") CHECK_FALSE(fs::exists(target));  // all or nothing
    }
    if (!w.folder) {
      SECTION(w.label + ": /dev/full") {
        check_refused(run_tessera(with_target(w.args, "/dev/full")), "/dev/full", std::strerror(ENOSPC));
      }
    } else {
      SECTION(w.label + ": /dev/full, a file where a folder is expected") {
        const HostRun run = run_tessera(with_target(w.args, "/dev/full"));
        INFO(run.out + run.err);
        CHECK(run.exit_code != 0);
        CHECK((run.out + run.err).find("/dev/full") != std::string::npos);
      }
    }
  }
  CHECK(leftovers(scratch.path).empty());
}

TEST_CASE("simulate --log-dir writes each log whole; a limit reached half-way stops it with no partial log",
          "[host][hardening]") {
  TempDir scratch("logs_whole");
  const fs::path dir = scratch.path / "logs";
  const HostRun run = run_tessera({"simulate", "tutorial", "--games", "4", "--log-dir", dir.string()}, "", {}, {{RLIMIT_FSIZE, 6000}});
  INFO(run.out + run.err);
  CHECK(run.exit_code != 0);
  CHECK(leftovers(dir).empty());
  for (const auto& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path());
    CHECK_NOTHROW(nlohmann::json::parse(in));  // every log there is whole
  }
}

TEST_CASE("A file target that is a device is written in place, and a link to a file keeps the link", "[host][hardening]") {
  TempDir scratch("files_in_place");
  SECTION("/dev/null takes the CSV") {
    const HostRun run =
        run_tessera({"compare", "tutorial", "--variant", "patronage", "--games", "2", "--csv", "/dev/null"});
    INFO(run.err);
    CHECK(run.exit_code == 0);
  }
  SECTION("a link to a log file: the file is replaced, the link stays") {
    tessera::testing::write_file(scratch.path / "real.json", "old\n");
    fs::create_symlink(scratch.path / "real.json", scratch.path / "link.json");
    const HostRun run = run_tessera(
        {"play", "tutorial", "--seats", "random,random", "--log", (scratch.path / "link.json").string()});
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK(fs::is_symlink(fs::symlink_status(scratch.path / "link.json")));
    std::ifstream in(scratch.path / "real.json");
    CHECK(nlohmann::json::parse(in).contains("steps"));
  }
}

TEST_CASE("play's save command reports a file it cannot write and the game goes on", "[host][hardening]") {
  TempDir scratch("save_refused");
  tessera::testing::write_file(scratch.path / "a_file", "x\n");
  for (const fs::path& target : {fs::path("/dev/full"), scratch.path / "a_file" / "game.json"}) {
    INFO(target);
    const HostRun run =
        run_tessera({"play", "tutorial", "--seats", "human,random", "--no-color"}, "save " + target.string() + "\nquit\n");
    CHECK(run.exit_code == 0);
    CHECK(run.out.find("save failed: cannot write '" + target.string() + "'") != std::string::npos);
    CHECK(run.out.find("game stopped") != std::string::npos);
    CHECK(run.out.find("log written") == std::string::npos);
  }
}

TEST_CASE("new-game --out on a dangling symbolic link refuses and keeps the link", "[host][hardening]") {
  TempDir scratch("new_game_dangling");
  const fs::path link = scratch.path / "project";
  fs::create_symlink(scratch.path / "gone", link);
  const HostRun run = run_tessera({"new-game", "river_trade", "--out", link.string()});
  INFO(run.out + run.err);
  CHECK(run.exit_code != 0);
  CHECK(run.err.find(link.string()) != std::string::npos);
  CHECK(fs::is_symlink(fs::symlink_status(link)));
  CHECK(fs::read_symlink(link) == scratch.path / "gone");
  CHECK_FALSE(fs::exists(scratch.path / "gone"));
}

TEST_CASE("new-game that fails half-way removes every folder it made, parents of --out too", "[host][hardening]") {
  TempDir scratch("new_game_undone");
  const fs::path out = scratch.path / "made" / "by" / "project";
  const HostRun run = run_tessera({"new-game", "river_trade", "--out", out.string()}, "", {}, {{RLIMIT_FSIZE, 1000}});
  INFO(run.out + run.err);
  CHECK(run.exit_code != 0);
  CHECK(run.err.find(std::strerror(EFBIG)) != std::string::npos);
  CHECK_FALSE(fs::exists(scratch.path / "made"));
  CHECK(fs::is_empty(scratch.path));
}
