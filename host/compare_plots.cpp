#include "compare_plots.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "escaping.hpp"
#include "file_writer.hpp"
#include "tessera/error.hpp"

extern char** environ;

namespace tessera::host {
namespace {

namespace fs = std::filesystem;

// A file name part made of the arm's name: letters, digits, '-' and '_' only.
std::string file_stem(std::size_t index, const std::string& name) {
  std::string stem = std::to_string(index) + "_";
  for (char c : name) stem += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '_';
  return stem;
}

// Gnuplot point types that read apart: circle, square, triangle, diamond, cross, star.
constexpr int kMarkers[] = {7, 5, 9, 13, 2, 3};

// A histogram bin width that gives about 25 bins over the values' range, at least 1.
double bin_width(double low, double high) { return std::max(1.0, std::ceil((high - low) / 25.0)); }

struct Range {
  double low = 0, high = 0;
  bool empty = true;
  void add(double v) {
    low = empty ? v : std::min(low, v);
    high = empty ? v : std::max(high, v);
    empty = false;
  }
};

double first_player_margin(const GameRecord& r) {
  const auto seat = static_cast<std::size_t>(r.first_player);
  return seat < r.margin.size() ? r.margin[seat] : 0;
}

double winner_margin(const GameRecord& r) {
  std::vector<int> s = r.scores;
  std::sort(s.rbegin(), s.rend());
  return s.size() < 2 ? 0 : s[0] - s[1];
}

void write_data(const fs::path& dir, const std::vector<Arm>& arms, int players) {
  for (std::size_t a = 0; a < arms.size(); ++a) {
    std::ostringstream games, scores;
    // A comment line: the name cannot leave it (an arm is named by variant identifiers).
    games << "# " << gnuplot_string(arms[a].name) << ": seed length first_player_margin winner_margin\n";
    scores << "# " << gnuplot_string(arms[a].name) << ": seat score (one line per seat and game)\n";
    for (const GameRecord& r : arms[a].records) {
      games << r.seed << " " << r.length << " " << first_player_margin(r) << " " << winner_margin(r) << "\n";
      for (std::size_t s = 0; s < r.scores.size() && s < static_cast<std::size_t>(players); ++s)
        scores << s << " " << r.scores[s] << "\n";
    }
    write_file(dir / (file_stem(a, arms[a].name) + ".dat"), games.str());
    write_file(dir / (file_stem(a, arms[a].name) + "_scores.dat"), scores.str());
  }
}

// One plot: each arm's distribution of `column` of its `suffix` data file. Arms whose
// distributions coincide stay visible: each has its own dash pattern, marker and colour,
// and its points are shifted sideways by a fraction of a bin.
void plot(std::ostream& gp, const std::vector<Arm>& arms, const std::string& output, const std::string& title,
          const std::string& xlabel, const std::string& suffix, int column, double width, double count) {
  gp << "\nset output " << gnuplot_string(output) << "\nset title " << gnuplot_string(title) << "\nset xlabel " << gnuplot_string(xlabel)
     << "\nbin_width = " << width << "\nplot ";
  const double shift = arms.size() > 1 ? 0.3 / static_cast<double>(arms.size() - 1) : 0;
  for (std::size_t a = 0; a < arms.size(); ++a) {
    const double offset = (static_cast<double>(a) - static_cast<double>(arms.size() - 1) / 2) * shift;
    gp << (a ? ", \\\n     " : "") << gnuplot_string(file_stem(a, arms[a].name) + suffix + ".dat") << " using (bin($" << column
       << ", bin_width) + " << offset << " * bin_width):(1.0 / " << count << ") smooth frequency with linespoints lw 2 dt "
       << a % 5 + 1 << " pt " << kMarkers[a % std::size(kMarkers)] << " ps 0.9 lc " << a + 1 << " title "
       << gnuplot_string(arms[a].name);
  }
  gp << "\n";
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs `gnuplot compare.gp` in `dir`, its messages into gnuplot.log.
void run_gnuplot(const fs::path& dir) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "gnuplot.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  char program[] = "gnuplot", script[] = "compare.gp";
  char* argv[] = {program, script, nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned == ENOENT)
    throw Error("--plot needs the gnuplot program, which is not installed (Debian: apt-get install gnuplot-nox); "
                "the data and compare.gp are in '" + dir.string() + "'");
  if (spawned != 0) throw Error(std::string("cannot run gnuplot: ") + std::strerror(spawned));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) throw Error(std::string("waiting for gnuplot failed: ") + std::strerror(errno));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw Error("gnuplot failed on '" + (dir / "compare.gp").string() + "': " + read_text(dir / "gnuplot.log"));
}

}  // namespace

std::vector<std::string> write_plots(const std::string& dir_name, const std::vector<Arm>& arms, const std::string& game,
                                     int players) {
  const fs::path dir = dir_name;
  make_folder(dir);
  write_data(dir, arms, players);

  Range scores, lengths, margins, winner_margins;
  for (const Arm& arm : arms)
    for (const GameRecord& r : arm.records) {
      for (int s : r.scores) scores.add(s);
      lengths.add(static_cast<double>(r.length));
      margins.add(first_player_margin(r));
      winner_margins.add(winner_margin(r));
    }
  const double games = arms.empty() ? 0 : static_cast<double>(arms[0].records.size());
  const std::string each = ", " + std::to_string(arms.empty() ? 0 : arms[0].records.size()) + " games per arm";

  std::ostringstream gp;
  gp << "# Written by `tessera compare --plot`: edit and re-run with `gnuplot compare.gp` in this folder.\n"
     << "# Each *.dat file holds one arm's games (same seeds in every arm); *_scores.dat one line per seat.\n"
     << "set terminal svg size 800,480 dynamic noenhanced font 'sans,12' background rgb 'white'\n"
     << "set grid\nset key top right box opaque\nset ylabel 'share of games'\n"
     << "bin(x, w) = w * floor(x / w + 0.5)\n";
  plot(gp, arms, "scores.svg", game + ": final scores of every seat" + each, "score", "_scores", 2,
       bin_width(scores.low, scores.high), games * players);
  plot(gp, arms, "first_player_margin.svg",
       game + ": first player's margin (the seat that moved first: score minus the best other)" + each, "margin", "", 3,
       bin_width(margins.low, margins.high), games);
  plot(gp, arms, "winner_margin.svg", game + ": winner's margin (best minus second score)" + each, "margin", "", 4,
       bin_width(winner_margins.low, winner_margins.high), games);
  plot(gp, arms, "length.svg", game + ": game length" + each, "actions", "", 2, bin_width(lengths.low, lengths.high),
       games);
  write_file(dir / "compare.gp", gp.str());
  run_gnuplot(dir);
  std::vector<std::string> svgs;
  for (const char* name : {"scores.svg", "winner_margin.svg", "first_player_margin.svg", "length.svg"}) {
    // gnuplot only warns when it cannot write a plot.
    std::error_code ec;
    if (fs::file_size(dir / name, ec) == 0 || ec)
      throw Error("gnuplot did not write '" + (dir / name).string() + "': " + read_text(dir / "gnuplot.log"));
    svgs.push_back((dir / name).string());
  }
  return svgs;
}

}  // namespace tessera::host
