#include "json_limits.hpp"

#include "json_text.hpp"
#include "tessera/bounded_file.hpp"

#include <algorithm>
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

namespace {

// Where `text` holds the number -0 (an integer minus zero, which nlohmann reads as 0), as a
// byte offset, or npos. Strings are skipped.
std::size_t negative_zero_at(std::string_view text) {
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '-' && i + 1 < text.size() && text[i + 1] == '0') {
      const char after = i + 2 < text.size() ? text[i + 2] : ' ';
      if (after != '.' && after != 'e' && after != 'E' && (after < '0' || after > '9')) return i;
    }
  }
  return std::string_view::npos;
}

// nlohmann's DOM builder with the bounds checked at each event, before the value is built:
// depth, count of values and repeated keys. (nlohmann's parser callback does the same work
// but scans the enclosing array at each closing object, so 300,000 empty objects took
// minutes; these SAX events cost constant time each.) The DOM builder's events are hidden,
// not overridden: json::sax_parse calls the handler's own.
class BoundedDomBuilder : public nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;

 public:
  explicit BoundedDomBuilder(json& root) : Base(root) {}

  bool null() { return count() && Base::null(); }
  bool boolean(bool v) { return count() && Base::boolean(v); }
  bool number_integer(number_integer_t v) { return count() && Base::number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return count() && Base::number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& text) { return count() && Base::number_float(v, text); }
  bool string(string_t& v) { return count() && Base::string(v); }
  bool start_object(std::size_t n) {
    open();
    open_objects_.emplace_back();
    return Base::start_object(n);
  }
  bool key(string_t& k) {
    if (!open_objects_.back().insert(k).second) {
      json quoted = k;
      throw MalformedJson(short_message("the key " + json_text(quoted) + " is given twice in one object"));
    }
    return Base::key(k);
  }
  bool end_object() {
    open_objects_.pop_back();
    --depth_;
    return Base::end_object();
  }
  bool start_array(std::size_t n) {
    open();
    return Base::start_array(n);
  }
  bool end_array() {
    --depth_;
    return Base::end_array();
  }

 private:
  bool count() {
    if (++values_ > kMaxJsonValues)
      throw InputTooLarge("more than " + std::to_string(kMaxJsonValues) + " JSON values (numbers, strings, arrays, objects...)");
    return true;
  }
  void open() {
    count();
    if (depth_++ >= kMaxJsonDepth)
      throw InputTooLarge("nested more than " + std::to_string(kMaxJsonDepth) + " arrays and objects deep");
  }

  std::size_t values_ = 0;
  int depth_ = 0;
  std::vector<std::set<std::string>> open_objects_;  // the keys of each object open around
};

}  // namespace

JsonSize json_size(const json& value) {
  JsonSize size;
  if (!value.is_structured()) return size;
  for (const json& item : value) {
    const JsonSize inner = json_size(item);
    size.values += inner.values;
    size.depth = std::max(size.depth, inner.depth);
  }
  ++size.depth;
  return size;
}

json parse_bounded_json(std::string_view text) {
  if (const auto nul = text.find('\0'); nul != std::string_view::npos)
    throw MalformedJson("a NUL byte at byte " + std::to_string(nul + 1) + " (JSON text holds none)");
  if (const auto zero = negative_zero_at(text); zero != std::string_view::npos)
    throw MalformedJson("-0 at byte " + std::to_string(zero + 1) + " is not a number Tessera reads (write 0)");
  json root;
  BoundedDomBuilder builder(root);
  json::sax_parse(text.begin(), text.end(), &builder);
  return root;
}

std::string read_bounded_file(const std::string& path, std::size_t max_bytes) {
  BoundedFile read = read_file_at_most(path, max_bytes);
  if (read.status == BoundedFile::Status::TooLarge)
    throw InputTooLarge(too_large_message(path, read, max_bytes, "file of this kind"));
  if (read.status != BoundedFile::Status::Read) throw Error("cannot read '" + path + "'");
  return std::move(read.text);
}

}  // namespace tessera::host
