#include "tessera/yaml_reader.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <climits>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unordered_map>

#include "tessera/bounded_file.hpp"
#include "tessera/file_place.hpp"
#include "tessera/variant_pack.hpp"
#include "variant_order.hpp"

namespace tessera {

namespace detail {

// One data file: its display name, and the counts read from it so far (optional_count),
// whose sum is bounded per file.
struct YamlSource {
  explicit YamlSource(std::string n) : name(std::move(n)) {}
  std::string name;
  mutable std::atomic<std::int64_t> counted{0};
};

struct YamlPlace {
  std::shared_ptr<const YamlSource> file;
  int line = 0;  // 1-based; 0 when unknown
  int column = 0;
};

// Overlay markers (see merge_overlay): written as the tags !replace, !remove and !add.
enum class YamlMarker { None, Replace, Remove, Add };

struct YamlEntry {
  std::string key;
  YamlPlace place;  // of the key
  std::shared_ptr<const YamlValue> value;
};

struct YamlValue {
  YamlNode::Kind kind = YamlNode::Kind::Null;
  YamlMarker marker = YamlMarker::None;
  bool quoted = false;  // a scalar that is a string whatever its text
  std::string text;     // scalar text
  std::vector<YamlEntry> entries;                       // map, in file order
  std::vector<std::shared_ptr<const YamlValue>> items;  // list
  YamlPlace place;
};

}  // namespace detail

using detail::YamlEntry;
using detail::YamlMarker;
using detail::YamlPlace;
using detail::YamlSource;
using detail::YamlValue;
using ValuePtr = std::shared_ptr<const YamlValue>;

// Builds YamlNode handles for the free functions below without making the constructor public.
class YamlAccess {
 public:
  static YamlNode make(ValuePtr value, std::string path, std::size_t subject_pos = 0) {
    YamlNode node(std::move(value), std::move(path));
    node.subject_pos_ = subject_pos;
    return node;
  }
  static const ValuePtr& value(const YamlNode& node) { return node.value_; }
  static YamlNode child(const YamlNode& parent, std::string_view key, ValuePtr value) {
    std::string path = parent.path_;
    std::size_t subject = path.size();
    if (!path.empty()) {
      path += '.';
      subject = path.size();
    }
    path += key;
    return make(std::move(value), std::move(path), subject);
  }
  static YamlNode item(const YamlNode& parent, std::size_t index, ValuePtr value) {
    // An item is named with its list: 'cards[3]'.
    return make(std::move(value), parent.path_ + "[" + std::to_string(index) + "]", parent.subject_pos_);
  }
};

namespace {

std::string place_text(const YamlPlace& place) {
  std::string out = place.file ? place.file->name : std::string();
  if (place.line > 0) out += ":" + std::to_string(place.line) + ":" + std::to_string(place.column);
  return out;
}

DataError error_at(const YamlPlace& place, std::string_view message) {
  std::string where = place_text(place);
  if (where.empty()) return DataError(std::string(message));
  return DataError(where + ": " + std::string(message));
}

// ---- YAML 1.2 core schema scalars ----

bool is_digits(std::string_view s, int base) {
  if (s.empty()) return false;
  for (char c : s) {
    bool ok = base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                         : c >= '0' && c < static_cast<char>('0' + base);
    if (!ok) return false;
  }
  return true;
}

struct IntText {
  bool negative = false;
  int base = 10;
  std::string_view digits;
};

// Recognises an integer: [-+]?[0-9]+, 0o[0-7]+ or 0x[0-9a-fA-F]+.
std::optional<IntText> int_text(std::string_view s) {
  IntText out;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o')) {
    out.base = s[1] == 'x' ? 16 : 8;
    out.digits = s.substr(2);
  } else {
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
      out.negative = s[0] == '-';
      s.remove_prefix(1);
    }
    out.digits = s;
  }
  if (!is_digits(out.digits, out.base)) return std::nullopt;
  return out;
}

// The value of an integer text; nullopt when it does not fit 64 bits.
std::optional<std::int64_t> int64_value(const IntText& t) {
  std::uint64_t magnitude = 0;
  auto [end, ec] = std::from_chars(t.digits.data(), t.digits.data() + t.digits.size(), magnitude, t.base);
  if (ec != std::errc() || end != t.digits.data() + t.digits.size()) return std::nullopt;
  constexpr std::uint64_t kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (t.negative) {
    if (magnitude > kMax + 1) return std::nullopt;
    return magnitude == kMax + 1 ? std::numeric_limits<std::int64_t>::min()
                                 : -static_cast<std::int64_t>(magnitude);
  }
  if (magnitude > kMax) return std::nullopt;
  return static_cast<std::int64_t>(magnitude);
}

double int_as_double(const IntText& t) {
  double value = 0;
  for (char c : t.digits) {
    int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : std::tolower(c) - 'a' + 10;
    value = value * t.base + digit;
  }
  return t.negative ? -value : value;
}

// Recognises a float: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?, [-+]?.inf, .nan.
std::optional<double> float_value(std::string_view s) {
  bool negative = false;
  std::string_view body = s;
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) {
    negative = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == ".inf" || body == ".Inf" || body == ".INF")
    return negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return std::numeric_limits<double>::quiet_NaN();
  std::size_t i = 0;
  std::size_t int_digits = 0, frac_digits = 0;
  while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++int_digits;
  if (i < body.size() && body[i] == '.') {
    ++i;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++frac_digits;
  }
  if (int_digits == 0 && frac_digits == 0) return std::nullopt;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    if (i < body.size() && (body[i] == '-' || body[i] == '+')) ++i;
    std::size_t exp_digits = 0;
    while (i < body.size() && std::isdigit(static_cast<unsigned char>(body[i]))) ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != body.size()) return std::nullopt;
  // from_chars is locale-independent, unlike strtod; it wants a digit before the point.
  std::string digits = body.front() == '.' ? "0" + std::string(body) : std::string(body);
  double value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (end != digits.data() + digits.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    // Too large becomes infinity, too small zero: what YAML readers usually do.
    bool huge = digits.find_first_of("eE") == std::string::npos ||
                digits[digits.find_first_of("eE") + 1] != '-';
    value = huge ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (ec != std::errc()) {
    return std::nullopt;
  }
  return negative ? -value : value;
}

