#include "json_limits.hpp"

#include "json_text.hpp"
#include "tessera/bounded_file.hpp"

#include <filesystem>
#include <fstream>
#include <istream>
#include <set>
#include <sstream>
#include <vector>

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
  if (const auto nul = text.find('\0'); nul != std::string_view::npos)
    throw MalformedJson("a NUL byte at byte " + std::to_string(nul + 1) + " (JSON text holds none)");
  // The callback sees each array or object as it opens, with the count of those around it,
  // so a deep input is refused before its inner values are built; and each key as it is
  // read, checked against the keys of the objects open around it.
  std::vector<std::set<std::string>> open_objects;
  auto check = [&open_objects](int depth, json::parse_event_t event, json& parsed) {
    using Event = json::parse_event_t;
    if ((event == Event::object_start || event == Event::array_start) && depth >= kMaxJsonDepth)
      throw InputTooLarge("nested more than " + std::to_string(kMaxJsonDepth) + " arrays and objects deep");
    if (event == Event::object_start) open_objects.emplace_back();
    if (event == Event::object_end) open_objects.pop_back();
    if (event == Event::key && !open_objects.back().insert(parsed.get<std::string>()).second)
      throw MalformedJson(short_message("the key " + json_text(parsed) + " is given twice in one object"));
    return true;
  };
  return json::parse(text.begin(), text.end(), check);
}

std::string read_bounded_file(const std::string& path, std::size_t max_bytes) {
  BoundedFile read = read_file_at_most(path, max_bytes);
  if (read.status == BoundedFile::Status::TooLarge)
    throw InputTooLarge(too_large_message(path, read, max_bytes, "file of this kind"));
  if (read.status != BoundedFile::Status::Read) throw Error("cannot read '" + path + "'");
  return std::move(read.text);
}

}  // namespace tessera::host
