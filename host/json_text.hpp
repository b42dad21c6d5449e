#pragma once
// Text the host writes out for clients and files: JSON that never fails to serialise, and
// error messages of bounded length.
#include <nlohmann/json.hpp>
#include <string>

namespace tessera::host {

// `value` as JSON text. A string that is not valid UTF-8 (an action text, a Lua log line,
// a card id written by a script) has each bad byte replaced by U+FFFD instead of throwing:
// a reply or a log must never be lost to one bad byte.
std::string json_text(const nlohmann::json& value, int indent = -1);

// The most of an error message a client or terminal is shown. A message may quote user
// files (a parser's "near ..."), so it is cut to a short excerpt.
inline constexpr std::size_t kMaxMessageBytes = 600;
// `message` cut to kMaxMessageBytes at a UTF-8 character boundary, with "..." when cut.
std::string short_message(const std::string& message);

// The words of a JSON library error without its "[json.exception.out_of_range.404] " tag,
// cut by short_message: what a client or user is shown of it.
std::string library_message(const nlohmann::json::exception& e);

}  // namespace tessera::host
