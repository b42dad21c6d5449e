#pragma once
// A text cut into its lines, without their line breaks (what a test reads of a command's output
// or a board view, line by line).
#include <sstream>
#include <string>
#include <vector>

namespace tessera::testing {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace tessera::testing
