#pragma once
// A variant pack as one archive (tar, gzip-compressed), written and read with libarchive.
// Reading is safe for an archive from anyone: see unpack_variant_archive.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

namespace tessera::host {

// Bounds of what one pack archive may hold once unpacked.
inline constexpr std::size_t kMaxPackEntries = 256;
inline constexpr std::uint64_t kMaxPackBytes = 8u << 20;  // 8 MiB, the files' bytes together

// The archive of the pack folder `pack`: every folder and regular file under it, as
// <pack's name>/<path>, in sorted order with fixed times and owners, so that the same pack
// gives the same bytes. Throws Error for a link or any other kind of file in the pack, or
// a pack above the bounds.
std::string variant_archive(const std::filesystem::path& pack);

// Unpacks `archive` into the existing empty folder `into` and returns the pack's name (the
// one top-level folder every entry lies in). Refused with an Error naming the entry: an
// absolute path, a ".." part, a link (symbolic or hard), a device or any entry that is not
// a regular file or folder, more than kMaxPackEntries entries or kMaxPackBytes of data, a
// top-level name that is not an identifier, and anything libarchive cannot read. On a
// refusal `into` may hold part of the pack: the caller discards it.
std::string unpack_variant_archive(const std::filesystem::path& archive, const std::filesystem::path& into);

}  // namespace tessera::host
