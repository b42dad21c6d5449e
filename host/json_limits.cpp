#include "json_limits.hpp"

#include <filesystem>
#include <fstream>
#include <istream>
#include <sstream>

namespace tessera::host {

using nlohmann::json;

LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes) {
  line.clear();
  std::streambuf& buffer = *in.rdbuf();
  bool any = false;
  bool too_long = false;
  for (int c = buffer.sbumpc(); c != std::char_traits<char>::eof(); c = buffer.sbumpc()) {
    any = true;
    if (c == '\n') return too_long ? LineRead::TooLong : LineRead::Line;
    if (line.size() < max_bytes) line.push_back(static_cast<char>(c));
    else too_long = true;
  }
  in.setstate(std::ios::eofbit);
  if (!any) return LineRead::End;
  return too_long ? LineRead::TooLong : LineRead::Line;
}

json parse_bounded_json(std::string_view text) {
  // The callback sees each array or object as it opens, with the count of those around it,
  // so a deep input is refused before its inner values are built.
  auto limit_depth = [](int depth, json::parse_event_t event, json&) {
    if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
        depth >= kMaxJsonDepth)
      throw InputTooLarge("nested more than " + std::to_string(kMaxJsonDepth) + " arrays and objects deep");
    return true;
  };
  return json::parse(text.begin(), text.end(), limit_depth);
}

std::string read_bounded_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > max_bytes)
    throw InputTooLarge(path + ": " + std::to_string(size) + " bytes, more than the " + std::to_string(max_bytes) +
                        " a file of this kind may hold");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw Error("cannot read '" + path + "'");
  // Read at most one byte past the limit: a file that grows (or a pipe) is refused too.
  std::string text(max_bytes + 1, '\0');
  file.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(file.gcount()));
  if (text.size() > max_bytes)
    throw InputTooLarge(path + ": more than the " + std::to_string(max_bytes) + " bytes a file of this kind may hold");
  if (file.bad()) throw Error("cannot read '" + path + "'");
  return text;
}

}  // namespace tessera::host
