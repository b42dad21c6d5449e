#include "tessera/identifier.hpp"

#include <algorithm>
#include <cstdio>

#include "tessera/error.hpp"

namespace tessera {
namespace {

bool lower(char c) { return c >= 'a' && c <= 'z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

bool is_identifier(std::string_view name) {
  return !name.empty() && name.size() <= kMaxIdentifierBytes && lower(name[0]) &&
         std::all_of(name.begin(), name.end(), [](char c) { return lower(c) || digit(c) || c == '_'; });
}

void check_identifier(std::string_view name, std::string_view what) {
  if (is_identifier(name)) return;
  throw Error(std::string(what) + " '" + printable_name(name) + "' is not an identifier: expected " +
              kIdentifierGrammar + " (a lower-case letter, then at most 63 lower-case letters, digits and '_')");
}

std::string printable_name(std::string_view text, std::size_t max_bytes) {
  std::string out;
  for (char c : text) {
    if (out.size() >= max_bytes) return out + "...";
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      char code[5];
      std::snprintf(code, sizeof code, "\\x%02x", byte);
      out += code;
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace tessera