std::optional<bool> bool_value(std::string_view s) {
  if (s == "true" || s == "True" || s == "TRUE") return true;
  if (s == "false" || s == "False" || s == "FALSE") return false;
  return std::nullopt;
}

// How a found value is named in "expected X, got Y".
std::string found_text(const YamlValue& v) {
  switch (v.kind) {
    case YamlNode::Kind::Null: return "nothing (null)";
    case YamlNode::Kind::List: return "a list";
    case YamlNode::Kind::Map: return "a map";
    case YamlNode::Kind::Scalar: break;
  }
  std::string text = v.text;
  bool cut = false;
  if (auto nl = text.find('\n'); nl != std::string::npos) {
    text.resize(nl);
    cut = true;
  }
  if (text.size() > 40) {
    text.resize(40);
    cut = true;
  }
  if (cut) text += "...";
  return v.quoted ? "the string \"" + text + "\"" : "'" + text + "'";
}

// ---- conversion from yaml-cpp ----

class Converter {
 public:
  Converter(std::shared_ptr<const YamlSource> file, std::string_view text) : file_(std::move(file)), text_(text) {}

  ValuePtr convert(const YAML::Node& node, const YamlPlace& fallback) {
    const YAML::Mark mark = node.Mark();
    const bool has_mark = mark.pos >= 0 && mark.line >= 0 && mark.column >= 0;
    const bool shareable = has_mark && (node.IsMap() || node.IsSequence() || node.IsScalar());
    if (shareable) {
      // An alias is the same yaml-cpp node as its anchor: convert it once and share the
      // result, so that nested aliases cannot blow up the conversion.
      for (const auto& [seen, value] : memo_[mark.pos])
        if (seen.is(node)) {
          if (++aliases_ > kMaxYamlAliases)
            throw error_at(fallback, "more than " + std::to_string(kMaxYamlAliases) + " aliases in one data file");
          return value;
        }
    }
    auto value = std::make_shared<YamlValue>();
    value->place = has_mark ? YamlPlace{file_, mark.line + 1, mark.column + 1} : fallback;
    // An alias inside the value its anchor names (`&a [*a]`) makes yaml-cpp's nodes a cycle:
    // it would stand for an endless value.
    if (shareable) {
      const auto [first, last] = open_.equal_range(mark.pos);
      for (auto it = first; it != last; ++it)
        if (it->second.is(node))
          throw error_at(fallback, "an alias cannot stand for a value that contains it (its anchor is at line " +
                                       std::to_string(mark.line + 1) + ")");
    }
    const auto opened = shareable ? open_.emplace(mark.pos, node) : open_.end();
    switch (node.Type()) {
      case YAML::NodeType::Undefined:
      case YAML::NodeType::Null:
        value->kind = YamlNode::Kind::Null;
        // yaml-cpp marks an empty value (`key:`) at the next token, often a line below:
        // then the key (or the list) is the better place to point at.
        if (!has_mark || !writes_null_at(static_cast<std::size_t>(mark.pos))) value->place = fallback;
        break;
      case YAML::NodeType::Scalar:
        value->kind = YamlNode::Kind::Scalar;
        value->text = node.Scalar();
        read_scalar_tag(node.Tag(), *value);
        break;
      case YAML::NodeType::Sequence:
        value->kind = YamlNode::Kind::List;
        read_collection_tag(node.Tag(), "tag:yaml.org,2002:seq", *value);
        value->items.reserve(node.size());
        for (const YAML::Node& item : node) value->items.push_back(convert(item, value->place));
        break;
      case YAML::NodeType::Map:
        value->kind = YamlNode::Kind::Map;
        read_collection_tag(node.Tag(), "tag:yaml.org,2002:map", *value);
        read_map(node, *value);
        break;
    }
    if (opened != open_.end()) open_.erase(opened);
    weigh(*value);
    if (shareable) memo_[mark.pos].emplace_back(node, value);
    return value;
  }

 private:
  bool writes_null_at(std::size_t pos) const {
    std::string_view rest = pos < text_.size() ? text_.substr(pos) : std::string_view();
    for (std::string_view word : {"~", "null", "Null", "NULL"})
      if (rest.substr(0, word.size()) == word) return true;
    return false;
  }

  static void read_marker(const std::string& tag, YamlValue& value) {
    if (tag == "!replace") value.marker = YamlMarker::Replace;
    else if (tag == "!remove") value.marker = YamlMarker::Remove;
    else if (tag == "!add") value.marker = YamlMarker::Add;
    else throw error_at(value.place, "unsupported tag '" + tag + "' (only !!str, !replace, !remove and !add are known)");
  }

  static void read_scalar_tag(const std::string& tag, YamlValue& value) {
    // yaml-cpp 0.7 gives "?" for a plain scalar and "!" for a quoted or block one.
    if (tag == "?" || tag.empty()) return;
    if (tag == "!" || tag == "tag:yaml.org,2002:str") {
      value.quoted = true;
      return;
    }
    read_marker(tag, value);
  }

