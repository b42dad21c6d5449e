#pragma once
// A folder made for one task (a unique name beside `beside`, by mkdtemp) and removed with
// everything in it when the task ends: an archive being unpacked, plots drawn for a report.
#include <stdlib.h>

#include <cerrno>
#include <filesystem>
#include <string>
#include <system_error>

#include "tessera/error.hpp"

namespace tessera::host {

class ScratchFolder {
 public:
  ScratchFolder(const std::filesystem::path& beside, const std::string& stem) {
    std::string pattern = (beside / (stem + "XXXXXX")).string();
    if (!mkdtemp(pattern.data()))
      throw Error("cannot make a folder in " + beside.string() + " (" + std::generic_category().message(errno) + ")");
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace tessera::host
