// `tessera compare`: base and variants on the same seeds, every arm in every seating of the
// bots (paired game by game), a summary of what changed significantly, then the table of
// rows (compare_rows.hpp); with --until-decided, in batches under a valid stopping rule.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "batch_statistics.hpp"
#include "commands.hpp"
#include "compare_plots.hpp"
#include "compare_run.hpp"
#include "file_writer.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "scratch_folder.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

namespace fs = std::filesystem;

// The rows --until-decided decides when --decide names none.
const std::vector<std::string> kDefaultDecide = {"winner_margin", "mean_abs_margin", "score_spread",
                                                 "mean_score",    "length",          "first_player_advantage"};

void write_csv_to(const std::string& path, const std::vector<Arm>& arms, int players, std::ostream& out) {
  if (path == "-") return write_csv(out, arms, players);
  std::ostringstream text;
  write_csv(text, arms, players);
  write_file(path, text.str());
}

// n rounded up to a whole number of seatings, so that every seed is played in each.
int whole_seatings(int n, int seatings) { return (n + seatings - 1) / seatings * seatings; }

// The asked rows not decided for some variant; throws Error for an id the table lacks.
std::vector<std::string> undecided_rows(const CompareRun& run) {
  std::vector<std::string> undecided;
  for (const std::string& id : run.asked) {
    const auto row = std::find_if(run.table.rows.begin(), run.table.rows.end(),
                                  [&](const RowResult& r) { return r.definition.id == id; });
    if (row == run.table.rows.end()) {
      std::string known;
      for (const RowResult& r : run.table.rows) known += (known.empty() ? "" : ", ") + r.definition.id;
      throw Error("--decide names no row '" + id + "' (rows: " + known + ")");
    }
    for (const RowVersusBase& v : row->variants)
      if (!run.rule.decided(v.difference)) {
        undecided.push_back(id);
        break;
      }
  }
  return undecided;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The report with the plots drawn in `plots` (SVG files).
std::string report_with(const CompareRun& run, const std::vector<std::string>& plots) {
  std::vector<std::string> svgs;
  for (const std::string& plot : plots) svgs.push_back(read_text(plot));
  return report_html(run, svgs);
}

}  // namespace

std::vector<std::string> arm_variants(const std::vector<std::string>& base, const std::string& spec) {
  std::vector<std::string> variants = base;
  std::size_t start = 0;
  while (true) {
    const std::size_t plus = spec.find('+', start);
    const std::string name = spec.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    if (name.empty()) throw Error("--variant '" + spec + "' names an empty variant");
    variants.push_back(name);
    if (plus == std::string::npos) return variants;
    start = plus + 1;
  }
}

CompareRun play_comparison(const PluginRegistry& registry, const CompareOptions& options, std::ostream* progress_out) {
  if (options.variants.empty()) throw Error("compare needs at least one --variant to compare with the base game");
  if (options.games < 2) throw Error("--games must be at least 2 (an interval needs two paired games)");
  check_batch_size(options.games, options.jobs);
  if (options.until_decided) {
    check_batch_size(options.games_max, options.jobs);
    if (options.games_max < options.games)
      throw Error("--games-max (" + std::to_string(options.games_max) + ") is below --games, the games of one batch (" +
                  std::to_string(options.games) + ")");
  }
  const GameChoice choice = resolve_choice(registry, options.choice);
  CompareRun run;
  run.game = choice.game;
  run.players = choice.players;
  run.seed = choice.seed;
  run.arms.push_back({"base", choice.variants, {}});
  for (const std::string& spec : options.variants) run.arms.push_back({spec, arm_variants(choice.variants, spec), {}});
  // Refuse bad input before the first game: unknown variants, player counts, bots, the game's
  // declaration of its score.
  for (const Arm& arm : run.arms) registry.config(choice.game, choice.players, choice.seed, arm.variants);
  run.score = read_score_declaration(registry.game(choice.game).data_dir, choice.game);
  BatchPlan plan;
  plan.choice = choice;
  plan.seats = bot_seats(options.seats, choice);
  plan.jobs = options.jobs;
  plan.max_actions = options.max_actions;
  plan.rotate_seats = !options.fixed_seats;
  plan.stop = options.stop;
  run.seats = plan.seats;
  run.seatings = plan.seatings();
  const int batch = whole_seatings(options.games, run.seatings);
  const int games_max = options.until_decided ? whole_seatings(options.games_max, run.seatings) : batch;
  check_batch_size(games_max, options.jobs);
  run.until_decided = options.until_decided;
  run.rule = {batch, games_max, options.width, 0.05};
  run.asked = options.decide;
  ProgressMeter progress(progress_out, "compare " + choice.game, static_cast<long>(run.arms.size()) * games_max);
  for (int played = 0; played < games_max;) {
    plan.first_game = played;
    plan.games = std::min(batch, games_max - played);
    for (Arm& arm : run.arms) {
      plan.choice.variants = arm.variants;
      try {
        std::vector<GameRecord> records = play_batch(registry, plan, &progress);
        arm.records.insert(arm.records.end(), records.begin(), records.end());
      } catch (const BatchStopped&) {
        throw;
      } catch (const Error& e) {
        throw CompareFailed("compare failed in arm '" + arm.name + "': " + e.what());
      }
    }
    played += plan.games;
    run.table = judge_games(run.arms, choice.players, run.seats, run.score, options.until_decided ? &run.rule : nullptr);
    if (!options.until_decided) break;
    if (run.asked.empty())  // the default rows this game has (two players have no spread of their own)
      for (const std::string& id : kDefaultDecide)
        if (std::any_of(run.table.rows.begin(), run.table.rows.end(), [&](const RowResult& r) { return r.definition.id == id; }))
          run.asked.push_back(id);
    ++run.looks_done;
    run.undecided = undecided_rows(run);
    if (run.undecided.empty()) break;
  }
  return run;
}