  static void read_collection_tag(const std::string& tag, std::string_view standard, YamlValue& value) {
    if (tag == "?" || tag.empty() || tag == "!" || tag == standard) return;
    read_marker(tag, value);
  }

  void read_map(const YAML::Node& node, YamlValue& value) {
    std::unordered_map<std::string, int> first_line;  // key -> line, for duplicate messages
    value.entries.reserve(node.size());
    for (auto it = node.begin(); it != node.end(); ++it) {
      ValuePtr key = convert(it->first, value.place);
      if (key->kind != YamlNode::Kind::Scalar)
        throw error_at(key->place, key->kind == YamlNode::Kind::Null ? "a map key must not be empty"
                                                                      : "a map key must be a scalar, not " +
                                                                            found_text(*key));
      if (key->marker != YamlMarker::None) throw error_at(key->place, "a map key cannot carry a tag");
      auto [seen, fresh] = first_line.emplace(key->text, key->place.line);
      if (!fresh)
        throw error_at(key->place, "duplicate key '" + key->text + "' (first at line " +
                                       std::to_string(seen->second) + ")");
      ValuePtr item = convert(it->second, key->place);
      value.entries.push_back(YamlEntry{key->text, key->place, std::move(item)});
    }
  }

  // What a value stands for once its aliases are expanded: the loaders and overlay merges
  // walk it as a tree, so that is what must stay bounded, not the file's size.
  struct Weight {
    std::uint64_t values = 0;
    std::uint64_t bytes = 0;  // scalar texts and keys
  };

  void weigh(const YamlValue& value) {
    Weight w{1, value.text.size()};
    auto add = [&](const ValuePtr& child) {
      const Weight& c = weights_.at(child.get());
      w.values = std::min(w.values + c.values, kOver);
      w.bytes = std::min(w.bytes + c.bytes, kOver);
    };
    for (const ValuePtr& item : value.items) add(item);
    for (const YamlEntry& entry : value.entries) {
      add(entry.value);
      w.bytes = std::min<std::uint64_t>(w.bytes + entry.key.size(), kOver);
    }
    if (w.values > kMaxYamlValues)
      throw error_at(value.place, "stands for more than " + std::to_string(kMaxYamlValues) +
                                      " values once its aliases are expanded (the most one data file may hold)");
    if (w.bytes > kMaxYamlTextBytes)
      throw error_at(value.place, "stands for more than " + std::to_string(kMaxYamlTextBytes) +
                                      " bytes of text once its aliases are expanded (the most one data file may hold)");
    weights_[&value] = w;
  }

  static constexpr std::uint64_t kOver = std::uint64_t{1} << 62;  // saturates the sums
  std::shared_ptr<const YamlSource> file_;
  std::string_view text_;
  std::unordered_map<long, std::vector<std::pair<YAML::Node, ValuePtr>>> memo_;
  std::unordered_multimap<long, YAML::Node> open_;  // the values being converted, by position
  std::unordered_map<const YamlValue*, Weight> weights_;
  std::size_t aliases_ = 0;
};

// Where each document of a text starts, read by yaml-cpp's event parser without building
// nodes. At most three are read: a data file holds one, and yaml-cpp 0.7 reports a stray ','
// where a value should start as an endless run of empty documents at that place (its issue
// 1040; YAML::LoadAll then allocates until memory runs out).
class DocumentStarts : public YAML::EventHandler {
 public:
  static std::vector<YAML::Mark> of(const std::string& text) {
    std::istringstream in(text);
    YAML::Parser parser(in);
    DocumentStarts starts;
    while (starts.marks_.size() < 3 && parser.HandleNextDocument(starts)) {
    }
    return std::move(starts.marks_);
  }

  void OnDocumentStart(const YAML::Mark& mark) override { marks_.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}

 private:
  std::vector<YAML::Mark> marks_;
};

// The byte at `pos` as a message shows it: printable ASCII quoted, anything else by its code.
std::string byte_shown(std::string_view text, int pos) {
  if (pos < 0 || static_cast<std::size_t>(pos) >= text.size()) return "the end of the text";
  const auto byte = static_cast<unsigned char>(text[static_cast<std::size_t>(pos)]);
  if (byte >= 0x20 && byte < 0x7f) return "'" + std::string(1, static_cast<char>(byte)) + "'";
  static const char kHex[] = "0123456789abcdef";
  return std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 15];
}

}  // namespace

// ---- YamlNode ----

YamlNode::YamlNode() : YamlNode(nullptr, "") {}

YamlNode::YamlNode(ValuePtr value, std::string path) : value_(std::move(value)), path_(std::move(path)) {
  if (!value_) {
    auto null = std::make_shared<YamlValue>();
    null->place.file = std::make_shared<const YamlSource>("");
    value_ = std::move(null);
  }
}

YamlNode::Kind YamlNode::kind() const { return value_->kind; }
bool YamlNode::is_quoted() const { return value_->kind == Kind::Scalar && value_->quoted; }
const std::string& YamlNode::file() const { return value_->place.file->name; }
int YamlNode::line() const { return value_->place.line; }
int YamlNode::column() const { return value_->place.column; }
std::string YamlNode::mark() const { return place_text(value_->place); }
DataError YamlNode::error(std::string_view message) const { return error_at(value_->place, message); }

std::string YamlNode::subject() const { return path_.substr(std::min(subject_pos_, path_.size())); }

void YamlNode::type_error(std::string_view expected) const {
  std::string subject_text = subject();
  std::string message = "expected " + std::string(expected);
  if (!subject_text.empty()) message += " for '" + subject_text + "'";
  message += ", got " + found_text(*value_);
  throw error(message);
}

const std::string& YamlNode::scalar() const {
  if (!is_scalar()) type_error("a scalar");
  return value_->text;
}

