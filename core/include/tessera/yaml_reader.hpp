#pragma once
// YAML reading for game data, with compiler-style errors:
//   data/<game>/board.yaml:12:5: expected an integer for 'vp', got 'x'
//
// yaml-cpp parses; this layer turns its document into an immutable tree of YamlNode values
// that remember their file (the display name, e.g. "data/<game>/cards.yaml") and their
// 1-based line and column, so that every error a loader raises names the place. Each value
// keeps its own file because overlays (merge_overlay) mix values of several files.
//
// Scalars follow the YAML 1.2 core schema: true/false, integers (decimal, 0x hex, 0o
// octal), floats (1.5, 1e3, .inf, .nan), null (~, null, an empty value); a quoted or block
// scalar, or one tagged !!str, is always a string. Maps keep their keys in file order;
// a duplicate key or a key that is not a plain scalar is a DataError. Any other explicit
// tag than !!str, !replace, !remove and !add (overlay markers, see merge_overlay) is refused.
//
// Limits, so that a hostile data file (a downloaded variant's overlay) cannot exhaust the
// host: a file holds at most kMaxYamlFileBytes; its anchors may be aliased at most
// kMaxYamlAliases times; a value stands for at most kMaxYamlValues values and
// kMaxYamlTextBytes bytes of text once its aliases are expanded (as loaders and overlay
// merges walk it); a count read with optional_count is at most kMaxDataCount, and the
// counts of one file add up to at most kMaxDataCountTotal. Each is a DataError naming
// file:line:col (the file alone for its size).
//
// A loader reads one kind of content with the helpers:
//   const YamlNode card = ...;
//   card.allow_only({"id", "vp", "cost", "effect"});
//   int vp = card.required<int>("vp");
//   int cost = card.optional<int>("cost", 0);
//   if (bad) throw card.error("cost must not exceed 10");
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "tessera/error.hpp"

namespace tessera {

inline constexpr std::size_t kMaxYamlFileBytes = std::size_t{1} << 20;  // 1 MiB
inline constexpr std::size_t kMaxYamlAliases = 1'000;
inline constexpr std::uint64_t kMaxYamlValues = 100'000;
inline constexpr std::uint64_t kMaxYamlTextBytes = std::uint64_t{4} << 20;  // 4 MiB
inline constexpr int kMaxDataCount = 10'000;
inline constexpr std::int64_t kMaxDataCountTotal = 100'000;

namespace detail {
struct YamlValue;
template <typename T>
struct IsVector : std::false_type {};
template <typename T, typename A>
struct IsVector<std::vector<T, A>> : std::true_type {};
}  // namespace detail

class YamlNode {
 public:
  enum class Kind { Null, Scalar, List, Map };

  // A null value with no file, for "nothing here".
  YamlNode();

  Kind kind() const;
  bool is_null() const { return kind() == Kind::Null; }
  bool is_scalar() const { return kind() == Kind::Scalar; }
  bool is_list() const { return kind() == Kind::List; }
  bool is_map() const { return kind() == Kind::Map; }
  // True for a scalar that is a string whatever its text (quoted, block, !!str).
  bool is_quoted() const;
  // The text of a scalar as written (without quotes). Throws DataError if not a scalar.
  const std::string& scalar() const;

  // Typed value: int, std::int64_t, bool, double, std::string, or std::vector of these
  // (from a list). Throws DataError "<mark>: expected an integer for 'vp', got 'x'".
  // A std::string accepts any scalar's text; a double accepts integers too.
  template <typename T>
  T as() const {
    if constexpr (std::is_same_v<T, int>) return as_int();
    else if constexpr (std::is_same_v<T, std::int64_t>) return as_int64();
    else if constexpr (std::is_same_v<T, bool>) return as_bool();
    else if constexpr (std::is_same_v<T, double>) return as_double();
    else if constexpr (std::is_same_v<T, std::string>) return as_string();
    else if constexpr (detail::IsVector<T>::value) {
      T out;
      for (const YamlNode& item : as_list()) out.push_back(item.template as<typename T::value_type>());
      return out;
    } else {
      static_assert(detail::IsVector<T>::value,
                    "YamlNode::as<T>: T is int, std::int64_t, bool, double, std::string or a std::vector of them");
    }
  }
  int as_int() const;
  std::int64_t as_int64() const;
  bool as_bool() const;
  double as_double() const;
  std::string as_string() const;

