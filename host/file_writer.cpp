#include "file_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

#include "tessera/error.hpp"

namespace tessera::host {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(const fs::path& target, const std::string& what, int error) {
  throw Error("cannot write '" + target.string() + "': " + what + (what.empty() ? "" : ": ") + std::strerror(error));
}

// Writes all of `text` to `fd`; false with errno set when a write fails.
bool write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (n == 0) {  // a device that takes nothing: fail rather than loop
      errno = EIO;
      return false;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The first step of a write that failed, with its errno; later steps still run (a close).
struct FirstFailure {
  const char* step = nullptr;
  int error = 0;
  void check(bool ok, const char* what) {
    if (!ok && !step) {
      step = what;
      error = errno;
    }
  }
};

// A name for the temporary file, unique among this program's threads and processes.
fs::path temporary_beside(const fs::path& target) {
  static std::atomic<unsigned> counter{0};
  std::string name = ".";  // appended, not "." + ...: GCC 12 warns falsely (-Wrestrict) on that form
  name += target.filename().string();
  name += ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  return target.parent_path() / name;
}

void replace_atomically(const fs::path& target, std::string_view text, const struct stat* existing) {
  const fs::path temporary = temporary_beside(target);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail(target, "cannot create a file in its folder", errno);
  FirstFailure f;
  f.check(!existing || ::fchmod(fd, existing->st_mode & 07777) == 0, "cannot keep its permissions");
  if (!f.step) f.check(write_all(fd, text), "write failed");
  if (!f.step) f.check(::fsync(fd) == 0, "sync failed");
  f.check(::close(fd) == 0, "close failed");
  if (!f.step) f.check(::rename(temporary.c_str(), target.c_str()) == 0, "cannot rename the written file over it");
  if (f.step) {
    ::unlink(temporary.c_str());
    fail(target, f.step, f.error);
  }
}

// A device or FIFO is written where it is: a rename would replace the device node.
void write_in_place(const fs::path& target, std::string_view text) {
  // O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of hanging the host.
  const int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) fail(target, errno == ENXIO ? "no program reads it" : "cannot open it", errno);
  FirstFailure f;
  const int flags = ::fcntl(fd, F_GETFL);
  f.check(flags >= 0 && ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0, "cannot open it");
  if (!f.step) f.check(write_all(fd, text), "write failed");
  f.check(::close(fd) == 0, "close failed");
  if (f.step) fail(target, f.step, f.error);
}

// Where a write to `target` goes, and how.
struct Resolved {
  enum class Kind { New, Regular, InPlace } kind;
  fs::path path;     // the file to replace: `target`, or the file a link names
  struct stat file;  // for Regular: the file's status
};

Resolved resolve(const fs::path& target) {
  if (target.empty()) throw Error("cannot write a file with an empty name");
  struct stat link {};
  if (::lstat(target.c_str(), &link) != 0) {
    if (errno != ENOENT) fail(target, "", errno);
    return {Resolved::Kind::New, target, {}};
  }
  struct stat file = link;
  if (S_ISLNK(link.st_mode) && ::stat(target.c_str(), &file) != 0) {
    const int error = errno;
    std::error_code ec;
    const fs::path to = fs::read_symlink(target, ec);
    throw Error("cannot write '" + target.string() + "': it is a symbolic link to '" + to.string() +
                "', which cannot be reached (" + std::strerror(error) + "); nothing was written");
  }
  if (S_ISDIR(file.st_mode)) throw Error("cannot write '" + target.string() + "': it is a folder");
  if (!S_ISREG(file.st_mode)) return {Resolved::Kind::InPlace, target, file};
  std::error_code ec;
  const fs::path real = S_ISLNK(link.st_mode) ? fs::canonical(target, ec) : target;
  if (ec) throw Error("cannot write '" + target.string() + "': cannot follow its link: " + ec.message());
  return {Resolved::Kind::Regular, real, file};
}

}  // namespace

void write_file(const fs::path& target, std::string_view text) {
  const Resolved r = resolve(target);
  if (r.kind == Resolved::Kind::InPlace) return write_in_place(target, text);
  replace_atomically(r.path, text, r.kind == Resolved::Kind::Regular ? &r.file : nullptr);
}

void check_writable(const fs::path& target) {
  const Resolved r = resolve(target);
  // A device or FIFO is left unopened: opening a FIFO's writing end and closing it would
  // end the reader's input. Its writes are checked when it is written.
  if (r.kind == Resolved::Kind::InPlace) return;
  const fs::path temporary = temporary_beside(r.path);
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) fail(target, "cannot create a file in its folder", errno);
  ::close(fd);
  ::unlink(temporary.c_str());
}

void make_folder(const fs::path& dir) {
  if (dir.empty()) throw Error("cannot make a folder with an empty name");
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(dir, ec);
  if (fs::is_symlink(link) && !fs::exists(fs::status(dir, ec)))
    throw Error("cannot make the folder '" + dir.string() + "': it is a symbolic link to '" +
                fs::read_symlink(dir, ec).string() + "', which does not exist; it was left as it is");
  if (!fs::is_directory(fs::status(dir, ec))) {
    if (fs::exists(link)) throw Error("cannot make the folder '" + dir.string() + "': a file of that name exists");
    fs::create_directories(dir, ec);
    if (ec) throw Error("cannot make the folder '" + dir.string() + "': " + ec.message());
  }
  check_writable(dir / ".tessera-write-check");
}

}  // namespace tessera::host
