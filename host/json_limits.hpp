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

inline constexpr std::size_t kMaxLogBytes = std::size_t{16} << 20;  // one log file: 16 MiB
// One `serve` line: a `load` request carries a whole log, with room for its request around it.
inline constexpr std::size_t kMaxRequestBytes = kMaxLogBytes + (std::size_t{64} << 10);
inline constexpr int kMaxJsonDepth = 64;                               // nested arrays and objects
// JSON values (each number, string, true, false, null, array and object counts one) in one
// text: parse time and memory follow this count more than bytes (a byte per value in
// [[],[],...]). A log of kMaxLogSteps actions holds about 2 values per step.
inline constexpr std::size_t kMaxJsonValues = 1'000'000;
// Steps of one log, and its `set` and `patch` steps (scenario edits): each costs a copy and a
// check of the whole state, and edits can turn a game back, so without a bound one 16 MiB log
// would replay for minutes. Real games take a few hundred actions and a handful of edits.
inline constexpr std::size_t kMaxLogSteps = 100'000;
inline constexpr std::size_t kMaxLogSetSteps = 1'000;
// Room a log leaves for the `load` request around it, in values and in nesting, so that a
// log within the bounds also loads through serve (Session checks these when recording).
inline constexpr std::size_t kLoadRequestValues = 64;
inline constexpr int kLoadRequestDepth = 1;

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

// The values a JSON value holds (itself included) and how deep its arrays and objects nest
// (0 for a number or string, 1 for [1]). Recursive: for values parsed within kMaxJsonDepth.
struct JsonSize {
  std::size_t values = 1;
  int depth = 0;
};
JsonSize json_size(const nlohmann::json& value);

// Reads one line (without its '\n') into `line`. A line longer than `max_bytes` is read to
// its end but not kept: the result is TooLong and `line` holds its first max_bytes bytes.
enum class LineRead { Line, TooLong, End };
LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes);

// Parses JSON text, refusing more than kMaxJsonDepth nested arrays and objects or more
// than kMaxJsonValues values (InputTooLarge) as soon as the parse reaches the bound, and
// NUL bytes, repeated keys and the number -0 (MalformedJson: -0 reads as 0, so "players": -0
// would pass as a count). Other syntax errors throw nlohmann::json::parse_error.
nlohmann::json parse_bounded_json(std::string_view text);

// The contents of a file of at most `max_bytes`; throws InputTooLarge for a larger one and
// Error when it cannot be read. Messages start with `path`.
std::string read_bounded_file(const std::string& path, std::size_t max_bytes);

}  // namespace tessera::host
