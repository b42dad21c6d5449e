// The summary paragraph, the text table and the JSON rows of `tessera compare`.
#include <cstdio>
#include <ostream>
#include <sstream>

#include "compare_run.hpp"

namespace tessera::host {
namespace {

std::string level_text(double level) {
  char text[32];
  std::snprintf(text, sizeof text, level >= 0.999 ? "%.3f %%" : level >= 0.99 ? "%.2f %%" : "%.0f %%", 100 * level);
  return text;
}

std::string correction_text(const CompareRun& run, std::size_t variant) {
  const std::size_t m = run.table.compared[variant];
  if (run.table.significance.holm)
    return "Holm's correction over the " + std::to_string(m) + " rows compared, 5 % family-wise";
  return "each interval at " + level_text(run.table.significance.level) +
         ", Bonferroni over the stopping rule's looks and rows, 5 % family-wise";
}

std::string games_text(const CompareRun& run) {
  std::string text = std::to_string(run.games()) + " paired games per arm (seeds " + std::to_string(run.seed) + "-" +
                     std::to_string(run.seed + (run.games() / static_cast<std::size_t>(run.seatings)) - 1);
  if (run.seatings > 1) text += ", each in all " + std::to_string(run.seatings) + " seatings of the bots";
  return text + ")";
}

std::vector<std::string> identical_labels(const CompareRun& run, std::size_t variant) {
  std::vector<std::string> labels;
  for (const RowResult& row : run.table.rows)
    if (row.variants[variant].difference.identical) labels.push_back(row.definition.label);
  return labels;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string text;
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? ", " : "") + parts[i];
  return text;
}

std::string stopping_text(const CompareRun& run) {
  const StoppingRule& r = run.rule;
  std::string text = "Until decided (" + joined(run.asked) + "; decided when the interval excludes 0";
  if (r.width > 0) {
    char width[32];
    std::snprintf(width, sizeof width, "%g", r.width);
    text += std::string(" or is narrower than ") + width;
  }
  text += "): ";
  if (run.undecided.empty())
    text += "every asked row was decided after " + std::to_string(run.games()) + " paired games per arm (look " +
            std::to_string(run.looks_done) + " of " + std::to_string(r.looks()) + " planned, " + std::to_string(r.batch) +
            " games each). ";
  else
    text += "ran to the maximum of " + std::to_string(run.games()) + " games per arm with " + joined(run.undecided) +
            " still undecided. ";
  return text;
}

}  // namespace

std::string interval_text(const Interval& interval, bool rate, bool signed_values) {
  const double k = rate ? 100 : 1;
  char text[96];
  if (signed_values)
    std::snprintf(text, sizeof text, rate ? "[%+.1f, %+.1f]" : "[%+.2f, %+.2f]", k * interval.low, k * interval.high);
  else
    std::snprintf(text, sizeof text, rate ? "[%.1f, %.1f]" : "[%.2f, %.2f]", k * interval.low, k * interval.high);
  return text;
}

std::string summary_text(const CompareRun& run) {
  std::ostringstream text;
  if (run.until_decided) text << stopping_text(run);
  for (std::size_t v = 0; v + 1 < run.arms.size(); ++v) {
    const std::string& name = run.arms[v + 1].name;
    std::vector<std::string> changes;
    for (const RowResult& row : run.table.rows) {
      const RowVersusBase& d = row.variants[v];
      if (!d.significant) continue;
      const bool rate = row.definition.rate;
      changes.push_back(row.definition.label + " " + difference_text(d.difference.mean, rate) + " " +
                        interval_text(d.difference.interval, rate, true) + " (base " +
                        value_text(row.arms[0].mean, rate) + ")");
    }
    const std::size_t identical = identical_labels(run, v).size();
    if (changes.empty())
      text << name << ": no significant difference from the base after " << games_text(run) << "; "
           << correction_text(run, v) << ".";
    else
      text << name << " changed significantly, over " << games_text(run) << ": " << joined(changes) << "; the other "
           << run.table.compared[v] - changes.size() << " rows compared show no significant change ("
           << correction_text(run, v) << ").";
    if (identical > 0)
      text << " " << identical << (identical == 1 ? " row is" : " rows are")
           << " identical in every pair of games (listed below the table).";
    text << (v + 2 < run.arms.size() ? "\n" : "");
  }
  return text.str();
}

void print_table(std::ostream& out, const CompareRun& run) {
  const std::string level = level_text(run.table.significance.level);
  for (std::size_t v = 0; v + 1 < run.arms.size(); ++v) {
    const std::string& name = run.arms[v + 1].name;
    out << "\n" << name << " - base, paired game by game (arms: mean with its 95 % interval; difference with its "
        << level << " interval; * significant: " << correction_text(run, v) << "):\n";
    char line[512];
    std::snprintf(line, sizeof line, "  %-52s %-24s %-24s %-34s %s\n", "", "base", name.substr(0, 24).c_str(),
                  "difference", "p");
    out << line;
    const RowGroup* group = nullptr;
    for (const RowResult& row : run.table.rows) {
      const RowVersusBase& d = row.variants[v];
      if (d.difference.identical) continue;
      if (!group || *group != row.definition.group) {
        group = &row.definition.group;
        out << "  " << group_title(*group) << "\n";
      }
      const bool rate = row.definition.rate;
      const Distribution &base = row.arms[0], &variant = row.arms[v + 1];
      std::snprintf(line, sizeof line, "    %-50s %-24s %-24s %-34s %s\n", row.definition.label.c_str(),
                    (value_text(base.mean, rate) + " " + interval_text(base.mean_95, rate, false)).c_str(),
                    (value_text(variant.mean, rate) + " " + interval_text(variant.mean_95, rate, false)).c_str(),
                    (difference_text(d.difference.mean, rate) + " " + interval_text(d.difference.interval, rate, true) +
                     (d.significant ? " *" : ""))
                        .c_str(),
                    p_text(d.difference.p_value).c_str());
      out << line;
    }
    const std::vector<std::string> identical = identical_labels(run, v);
    if (!identical.empty()) out << "  identical in every pair (the rule did not change them): " << joined(identical) << "\n";
  }
}

nlohmann::json rows_json(const CompareRun& run) {
  nlohmann::json rows = nlohmann::json::array();
  for (const RowResult& row : run.table.rows) {
    nlohmann::json arms = nlohmann::json::array(), differences = nlohmann::json::array();
    for (std::size_t a = 0; a < run.arms.size(); ++a)
      arms.push_back({{"arm", run.arms[a].name},
                      {"mean", row.arms[a].mean},
                      {"interval_95", {row.arms[a].mean_95.low, row.arms[a].mean_95.high}}});
    for (std::size_t v = 0; v < row.variants.size(); ++v) {
      const RowVersusBase& d = row.variants[v];
      differences.push_back({{"variant", run.arms[v + 1].name},
                             {"mean", d.difference.mean},
                             {"interval", {d.difference.interval.low, d.difference.interval.high}},
                             {"p_value", d.difference.p_value},
                             {"identical", d.difference.identical},
                             {"significant", d.significant}});
    }
    rows.push_back({{"id", row.definition.id},
                    {"label", row.definition.label},
                    {"group", group_title(row.definition.group)},
                    {"rate", row.definition.rate},
                    {"arms", arms},
                    {"differences", differences}});
  }
  return rows;
}

}  // namespace tessera::host
