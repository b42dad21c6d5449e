#include "tessera/bounded_file.hpp"

#include <fstream>

namespace tessera {

BoundedFile read_file_at_most(const std::filesystem::path& file, std::size_t max_bytes) {
  BoundedFile out;
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  if (!ec && size > max_bytes) {
    out.status = BoundedFile::Status::TooLarge;
    out.size = size;
    return out;
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return out;
  out.text.assign(max_bytes + 1, '\0');
  in.read(out.text.data(), static_cast<std::streamsize>(out.text.size()));
  out.text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) {
    out.text.clear();
    return out;
  }
  if (out.text.size() > max_bytes) {
    out.text.clear();
    out.status = BoundedFile::Status::TooLarge;
    return out;
  }
  out.status = BoundedFile::Status::Read;
  return out;
}

std::string too_large_message(const std::string& name, const BoundedFile& read, std::size_t max_bytes,
                              const std::string& kind) {
  const std::string max = std::to_string(max_bytes);
  if (read.size > 0) return name + ": " + std::to_string(read.size) + " bytes, more than the " + max + " a " + kind + " may hold";
  return name + ": more than the " + max + " bytes a " + kind + " may hold";
}

}  // namespace tessera
