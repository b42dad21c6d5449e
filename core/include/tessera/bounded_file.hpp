#pragma once
// Reading a whole file that a user may have made huge (a 1 GB script, a log, a YAML page):
// it is refused by its size before a byte is read, and by reading one byte past the limit,
// so a file that grows meanwhile, or a pipe, is refused too.
#include <cstdint>
#include <filesystem>
#include <string>

namespace tessera {

struct BoundedFile {
  enum class Status { Read, TooLarge, Unreadable } status = Status::Unreadable;
  std::string text;         // the whole file when Read
  std::uintmax_t size = 0;  // its size on disk when TooLarge by its size, else 0
};

BoundedFile read_file_at_most(const std::filesystem::path& file, std::size_t max_bytes);

// "<name>: <size> bytes, more than the <max> a <kind> may hold" for a TooLarge result.
std::string too_large_message(const std::string& name, const BoundedFile& read, std::size_t max_bytes,
                              const std::string& kind);

}  // namespace tessera