std::int64_t YamlNode::as_int64() const {
  if (!is_scalar() || is_quoted()) type_error("an integer");
  std::optional<IntText> text = int_text(value_->text);
  if (!text) type_error("an integer");
  std::optional<std::int64_t> value = int64_value(*text);
  if (!value) type_error("a 64-bit integer");
  return *value;
}

int YamlNode::as_int() const {
  std::int64_t value = as_int64();
  if (value < INT_MIN || value > INT_MAX) type_error("an integer from -2147483648 to 2147483647");
  return static_cast<int>(value);
}

bool YamlNode::as_bool() const {
  if (!is_scalar() || is_quoted()) type_error("true or false");
  std::optional<bool> value = bool_value(value_->text);
  if (!value) type_error("true or false");
  return *value;
}

double YamlNode::as_double() const {
  if (!is_scalar() || is_quoted()) type_error("a number");
  if (std::optional<IntText> text = int_text(value_->text)) return int_as_double(*text);
  std::optional<double> value = float_value(value_->text);
  if (!value) type_error("a number");
  return *value;
}

std::string YamlNode::as_string() const {
  if (!is_scalar()) type_error("a string");
  return value_->text;
}

std::vector<YamlNode> YamlNode::as_list() const {
  if (!is_list()) type_error("a list");
  std::vector<YamlNode> out;
  out.reserve(value_->items.size());
  for (std::size_t i = 0; i < value_->items.size(); ++i) out.push_back(YamlAccess::item(*this, i, value_->items[i]));
  return out;
}

std::vector<std::pair<std::string, YamlNode>> YamlNode::as_map() const {
  if (!is_map()) type_error("a map");
  std::vector<std::pair<std::string, YamlNode>> out;
  out.reserve(value_->entries.size());
  for (const YamlEntry& entry : value_->entries)
    out.emplace_back(entry.key, YamlAccess::child(*this, entry.key, entry.value));
  return out;
}

std::size_t YamlNode::size() const {
  if (is_list()) return value_->items.size();
  if (is_map()) return value_->entries.size();
  return 0;
}

bool YamlNode::has(std::string_view key) const { return find(key).has_value(); }

std::optional<YamlNode> YamlNode::find(std::string_view key) const {
  if (!is_map()) type_error("a map");
  for (const YamlEntry& entry : value_->entries)
    if (entry.key == key) return YamlAccess::child(*this, entry.key, entry.value);
  return std::nullopt;
}

YamlNode YamlNode::at(std::string_view key) const {
  std::optional<YamlNode> value = find(key);
  if (!value) {
    std::string subject_text = subject();
    throw error("missing required key '" + std::string(key) + "'" +
                (subject_text.empty() ? "" : " in '" + subject_text + "'"));
  }
  return *value;
}

YamlNode YamlNode::at(std::size_t index) const {
  if (!is_list()) type_error("a list");
  if (index >= value_->items.size()) {
    std::string subject_text = subject();
    throw error("item " + std::to_string(index) + " is out of range" +
                (subject_text.empty() ? "" : " for '" + subject_text + "'") + " (" +
                std::to_string(value_->items.size()) + " items)");
  }
  return YamlAccess::item(*this, index, value_->items[index]);
}

void YamlNode::allow_only(std::initializer_list<std::string_view> keys) const {
  allow_only(std::vector<std::string>(keys.begin(), keys.end()));
}

void YamlNode::allow_only(const std::vector<std::string>& keys) const {
  if (!is_map()) type_error("a map");
  for (const YamlEntry& entry : value_->entries) {
    if (std::find(keys.begin(), keys.end(), entry.key) != keys.end()) continue;
    std::string message = "unknown key '" + entry.key + "'";
    if (std::optional<std::string> near = nearest_name(entry.key, keys)) {
      message += " (did you mean '" + *near + "'?)";
    } else {
      message += " (known keys: ";
      for (std::size_t i = 0; i < keys.size(); ++i) message += (i ? ", " : "") + keys[i];
      message += ")";
    }
    throw error_at(entry.place, message);
  }
}

// ---- documents ----

YamlDocument parse_yaml(std::string_view text, std::string display_name) {
  auto file = std::make_shared<const YamlSource>(display_name);
  const std::string owned(text);
  const auto place_of = [&file](const YAML::Mark& mark) {
    return mark.line >= 0 && mark.column >= 0 ? YamlPlace{file, mark.line + 1, mark.column + 1} : YamlPlace{file, 0, 0};
  };
  std::vector<YAML::Mark> starts;
  YAML::Node first;
  try {
    starts = DocumentStarts::of(owned);
    for (std::size_t i = 1; i < starts.size(); ++i)
      if (starts[i].pos == starts[i - 1].pos)
        throw error_at(place_of(starts[i]), byte_shown(text, starts[i].pos) + " cannot start a value here");
    if (!starts.empty()) first = YAML::Load(owned);
  } catch (const YAML::Exception& e) {
    const YamlPlace place = place_of(e.mark);
    // yaml-cpp 0.7's depth guard carries an unrelated message ("bad file"): say what it means.
    if (const auto* deep = dynamic_cast<const YAML::DeepRecursion*>(&e))
      throw error_at(place, "nested too deeply (more than " + std::to_string(deep->depth()) + " levels)");
    throw error_at(place, e.msg);
  }
  YamlPlace start{file, 0, 0};
  if (starts.size() > 1) throw error_at(place_of(starts[1]), "a data file holds one YAML document; a second one starts here");
  YamlDocument document{display_name, YamlNode()};
  if (starts.empty()) {
    auto null = std::make_shared<YamlValue>();
    null->place = start;
    document.root = YamlAccess::make(std::move(null), "");
  } else {
    Converter converter(file, text);
    document.root = YamlAccess::make(converter.convert(first, start), "");
  }
  return document;
}

