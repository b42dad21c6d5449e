#pragma once
// BoardScan: what Sardinia's option targets ask of the board, read in one pass (the targets
// are made after every move, and one pass costs less than a look-up per question).
#include <array>

#include "sardinia_rules.hpp"

namespace sardinia {

struct BoardScan {
  int seat = 0;  // whose pieces `own` and `own_settlers` count
  // By board space (provinces, then ports, then fort spaces): all pieces, the pieces of
  // `seat`, its settlers, and the seats with a chaplain there (one bit each).
  std::array<int, kMaxSpaces> pieces{}, own{}, own_settlers{};
  std::array<unsigned, kMaxSpaces> chaplains{};

  // 5.1: another player's chaplain blocks a province unless `seat` has its own there.
  bool blocked(int province) const {
    const unsigned c = chaplains[static_cast<std::size_t>(province)];
    return c != 0 && (c & (1u << seat)) == 0;
  }
};

}  // namespace sardinia
