#pragma once
// The host's subcommands as plain functions over streams, so that tests can run them
// in-process. Each returns the process exit code (0 success, 1 failure, 2 usage).
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

struct GameChoice {
  std::string game;
  int players = 0;  // 0: the game's minimum player count (at least 2 when allowed)
  std::uint64_t seed = 1;
  std::vector<std::string> variants;
};

// `tessera --version`: "tessera <CMake project version> (plugin ABI <kPluginAbiVersion>)".
std::string version_text();

// `list` and `info` as text for people or, with `as_json`, as the JSON that README.md
// ("JSON output of list and info") documents: one object per game with id, name, version,
// players, hidden information, chance and variants with their full descriptions.
int run_list(const PluginRegistry& registry, std::ostream& out, bool as_json = false);
int run_info(const PluginRegistry& registry, const std::string& game, std::ostream& out, bool as_json = false);

// `tessera rules <game>`: prints the rules summary a game ships as data/<game>/rules.md.
// Throws Error when the game has none, or when the file leads outside its data folder.
inline constexpr const char* kRulesFile = "rules.md";
inline constexpr std::size_t kMaxRulesBytes = std::size_t{1} << 20;
int run_rules(const PluginRegistry& registry, const std::string& game, std::ostream& out);

// `tessera play`: a game in the terminal. A human seat reads lines from `in`: a move by
// number or text (any case), or a command (help, rules, undo, board, moves, legend, save, quit);
// README.md "Play in the terminal" lists them. A bot whose move is refused, or that throws,
// and a human move the game fails to carry out (a broken house rule) end the game at once:
// Error naming the seat, the move and the reason.
struct PlayOptions {
  GameChoice choice;               // with load_path: empty game, or the log's
  // "human" or a bot kind per seat; default: the log's with load_path, else seat 0 human and
  // random bots when human_default (main: stdin is a terminal), else all random
  std::vector<std::string> seats;
  bool human_default = false;
  std::string log_path;            // write the game log here when set (also when the game stops early)
  std::string load_path;           // continue the game of this log (written by --log, save or simulate --log-dir)
  std::string scenario_path;       // start at the position of this scenario file (sdk/docs/scenarios.md)
  bool quiet = false;              // bots-only: print only the result
  bool color = false;              // ANSI colours (main: on for a terminal without --no-color or NO_COLOR)
  std::size_t max_actions = 1'000'000;
};
int run_play(const PluginRegistry& registry, const PlayOptions& options, std::istream& in, std::ostream& out);

struct SimulateOptions {
  GameChoice choice;
  int games = 100;
  int jobs = 1;
  std::vector<std::string> seats;  // a bot spec per seat (bots.hpp); default: all random
  bool json = false;
  bool progress = false;           // a progress line on `err` (progress_meter.hpp)
  std::string log_dir;             // write each game's log here when set
  std::size_t max_actions = 1'000'000;
};
int run_simulate(const PluginRegistry& registry, const SimulateOptions& options, std::ostream& out,
                 std::ostream& err);

// `tessera arena`: bots against each other with seats rotated (bots.md).
struct ArenaOptions {
  GameChoice choice;               // players 0: one per bot
  std::vector<std::string> seats;  // a bot spec per seat
  int games = 20;
  bool json = false;
  bool progress = false;           // a progress line on `err` (progress_meter.hpp)
  std::size_t max_actions = 1'000'000;
};
int run_arena(const PluginRegistry& registry, const ArenaOptions& options, std::ostream& out, std::ostream& err);

// `tessera compare`: the game as it is (base) against each variant on the same seeds, every
// arm in every seating of the bots (rotated unless fixed_seats), with a summary of what
// changed significantly and a table of rows, each arm's mean and the paired difference
// variant - base with its interval, Holm-corrected (sdk/docs/writing-a-game.md, "Judge a
// house rule"). With until_decided, batches of games until every asked row is decided
// (stopping_rule.hpp).
struct CompareOptions {
  GameChoice choice;                  // the base game; its variants apply to every arm
  std::vector<std::string> variants;  // one arm each; "a+b" plays variants a and b together
  int games = 200;                    // per arm (with until_decided: per batch)
  int jobs = 1;
  std::vector<std::string> seats;     // a bot spec per seat; default: all random
  bool fixed_seats = false;           // keep each bot in its seat instead of rotating
  bool json = false;
  std::string csv_path;               // one row per game and arm; "-" for `out`
  std::string plot_dir;               // SVG plots, their data and the gnuplot script
  std::string report_path;            // one self-contained HTML page: summary, table, plots
  bool until_decided = false;
  int games_max = 2000;               // with until_decided: the most games per arm
  double width = 0;                   // with until_decided: an interval this narrow decides
  std::vector<std::string> decide;    // with until_decided: the row ids to decide
  bool progress = false;              // a progress line on `err` (progress_meter.hpp)
  std::size_t max_actions = 1'000'000;
  const std::atomic<bool>* stop = nullptr;  // set from another thread: no more games (game_batch.hpp)
};
int run_compare(const PluginRegistry& registry, const CompareOptions& options, std::ostream& out, std::ostream& err);

