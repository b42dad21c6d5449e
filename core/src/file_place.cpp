#include "tessera/file_place.hpp"

namespace tessera {

namespace fs = std::filesystem;

namespace {

bool starts_with(const fs::path& path, const fs::path& root) {
  auto p = path.begin();
  for (auto r = root.begin(); r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return true;
}

}  // namespace

FilePlace place_of_file(const fs::path& folder, const fs::path& relative, fs::path* real) {
  std::error_code ec;
  const fs::path file = fs::canonical(folder / relative, ec);
  if (ec || !fs::is_regular_file(file, ec)) return FilePlace::Missing;
  // The folder itself may be a link (an installed game): only what lies below it counts.
  const fs::path root = fs::canonical(folder, ec);
  if (ec || !starts_with(file, root)) return FilePlace::Outside;
  if (real) *real = file;
  return FilePlace::Inside;
}

}  // namespace tessera