YamlDocument load_yaml(const std::filesystem::path& file, std::string display_name) {
  std::error_code ec;
  auto status = std::filesystem::status(file, ec);
  if (ec || !std::filesystem::exists(status))
    throw DataError(display_name + ": no such file (" + file.string() + ")");
  if (!std::filesystem::is_regular_file(status))
    throw DataError(display_name + ": not a regular file (" + file.string() + ")");
  const BoundedFile read = read_file_at_most(file, kMaxYamlFileBytes);
  if (read.status == BoundedFile::Status::TooLarge)
    throw DataError(too_large_message(display_name, read, kMaxYamlFileBytes, "data file"));
  if (read.status != BoundedFile::Status::Read) throw DataError(display_name + ": cannot read " + file.string());
  return parse_yaml(read.text, std::move(display_name));
}

// ---- JSON ----

namespace {

// Anchors and aliases share values, so a small file can stand for a huge tree: the JSON
// form is capped instead of exhausting memory.
constexpr std::size_t kMaxJsonValues = 1'000'000;

nlohmann::json json_of(const YamlNode& node, std::size_t& budget) {
  if (budget == 0) throw node.error("too many values to convert (more than 1000000; nested aliases?)");
  --budget;
  const YamlValue& v = *YamlAccess::value(node);
  switch (v.kind) {
    case YamlNode::Kind::Null: return nullptr;
    case YamlNode::Kind::List: {
      nlohmann::json out = nlohmann::json::array();
      for (const YamlNode& item : node.as_list()) out.push_back(json_of(item, budget));
      return out;
    }
    case YamlNode::Kind::Map: {
      nlohmann::json out = nlohmann::json::object();
      for (const auto& [key, value] : node.as_map()) out[key] = json_of(value, budget);
      return out;
    }
    case YamlNode::Kind::Scalar: break;
  }
  if (v.quoted) return v.text;
  if (std::optional<bool> b = bool_value(v.text)) return *b;
  if (std::optional<IntText> t = int_text(v.text)) {
    if (std::optional<std::int64_t> i = int64_value(*t)) return *i;
    return int_as_double(*t);
  }
  if (std::optional<double> d = float_value(v.text)) return *d;
  return v.text;
}

}  // namespace

nlohmann::json to_json(const YamlNode& node) {
  std::size_t budget = kMaxJsonValues;
  return json_of(node, budget);
}

// ---- overlays ----

namespace {

bool is_plain_null(const YamlValue& v) { return v.kind == YamlNode::Kind::Null && v.marker == YamlMarker::None; }

const YamlValue* id_of(const YamlValue& item) {
  if (item.kind != YamlNode::Kind::Map) return nullptr;
  for (const YamlEntry& entry : item.entries)
    if (entry.key == "id") return entry.value->kind == YamlNode::Kind::Scalar ? entry.value.get() : nullptr;
  return nullptr;
}

bool merges_by_id(const YamlValue& list) {
  if (list.kind != YamlNode::Kind::List || list.items.empty()) return false;
  return std::all_of(list.items.begin(), list.items.end(), [](const ValuePtr& item) { return id_of(*item); });
}

// !remove and !add mark items of a list merged by id; anywhere else they are refused.
[[noreturn]] void misplaced_marker(const YamlValue& v) {
  throw error_at(v.place, std::string(v.marker == YamlMarker::Add ? "!add" : "!remove") +
                              " only applies to an item (with an id) of a list merged by id");
}

bool item_marker(const YamlValue& v) { return v.marker == YamlMarker::Remove || v.marker == YamlMarker::Add; }

// The overlay value as plain data: markers dropped, a !remove refused. Shares every part
// that needs no change.
ValuePtr literal(const ValuePtr& v) {
  if (item_marker(*v)) misplaced_marker(*v);
  bool changed = v->marker != YamlMarker::None;
  std::vector<ValuePtr> items;
  std::vector<YamlEntry> entries;
  for (const ValuePtr& item : v->items) {
    items.push_back(literal(item));
    changed = changed || items.back() != item;
  }
  for (const YamlEntry& entry : v->entries) {
    entries.push_back(YamlEntry{entry.key, entry.place, literal(entry.value)});
    changed = changed || entries.back().value != entry.value;
  }
  if (!changed) return v;
  auto copy = std::make_shared<YamlValue>(*v);
  copy->marker = YamlMarker::None;
  copy->items = std::move(items);
  copy->entries = std::move(entries);
  return copy;
}

ValuePtr merge(const YamlValue* base, const ValuePtr& overlay);

ValuePtr merge_maps(const YamlValue* base, const ValuePtr& overlay) {
  auto merged = std::make_shared<YamlValue>();
  merged->kind = YamlNode::Kind::Map;
  merged->place = base ? base->place : overlay->place;
  if (base) merged->entries = base->entries;
  // Keys are found through an index and removals leave a hole filled at the end, so that a
  // merge of large maps costs linear time, not the product of their sizes.
  std::unordered_map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < merged->entries.size(); ++i) position.emplace(merged->entries[i].key, i);
  std::vector<bool> removed(merged->entries.size(), false);
  for (const YamlEntry& entry : overlay->entries) {
    auto found = position.find(entry.key);
    if (is_plain_null(*entry.value)) {
      if (found == position.end())
        throw error_at(entry.place, "cannot remove '" + entry.key + "': the base data has no such key");
      removed[found->second] = true;
      position.erase(found);
    } else if (found != position.end()) {
      YamlEntry& kept = merged->entries[found->second];
      kept.value = merge(kept.value.get(), entry.value);
    } else {
      position.emplace(entry.key, merged->entries.size());
      merged->entries.push_back(YamlEntry{entry.key, entry.place, merge(nullptr, entry.value)});
      removed.push_back(false);
    }
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < merged->entries.size(); ++i) {
    if (removed[i]) continue;
    if (kept != i) merged->entries[kept] = std::move(merged->entries[i]);  // never onto itself
    ++kept;
  }
  merged->entries.resize(kept);
  return merged;
}

