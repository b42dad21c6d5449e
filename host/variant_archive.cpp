#include "variant_archive.hpp"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "file_writer.hpp"
#include "tessera/bounded_file.hpp"
#include "tessera/error.hpp"
#include "tessera/identifier.hpp"

namespace tessera::host {

namespace fs = std::filesystem;

namespace {

using ArchivePtr = std::unique_ptr<archive, int (*)(archive*)>;
using EntryPtr = std::unique_ptr<archive_entry, void (*)(archive_entry*)>;

std::string reason(archive* a) {
  const char* text = archive_error_string(a);
  return text ? text : "unknown libarchive error";
}

la_ssize_t append_to_string(archive*, void* text, const void* bytes, size_t size) {
  static_cast<std::string*>(text)->append(static_cast<const char*>(bytes), size);
  return static_cast<la_ssize_t>(size);
}

// Every folder and file of `pack`, relative to it, sorted; refuses what a pack may not hold.
std::vector<fs::path> pack_contents(const fs::path& pack) {
  std::vector<fs::path> contents;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(pack, fs::directory_options::none, ec), end; !ec && it != end;
       it.increment(ec)) {
    const fs::file_status status = it->symlink_status(ec);
    if (!fs::is_directory(status) && !fs::is_regular_file(status))
      throw Error(it->path().string() + ": a pack holds only folders and regular files (no links); not packed");
    contents.push_back(fs::relative(it->path(), pack));
    if (contents.size() > kMaxPackEntries)
      throw Error(pack.string() + ": more than " + std::to_string(kMaxPackEntries) + " files and folders; not packed");
  }
  if (ec) throw Error(pack.string() + ": cannot read (" + ec.message() + ")");
  std::sort(contents.begin(), contents.end());
  return contents;
}

// The entry's path, checked: relative, no "..", "." or empty part, under one top folder.
fs::path checked_path(const char* name) {
  if (!name || !*name) throw Error("an entry without a name; not installed");
  const std::string text = name;
  const fs::path path(text);
  if (path.is_absolute() || text[0] == '/') throw Error("entry '" + printable_name(text) + "' is an absolute path; not installed");
  for (const auto& part : path)
    if (part == ".." ) throw Error("entry '" + printable_name(text) + "' leads outside the pack (..); not installed");
  return path.lexically_normal();
}

}  // namespace

std::string variant_archive(const fs::path& pack) {
  const std::string name = pack.filename().empty() ? pack.parent_path().filename().string() : pack.filename().string();
  const fs::path root = pack.filename().empty() ? pack.parent_path() : pack;
  const std::vector<fs::path> contents = pack_contents(root);
  std::string out;
  ArchivePtr a(archive_write_new(), archive_write_free);
  // No time in the gzip header and no padding after the data: the same pack, the same bytes.
  if (archive_write_add_filter_gzip(a.get()) != ARCHIVE_OK ||
      archive_write_set_filter_option(a.get(), "gzip", "timestamp", nullptr) != ARCHIVE_OK ||
      archive_write_set_format_pax_restricted(a.get()) != ARCHIVE_OK ||
      archive_write_set_bytes_in_last_block(a.get(), 1) != ARCHIVE_OK ||
      archive_write_open(a.get(), &out, nullptr, append_to_string, nullptr) != ARCHIVE_OK)
    throw Error("cannot start the archive (" + reason(a.get()) + ")");
  std::uint64_t total = 0;
  auto add = [&](const fs::path& relative, bool folder, const std::string& bytes, bool executable = false) {
    EntryPtr entry(archive_entry_new(), archive_entry_free);
    archive_entry_set_pathname(entry.get(), (fs::path(name) / relative).generic_string().c_str());
    archive_entry_set_filetype(entry.get(), folder ? AE_IFDIR : AE_IFREG);
    archive_entry_set_perm(entry.get(), folder || executable ? 0755 : 0644);
    archive_entry_set_size(entry.get(), static_cast<la_int64_t>(bytes.size()));
    archive_entry_set_mtime(entry.get(), 0, 0);
    if (archive_write_header(a.get(), entry.get()) != ARCHIVE_OK ||
        (!bytes.empty() && archive_write_data(a.get(), bytes.data(), bytes.size()) < 0))
      throw Error("cannot add " + relative.string() + " to the archive (" + reason(a.get()) + ")");
  };
  add({}, true, "");
  for (const fs::path& relative : contents) {
    if (fs::is_directory(root / relative)) {
      add(relative, true, "");
      continue;
    }
    const BoundedFile read = read_file_at_most(root / relative, kMaxPackBytes);
    if (read.status != BoundedFile::Status::Read) throw Error((root / relative).string() + ": cannot read, or too large to pack");
    total += read.text.size();
    if (total > kMaxPackBytes)
      throw Error(root.string() + ": more than " + std::to_string(kMaxPackBytes) + " bytes; not packed");
    // An executable file (the pack's test.sh) stays one.
    const fs::perms perms = fs::status(root / relative).permissions();
    add(relative, false, read.text, (perms & fs::perms::owner_exec) != fs::perms::none);
  }
  if (archive_write_close(a.get()) != ARCHIVE_OK) throw Error("cannot finish the archive (" + reason(a.get()) + ")");
  return out;
}

