// `tessera new-game`: a new game's folders copied from the SDK's example game (the tutorial)
// and renamed, so a designer starts from something that builds, plays and passes its tests.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "tessera/error.hpp"

namespace tessera::host {

namespace fs = std::filesystem;

namespace {

// Words the id may not be: it becomes a C++ namespace and a Lua/YAML/CMake name.
const char* const kReservedIds[] = {
    "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const",
    "constexpr", "continue", "default", "delete", "do", "double", "else", "enum", "explicit", "export", "extern",
    "false", "float", "for", "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new",
    "noexcept", "not", "nullptr", "operator", "or", "private", "protected", "public", "register", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "template", "this", "throw", "true", "try",
    "typedef", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "while", "xor", "std",
    "tessera", "boost", "core", "host", "sdk", "tests", "test", "main"};

void check_id(const std::string& id) {
  const bool shape = !id.empty() && id.size() <= 40 && id[0] >= 'a' && id[0] <= 'z' &&
                     std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
  if (!shape)
    throw Error("game id '" + id + "': expected lower-case letters, digits and '_', starting with a letter (at most 40)");
  if (std::find(std::begin(kReservedIds), std::end(kReservedIds), id) != std::end(kReservedIds))
    throw Error("game id '" + id + "' is a reserved word; choose another");
}

// "river_trade" -> "RiverTrade"; "river_trade" -> "River Trade" with `spaced`.
std::string words_of(const std::string& id, bool spaced) {
  std::string out;
  bool start = true;
  for (char c : id) {
    if (c == '_') {
      if (spaced && !out.empty()) out += ' ';
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    start = false;
  }
  return out;
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

struct Renaming {
  std::vector<std::pair<std::string, std::string>> pairs;  // applied in order
  std::string apply(std::string text) const {
    for (const auto& [from, to] : pairs) text = replace_all(std::move(text), from, to);
    return text;
  }
};

struct Copy {
  fs::path source, target;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int run_new_game(const PluginRegistry& registry, const NewGameOptions& options, const fs::path& source_tree,
                 std::ostream& out) {
  check_id(options.id);
  const std::string from = kTemplateGame;
  const PluginEntry& template_game = registry.game(from);  // Error for an unknown game
  if (!fs::exists(options.root / "plugins" / "CMakeLists.txt") || !fs::exists(options.root / "core"))
    throw Error(options.root.string() + " is not a Tessera source tree (no plugins/CMakeLists.txt and core/); "
                "run new-game from the tree's root or give --root");
  if (!fs::exists(source_tree / "plugins" / from))
    throw Error("the sources of '" + from + "' are not in " + source_tree.string() + "; new-game copies a game of the source tree");

  const std::string name = options.name.empty() ? words_of(options.id, true) : options.name;
  // The title may carry the id in brackets ("Lantern Market (tutorial)"); the name alone
  // appears in texts too.
  const std::string title = template_game.manifest.title;
  const std::string bare_title = replace_all(title, " (" + from + ")", "");
  const Renaming renaming{{{title, name},
                           {bare_title, name},
                           {words_of(from, false), words_of(options.id, false)},
                           {from, options.id}}};

  // Everything to copy, worked out before anything is written.
  std::vector<Copy> copies;
  for (const char* folder : {"plugins", "data", "scripts", "tests/games"}) {
    const fs::path dir = source_tree / folder / from;
    if (!fs::exists(dir)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      if (!entry.is_regular_file()) continue;
      const fs::path relative = fs::relative(entry.path(), source_tree);
      copies.push_back({entry.path(), options.root / renaming.apply(relative.generic_string())});
    }
  }
  const fs::path golden = source_tree / "tests" / "golden";
  if (fs::exists(golden))
    for (const auto& entry : fs::directory_iterator(golden))
      if (entry.is_regular_file() && entry.path().filename().string().rfind(from + "_", 0) == 0)
        copies.push_back({entry.path(), options.root / renaming.apply(fs::relative(entry.path(), source_tree).generic_string())});
  std::sort(copies.begin(), copies.end(), [](const Copy& a, const Copy& b) { return a.target < b.target; });
  for (const Copy& c : copies)
    if (fs::exists(c.target)) throw Error(c.target.string() + " exists already; nothing was written");
  for (const char* folder : {"plugins", "data", "scripts", "tests/games"})
    if (fs::exists(options.root / folder / options.id))
      throw Error((options.root / folder / options.id).string() + " exists already; nothing was written");

  // Write; on any failure remove what this call wrote, so the tree is as before.
  std::vector<fs::path> written;
  try {
    for (const Copy& c : copies) {
      fs::create_directories(c.target.parent_path());
      const std::string text = renaming.apply(read_file(c.source));
      std::ofstream file(c.target, std::ios::binary);
      file << text;
      if (!file) throw Error("cannot write " + c.target.string());
      written.push_back(c.target);
      out << "created " << fs::relative(c.target, options.root).generic_string() << "\n";
    }
  } catch (...) {
    std::error_code ignored;
    for (const fs::path& path : written) fs::remove(path, ignored);
    for (const char* folder : {"plugins", "data", "scripts", "tests/games"})
      fs::remove_all(options.root / folder / options.id, ignored);
    throw;
  }
  out << "\n" << name << " (" << options.id << ") starts as a copy of " << bare_title
      << ". Next:\n"
      << "  cmake -S . -B build && cmake --build build -j2\n"
      << "  build/bin/tessera validate " << options.id << "\n"
      << "  build/bin/tessera_tests \"[" << options.id << "]\"\n"
      << "Then change data/" << options.id << "/, scripts/" << options.id << "/ and plugins/" << options.id
      << "/ into your game (sdk/docs/writing-a-game.md).\n";
  return 0;
}

}  // namespace tessera::host