// Index of each id in a list merged by id; duplicate ids are refused.
std::unordered_map<std::string, std::size_t> index_ids(const std::vector<ValuePtr>& items) {
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const YamlValue& id = *id_of(*items[i]);
    auto [seen, fresh] = index.emplace(id.text, i);
    if (!fresh)
      throw error_at(id.place, "duplicate id '" + id.text + "' in a list merged by id (first at line " +
                                   std::to_string(id_of(*items[seen->second])->place.line) + ")");
  }
  return index;
}

ValuePtr merge_lists_by_id(const YamlValue& base, const ValuePtr& overlay) {
  std::unordered_map<std::string, std::size_t> base_ids = index_ids(base.items);
  index_ids(overlay->items);  // refuses duplicates in the overlay
  std::vector<ValuePtr> slots = base.items;  // a removed item leaves a null slot
  std::vector<ValuePtr> appended;
  for (const ValuePtr& item : overlay->items) {
    const YamlValue& id = *id_of(*item);
    auto found = base_ids.find(id.text);
    if (item->marker == YamlMarker::Remove) {
      if (found == base_ids.end() || !slots[found->second])
        throw error_at(item->place, "cannot remove id '" + id.text + "': the base list has no such item");
      for (const YamlEntry& entry : item->entries)
        if (entry.key != "id") throw error_at(entry.place, "a !remove item holds only its id");
      slots[found->second] = nullptr;
    } else if (item->marker == YamlMarker::Add) {
      if (found != base_ids.end())
        throw error_at(item->place, "cannot add id '" + id.text + "': the base list has it already (line " +
                                        std::to_string(id_of(*base.items[found->second])->place.line) +
                                        "); without !add the item changes it");
      auto plain = std::make_shared<YamlValue>(*item);
      plain->marker = YamlMarker::None;
      appended.push_back(merge(nullptr, plain));
    } else if (found != base_ids.end()) {
      slots[found->second] = merge(base.items[found->second].get(), item);
    } else {
      // A new id that does not say so is most likely a misspelt one: it would add an item
      // nobody meant and leave the item meant unchanged.
      std::vector<std::string> ids;
      for (const ValuePtr& b : base.items) ids.push_back(id_of(*b)->text);
      std::string message = "no item with id '" + id.text + "' in the base list to change";
      if (const auto near = nearest_name(id.text, ids)) message += " (did you mean '" + *near + "'?)";
      throw error_at(id.place, message + "; to add one, tag it: - !add {id: " + id.text + ", ...}");
    }
  }
  auto merged = std::make_shared<YamlValue>();
  merged->kind = YamlNode::Kind::List;
  merged->place = base.place;
  for (ValuePtr& slot : slots)
    if (slot) merged->items.push_back(std::move(slot));
  for (ValuePtr& item : appended) merged->items.push_back(std::move(item));
  return merged;
}

ValuePtr merge(const YamlValue* base, const ValuePtr& overlay) {
  if (item_marker(*overlay)) misplaced_marker(*overlay);
  if (overlay->marker == YamlMarker::Replace) return literal(overlay);
  if (overlay->kind == YamlNode::Kind::Map)
    return merge_maps(base && base->kind == YamlNode::Kind::Map ? base : nullptr, overlay);
  if (overlay->kind == YamlNode::Kind::List) {
    if (base && merges_by_id(*base) && merges_by_id(*overlay)) return merge_lists_by_id(*base, overlay);
    return literal(overlay);
  }
  return overlay;
}

}  // namespace

YamlNode merge_overlay(const YamlNode& base, const YamlNode& overlay) {
  // An empty overlay file changes nothing (a null anywhere else removes or is data).
  if (overlay.is_null()) return base;
  const ValuePtr& base_value = YamlAccess::value(base);
  ValuePtr merged = merge(base_value.get(), YamlAccess::value(overlay));
  return YamlAccess::make(std::move(merged), base.path());
}

// ---- what overlays write ----

namespace {

// The places the overlays of one data file write, as a tree of map keys and "[id: x]" items
// of lists merged by id, with who writes each whole (a value set, replaced, added or removed,
// with all beneath it) and who writes somewhere below it.
struct PlaceNode;
struct Written {
  const char* verb;  // "changes", "adds", "replaces", "removes"
  YamlPlace place;
  PlaceNode* node;
  const YamlValue* value;  // what is written; nullptr for a removal
};
struct PlaceNode {
  PlaceNode* parent = nullptr;
  std::string part;
  std::map<std::string, std::unique_ptr<PlaceNode>> children;
  std::map<std::string, Written> whole;  // by variant
  std::map<std::string, Written> below;  // by variant: its first write below this place
};

// Whether two overlay values are the same data (their places aside).
bool same_value(const YamlValue* a, const YamlValue* b) {
  if (a == b) return true;
  if (!a || !b || a->kind != b->kind || a->marker != b->marker || a->quoted != b->quoted || a->text != b->text ||
      a->entries.size() != b->entries.size() || a->items.size() != b->items.size())
    return false;
  for (std::size_t i = 0; i < a->entries.size(); ++i)
    if (a->entries[i].key != b->entries[i].key || !same_value(a->entries[i].value.get(), b->entries[i].value.get()))
      return false;
  for (std::size_t i = 0; i < a->items.size(); ++i)
    if (!same_value(a->items[i].get(), b->items[i].get())) return false;
  return true;
}

std::string path_text(const PlaceNode& node) {
  std::vector<const std::string*> parts;
  for (const PlaceNode* n = &node; n->parent; n = n->parent) parts.push_back(&n->part);
  std::string out;
  for (auto part = parts.rbegin(); part != parts.rend(); ++part)
    out += (out.empty() || (*part)->front() == '[' ? "" : ".") + **part;
  return out.empty() ? "the whole file" : out;
}

// The overlays of one data file, variant after variant: two variants that write the same
// place, or one inside a place the other writes whole, are refused together unless one
// declares the other (variant_order.hpp); otherwise the later would undo the earlier in
// silence. Two that write the same value at the same place agree, and are no clash. The
// walk mirrors merge: where merge merges, the writes are further down; where it takes the
// overlay's value, that place is written whole. It never throws for what merge refuses
// (merge does, after it).
class OverlayClashes {
 public:
  OverlayClashes(const std::filesystem::path& data_dir, std::string file) : data_dir_(data_dir), file_(std::move(file)) {}

