// `tessera compare`: base and variants on the same seeds and seats (paired), each arm's
// statistics and the difference variant - base with its 95 % interval.
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "batch_statistics.hpp"
#include "commands.hpp"
#include "compare_arms.hpp"
#include "compare_plots.hpp"
#include "file_writer.hpp"
#include "json_text.hpp"
#include "progress_meter.hpp"
#include "tessera/error.hpp"

namespace tessera::host {
namespace {

// "a+b" -> the base variants, then a and b.
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

void write_csv_to(const std::string& path, const std::vector<Arm>& arms, int players, std::ostream& out) {
  if (path == "-") return write_csv(out, arms, players);
  std::ostringstream text;
  write_csv(text, arms, players);
  write_file(path, text.str());
}

}  // namespace

int run_compare(const PluginRegistry& registry, const CompareOptions& options, std::ostream& out, std::ostream& err) {
  if (options.variants.empty()) throw Error("compare needs at least one --variant to compare with the base game");
  if (options.games < 2) throw Error("--games must be at least 2 (an interval needs two paired games)");
  check_batch_size(options.games, options.jobs);
  if (options.json && options.csv_path == "-") throw Error("--json and --csv - both print to standard output: pick one");
  const GameChoice choice = resolve_choice(registry, options.choice);
  std::vector<Arm> arms{{"base", choice.variants, {}}};
  for (const std::string& spec : options.variants) arms.push_back({spec, arm_variants(choice.variants, spec), {}});
  // Refuse bad input before the first game: unknown variants, player counts, bots.
  for (const Arm& arm : arms) registry.config(choice.game, choice.players, choice.seed, arm.variants);
  // Output files are checked before the games, which may take long.
  if (!options.csv_path.empty() && options.csv_path != "-") check_writable(options.csv_path);
  if (!options.plot_dir.empty()) make_folder(options.plot_dir);
  BatchPlan plan;
  plan.choice = choice;
  plan.seats = bot_seats(options.seats, choice);
  plan.games = options.games;
  plan.jobs = options.jobs;
  plan.max_actions = options.max_actions;

  ProgressMeter progress(options.progress ? &err : nullptr, "compare " + choice.game,
                         static_cast<long>(arms.size()) * options.games);
  for (Arm& arm : arms) {
    plan.choice.variants = arm.variants;
    try {
      arm.records = play_batch(registry, plan, &progress);
    } catch (const Error& e) {
      progress.clear();
      err << "compare failed in arm '" << arm.name << "': " << e.what() << "\n";
      return 1;
    }
  }
  progress.clear();
  if (!options.csv_path.empty()) write_csv_to(options.csv_path, arms, choice.players, out);
  std::vector<std::string> plots;
  if (!options.plot_dir.empty()) plots = write_plots(options.plot_dir, arms, choice.game, choice.players);
  if (options.csv_path == "-") return 0;

  std::vector<BatchStatistics> statistics;
  for (const Arm& arm : arms) statistics.push_back(batch_statistics(arm.records, choice.players));
  std::vector<BatchDifference> differences;
  for (std::size_t a = 1; a < arms.size(); ++a)
    differences.push_back(paired_batch_difference(arms[0].records, arms[a].records, choice.players));

  if (options.json) {
    nlohmann::json arm_list = nlohmann::json::array(), difference_list = nlohmann::json::array();
    for (std::size_t a = 0; a < arms.size(); ++a) {
      nlohmann::json j = to_json(statistics[a]);
      j["name"] = arms[a].name;
      j["variants"] = arms[a].variants;
      arm_list.push_back(j);
    }
    for (std::size_t a = 1; a < arms.size(); ++a) {
      nlohmann::json j = to_json(differences[a - 1]);
      j["variant"] = arms[a].name;
      difference_list.push_back(j);
    }
    out << json_text(nlohmann::json{{"game", choice.game},
                                    {"players", choice.players},
                                    {"seed", choice.seed},
                                    {"games", options.games},
                                    {"seats", plan.seats},
                                    {"arms", arm_list},
                                    {"differences", difference_list},
                                    {"plots", plots}})
        << "\n";
    return 0;
  }
  out << choice.game << ": " << options.games << " games per arm, " << choice.players << " players, seeds "
      << choice.seed << "-" << choice.seed + static_cast<std::uint64_t>(options.games - 1) << " in every arm, seats ";
  for (std::size_t s = 0; s < plan.seats.size(); ++s) out << (s ? "," : "") << plan.seats[s];
  out << "\n" << kIntervalNote << "\n";
  for (std::size_t a = 0; a < arms.size(); ++a) {
    out << "\n" << arms[a].name;
    if (a == 0 && arms[a].variants.empty()) out << " (no variant)";
    if (!arms[a].variants.empty()) {
      out << " (variants:";
      for (const std::string& v : arms[a].variants) out << " " << v;
      out << ")";
    }
    out << "\n";
    print_statistics(out, statistics[a], plan.seats, "  ");
  }
  for (std::size_t a = 1; a < arms.size(); ++a) {
    out << "\n" << arms[a].name << " - base, paired by seed (significant when 0 is outside the interval):\n";
    print_difference(out, differences[a - 1], "  ");
  }
  if (!plots.empty()) {
    out << "\nplots:";
    for (const std::string& p : plots) out << " " << p;
    out << "\n";
  }
  return 0;
}

}  // namespace tessera::host