std::string comparison_report(const CompareRun& run) {
  ScratchFolder scratch(fs::temp_directory_path(), "tessera-compare-");
  return report_with(run, write_plots(scratch.path().string(), run.arms, run.game, run.players));
}

int run_compare(const PluginRegistry& registry, const CompareOptions& options, std::ostream& out, std::ostream& err) {
  if (options.json && options.csv_path == "-") throw Error("--json and --csv - both print to standard output: pick one");
  // Output files are checked before the games, which may take long.
  if (!options.csv_path.empty() && options.csv_path != "-") check_writable(options.csv_path);
  if (!options.report_path.empty()) check_writable(options.report_path);
  if (!options.plot_dir.empty()) make_folder(options.plot_dir);
  CompareRun run;
  try {
    run = play_comparison(registry, options, options.progress ? &err : nullptr);
  } catch (const CompareFailed& e) {
    err << e.what() << "\n";
    return 1;
  }

  if (!options.csv_path.empty()) write_csv_to(options.csv_path, run.arms, run.players, out);
  std::vector<std::string> plots;
  if (!options.plot_dir.empty()) {
    plots = write_plots(options.plot_dir, run.arms, run.game, run.players);
    if (!options.report_path.empty()) write_file(options.report_path, report_with(run, plots));
  } else if (!options.report_path.empty()) {
    write_file(options.report_path, comparison_report(run));
  }
  if (options.csv_path == "-") return 0;

  if (options.json) {
    nlohmann::json arms = nlohmann::json::array();
    for (const Arm& arm : run.arms) {
      nlohmann::json j = to_json(batch_statistics(arm.records, run.players));
      j["name"] = arm.name;
      j["variants"] = arm.variants;
      arms.push_back(j);
    }
    nlohmann::json result{{"game", run.game},
                          {"players", run.players},
                          {"seed", run.seed},
                          {"games", run.games()},
                          {"seats", run.seats},
                          {"seatings", run.seatings},
                          {"summary", summary_text(run)},
                          {"significance",
                           {{"level", run.table.significance.level},
                            {"correction", options.until_decided ? "bonferroni over looks and rows" : "holm"},
                            {"rows_compared", run.table.compared}}},
                          {"arms", arms},
                          {"rows", rows_json(run)},
                          {"plots", plots}};
    if (options.until_decided)
      result["until_decided"] = {{"asked", run.asked},         {"undecided", run.undecided},
                                 {"looks", run.looks_done},    {"planned_looks", run.rule.looks()},
                                 {"batch", run.rule.batch},    {"games_max", run.rule.games_max},
                                 {"width", run.rule.width}};
    if (!options.report_path.empty()) result["report"] = options.report_path;
    out << json_text(result) << "\n";
    return 0;
  }
  out << run.game << ": " << run.games() << " games per arm, " << run.players << " players, seats ";
  for (std::size_t s = 0; s < run.seats.size(); ++s) out << (s ? "," : "") << run.seats[s];
  out << (run.seatings > 1 ? " rotated (every seating on every seed)" : "") << "\n\n" << summary_text(run) << "\n";
  print_table(out, run);
  if (!plots.empty()) {
    out << "\nplots:";
    for (const std::string& p : plots) out << " " << p;
    out << "\n";
  }
  if (!options.report_path.empty()) out << "report: " << options.report_path << "\n";
  return 0;
}

}  // namespace tessera::host