  // The items of a list, in file order. Throws DataError if this is not a list.
  std::vector<YamlNode> as_list() const;
  // The entries of a map, keys in file order. Throws DataError if this is not a map.
  std::vector<std::pair<std::string, YamlNode>> as_map() const;
  // Items of a list or entries of a map; 0 for a scalar or null.
  std::size_t size() const;

  // Map access. Each throws DataError if this is not a map.
  bool has(std::string_view key) const;
  // The value of `key`, or nullopt when the key is absent.
  std::optional<YamlNode> find(std::string_view key) const;
  // The value of `key`; throws DataError "<mark>: missing required key 'vp'" when absent.
  YamlNode at(std::string_view key) const;
  // Item `index` of a list; throws DataError when out of range or not a list.
  YamlNode at(std::size_t index) const;

  // at(key).as<T>().
  template <typename T>
  T required(std::string_view key) const {
    return at(key).template as<T>();
  }
  // The value of `key` as T, or `fallback` when the key is absent or its value is null.
  template <typename T>
  T optional(std::string_view key, T fallback) const {
    std::optional<YamlNode> value = find(key);
    if (!value || value->is_null()) return fallback;
    return value->template as<T>();
  }
  std::string optional(std::string_view key, const char* fallback) const {
    return optional<std::string>(key, std::string(fallback));
  }
  // optional<int>(key, fallback), refused below `minimum`: "<mark>: 'seats' must be at least 1".
  int optional_at_least(std::string_view key, int fallback, int minimum) const;
  // A count the game makes things from (copies of a card, dice, spaces, slots, pieces):
  // an integer from `minimum` to kMaxDataCount, and the counts read from one file add up
  // to at most kMaxDataCountTotal. "<mark>: 'count' must be at most 10000 (...)".
  int as_count(int minimum) const;
  // as_count of the value of `key`, or `fallback` when the key is absent or null.
  int optional_count(std::string_view key, int fallback, int minimum) const;
  // Throws DataError at the first key of this map that is not in `keys`:
  // "unknown key 'vpp' (did you mean 'vp'?)", or "(known keys: a, b)" when none is close.
  void allow_only(std::initializer_list<std::string_view> keys) const;
  void allow_only(const std::vector<std::string>& keys) const;

  // Where this value is written: display file name and 1-based line and column (0 when
  // unknown, e.g. for a default-constructed node).
  const std::string& file() const;
  int line() const;
  int column() const;
  // "file:line:col" (or just "file" when the position is unknown).
  std::string mark() const;
  // The keys and indices leading here from the document root: "cards[3].vp"; "" for a root.
  const std::string& path() const { return path_; }
  // A DataError "<mark>: <message>" to throw: `throw node.error("cost must be positive");`
  DataError error(std::string_view message) const;

 private:
  friend class YamlAccess;
  YamlNode(std::shared_ptr<const detail::YamlValue> value, std::string path);
  // How messages name this node: 'vp', 'cards[3]', or nothing for a root.
  std::string subject() const;
  [[noreturn]] void type_error(std::string_view expected) const;

