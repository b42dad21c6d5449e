#pragma once
// The stopping rule of `tessera compare --until-decided`: paired games are played in
// batches, and after each batch (a look) every asked row is decided when its interval
// excludes 0 (the rule changed it) or is narrower than a given width (any change is smaller
// than the designer cares about). Looking again and again at ordinary 95 % intervals would
// find a "difference" in most null comparisons sooner or later; this rule is valid because
// every interval at every look has the level 1 - alpha / (looks * rows): by Bonferroni's
// inequality over all the planned looks and all the rows, the chance that any interval
// ever excludes 0 when the rule changes nothing is at most alpha (5 %).
#include <cstddef>

#include "statistics.hpp"

namespace tessera::host {

struct StoppingRule {
  int batch = 200;       // paired games per look
  int games_max = 2000;  // the last look is at this many games
  double width = 0;      // 0: only an interval that excludes 0 decides a row
  double alpha = 0.05;   // the chance of any false "significant" over the whole run

  // The planned looks: ceil(games_max / batch).
  int looks() const;
  // The level of each interval when `rows` rows are judged at each look.
  double level(std::size_t rows) const;
  // Whether a row's difference is decided: its interval excludes 0 or is narrower than width.
  bool decided(const Difference& difference) const;
};

}  // namespace tessera::host
