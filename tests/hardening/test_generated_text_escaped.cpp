// Text a user gives, written into generated files: each language's
// escaper gives one token that reads back as the text and nothing else, the programs that
// read the files (gnuplot, CMake, a C++ compiler, a spreadsheet) run none of it, and names
// that become file and code names are identifiers, checked where they enter.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compare_arms.hpp"
#include "escaping.hpp"
#include "support/escaped_text.hpp"
#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "tessera/error.hpp"
#include "tessera/identifier.hpp"
#include "support/build_paths.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::host;
using namespace tessera::testing;

namespace {

// Hostile texts; `{mark}` stands for a file that exists only if one of them ran.
const std::vector<std::string> kHostile{
    "line\nbreak\r\nand tab\t",
    "quote ' double \" back\\slash \\",
    "\\",
    "x'\nsystem('touch {mark}')\n#",
    "x\"\nsystem(\"touch {mark}\")\n#",
    "`touch {mark}`",
    "@mark",
    "${CMAKE_COMMAND} $ENV{HOME} $<1:x>",
    "\")\nexecute_process(COMMAND touch {mark})\n#",
    "$(touch {mark})",
    "=cmd|' /C calc'!A1",
    "+1",
    "-2",
    "@SUM(1)",
    "\t=tab",
    "\r=cr",
    "<script>alert('x')</script> & \"q\"",
    "\x01\x1f\x7f nul-free controls",
    "caf\xc3\xa9 \xe2\x9c\x93",
    "",
};

std::string with_mark(std::string text, const fs::path& mark) {
  for (std::size_t at = text.find("{mark}"); at != std::string::npos; at = text.find("{mark}"))
    text.replace(at, 6, mark.string());
  return text;
}

std::string text_of(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

bool have(const char* program) { return std::system((std::string("command -v ") + program + " >/dev/null 2>&1").c_str()) == 0; }

// Runs a shell command line; its exit status.
int shell(const std::string& line) { return std::system(line.c_str()); }

}  // namespace

TEST_CASE("Each escaper gives one token that reads back as the text", "[host][hardening]") {
  for (const std::string& raw : kHostile) {
    const std::string text = with_mark(raw, "/tmp/x");
    INFO(text);
    CHECK(read_gnuplot_string(gnuplot_string(text)) == spaced_controls(text, false));
    CHECK(read_cmake_quoted(cmake_quoted(text)) == spaced_controls(text, true));
    CHECK(read_cpp_string_literal(cpp_string_literal(text)) == text);
    CHECK(read_html_text(html_text(text)) == text);
    CHECK(read_json_string(json_string(text)) == text);
    const auto cell = read_csv_field(csv_field(text));
    REQUIRE(cell);
    CHECK_FALSE(starts_formula(*cell));
    CHECK(*cell == (starts_formula(text) ? "'" + text : text));
  }
}

TEST_CASE("gnuplot runs nothing of an escaped string and prints it back", "[host][hardening]") {
  if (!have("gnuplot")) return;  // compare --plot's own tests need it too
  TempDir dir("gnuplot_escaped");
  const fs::path mark = dir.path / "ran";
  std::string script, expected;
  for (const std::string& raw : kHostile) {
    const std::string text = with_mark(raw, mark);
    script += "print " + gnuplot_string(text) + "\n";
    expected += spaced_controls(text, false) + "\n";
  }
  tessera::testing::write_file(dir.path / "t.gp", script);
  REQUIRE(shell("cd '" + dir.path.string() + "' && gnuplot t.gp 2> printed") == 0);
  CHECK_FALSE(fs::exists(mark));
  CHECK(text_of(dir.path / "printed") == expected);
}

TEST_CASE("CMake runs nothing of an escaped quoted argument and reads it back", "[host][hardening]") {
  TempDir dir("cmake_escaped");
  const fs::path mark = dir.path / "ran";
  std::string script;
  for (std::size_t i = 0; i < kHostile.size(); ++i)
    script += "set(v" + std::to_string(i) + " " + cmake_quoted(with_mark(kHostile[i], mark)) + ")\nfile(WRITE \"" +
              (dir.path / std::to_string(i)).string() + "\" \"${v" + std::to_string(i) + "}\")\n";
  tessera::testing::write_file(dir.path / "t.cmake", script);
  REQUIRE(shell("cmake -P '" + (dir.path / "t.cmake").string() + "' > /dev/null 2>&1") == 0);
  CHECK_FALSE(fs::exists(mark));
  for (std::size_t i = 0; i < kHostile.size(); ++i) {
    INFO(kHostile[i]);
    CHECK(text_of(dir.path / std::to_string(i)) == spaced_controls(with_mark(kHostile[i], mark), true));
  }
}

TEST_CASE("compare's CSV quotes every text field and no cell starts a formula", "[host][hardening]") {
  GameRecord record;
  record.seed = 1;
  record.scores = {3};
  record.winners = {0};
  record.margin = {0};
  record.categories = {{{"=HYPERLINK(\"http://x\")", 1}, {"-a,b", 2}}};
  std::vector<Arm> arms{{"=cmd|' /C calc'!A1", {"+x", "@y\n"}, {record}}};
  std::ostringstream out;
  write_csv(out, arms, 1);
  // Every cell of the two rows reads back, and none starts a formula.
  std::string rest = out.str(), cell;
  bool quoted = false;
  std::vector<std::string> cells;
  for (char c : rest) {
    if (c == '"') quoted = !quoted;
    if (!quoted && (c == ',' || c == '\n')) {
      cells.push_back(cell);
      cell.clear();
      continue;
    }
    cell += c;
  }
  REQUIRE(cells.size() > 6);
  for (const std::string& c : cells) {
    INFO(c);
    const auto value = read_csv_field(c);
    REQUIRE(value);
    CHECK_FALSE(starts_formula(*value));
  }
  CHECK(out.str().find("'=cmd|' /C calc'!A1") != std::string::npos);
}

TEST_CASE("Variant, game and project names are identifiers, checked where they enter", "[host][hardening]") {
  CHECK(is_identifier("patronage"));
  CHECK(is_identifier("a" + std::string(63, '_')));
  for (const std::string& bad : std::vector<std::string>{"", "A", "_x", "9x", "a b", "a-b", "a.b", "../x", "a\nb",
                                                        "caf\xc3\xa9", "a" + std::string(64, 'b')})
    CHECK_FALSE(is_identifier(bad));

  ScratchGameRoot root("tutorial", "misnamed_variant");
  // A file name holds no '/': the command touches "ran" in the folder gnuplot runs in.
  const std::string evil = "evil\nset output 'x'\nsystem('touch ran')\n#";
  tessera::testing::write_file(root.scripts() / "variants" / (evil + ".lua"), "-- Evil: a variant with a bad name\n");
  fs::create_directories(root.data() / "variants" / "Bad Overlay");
  const std::string data_root = root.dir.path.string();

  SECTION("--variant with a line break is refused before any game, and gnuplot never sees it") {
    const fs::path plots = root.dir.path / "plots";
    const HostRun run = run_tessera(
        {"--data-root", data_root, "compare", "tutorial", "--variant", evil, "--games", "2", "--plot", plots.string()});
    INFO(run.err);
    CHECK(run.exit_code != 0);
    CHECK(run.err.find("variant name 'evil\\x0aset output") != std::string::npos);
    CHECK(run.err.find("is not an identifier") != std::string::npos);
    CHECK_FALSE(fs::exists(plots / "ran"));
    CHECK_FALSE(fs::exists(plots / "compare.gp"));
  }
  SECTION("a misnamed variant file is no variant: info does not list it, validate names it") {
    const HostRun info = run_tessera({"--data-root", data_root, "info", "tutorial", "--json"});
    CHECK(info.exit_code == 0);
    CHECK(info.out.find("evil") == std::string::npos);
    CHECK(info.out.find("Bad Overlay") == std::string::npos);
    const HostRun validate = run_tessera({"--data-root", data_root, "validate", "tutorial"});
    CHECK(validate.exit_code != 0);
    CHECK(validate.out.find("scripts/tutorial/variants/evil\\x0aset output") != std::string::npos);
    CHECK(validate.out.find("data/tutorial/variants/Bad Overlay: not a variant") != std::string::npos);
  }
  SECTION("the serve protocol and play refuse a variant or game that is not an identifier") {
    const HostRun play = run_tessera({"play", "tutorial", "--variant", "../patronage", "--seats", "random,random"});
    CHECK(play.exit_code != 0);
    CHECK(play.err.find("variant name '../patronage' is not an identifier") != std::string::npos);
    const HostRun game = run_tessera({"info", "tut\norial"});
    CHECK(game.exit_code != 0);
    CHECK(game.err.find("unknown game 'tut\\x0aorial'") != std::string::npos);
  }
}

TEST_CASE("new-game writes a hostile --name escaped into every generated file, and refuses a line break", "[host][hardening]") {
  TempDir dir("new_game_escaped");
  const fs::path mark = fs::temp_directory_path() / ("tng" + std::to_string(::getpid()));
  const std::string name = "Tom's \"Game\" \\ ${CMAKE_COMMAND} $(touch " + mark.string() + ") `touch " + mark.string() +
                           "` <script>alert(1)</script> =cmd|' /C calc'!A1 ?? \") execute_process(COMMAND touch " +
                           mark.string() + ") #";
  const fs::path out = dir.path / "project";

  SECTION("one line of hostile text") {
    const HostRun run = run_tessera({"new-game", "river_trade", "--out", out.string(), "--name", name});
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    // CMake: the name is the project's DESCRIPTION, read back whole; the file run with the
    // SDK's commands stubbed runs nothing else.
    const std::string stubs =
        "function(project)\n  cmake_parse_arguments(PARSE_ARGV 1 P \"\" \"VERSION;DESCRIPTION\" \"LANGUAGES\")\n"
        "  file(WRITE \"" + (dir.path / "description").string() + "\" \"${P_DESCRIPTION}\")\nendfunction()\n"
        "macro(find_package)\nendmacro()\nmacro(enable_testing)\nendmacro()\nmacro(tessera_add_game)\nendmacro()\n"
        "macro(tessera_add_game_tests)\nendmacro()\nmacro(tessera_add_conformance_test)\nendmacro()\n"
        "include(\"" + (out / "CMakeLists.txt").string() + "\")\n";
    tessera::testing::write_file(dir.path / "run.cmake", stubs);
    CHECK(shell("cmake -P '" + (dir.path / "run.cmake").string() + "' > /dev/null 2>&1") == 0);
    CHECK(text_of(dir.path / "description") == name);
    CHECK_FALSE(fs::exists(mark));
    // C++: the manifest's title is the name as a literal; the sources compile.
    const std::string module = text_of(out / "src" / "river_trade_module.cpp");
    CHECK(module.find(cpp_string_literal(name)) != std::string::npos);
    if (have("g++"))
      CHECK(shell("g++ -std=c++20 -fsyntax-only -DBOOST_DLL_USE_STD_FS -I'" + std::string(tessera::testing::kSourceDir) +
                  "/core/include' -I'" + std::string(tessera::testing::kSourceDir) + "/sdk/include' '" +
                  (out / "src" / "river_trade_module.cpp").string() + "' 2>&1") == 0);
    // Markdown: HTML text, no tag.
    for (const fs::path& md : {out / "README.md", out / "data" / "river_trade" / "rules.md"}) {
      INFO(md);
      const std::string text = text_of(md);
      CHECK(text.find(html_text(name)) != std::string::npos);
      CHECK(text.find("<script>") == std::string::npos);
    }
    // Nothing a later renaming pass could change: the name as given, "tutorial" nowhere.
    CHECK(text_of(out / "README.md").find("tutorial") == std::string::npos);
  }
  SECTION("a name that holds 'tutorial' keeps it") {
    REQUIRE(run_tessera({"new-game", "river_trade", "--out", out.string(), "--name", "My tutorial"}).exit_code == 0);
    CHECK(text_of(out / "README.md").find("# My tutorial") != std::string::npos);
  }
  for (const std::string& bad : {std::string("two\nlines"), std::string("tab\there"), std::string("bad \xff byte"),
                                std::string("   "), std::string(201, 'x')}) {
    SECTION("refused: " + printable_name(bad)) {
      const HostRun run = run_tessera({"new-game", "river_trade", "--out", out.string(), "--name", bad});
      INFO(run.err);
      CHECK(run.exit_code != 0);
      CHECK(run.err.find("--name '") != std::string::npos);
      CHECK_FALSE(fs::exists(out));
    }
  }
  SECTION("a project id that is not an identifier is refused") {
    const HostRun run = run_tessera({"new-game", "River", "--out", out.string()});
    CHECK(run.exit_code != 0);
    CHECK(run.err.find("game id 'River' is not an identifier") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
  }
}
