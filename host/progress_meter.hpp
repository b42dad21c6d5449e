#pragma once
// The progress line of long runs (simulate, compare, arena, validate --play) on stderr:
// "simulate tutorial: 120/1000 games, 35.2 games/s, ETA 0:25", redrawn in place ('\r') at
// most four times a second and wiped when the run ends, so nothing of it stays on the
// screen or reaches a pipe, a file or the --json output (which go to stdout).
#include <chrono>
#include <iosfwd>
#include <string>

namespace tessera::host {

// The environment variable that overrides the terminal test: "1" draws the progress line
// whatever stderr is, "0" never draws it; unset, it is drawn when stderr is a terminal.
inline constexpr const char* kProgressVariable = "TESSERA_PROGRESS";

// Whether long runs draw their progress line on stderr. Throws Error for a value of
// TESSERA_PROGRESS other than 0 or 1.
bool progress_wanted();

class ProgressMeter {
 public:
  using Clock = std::chrono::steady_clock;

  // Draws on `out` (nothing when null) a line starting with `label`, counting `total`
  // games; the first drawing is at once, the next ones at least `every` apart.
  ProgressMeter(std::ostream* out, std::string label, long total,
                Clock::duration every = std::chrono::milliseconds(250));
  ~ProgressMeter();
  ProgressMeter(const ProgressMeter&) = delete;
  ProgressMeter& operator=(const ProgressMeter&) = delete;

  // `done` games are finished; redraws when the last drawing is old enough.
  void update(long done);
  long done() const { return done_; }
  // Wipes the line before other output follows; later updates draw nothing.
  void clear();

 private:
  void draw();

  std::ostream* out_;
  std::string label_;
  long total_;
  long done_ = 0;
  Clock::duration every_;
  Clock::time_point start_, last_draw_;
  std::size_t drawn_width_ = 0;  // characters of the line on screen, wiped by the next drawing
};

}  // namespace tessera::host