// `tessera scenario check FILE...` (load each scenario and run its `expect` checks),
// `tessera scenario save LOG [-o FILE]` (the log's final position as a scenario) and
// `tessera validate --scenario FILE` (load it, report where it stands or why it is refused).
// check and validate print one line per file and return 1 when any fails.
struct ScenarioOptions {
  std::string action;              // "check", "save" or "validate"
  std::vector<std::string> files;  // scenario files; for save, the log
  std::string output;              // save: the file to write ("" or "-": `out`)
};
int run_scenario(const PluginRegistry& registry, const ScenarioOptions& options, std::ostream& out);
// A scenario document as YAML, its fields in the documented order.
std::string scenario_yaml(const nlohmann::json& document);

int run_replay(const PluginRegistry& registry, const std::string& log_path, std::ostream& out);
// Loads the game and each variant at every player count and lists every problem (file:line).
// With `play_games` > 0 (`--play N`), also plays that many seeded random games per player count
// and variant, one after another on one runtime, checks that each replays exactly, and
// reports the first error of each variant with the game, variant, players, seed and move
// (replay_check.hpp), drawing a progress line on `progress` when given (progress_meter.hpp).
// Returns 1 when anything is reported.
int run_validate(const PluginRegistry& registry, const std::string& game, std::ostream& out, int play_games = 0,
                 std::ostream* progress = nullptr);
// The components of a new game (name, kind, owner, visibility), then the game's declared
// schema, steps and moves: what a scenario author or house-rule writer may edit and call.
int run_schema(const PluginRegistry& registry, const GameChoice& choice, std::ostream& out);
int run_playthrough(const PluginRegistry& registry, const GameChoice& choice, std::ostream& out);
// JSON lines on `in`, one response line per request on `out` (sdk/docs/protocol.md).
int run_serve(const PluginRegistry& registry, std::istream& in, std::ostream& out);

// `tessera new-game`: copies the example game (kTemplateGame) — plugins/, tests/games/ and
// tests/golden/ files of `source_tree`, and its data/ and scripts/ where `registry` found
// them — into `options.root` under a new id, renaming the id, its CamelCase form and the
// manifest name in paths and texts. Throws Error (and writes nothing) for a bad id, a root
// that is not a Tessera source tree or a file that exists already.
// With `options.out`, writes a stand-alone project there instead (a new or empty folder):
// src/ (the plugin's C++ of source_tree/plugins/<template>), data/<id>/, scripts/<id>/,
// tests/ (source_tree/tests/games/<template>), a CMakeLists.txt that builds it all against
// the installed SDK (find_package(Tessera)), a README.md and a .gitignore. For an installed
// host `source_tree` is its template root (host_environment.hpp).
inline constexpr const char* kTemplateGame = "tutorial";
struct NewGameOptions {
  std::string id;
  std::string name;                  // display name; default: the id's words capitalised
  std::filesystem::path root = ".";  // the source tree that gets the game
  std::filesystem::path out;         // when set: a stand-alone project in this folder instead
};
int run_new_game(const PluginRegistry& registry, const NewGameOptions& options,
                 const std::filesystem::path& source_tree, std::ostream& out);

// `tessera variant new GAME NAME`: the pack folder <out>/<name>/ with a manifest
// (variant.yaml), a Lua page (rules.lua) and a test that plays it (test.sh). Throws Error
// for an unknown game, a name that is not an identifier or is a variant of the game already,
// or a folder that exists.
struct VariantNewOptions {
  std::string game;
  std::string name;
  std::filesystem::path out = ".";
};
int run_variant_new(const PluginRegistry& registry, const VariantNewOptions& options, std::ostream& out);
// `tessera variant pack DIR`: the pack folder as one archive (variant_archive.hpp), by
// default <name>.tar.gz in the current folder.
struct VariantPackOptions {
  std::filesystem::path folder;
  std::filesystem::path out;
};
int run_variant_pack(const VariantPackOptions& options, std::ostream& out);
// `tessera variant install FILE`: the archive unpacked into a scratch folder and checked
// (unpack_variant_archive; its manifest must name an installed game and fit its version, and
// its name may not be one of the game's own variants), then moved whole into the user folder,
// variants/<game>/<name>/. A refusal leaves the user folder as it was. An installed pack of
// the same name is replaced only with `replace`.
struct VariantInstallOptions {
  std::filesystem::path archive;
  bool replace = false;
};
int run_variant_install(const PluginRegistry& registry, const VariantInstallOptions& options, std::ostream& out);

// Fills in the default player count; throws Error for an unknown game.
GameChoice resolve_choice(const PluginRegistry& registry, GameChoice choice);

}  // namespace tessera::host
