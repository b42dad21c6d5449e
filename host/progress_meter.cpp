#include "progress_meter.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <utility>

#include "tessera/error.hpp"

namespace tessera::host {
namespace {

// "0:25", "12:05", "1:02:03".
std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

}  // namespace

bool progress_wanted() {
  const char* forced = std::getenv(kProgressVariable);
  if (forced == nullptr || *forced == '\0') return isatty(STDERR_FILENO) != 0;
  const std::string value = forced;
  if (value == "1") return true;
  if (value == "0") return false;
  throw Error(std::string(kProgressVariable) + " must be 0 (no progress line) or 1 (always one), not '" + value + "'");
}

ProgressMeter::ProgressMeter(std::ostream* out, std::string label, long total, Clock::duration every)
    : out_(out), label_(std::move(label)), total_(total), every_(every), start_(Clock::now()) {
  if (out_) draw();
}

ProgressMeter::~ProgressMeter() { clear(); }

void ProgressMeter::update(long done) {
  done_ = done;
  if (out_ && Clock::now() - last_draw_ >= every_) draw();
}

void ProgressMeter::draw() {
  last_draw_ = Clock::now();
  const double seconds = std::chrono::duration<double>(last_draw_ - start_).count();
  std::string line = label_ + ": " + std::to_string(done_) + "/" + std::to_string(total_) + " games";
  if (done_ > 0 && seconds > 0) {
    const double rate = static_cast<double>(done_) / seconds;
    char text[64];
    std::snprintf(text, sizeof text, rate >= 10 ? ", %.0f games/s" : ", %.2f games/s", rate);
    line += text;
    line += ", ETA " + clock_text(static_cast<double>(total_ - done_) / rate);
  }
  const std::size_t width = line.size();
  if (width < drawn_width_) line.append(drawn_width_ - width, ' ');  // wipe the longer line before
  *out_ << '\r' << line << std::flush;
  drawn_width_ = width;
}

void ProgressMeter::clear() {
  if (!out_) return;
  *out_ << '\r' << std::string(drawn_width_, ' ') << '\r' << std::flush;
  out_ = nullptr;
}

}  // namespace tessera::host
