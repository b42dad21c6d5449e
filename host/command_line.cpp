#include "command_line.hpp"

#include <algorithm>
#include <cctype>

#include "conformance.hpp"
#include "game_batch.hpp"
#include "host_environment.hpp"

namespace tessera::host {

namespace {

// --players is 0 in the options until the game decides; --help says so.
constexpr const char* kPlayersHelp = "Number of players; auto: the game's smallest count, 2 if allowed";

// A seed is unsigned and written as plain digits: "-1" would otherwise wrap to 2^64 - 1
// without a word (CLI11's NonNegativeNumber names its range as a 300-digit double).
const CLI::Validator kSeed(
    [](std::string& text) -> std::string {
      const std::string max = "18446744073709551615";  // CLI11 saturates a larger number to it
      const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
      const bool fits = text.size() < max.size() || (text.size() == max.size() && text <= max);
      return digits && fits ? "" : "a seed is a whole number from 0 to " + max + ", not '" + text + "'";
    },
    "SEED");

void add_game_options(CLI::App* cmd, GameChoice& choice, bool with_game = true) {
  if (with_game) cmd->add_option("game", choice.game, "Game id (see `tessera list`)")->required();
  cmd->add_option("--players,-p", choice.players, kPlayersHelp)->default_str("auto");
  cmd->add_option("--seed,-s", choice.seed, "Seed of the game's random generator")->check(kSeed);
  cmd->add_option("--variant,-v", choice.variants, "A variant (house rule) to play with; repeatable")->default_str("none");
}

}  // namespace

CommandLine::CommandLine() {
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text(), "Print the version of tessera and of its plugin ABI, and exit");
  // Every option's --help line shows its default; subcommands inherit this.
  app.option_defaults()->always_capture_default();
  // Folders searched before the default ones (host_environment.hpp), given before or after
  // the subcommand: a game being built elsewhere, e.g. --plugin-dir build/plugins --data-root .
  app.add_option("--plugin-dir", first.plugin_dirs, "A folder of game plugins to search first; repeatable")
      ->default_str("none");
  app.add_option("--data-root", first.data_roots,
                 "A folder holding data/<game>/ and scripts/<game>/ to search first; repeatable")
      ->default_str("none");
  app.add_option("--variant-dir", first.variant_dirs,
                 "A folder of variant packs (<name>/variant.yaml) to search first; repeatable")
      ->default_str("none");
  app.fallthrough();

  list = app.add_subcommand("list", "List the installed games");
  list->add_flag("--json", list_json, "Print one JSON object (README.md, \"JSON output of list and info\")");
  info = app.add_subcommand("info", "Show a game's manifest, player counts and variants");
  info->add_option("game", game, "Game id")->required();
  info->add_flag("--json", info_json, "Print one JSON object (README.md, \"JSON output of list and info\")");
  rules = app.add_subcommand("rules", "Print a game's rules summary (data/<game>/rules.md)");
  rules->add_option("game", game, "Game id")->required();
  validate = app.add_subcommand("validate", "Load a game's data and scripts and report every problem");
  validate->add_option("game", game, "Game id (not with --scenario)");
  validate->add_option("--scenario", scenario_options.files,
                       "Load these scenario files instead (sdk/docs/scenarios.md) and report each: where it stands, "
                       "or the file:line:col of what is refused")
      ->default_str("none");
  validate->add_option("--play", validate_games,
                       "Also play N seeded random games per player count and variant (default 3), check that each "
                       "replays exactly, and report the first error with its players, seed and move")
      ->expected(0, 1)
      ->default_str("3")
      ->check(CLI::PositiveNumber);
  validate->add_option("--games", validate_games, "The same count as --play N")
      ->default_str("3")
      ->check(CLI::PositiveNumber);

  scenario = app.add_subcommand("scenario", "Scenario files: check their expectations, or save a log's position as one");
  scenario->require_subcommand(1);
  scenario_check = scenario->add_subcommand("check", "Load each scenario file and run its 'expect' checks");
  scenario_check->add_option("files", scenario_options.files, "Scenario files (YAML)")->required();
  scenario_save = scenario->add_subcommand("save", "Write the final position of a game log as a scenario file");
  scenario_save->add_option("log", scenario_options.files, "A game log (play --log, save, serve's save)")
      ->required()
      ->expected(1);
  scenario_save->add_option("--output,-o", scenario_options.output, "Write the scenario here (default: stdout)");

  schema = app.add_subcommand("schema", "Print what a game's state holds, its steps and its moves");
  add_game_options(schema, schema_choice);

