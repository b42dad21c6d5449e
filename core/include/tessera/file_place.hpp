#pragma once
// Where a file a game reads from its own folders (scripts, variants, data, overlays)
// really is. A file that is a link, or lies in a linked folder, leading outside the game's
// folder is refused by every reader, as `require` refuses one: a downloaded variant must
// not make the host read another file and echo it in an error message.
#include <filesystem>

namespace tessera {

enum class FilePlace {
  Inside,   // a regular file whose real path lies under the real `folder`
  Missing,  // no regular file there (absent, a folder, a dangling link)
  Outside,  // a regular file, reached through a link that leads out of `folder`
};

// Where `folder / relative` is; `real`, when given, receives the resolved path if Inside.
FilePlace place_of_file(const std::filesystem::path& folder, const std::filesystem::path& relative,
                        std::filesystem::path* real = nullptr);

}  // namespace tessera
