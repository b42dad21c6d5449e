#pragma once
// Bounds on JSON that comes from outside (protocol lines, game logs), checked before a
// value is built: a hostile input must not exhaust memory or overflow the stack.
#include <cstddef>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "tessera/error.hpp"

namespace tessera::host {

inline constexpr std::size_t kMaxRequestBytes = std::size_t{1} << 20;  // one `serve` line: 1 MiB
inline constexpr std::size_t kMaxLogBytes = std::size_t{16} << 20;     // one log file: 16 MiB
inline constexpr int kMaxJsonDepth = 64;                               // nested arrays and objects
// Steps of one log, and its `set` and `patch` steps (scenario edits): each costs a copy and a
// check of the whole state, and edits can turn a game back, so without a bound one 16 MiB log
// would replay for minutes. Real games take a few hundred actions and a handful of edits.
inline constexpr std::size_t kMaxLogSteps = 100'000;
inline constexpr std::size_t kMaxLogSetSteps = 1'000;

// Input refused by a limit above; what() says which.
class InputTooLarge : public DataError {
 public:
  using DataError::DataError;
};

// JSON text nlohmann would accept but JSON does not allow: a NUL byte (nlohmann stops
// reading there, so what follows it would pass unseen) or a key given twice in one object
// (nlohmann keeps the last, so `{"cmd":"state","cmd":"quit"}` would quit).
class MalformedJson : public DataError {
 public:
  using DataError::DataError;
};

// Reads one line (without its '\n') into `line`. A line longer than `max_bytes` is read to
// its end but not kept: the result is TooLong and `line` holds its first max_bytes bytes.
enum class LineRead { Line, TooLong, End };
LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes);

// Parses JSON text, refusing more than kMaxJsonDepth nested arrays and objects
// (InputTooLarge) before going deeper, and NUL bytes and repeated keys (MalformedJson).
// Other syntax errors throw nlohmann::json::parse_error.
nlohmann::json parse_bounded_json(std::string_view text);

// The contents of a file of at most `max_bytes`; throws InputTooLarge for a larger one and
// Error when it cannot be read. Messages start with `path`.
std::string read_bounded_file(const std::string& path, std::size_t max_bytes);

}  // namespace tessera::host
