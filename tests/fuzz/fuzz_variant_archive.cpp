// libFuzzer target: `tessera variant install`'s reader (host/variant_archive.hpp). An input is
// the bytes of an archive file. Checked: it is refused with a Tessera error, or unpacked into
// one folder named by an identifier holding only folders and regular files, within the
// bounds of entries and bytes; nothing is written outside the scratch folder.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tessera/error.hpp"
#include "tessera/identifier.hpp"
#include "variant_archive.hpp"

namespace fs = std::filesystem;
using namespace tessera::host;

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "tessera fuzz check failed: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path scratch = fs::temp_directory_path() / ("tessera_fuzz_archive_" + std::to_string(::getpid()));
  fs::remove_all(scratch);
  fs::create_directories(scratch / "into");
  std::ofstream(scratch / "input.tar", std::ios::binary).write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  try {
    const std::string name = unpack_variant_archive(scratch / "input.tar", scratch / "into");
    if (!tessera::is_identifier(name)) fail("the pack's folder is not an identifier");
    std::size_t entries = 0;
    std::uintmax_t bytes = 0;
    for (const auto& entry : fs::recursive_directory_iterator(scratch / "into")) {
      const fs::file_status status = entry.symlink_status();
      if (!fs::is_directory(status) && !fs::is_regular_file(status)) fail("a link or special file was unpacked");
      if (fs::relative(entry.path(), scratch / "into").begin()->string() != name) fail("an entry outside the pack's folder");
      if (fs::is_regular_file(status)) bytes += fs::file_size(entry.path());
      ++entries;
    }
    if (entries > kMaxPackEntries + 1 || bytes > kMaxPackBytes) fail("the bounds do not hold");
  } catch (const tessera::Error&) {
    // Refused: fine.
  }
  for (const auto& entry : fs::directory_iterator(scratch))
    if (entry.path().filename() != "into" && entry.path().filename() != "input.tar") fail("a file written beside the pack");
  fs::remove_all(scratch);
  return 0;
}
