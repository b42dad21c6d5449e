#pragma once
// The one way the host writes a file: logs, saves, CSV, plot data and scripts, new-game
// projects. A file is written whole or not at all, and every failure is an Error naming the
// path and the system's reason, so the command that asked ends with a non-zero exit.
#include <filesystem>
#include <string_view>

namespace tessera::host {

// Writes `text` to `target`.
// - A new or regular file: `text` goes to a temporary file beside it, which is flushed,
//   synced and renamed over the target; on any failure the temporary file is removed and
//   the target is as before. A regular file keeps its permission bits.
// - A symbolic link to a regular file: that file is replaced, the link stays.
// - A device or a FIFO (/dev/stdout, /dev/null, a pipe): written in place, every write and
//   the close checked; a FIFO without a reader is refused rather than waited on.
// - A dangling symbolic link or a folder: refused, nothing is written or removed.
void write_file(const std::filesystem::path& target, std::string_view text);

// Refuses, as write_file would, a `target` that cannot be written, without writing it: a
// command checks its output files this way before the work whose results they hold. A
// device or a FIFO is not opened here (its writes are checked by write_file).
void check_writable(const std::filesystem::path& target);

// Makes the folder `dir` and its missing parents, and checks that a file can be written in
// it. An existing folder, or a link to one, is fine; a dangling symbolic link or any other
// file is refused and left as it is.
void make_folder(const std::filesystem::path& dir);

}  // namespace tessera::host