  void add(const std::string& variant, const YamlNode& base, const YamlNode& overlay) {
    if (overlay.is_null()) return;  // an empty overlay file changes nothing
    variant_ = &variant;
    written_.clear();
    walk(YamlAccess::value(base).get(), *YamlAccess::value(overlay), root_, nullptr);
    for (const Written& w : written_) {
      w.node->whole.emplace(variant, w);
      // Up to the first place that knows of a write of this variant below it already.
      for (PlaceNode* up = w.node->parent; up && up->below.emplace(variant, w).second; up = up->parent) {
      }
    }
  }

 private:
  // The places above the one walked that some variant writes whole, innermost first.
  struct Above {
    const Above* outer;
    const PlaceNode* node;
  };

  static PlaceNode& child(PlaceNode& node, const std::string& part) {
    std::unique_ptr<PlaceNode>& slot = node.children[part];
    if (!slot) {
      slot = std::make_unique<PlaceNode>();
      slot->parent = &node;
      slot->part = part;
    }
    return *slot;
  }

  void walk(const YamlValue* base, const YamlValue& overlay, PlaceNode& node, const Above* above) {
    if (overlay.marker == YamlMarker::Replace) return write(node, above, "replaces", overlay);
    if (overlay.kind == YamlNode::Kind::Map && (!base || base->kind == YamlNode::Kind::Map))
      return walk_entries(base, overlay, /*skip_id=*/false, node, above);
    if (overlay.kind != YamlNode::Kind::List || !base || !merges_by_id(*base) || !merges_by_id(overlay))
      return write(node, above, base ? "changes" : "adds", overlay);
    const Above here{above, &node};
    const Above* inner = node.whole.empty() ? above : &here;
    std::unordered_map<std::string_view, const YamlValue*> base_items;
    for (const ValuePtr& item : base->items) base_items.emplace(id_of(*item)->text, item.get());
    for (const ValuePtr& item : overlay.items) {
      PlaceNode& at = child(node, "[id: " + id_of(*item)->text + "]");
      if (item->marker == YamlMarker::Remove) {
        write(at, inner, "removes", item->place, nullptr);
      } else if (item->marker == YamlMarker::Add) {
        write(at, inner, "adds", *item);
      } else if (item->marker == YamlMarker::Replace) {
        write(at, inner, "replaces", *item);
      } else {
        const auto found = base_items.find(id_of(*item)->text);
        walk_entries(found == base_items.end() ? nullptr : found->second, *item, /*skip_id=*/true, at, inner);
      }
    }
  }

  // The entries of an overlay map merged over `base` (a map, or nothing); `skip_id` leaves out
  // the id of an item matched by it. Keys are found through an index, as in merge_maps.
  void walk_entries(const YamlValue* base, const YamlValue& overlay, bool skip_id, PlaceNode& node, const Above* above) {
    const Above here{above, &node};
    const Above* inner = node.whole.empty() ? above : &here;
    std::unordered_map<std::string_view, const YamlValue*> base_keys;
    if (base)
      for (const YamlEntry& e : base->entries) base_keys.emplace(e.key, e.value.get());
    for (const YamlEntry& entry : overlay.entries) {
      if (skip_id && entry.key == "id") continue;
      PlaceNode& at = child(node, entry.key);
      const auto found = base_keys.find(entry.key);
      if (is_plain_null(*entry.value))
        write(at, inner, "removes", entry.place, nullptr);
      else
        walk(found == base_keys.end() ? nullptr : found->second, *entry.value, at, inner);
    }
  }

  void write(PlaceNode& node, const Above* above, const char* verb, const YamlValue& value) {
    write(node, above, verb, value.place, &value);
  }
  void write(PlaceNode& node, const Above* above, const char* verb, const YamlPlace& place, const YamlValue* value) {
    const Written w{verb, place, &node, value};
    for (const Above* a = above; a; a = a->outer)
      for (const auto& [earlier, written] : a->node->whole) check(earlier, written, w);
    for (const auto& [earlier, written] : node.whole) check(earlier, written, w);
    for (const auto& [earlier, written] : node.below) check(earlier, written, w);
    written_.push_back(w);
  }