  play = app.add_subcommand("play", "Play in the terminal, against people or bots");
  play->add_option("game", play_options.choice.game, "Game id (see `tessera list`); not needed with --load");
  add_game_options(play, play_options.choice, /*with_game=*/false);
  play->add_option("--seats", play_options.seats, "Who sits in each seat: human, random, greedy, mcts or ismcts, with options as in "
                  "ismcts:iterations=1000,c=1.4")
      ->default_str("human,random,... when stdin is a terminal, else all random")
      ->delimiter(',');
  play->add_option("--log", play_options.log_path, "Write the game log (for `tessera replay`) to this file");
  play->add_flag("--quiet,-q", play_options.quiet, "Print only the final result");
  play->add_option("--load", play_options.load_path,
                   "Continue the game of a log (from --log, save or simulate --log-dir): its game, players, seed "
                   "and variants; its seats unless --seats. Only the bots --seats names re-make their recorded "
                   "decisions on the way (to go on as in the logged game)");
  play->add_option("--scenario", play_options.scenario_path,
                   "Start at the position of a scenario file (sdk/docs/scenarios.md): its game, players, seed, "
                   "variants, pieces, turn and next rolls");
  play->add_flag("--no-color", no_color, "No colours (also when NO_COLOR is set or the output is not a terminal)");

  simulate = app.add_subcommand("simulate", "Play many games between bots and summarise them");
  add_game_options(simulate, sim_options.choice);
  simulate->add_option("--games,-n", sim_options.games, "Number of games, 1 to " + std::to_string(kMaxBatchGames) + " (game i uses seed + i)");
  simulate->add_option("--jobs,-j", sim_options.jobs, "Threads to play on (1 to " + std::to_string(kMaxJobs) + ")");
  simulate->add_option("--seats", sim_options.seats, "A bot per seat: random, greedy, mcts or ismcts, with options")
      ->delimiter(',')
      ->default_str("all random");
  simulate->add_flag("--json", sim_options.json, "Print one JSON object instead of text");
  simulate->add_option("--log-dir", sim_options.log_dir, "Write each game's log into this folder");

  arena = app.add_subcommand("arena", "Bots against each other, seats rotated: win rates with 95% intervals");
  add_game_options(arena, arena_options.choice);
  arena->get_option("--players")->description("Number of players; auto: one per bot of --seats");
  arena->add_option("--seats", arena_options.seats, "A bot per seat, as in play (e.g. ismcts,random)")
      ->delimiter(',')
      ->required()
      ->default_str("");
  arena->add_option("--games,-n", arena_options.games, "Number of games (game i uses seed + i)");
  arena->add_flag("--json", arena_options.json, "Print one JSON object instead of text");

  compare = app.add_subcommand(
      "compare", "Judge house rules: the base game and each variant on the same seeds, with paired differences");
  compare->add_option("game", compare_options.choice.game, "Game id (see `tessera list`)")->required();
  compare->add_option("--variant,-v", compare_options.variants,
                      "A variant to compare with the base game; repeatable, one arm each; a+b plays both together")
      ->required()
      ->default_str("");
  compare->add_option("--base-variant", compare_options.choice.variants,
                      "A variant that every arm, the base too, plays with; repeatable")
      ->default_str("none");
  compare->add_option("--players,-p", compare_options.choice.players, kPlayersHelp)->default_str("auto");
  compare->add_option("--seed,-s", compare_options.choice.seed, "Seed of game 0 (game i uses seed + i in every arm)")
      ->check(kSeed);
  compare->add_option("--games,-n", compare_options.games, "Games per arm (2 to " + std::to_string(kMaxBatchGames) +
                                                          "); with --until-decided, per batch");
  compare->add_option("--jobs,-j", compare_options.jobs, "Threads to play on (1 to " + std::to_string(kMaxJobs) + ")");
  compare->add_option("--seats", compare_options.seats,
                      "A bot per seat, as in simulate; rotated so that every arm plays every seating on the same seeds")
      ->delimiter(',')
      ->default_str("all random");
  compare->add_flag("--fixed-seats", compare_options.fixed_seats, "Keep each bot in its seat instead of rotating them");
  CLI::Option* until_decided = compare->add_flag(
      "--until-decided", compare_options.until_decided,
      "Play batches of --games paired games until every --decide row is decided or --games-max is reached");
  compare->add_option("--games-max", compare_options.games_max, "With --until-decided: the most games per arm")
      ->default_str("2000")
      ->needs(until_decided);
  compare->add_option("--width", compare_options.width,
                      "With --until-decided: a row whose interval is narrower than this is decided too (in the "
                      "row's units; a rate as a fraction: 0.04 is 4 points)")
      ->check(CLI::NonNegativeNumber)
      ->default_str("none")
      ->needs(until_decided);
  compare->add_option("--decide", compare_options.decide,
                      "With --until-decided: the rows to decide, by id (see --json)")
      ->delimiter(',')
      ->default_str("winner_margin,mean_abs_margin,score_spread,mean_score,length,first_player_advantage")
      ->needs(until_decided);
  compare->add_flag("--json", compare_options.json, "Print one JSON object instead of text");
  compare->add_option("--csv", compare_options.csv_path, "Write one CSV row per game and arm to this file (- for stdout)");
  compare->add_option("--plot", compare_options.plot_dir,
                      "Write SVG plots of scores, winner's and first player's margins and lengths (with gnuplot) into this folder");
  compare->add_option("--report", compare_options.report_path,
                      "Write one self-contained HTML page with the summary, the table and the plots (needs gnuplot)");