  std::shared_ptr<const detail::YamlValue> value_;
  std::string path_;
  std::size_t subject_pos_ = 0;  // where subject() starts in path_
};

struct YamlDocument {
  std::string file;  // display name
  YamlNode root;     // null for an empty file
};

// Reads one YAML file; `display_name` names it in messages ("data/<game>/cards.yaml").
// A missing or unreadable file, a syntax error ("<name>:<line>:<col>: <parser message>"),
// more than one document, a duplicate key or an unsupported tag throws DataError.
YamlDocument load_yaml(const std::filesystem::path& file, std::string display_name);
// The same from text in memory.
YamlDocument parse_yaml(std::string_view text, std::string display_name);

// The JSON form of a value (effect params for Lua): maps become objects, lists arrays,
// null null; a plain scalar becomes a boolean, an integer or a float when it reads as one
// (an integer beyond 64 bits becomes a float), otherwise a string; a quoted scalar stays a
// string. Throws DataError beyond a million values (aliases can make a small file huge).
nlohmann::json to_json(const YamlNode& node);

// Applies a variant's data overlay to base data and returns the merged value (neither
// input changes). Rules, applied recursively from the roots:
//   - map over map: keys merge one by one. A key with a null value (`key: ~` or `key:`)
//     removes that key (an error if the base has no such key); a key present in both
//     merges by these rules; a new key is appended after the base's keys.
//   - list over list, both non-empty and every item of both a map with a scalar `id`:
//     items merge by id. An overlay item whose id is in the base merges into that item
//     (keeping its place); an item tagged `!add` (`- !add {id: x, ...}`) is appended (an
//     error if the base has that id); an item tagged `!remove` (`- !remove {id: x}`)
//     removes the base item with that id (an error if there is none). An untagged item
//     whose id the base lacks is an error ("no item with id 'x' in the base list to change
//     (did you mean 'y'?) ..."): a misspelt id must not add an item nobody meant.
//   - anything else (scalars, other lists, a change of kind): the overlay value replaces
//     the base value.
//   - a value tagged `!replace` replaces the base value without merging.
//   - a null overlay root (an empty overlay file) changes nothing.
// A merged map or list keeps the base's position; every value taken from the overlay keeps
// the overlay's file and position, so later loader errors about it name the overlay file.
// Throws DataError at the overlay's position for a removal of something absent, an id
// neither in the base nor tagged `!add`, an `!add` of an id the base has, a `!remove` or
// `!add` outside a list merged by id, or duplicate ids in a list merged by id.
YamlNode merge_overlay(const YamlNode& base, const YamlNode& overlay);

// A game's data file with the overlays of the variants that have one: for each variant in
// order, <data_dir>/variants/<variant>/<file> (when it exists) is merged over the result.
// `data_name` ("data/<game>") names the files in messages.
YamlNode load_with_overlays(const std::filesystem::path& data_dir, const std::string& data_name,
                            const std::string& file, const std::vector<std::string>& variants);

// Records, on this thread and while it lives, the names of the data files read through
// load_with_overlays ("cards.yaml"): how the plugin registry refuses a variant overlay that
// the game never reads (it would change nothing, silently).
class DataReadRecorder {
 public:
  DataReadRecorder();
  ~DataReadRecorder();
  DataReadRecorder(const DataReadRecorder&) = delete;
  DataReadRecorder& operator=(const DataReadRecorder&) = delete;
  const std::set<std::string>& files() const { return files_; }
  static void record(const std::string& file);
  // While one lives, no read on this thread is recorded: what the host reads for the game's
  // scripts (ctx:data) is not something the game itself reads.
  class Pause {
   public:
    Pause();
    ~Pause();
    Pause(const Pause&) = delete;
    Pause& operator=(const Pause&) = delete;

   private:
    DataReadRecorder* paused_;
  };

 private:
  std::set<std::string> files_;
  DataReadRecorder* outer_;
};

// While one lives, load_with_overlays on this thread reads each (folder, file, variants) once
// and gives the same tree to every later caller: a game's C++ and the data its scripts read
// (ctx:data) share one reading as the game loads. PluginRegistry opens one around each game
// it makes or validates. Scopes nest; the innermost is used.
class DataLoadMemo {
 public:
  DataLoadMemo();
  ~DataLoadMemo();
  DataLoadMemo(const DataLoadMemo&) = delete;
  DataLoadMemo& operator=(const DataLoadMemo&) = delete;

 private:
  friend YamlNode load_with_overlays(const std::filesystem::path&, const std::string&, const std::string&,
                                     const std::vector<std::string>&);
  std::map<std::string, YamlNode> loaded_;  // by folder, file and variants
  DataLoadMemo* outer_;
};

// The edit distance (insertions, deletions, substitutions, adjacent swaps) used for
// "did you mean" suggestions.
std::size_t edit_distance(std::string_view a, std::string_view b);
// The closest of `candidates` to `word` when it is close enough to be a likely typo.
std::optional<std::string> nearest_name(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace tessera
