// `tessera new-game`: a new game's folders copied from the SDK's example game (the tutorial)
// and renamed, so a designer starts from something that builds, plays and passes its tests.
#include <algorithm>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "escaping.hpp"
#include "file_writer.hpp"
#include "tessera/error.hpp"
#include "tessera/identifier.hpp"

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
  check_identifier(id, "game id");
  if (std::find(std::begin(kReservedIds), std::end(kReservedIds), id) != std::end(kReservedIds))
    throw Error("game id '" + id + "' is a reserved word; choose another");
}

// The display name is free text written into every kind of generated file, each time
// escaped for the file's language; a line break could still end a comment, so it is one
// line of printable UTF-8.
constexpr std::size_t kMaxNameBytes = 200;
void check_name(const std::string& name) {
  const std::string shown = printable_name(name);
  if (name.find_first_not_of(' ') == std::string::npos) throw Error("--name '" + shown + "' is blank");
  if (name.size() > kMaxNameBytes)
    throw Error("--name '" + shown + "' is longer than " + std::to_string(kMaxNameBytes) + " bytes");
  for (char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      throw Error("--name '" + shown + "' holds a control character (a line break, a tab, ...); a name is one line of text");
  try {
    (void)nlohmann::json(name).dump();  // throws on bytes that are not UTF-8
  } catch (const nlohmann::json::exception&) {
    throw Error("--name '" + shown + "' is not UTF-8 text");
  }
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

// The display name as written into `file`, escaped for the file's language where the
// example game holds its title: C++ string literals (and comments, where the escapes
// are harmless), Markdown text, YAML and JSON strings. In Lua it appears only in
// comments, which a name of one line cannot leave.
std::string name_in_file(const std::string& name, const fs::path& file) {
  const fs::path ext = file.extension();
  auto inside = [](const std::string& quoted) { return quoted.substr(1, quoted.size() - 2); };
  if (ext == ".cpp" || ext == ".hpp" || ext == ".h") return inside(cpp_string_literal(name));
  if (ext == ".md") return html_text(name);
  if (ext == ".yaml" || ext == ".json") return inside(json_string(name));
  if (file.filename() == "CMakeLists.txt" || ext == ".cmake") return inside(cmake_quoted(name));
  return name;
}

// The example game's names and the new game's, replaced in one pass: text that a
// replacement wrote (a name holding "tutorial") is not replaced again.
struct Renaming {
  std::vector<std::pair<std::string, std::string>> pairs;  // tried in order at each place
  std::size_t name_pairs = 0;                              // the first ones hold the display name
  std::string name;

  std::string apply(const std::string& text, const std::string& name_as) const {
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
      std::size_t i = 0;
      while (i < pairs.size() && text.compare(at, pairs[i].first.size(), pairs[i].first) != 0) ++i;
      if (i == pairs.size()) {
        out += text[at++];
        continue;
      }
      out += i < name_pairs ? name_as : pairs[i].second;
      at += pairs[i].first.size();
    }
    return out;
  }
  // A path: ids only (the display name is in no file name).
  std::string apply(const std::string& path) const { return apply(path, name); }
  // The text of `file`, with the name escaped for its language.
  std::string apply_to_file(const std::string& text, const fs::path& file) const {
    return apply(text, name_in_file(name, file));
  }
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A file to write: copied from `source` (renamed) or, with no source, `text`.
struct Output {
  fs::path source, target;
  std::string text;
};

// Writes every output, refusing (before writing anything) when a target exists; on any
// failure removes what it wrote and calls `undo`, so the disk is as before.
void write_all(std::vector<Output> outputs, const Renaming& renaming, const fs::path& root, std::ostream& out,
               const std::function<void()>& undo) {
  std::sort(outputs.begin(), outputs.end(), [](const Output& a, const Output& b) { return a.target < b.target; });
  for (const Output& o : outputs)
    if (fs::exists(fs::symlink_status(o.target))) throw Error(o.target.string() + " exists already; nothing was written");
  std::vector<fs::path> written;
  try {
    for (const Output& o : outputs) {
      make_folder(o.target.parent_path());
      const std::string text = o.source.empty() ? o.text : renaming.apply_to_file(read_file(o.source), o.target);
      write_file(o.target, text);
      written.push_back(o.target);
      out << "created " << fs::relative(o.target, root).generic_string() << "\n";
    }
  } catch (...) {
    std::error_code ignored;
    for (const fs::path& path : written) fs::remove(path, ignored);
    undo();
    throw;
  }
}

// The regular files under `dir`, recursively.
std::vector<fs::path> files_under(const fs::path& dir) {
  std::vector<fs::path> files;
  if (!fs::exists(dir)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The example game's data and scripts, where the registry found them (the source tree, or
// an installed prefix), as data/<id>/ and scripts/<id>/ under `root`, renamed.
void add_data_and_scripts(std::vector<Output>& outputs, const PluginEntry& game, const fs::path& root,
                          const Renaming& renaming) {
  auto add = [&](const fs::path& dir, const char* folder) {
    if (dir.empty()) return;  // a game without scripts
    for (const fs::path& file : files_under(dir)) {
      const fs::path relative = folder / fs::path(game.manifest.id) / fs::relative(file, dir);
      outputs.push_back({file, root / renaming.apply(relative.generic_string()), ""});
    }
  };
  add(game.data_dir, "data");
  add(game.script_dir, "scripts");
}

// The CMakeLists.txt of a stand-alone game project: the plugin with its data and scripts,
// its tests and the conformance suite, all through the installed SDK's helpers.
std::string project_cmake(const std::string& id, const std::string& name, const std::vector<std::string>& sources,
                          const std::vector<std::string>& tests) {
  auto listed = [](const std::vector<std::string>& files) {
    std::string text;
    for (const std::string& f : files) text += "\n    " + f;
    return text;
  };
  return "# " + id + ": a game for Tessera, built against the installed Tessera SDK (README.md).\n"
         "cmake_minimum_required(VERSION 3.25)\n"
         "project(" + id + " VERSION 0.1.0 DESCRIPTION " + cmake_quoted(name) + " LANGUAGES CXX)\n\n"
         "set(CMAKE_CXX_STANDARD 20)\n"
         "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n"
         "if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)\n"
         "  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING \"Build type\" FORCE)\n"
         "endif()\n\n"
         "# Tessera::core, Tessera::sdk, Tessera::tessera and the tessera_add_... helpers.\n"
         "find_package(Tessera " TESSERA_VERSION " REQUIRED)\n\n"
         "# The plugin, build/plugins/" + id + ".so; `cmake --install` also installs its data and scripts.\n"
         "tessera_add_game(" + id + "\n  SOURCES" + listed(sources) + "\n  DATA data/" + id +
         "\n  SCRIPTS scripts/" + id + ")\n\n"
         "enable_testing()\n"
         "# The game's rules tests (Catch2), and the conformance suite every game must pass.\n"
         "tessera_add_game_tests(" + id + " SOURCES" + listed(tests) + ")\n"
         "tessera_add_conformance_test(" + id + ")\n";
}

std::string project_readme(const std::string& id, const std::string& name, const std::string& template_title) {
  const std::string dev = "tessera --plugin-dir build/plugins --data-root . ";
  return "# " + name + "\n\n"
         "A game for Tessera, started as a copy of " + template_title + ", the SDK's example game. Its rules\n"
         "are in `data/" + id + "/README.md`, their summary for players in `data/" + id + "/rules.md`\n"
         "(`tessera rules " + id + "`). Tessera's guide to writing a game is `share/doc/tessera/writing-a-game.md`\n"
         "in the prefix Tessera is installed in (`/usr/share/doc/tessera/` for its Debian packages), beside\n"
         "its other SDK docs (`share/doc/tessera/*.md`) and its README (`share/doc/tessera/README.md`).\n\n"
         "| folder | what |\n|---|---|\n"
         "| `src/` | the plugin's C++: set-up, the natives the flow names, scoring, the view |\n"
         "| `data/" + id + "/` | YAML: the numbers and content, the flow (`flow.yaml`), the state schema |\n"
         "| `scripts/" + id + "/` | Lua: the effects, and house rules in `variants/` |\n"
         "| `tests/` | Catch2 scenarios, legality and random-game tests |\n\n"
         "## Build and test\n\n"
         "Against an installed Tessera SDK (the `tessera-dev` package, or `cmake --install` of Tessera;\n"
         "for a prefix CMake does not search, add `-DCMAKE_PREFIX_PATH=<prefix>`):\n\n"
         "```\n"
         "cmake -S . -B build\n"
         "cmake --build build -j2\n"
         "ctest --test-dir build        # the rules tests and `tessera conformance " + id + "`\n"
         "```\n\n"
         "## Play it from the build\n\n"
         "```\n" +
         dev + "validate " + id + "\n" + dev + "play " + id + " --seats human,random\n" + dev + "simulate " + id +
         " --games 1000\n"
         "```\n\n"
         "## Install it\n\n"
         "```\n"
         "cmake --install build --prefix <the prefix Tessera is installed in>\n"
         "# or, for your user only ($XDG_DATA_HOME/tessera, by default ~/.local/share/tessera):\n"
         "cmake -S . -B build -DTESSERA_INSTALL_FOR_USER=ON && cmake --install build\n"
         "tessera play " + id + "\n"
         "```\n";
}

int new_project(const PluginEntry& template_game, const NewGameOptions& options, const fs::path& template_root,
                const Renaming& renaming, const std::string& name, const std::string& bare_title, std::ostream& out) {
  const std::string& from = template_game.manifest.id;
  const fs::path& root = options.out;
  const fs::path plugin_sources = template_root / "plugins" / from;
  const fs::path test_sources = template_root / "tests" / "games" / from;
  if (!fs::exists(plugin_sources))
    throw Error("the sources of '" + from + "' are not in " + plugin_sources.string() +
                "; is the SDK (the tessera-dev package) installed?");
  // A dangling link is refused (make_folder names where it leads) and left as it is.
  if (fs::is_symlink(fs::symlink_status(root)) && !fs::exists(root)) make_folder(root);
  const bool made_root = !fs::exists(fs::symlink_status(root));
  if (!made_root && !(fs::is_directory(root) && fs::is_empty(root)))
    throw Error(root.string() + " exists and is not an empty folder; nothing was written");
  // The outermost folder the project makes (--out a/b with no a makes a too): undone whole.
  fs::path first_made = root;
  while (made_root && first_made.has_parent_path() && first_made.parent_path() != first_made &&
         !fs::exists(fs::symlink_status(first_made.parent_path())))
    first_made = first_made.parent_path();

  std::vector<Output> outputs;
  std::vector<std::string> sources, tests;
  auto add = [&](const fs::path& source, const fs::path& relative, std::vector<std::string>* listed) {
    const std::string target = renaming.apply(relative.generic_string());
    outputs.push_back({source, root / target, ""});
    if (listed && source.extension() == ".cpp") listed->push_back(target);
  };
  for (const fs::path& file : files_under(plugin_sources))
    if (file.filename() != "CMakeLists.txt") add(file, "src" / fs::relative(file, plugin_sources), &sources);
  add_data_and_scripts(outputs, template_game, root, renaming);
  for (const fs::path& file : files_under(test_sources))
    add(file, "tests" / fs::relative(file, test_sources), &tests);
  std::sort(sources.begin(), sources.end());
  std::sort(tests.begin(), tests.end());
  outputs.push_back({"", root / "CMakeLists.txt", project_cmake(options.id, name, sources, tests)});
  outputs.push_back({"", root / "README.md", project_readme(options.id, html_text(name), bare_title)});
  outputs.push_back({"", root / ".gitignore", "/build/\n"});

  write_all(std::move(outputs), renaming, root, out, [&] {
    std::error_code ignored;
    if (made_root) fs::remove_all(first_made, ignored);
  });
  const std::string dev = "tessera --plugin-dir build/plugins --data-root . ";
  out << "\n" << name << " (" << options.id << ") starts as a copy of " << bare_title
      << ", in a project of its own. Next:\n"
      << "  cd " << root.string() << "\n"
      << "  cmake -S . -B build && cmake --build build -j2 && ctest --test-dir build\n"
      << "  " << dev << "play " << options.id << " --seats human,random\n"
      << "Then change data/" << options.id << "/, scripts/" << options.id << "/ and src/ into your game "
      << "(README.md; Tessera's share/doc/tessera/writing-a-game.md).\n";
  return 0;
}

}  // namespace

int run_new_game(const PluginRegistry& registry, const NewGameOptions& options, const fs::path& source_tree,
                 std::ostream& out) {
  check_id(options.id);
  const std::string from = kTemplateGame;
  const PluginEntry& template_game = registry.game(from);  // Error for an unknown game
  if (!options.name.empty()) check_name(options.name);
  const std::string name = options.name.empty() ? words_of(options.id, true) : options.name;
  // The title may carry the id in brackets ("Lantern Market (tutorial)"); the name alone
  // appears in texts too.
  const std::string title = template_game.manifest.title;
  const std::string bare_title = replace_all(title, " (" + from + ")", "");
  // Last, the example's words about itself (its manifest's summary, its rules), so that the
  // copy does not call itself the SDK's example.
  const Renaming renaming{{{title, name},
                           {bare_title, name},
                           {words_of(from, false), words_of(options.id, false)},
                           {from, options.id},
                           {"the SDK's example game", "a new game copied from the SDK's example game"},
                           {"The SDK's example game", "A new game copied from the SDK's example game"},
                           {"The SDK's example: ", "A new game copied from the SDK's example: "}},
                          /*name_pairs=*/2,
                          name};
  if (!options.out.empty()) return new_project(template_game, options, source_tree, renaming, name, bare_title, out);

  if (!fs::exists(options.root / "plugins" / "CMakeLists.txt") || !fs::exists(options.root / "core"))
    throw Error(options.root.string() + " is not a Tessera source tree (no plugins/CMakeLists.txt and core/); "
                "run new-game from the tree's root, give --root, or write a project of its own with --out");
  if (!fs::exists(source_tree / "plugins" / from))
    throw Error("the sources of '" + from + "' are not in " + source_tree.string() +
                "; new-game copies a game of the source tree");

  // Everything to copy, worked out before anything is written.
  std::vector<Output> outputs;
  for (const char* folder : {"plugins", "tests/games"})
    for (const fs::path& file : files_under(source_tree / folder / from))
      outputs.push_back({file, options.root / renaming.apply(fs::relative(file, source_tree).generic_string()), ""});
  add_data_and_scripts(outputs, template_game, options.root, renaming);
  const fs::path golden = source_tree / "tests" / "golden";
  if (fs::exists(golden))
    for (const auto& entry : fs::directory_iterator(golden))
      if (entry.is_regular_file() && entry.path().filename().string().rfind(from + "_", 0) == 0)
        outputs.push_back(
            {entry.path(), options.root / renaming.apply(fs::relative(entry.path(), source_tree).generic_string()), ""});
  for (const char* folder : {"plugins", "data", "scripts", "tests/games"})
    if (fs::exists(options.root / folder / options.id))
      throw Error((options.root / folder / options.id).string() + " exists already; nothing was written");

  write_all(std::move(outputs), renaming, options.root, out, [&] {
    std::error_code ignored;
    for (const char* folder : {"plugins", "data", "scripts", "tests/games"})
      fs::remove_all(options.root / folder / options.id, ignored);
  });
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
