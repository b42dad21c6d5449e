#pragma once
// The words a board view puts after a seat's name: whether it is the viewer's seat and whether
// it is to move. Words, not a mark in the margin: a line starting "> " reads as an input prompt.
#include <string>

namespace tessera {

// ("red (you) to move: ...", as `tessera play` heads a decision).
inline std::string seat_tag(bool yours, bool to_move) {
  return std::string(yours ? " (you)" : "") + (to_move ? " to move" : "");
}

}  // namespace tessera
