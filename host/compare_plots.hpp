#pragma once
// The plots of `tessera compare --plot DIR`: per arm a data file, one gnuplot script
// (compare.gp, kept so that a designer can edit and re-run it) and the SVGs it draws
// with the gnuplot program (Debian package gnuplot-nox).
#include <string>
#include <vector>

#include "compare_arms.hpp"

namespace tessera::host {

// Writes the data and the script into `dir` (made if missing) and runs gnuplot there.
// Returns the SVG paths. Throws Error when gnuplot is missing or fails.
std::vector<std::string> write_plots(const std::string& dir, const std::vector<Arm>& arms, const std::string& game,
                                     int players);

}  // namespace tessera::host
