#pragma once
// One escaping function per language the host writes text into. Each returns `text` as a
// complete token of that language (with its quotes), so that no byte of it can end the
// token or be read as code: a file generated from user text holds that text, and only it.
// Names that are identifiers (tessera/identifier.hpp) need none of this; free text such as
// a game's title, variant descriptions or scores' category names goes through these.
#include <string>
#include <string_view>

namespace tessera::host {

// A gnuplot string: in single quotes, where gnuplot substitutes nothing (no `command`, no
// @macro) and only a doubled quote is special. Gnuplot has no way to write a control
// character there, so each byte below 0x20 and 0x7f becomes a space: a line break would
// end the command.
std::string gnuplot_string(std::string_view text);

// A CMake quoted argument: "..." with \, " and $ escaped (no ${variable} or $ENV{...} is
// expanded) and tab, line feed and carriage return as \t, \n, \r. CMake has no escape for
// other control characters: each becomes a space.
std::string cmake_quoted(std::string_view text);

// A C++ string literal: "..." with \ and " escaped, \t \n \r, other bytes
// below 0x20 and 0x7f as three-digit octal escapes; other bytes (UTF-8) as they are.
std::string cpp_string_literal(std::string_view text);

// HTML (and Markdown) text or a double- or single-quoted attribute value: & < > " '
// as character references.
std::string html_text(std::string_view text);

// A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A field
// that starts with = + - @ tab or carriage return gets a leading ' so that a spreadsheet
// shows it as text instead of running it as a formula.
std::string csv_field(std::string_view text);

// A JSON string, "..." (nlohmann's escaping; bytes that are not UTF-8 become U+FFFD).
std::string json_string(std::string_view text);

}  // namespace tessera::host
