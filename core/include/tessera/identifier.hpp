#pragma once
// The names a user gives that become file names, code names and parts of generated files:
// game ids, variant names and the ids of new-game projects. Each is an identifier:
//   [a-z][a-z0-9_]{0,63}
// a lower-case letter, then at most 63 lower-case letters, digits and '_'. Being checked
// where it enters, such a name is safe in every file the host writes without escaping.
#include <string>
#include <string_view>

namespace tessera {

inline constexpr std::size_t kMaxIdentifierBytes = 64;
inline constexpr const char* kIdentifierGrammar = "[a-z][a-z0-9_]{0,63}";

bool is_identifier(std::string_view name);

// Throws Error "<what> '<name>' is not an identifier ..." unless `name` is one; the name is
// quoted with its control characters shown as \xNN and cut when long.
void check_identifier(std::string_view name, std::string_view what);

// `text` with each byte below 0x20 and 0x7f shown as \xNN and '\' as "\\", cut to about
// `max_bytes`: a name from the command line or a file name, fit to quote in a message.
std::string printable_name(std::string_view text, std::size_t max_bytes = 80);

}  // namespace tessera
