#pragma once
// What one `tessera compare` found: its arms' games and their table of rows (compare_rows.hpp),
// and how the games were planned; and the ways it is shown: the summary paragraph and the
// table as text (compare_text.cpp), as JSON, and as a self-contained HTML report
// (compare_report.cpp).
#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare_arms.hpp"
#include "compare_rows.hpp"
#include "stopping_rule.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::host {

struct CompareRun {
  std::string game;
  int players = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> seats;  // the bots, as given (seat s of seating k holds seats[(s + k) % n])
  int seatings = 1;                // per seed
  std::vector<Arm> arms;           // base first
  ScoreDeclaration score;          // the game's, for the rows of its outcome's categories
  CompareTable table;
  // --until-decided: the rule, the looks made and the rows it had to decide.
  bool until_decided = false;
  StoppingRule rule;
  int looks_done = 0;
  std::vector<std::string> asked;  // row ids
  std::vector<std::string> undecided;

  std::size_t games() const { return arms.empty() ? 0 : arms[0].records.size(); }
};

struct CompareOptions;

// A game failed in one arm (the message names the arm): `tessera compare` reports it and
// exits 1.
struct CompareFailed : Error {
  using Error::Error;
};

// An arm's variants: `base`, then those `spec` names ("a", or "a+b" for a and b together).
// Throws Error for an empty name.
std::vector<std::string> arm_variants(const std::vector<std::string>& base, const std::string& spec);

// Plays the comparison `options` asks for (CompareOptions, commands.hpp): every arm on the
// same seeds and seatings, in batches with until_decided. Bad options throw Error before
// the first game; a failed game CompareFailed; options.stop, once set, BatchStopped
// (game_batch.hpp). With `progress` a progress line is drawn there, and wiped at the end.
CompareRun play_comparison(const PluginRegistry& registry, const CompareOptions& options, std::ostream* progress);

// The self-contained HTML report of a run (report_html), its plots drawn by gnuplot in a
// folder removed after. Throws Error when gnuplot is missing or fails.
std::string comparison_report(const CompareRun& run);

// One paragraph: what each variant changed significantly and by how much, or that nothing
// did after so many games; with --until-decided, how many games it took.
std::string summary_text(const CompareRun& run);
// The rows as an aligned text table per variant; rows identical in every pair are named
// once below it instead of as rows of zeros.
void print_table(std::ostream& out, const CompareRun& run);
// The same rows for tools.
nlohmann::json rows_json(const CompareRun& run);
// "[1.50, 2.86]" or, for rates, "[10.2, 14.4] %"-style bounds used by the text and the report.
std::string interval_text(const Interval& interval, bool rate, bool signed_values);

// One HTML page with no external reference: the summary, the table and the given SVG plots
// inline. Every name and label in it is escaped (escaping.hpp).
std::string report_html(const CompareRun& run, const std::vector<std::string>& svg_texts);

}  // namespace tessera::host
