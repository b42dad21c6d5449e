// libFuzzer target: the escapers of generated files (host/escaping.hpp). An input is any
// text. Checked for each language: the escaped text is one well-formed token of that
// language that reads back (by the language's own grammar, tests/support/escaped_text.hpp)
// as the input, with control bytes as spaces where the language cannot write them; a CSV
// cell never starts a formula; and every identifier is its own escape in each language.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../support/escaped_text.hpp"
#include "escaping.hpp"
#include "tessera/identifier.hpp"

using namespace tessera::host;
using namespace tessera::testing;

namespace {

[[noreturn]] void fail(const char* what, const std::string& input) {
  std::fprintf(stderr, "tessera fuzz check failed: %s (input of %zu bytes)\n", what, input.size());
  std::abort();
}

bool valid_utf8(const std::string& text) {
  try {
    (void)nlohmann::json(text).dump();
    return true;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (read_gnuplot_string(gnuplot_string(text)) != spaced_controls(text, false)) fail("gnuplot string", text);
  if (read_cmake_quoted(cmake_quoted(text)) != spaced_controls(text, true)) fail("CMake quoted argument", text);
  if (read_cpp_string_literal(cpp_string_literal(text)) != text) fail("C++ string literal", text);
  if (read_html_text(html_text(text)) != text) fail("HTML text", text);
  const auto cell = read_csv_field(csv_field(text));
  if (!cell || starts_formula(*cell) || *cell != (starts_formula(text) ? "'" + text : text)) fail("CSV field", text);
  const auto json = read_json_string(json_string(text));
  if (!json || (valid_utf8(text) && *json != text)) fail("JSON string", text);
  if (tessera::is_identifier(text) &&
      (html_text(text) != text || csv_field(text) != text || gnuplot_string(text) != "'" + text + "'"))
    fail("an identifier needs no escape", text);
  return 0;
}
