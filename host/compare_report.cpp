// `tessera compare --report FILE.html`: one page a designer can send, with no external
// reference (no script, style sheet, font or image fetched): the summary, the table and
// the plots as inline SVG. Every name and label is escaped as HTML text.
#include <sstream>

#include "compare_run.hpp"
#include "escaping.hpp"

namespace tessera::host {
namespace {

constexpr const char* kStyle =
    "body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #ddd}"
    "th.group{background:#f3f3f3}td.num{font-family:monospace;white-space:pre}tr.significant td{font-weight:bold}"
    "figure{margin:1em 0}figure svg{max-width:100%;height:auto}";

void cell(std::ostream& out, const std::string& text, const char* css = "num") {
  out << "<td class=\"" << css << "\">" << html_text(text) << "</td>";
}

void table_html(std::ostream& out, const CompareRun& run, std::size_t v) {
  const std::string& name = run.arms[v + 1].name;
  out << "<h2>" << html_text(name) << " against the base</h2>\n<table>\n<tr><th>row</th><th>base</th><th>"
      << html_text(name) << "</th><th>difference</th><th>p</th><th>significant</th></tr>\n";
  const RowGroup* group = nullptr;
  std::vector<std::string> identical;
  for (const RowResult& row : run.table.rows) {
    const RowVersusBase& d = row.variants[v];
    if (d.difference.identical) {
      identical.push_back(row.definition.label);
      continue;
    }
    if (!group || *group != row.definition.group) {
      group = &row.definition.group;
      out << "<tr><th class=\"group\" colspan=\"6\">" << html_text(group_title(*group)) << "</th></tr>\n";
    }
    const bool rate = row.definition.rate;
    out << "<tr" << (d.significant ? " class=\"significant\"" : "") << ">";
    cell(out, row.definition.label, "label");
    cell(out, value_text(row.arms[0].mean, rate) + " " + interval_text(row.arms[0].mean_95, rate, false));
    cell(out, value_text(row.arms[v + 1].mean, rate) + " " + interval_text(row.arms[v + 1].mean_95, rate, false));
    cell(out, difference_text(d.difference.mean, rate) + " " + interval_text(d.difference.interval, rate, true));
    cell(out, p_text(d.difference.p_value));
    cell(out, d.significant ? "yes" : "no", "label");
    out << "</tr>\n";
  }
  out << "</table>\n";
  if (!identical.empty()) {
    out << "<p>Identical in every pair of games (the rule did not change them):";
    for (std::size_t i = 0; i < identical.size(); ++i) out << (i ? ", " : " ") << html_text(identical[i]);
    out << ".</p>\n";
  }
}

// An SVG document as an element of the page: without its XML declaration and doctype.
std::string inline_svg(const std::string& svg) {
  const std::size_t start = svg.find("<svg");
  return start == std::string::npos ? std::string() : svg.substr(start);
}

}  // namespace

std::string report_html(const CompareRun& run, const std::vector<std::string>& svg_texts) {
  std::ostringstream out;
  const std::string title = "tessera compare " + run.game;
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" << html_text(title)
      << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n<h1>" << html_text(title) << "</h1>\n";
  out << "<p>" << html_text(std::to_string(run.players) + " players, bots per seat: ");
  for (std::size_t s = 0; s < run.seats.size(); ++s) out << (s ? ", " : "") << html_text(run.seats[s]);
  out << html_text(run.seatings > 1 ? " (rotated: every arm plays every seating on the same seeds)" : "") << ".</p>\n";
  out << "<h2>Summary</h2>\n";
  std::istringstream summary(summary_text(run));
  for (std::string paragraph; std::getline(summary, paragraph);) out << "<p>" << html_text(paragraph) << "</p>\n";
  for (std::size_t v = 0; v + 1 < run.arms.size(); ++v) table_html(out, run, v);
  if (!svg_texts.empty()) out << "<h2>Plots</h2>\n";
  for (const std::string& svg : svg_texts) out << "<figure>\n" << inline_svg(svg) << "\n</figure>\n";
  out << "</body>\n</html>\n";
  return out.str();
}

}  // namespace tessera::host
