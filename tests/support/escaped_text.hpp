#pragma once
// Readers for the tokens host/escaping.hpp writes, each following its language's own
// grammar: the tests and the fuzz target read escaped text back to check that it is one
// whole token holding exactly the original text. nullopt: not one well-formed token (an
// unescaped delimiter, a line break, a variable reference, an unknown escape).
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace tessera::testing {

inline bool is_control_byte(char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }

// What a token may hold of `text`: control bytes become spaces where the language has no
// way to write them (gnuplot always; CMake but for tab, line feed and carriage return).
inline std::string spaced_controls(std::string_view text, bool keep_tab_lf_cr) {
  std::string out;
  for (char c : text)
    out += is_control_byte(c) && !(keep_tab_lf_cr && (c == '\t' || c == '\n' || c == '\r')) ? ' ' : c;
  return out;
}

// A gnuplot single-quoted string: '' is a quote; nothing else is special, no line break.
inline std::optional<std::string> read_gnuplot_string(std::string_view t) {
  if (t.size() < 2 || t.front() != '\'' || t.back() != '\'') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (is_control_byte(t[i])) return std::nullopt;
    if (t[i] == '\'') {
      if (i + 2 >= t.size() || t[i + 1] != '\'') return std::nullopt;  // the string would end here
      ++i;
    }
    out += t[i];
  }
  return out;
}

// A CMake quoted argument without variable references: escapes \t \n \r \; and \ before
// any other character that is not a letter or digit; a bare " or $ is refused.
inline std::optional<std::string> read_cmake_quoted(std::string_view t) {
  if (t.size() < 2 || t.front() != '"' || t.back() != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const char c = t[i];
    if (c == '"' || c == '$') return std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 2 >= t.size()) return std::nullopt;  // \" at the end: the string would not end
    const char e = t[++i];
    if (e == 't') out += '\t';
    else if (e == 'n') out += '\n';
    else if (e == 'r') out += '\r';
    else if (std::isalnum(static_cast<unsigned char>(e))) return std::nullopt;
    else out += e;
  }
  return out;
}

// A C++ narrow string literal: simple escapes, octal escapes of 1 to 3 digits; no raw line
// break, no bare quote.
inline std::optional<std::string> read_cpp_string_literal(std::string_view t) {
  if (t.size() < 2 || t.front() != '"' || t.back() != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const char c = t[i];
    if (c == '"' || c == '\n' || c == '\r') return std::nullopt;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 2 >= t.size()) return std::nullopt;
    const char e = t[++i];
    switch (e) {
      case '\\': case '"': case '\'': case '?': out += e; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      default: {
        if (e < '0' || e > '7') return std::nullopt;
        int value = e - '0';
        for (int n = 1; n < 3 && i + 2 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++n) value = value * 8 + (t[++i] - '0');
        out += static_cast<char>(value);
      }
    }
  }
  return out;
}

// HTML text: no < > " ', and & only as one of &amp; &lt; &gt; &quot; &#39;.
inline std::optional<std::string> read_html_text(std::string_view t) {
  std::string out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '<' || c == '>' || c == '"' || c == '\'') return std::nullopt;
    if (c != '&') {
      out += c;
      continue;
    }
    bool known = false;
    for (auto [ref, ch] : {std::pair{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}, {"&#39;", '\''}}) {
      const std::string_view r(ref);
      if (t.substr(i, r.size()) == r) {
        out += ch;
        i += r.size() - 1;
        known = true;
        break;
      }
    }
    if (!known) return std::nullopt;
  }
  return out;
}

// One RFC 4180 CSV field: quoted with "" for a quote, or bare without , " and line breaks.
inline std::optional<std::string> read_csv_field(std::string_view t) {
  if (t.empty() || t.front() != '"') {
    if (t.find_first_of(",\"\n\r") != std::string_view::npos) return std::nullopt;
    return std::string(t);
  }
  if (t.size() < 2 || t.back() != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i] == '"') {
      if (i + 2 >= t.size() || t[i + 1] != '"') return std::nullopt;
      ++i;
    }
    out += t[i];
  }
  return out;
}

// Whether a spreadsheet runs a cell that starts with `c` as a formula.
inline bool starts_formula(std::string_view cell) {
  return !cell.empty() && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos;
}

// A JSON string.
inline std::optional<std::string> read_json_string(std::string_view t) {
  try {
    const nlohmann::json j = nlohmann::json::parse(t);
    if (!j.is_string()) return std::nullopt;
    return j.get<std::string>();
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;
  }
}

}  // namespace tessera::testing