  void check(const std::string& earlier, const Written& first, const Written& second) const {
    const std::string& later = *variant_;
    if (earlier == later || variants_declared_together(data_dir_, earlier, later)) return;
    if (first.node == second.node && same_value(first.value, second.value)) return;
    // One place holds the other (or is it): the outer one is where both write.
    auto depth = [](const PlaceNode* n) {
      std::size_t d = 0;
      for (; n->parent; n = n->parent) ++d;
      return d;
    };
    const PlaceNode& common = depth(first.node) <= depth(second.node) ? *first.node : *second.node;
    throw DataError("variants '" + earlier + "' and '" + later + "' both write " + file_ + " at " + path_text(common) +
                    ": '" + earlier + "' " + first.verb + " " + path_text(*first.node) + " (" + place_text(first.place) +
                    ") and '" + later + "' " + second.verb + " " + path_text(*second.node) + " (" +
                    place_text(second.place) + "); " + undeclared_pair_hint(earlier, later));
  }

  std::filesystem::path data_dir_;
  std::string file_;
  PlaceNode root_;
  const std::string* variant_ = nullptr;  // the variant walked
  std::vector<Written> written_;          // its writes, recorded once its walk is over
};

}  // namespace

// ---- suggestions ----

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Optimal string alignment distance: Levenshtein plus swaps of neighbours ("vpp"/"pvp").
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    for (std::size_t j = 1; j <= m; ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[n][m];
}

std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& candidate : candidates) {
    std::size_t distance = edit_distance(word, candidate);
    // Close enough to be a typo: one edit per three letters of the longer word, at least one.
    std::size_t limit = std::max<std::size_t>(1, std::max(word.size(), candidate.size()) / 3);
    if (distance > limit) continue;
    if (!best || distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

int YamlNode::as_count(int minimum) const {
  const int value = as_int();
  const std::string subject_text = subject();
  const std::string name = subject_text.empty() ? "the count" : "'" + subject_text + "'";
  if (value < minimum) throw error(name + " must be at least " + std::to_string(minimum));
  if (value > kMaxDataCount)
    throw error(name + " must be at most " + std::to_string(kMaxDataCount) + " (the largest count a data file may give)");
  const YamlSource& source = *value_->place.file;
  if (value > 0 && (source.counted += value) > kMaxDataCountTotal)
    throw error("the counts of " + source.name + " add up to more than " + std::to_string(kMaxDataCountTotal) +
                " here (the most one data file may give)");
  return value;
}

int YamlNode::optional_count(std::string_view key, int fallback, int minimum) const {
  std::optional<YamlNode> node = find(key);
  if (!node || node->is_null()) return fallback;
  return node->as_count(minimum);
}

int YamlNode::optional_at_least(std::string_view key, int fallback, int minimum) const {
  const int value = optional<int>(key, fallback);
  if (value < minimum) throw at(key).error("'" + std::string(key) + "' must be at least " + std::to_string(minimum));
  return value;
}

namespace {
thread_local DataReadRecorder* active_recorder = nullptr;
thread_local DataLoadMemo* active_memo = nullptr;
}  // namespace

DataLoadMemo::DataLoadMemo() : outer_(active_memo) { active_memo = this; }
DataLoadMemo::~DataLoadMemo() { active_memo = outer_; }

DataReadRecorder::DataReadRecorder() : outer_(active_recorder) { active_recorder = this; }
DataReadRecorder::~DataReadRecorder() { active_recorder = outer_; }

DataReadRecorder::Pause::Pause() : paused_(active_recorder) { active_recorder = nullptr; }
DataReadRecorder::Pause::~Pause() { active_recorder = paused_; }

void DataReadRecorder::record(const std::string& file) {
  for (DataReadRecorder* r = active_recorder; r; r = r->outer_) r->files_.insert(file);
}

namespace {

// Refuses a data file that a link leads outside the game's data folder (file_place.hpp).
void refuse_outside(const std::filesystem::path& data_dir, const std::filesystem::path& relative,
                    const std::string& display_name) {
  if (place_of_file(data_dir, relative) == FilePlace::Outside)
    throw DataError(display_name + ": leads outside the game's data folder (a link?); not read");
}

}  // namespace

YamlNode load_with_overlays(const std::filesystem::path& data_dir, const std::string& data_name,
                            const std::string& file, const std::vector<std::string>& variants) {
  DataReadRecorder::record(file);
  std::string memo_key;
  if (active_memo) {
    memo_key = data_dir.string() + '\0' + data_name + '\0' + file;
    for (const auto& variant : variants) memo_key += '\0' + variant;
    if (const auto it = active_memo->loaded_.find(memo_key); it != active_memo->loaded_.end()) return it->second;
  }
  refuse_outside(data_dir, file, data_name + "/" + file);
  YamlNode root = load_yaml(data_dir / file, data_name + "/" + file).root;
  OverlayClashes clashes(data_dir, file);
  for (const auto& variant : variants) {
    std::optional<YamlDocument> overlay;
    const std::filesystem::path own = std::filesystem::path("variants") / variant / file;
    const std::string display = data_name + "/variants/" + variant + "/" + file;
    refuse_outside(data_dir, own, display);
    if (std::filesystem::exists(data_dir / own)) {
      overlay = load_yaml(data_dir / own, display);
    } else if (const auto pack = variant_pack(data_dir, variant)) {
      // A variant pack's overlay (variant_pack.hpp), named by its own path.
      const std::string pack_display = (*pack / "data" / file).string();
      if (place_of_file(*pack, std::filesystem::path("data") / file) == FilePlace::Outside)
        throw DataError(pack_display + ": leads outside the variant pack's folder (a link?); not read");
      if (std::filesystem::exists(*pack / "data" / file)) overlay = load_yaml(*pack / "data" / file, pack_display);
    }
    if (!overlay) continue;
    clashes.add(variant, root, overlay->root);
    root = merge_overlay(root, overlay->root);
  }
  if (active_memo) active_memo->loaded_.emplace(std::move(memo_key), root);
  return root;
}

}  // namespace tessera