std::string unpack_variant_archive(const fs::path& file, const fs::path& into) {
  ArchivePtr a(archive_read_new(), archive_read_free);
  // Only tar, and only filters libarchive runs itself (no external program).
  archive_read_support_format_tar(a.get());
  archive_read_support_filter_gzip(a.get());
  archive_read_support_filter_bzip2(a.get());
  archive_read_support_filter_xz(a.get());
  archive_read_support_filter_zstd(a.get());
  if (archive_read_open_filename(a.get(), file.c_str(), 64 * 1024) != ARCHIVE_OK)
    throw Error(file.string() + ": not a pack archive (" + reason(a.get()) + ")");
  std::string top;
  std::size_t entries = 0;
  std::uint64_t total = 0;
  archive_entry* entry = nullptr;
  for (int status; (status = archive_read_next_header(a.get(), &entry)) != ARCHIVE_EOF;) {
    if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
      throw Error(file.string() + ": cannot read the archive (" + reason(a.get()) + ")");
    if (++entries > kMaxPackEntries)
      throw Error(file.string() + ": more than " + std::to_string(kMaxPackEntries) + " entries; not installed");
    const fs::path path = checked_path(archive_entry_pathname(entry));
    const std::string shown = printable_name(path.generic_string());
    const auto type = archive_entry_filetype(entry);
    if (archive_entry_hardlink(entry) || archive_entry_symlink(entry) || (type != AE_IFREG && type != AE_IFDIR))
      throw Error(file.string() + ": entry '" + shown + "' is a link or a special file; a pack holds only folders and files; not installed");
    const std::string first = path.begin()->string();
    if (top.empty()) {
      if (!is_identifier(first))
        throw Error(file.string() + ": the pack's folder '" + printable_name(first) + "' is not a variant name (" +
                    kIdentifierGrammar + "); not installed");
      top = first;
    } else if (first != top) {
      throw Error(file.string() + ": entry '" + shown + "' is outside the pack's folder " + top + "/; not installed");
    }
    const fs::path target = into / path;
    if (type == AE_IFDIR) {
      make_folder(target);
      continue;
    }
    std::string bytes;
    char buffer[16 * 1024];
    for (la_ssize_t got; (got = archive_read_data(a.get(), buffer, sizeof buffer)) != 0;) {
      if (got < 0) throw Error(file.string() + ": cannot read entry '" + shown + "' (" + reason(a.get()) + ")");
      total += static_cast<std::uint64_t>(got);
      if (total > kMaxPackBytes)
        throw Error(file.string() + ": more than " + std::to_string(kMaxPackBytes) + " bytes unpacked; not installed");
      bytes.append(buffer, static_cast<std::size_t>(got));
    }
    make_folder(target.parent_path());
    write_file(target, bytes);
    if (archive_entry_perm(entry) & 0100)
      fs::permissions(target, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
  }
  if (top.empty()) throw Error(file.string() + ": an empty archive; not installed");
  return top;
}

}  // namespace tessera::host