  replay = app.add_subcommand("replay", "Replay a saved game log and verify it");
  replay->add_option("log", log_path, "Log file written by play, simulate or serve's save")->required();

  playthrough = app.add_subcommand("playthrough", "Print a seeded random game step by step (a golden record)");
  add_game_options(playthrough, through_choice);

  serve = app.add_subcommand("serve", "Speak the JSON-lines protocol on stdin/stdout");

  web = app.add_subcommand("web", "Serve the browser board: play any game in a browser, with friends and bots");
  web->add_option("--port", web_options.port, "TCP port (0: any free one)")->capture_default_str();
  web->add_option("--bind", web_options.bind, "Address to listen on (0.0.0.0: every interface)")->capture_default_str();
  web->add_option("--games-max", web_options.limits.games_max, "Games held at once")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{100000}));
  web->add_option("--connections-max", web_options.connections_max, "Open connections at once")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, std::size_t{10000}));
  web->add_option("--state-dir", web_options.state_dir, "Folder the games are kept in, to survive a restart")
      ->default_str("$XDG_STATE_HOME/tessera/web or ~/.local/state/tessera/web");
  web->add_option("--web-root", web_options.web_root, "Folder of the page's files")
      ->default_str("the source tree's web/, or <prefix>/share/tessera/web installed");

  new_game_cmd = app.add_subcommand("new-game", "Start a new game from the SDK's example game, renamed");
  new_game_cmd->add_option("id", new_game.id, "Id of the new game (lower-case letters, digits, '_')")->required();
  new_game_cmd->add_option("--name", new_game.name, "Its display name")->default_str("from the id");
  new_game_cmd->add_option("--root", new_game.root, "The Tessera source tree to add it to");
  new_game_cmd->add_option("--out", new_game.out,
                           "Write a stand-alone project into this new folder instead, built against the installed "
                           "SDK (find_package(Tessera))")
      ->default_str("none: into --root");

  variant_cmd = app.add_subcommand("variant", "Variant packs: house rules as folders and archives to share");
  variant_cmd->require_subcommand(1);
  variant_new_cmd = variant_cmd->add_subcommand("new", "Scaffold a variant pack: manifest, Lua page and a test");
  variant_new_cmd->add_option("game", variant_new.game, "Game id")->required();
  variant_new_cmd->add_option("name", variant_new.name, "Variant name (lower-case letters, digits, '_')")->required();
  variant_new_cmd->add_option("--out", variant_new.out, "Folder to write the pack folder <name>/ into");
  variant_pack_cmd = variant_cmd->add_subcommand("pack", "Write a variant pack folder as one archive to share");
  variant_pack_cmd->add_option("folder", variant_pack.folder, "The pack folder (holding variant.yaml)")->required();
  variant_pack_cmd->add_option("--out", variant_pack.out, "The archive to write")->default_str("<name>.tar.gz");
  variant_install_cmd = variant_cmd->add_subcommand(
      "install", "Install a variant pack archive into the user folder ($XDG_DATA_HOME/tessera/variants/<game>/)");
  variant_install_cmd->add_option("archive", variant_install.archive, "The pack archive")->required();
  variant_install_cmd->add_flag("--replace", variant_install.replace, "Replace an installed pack of the same name");

  conformance = app.add_subcommand("conformance", "Run the conformance suite every game must pass on a game");
  conformance->add_option("game", game, "Game id")->required();
  std::string check_names;
  for (const ConformanceCheck& check : conformance_checks())
    check_names += (check_names.empty() ? "" : ", ") + std::string(check.name);
  conformance->add_option("--check", conformance_checks_chosen, "Run only this check (" + check_names + "); repeatable")
      ->default_str("all");
  conformance->add_option("--allow", conformance_options.allow,
                          std::string("A known limit to report without failing: ") + kLimitHiddenMoves +
                              " (the decider's moves depend on what it cannot see) or " + kLimitScoreAtEnd +
                              " (no running score); repeatable")
      ->default_str("none");
  conformance->add_option("--edit-stride", conformance_options.edit_stride,
                          "Try every n-th value of a state in the scenario-edit check (1: all)")
      ->check(CLI::PositiveNumber);
}

}  // namespace tessera::host
