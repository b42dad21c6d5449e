#pragma once
// The conformance suite: what every game must do, whoever wrote it (STYLE.md, "One
// conformance suite every game runs"). Each check plays the game through its plugin, as
// loaded by a PluginRegistry, and reports every failure as a sentence naming the player
// count, seed and step; it never stops at the first. `tessera conformance <game>` runs them
// all on one game (an installed game's CTest does, tessera_add_conformance_test), and this
// tree's tests run them on every game of the build (tests/conformance/).
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

// Known limits a game may declare; the suite then reports them as notes, not failures.
// The decider's legal moves may depend on what it cannot see (trade offers bounded by the
// others' hidden hands).
inline constexpr const char* kLimitHiddenMoves = "hidden-moves";
// score_so_far() tells no seats apart before the end: the game scores at the end only.
inline constexpr const char* kLimitScoreAtEnd = "score-at-end";

struct ConformanceOptions {
  std::vector<std::string> allow;  // known limits (kLimit...)
  // The scenario-edit check tries every edit_stride-th scalar of each state it edits, a
  // different share at each start (the sanitized build's tests use 4).
  std::size_t edit_stride = 1;
};

struct ConformanceCheck {
  const char* name;      // e.g. "clone": tessera conformance <game> --check clone
  const char* sentence;  // what it asserts
};
// Every check, in the order the suite runs them.
const std::vector<ConformanceCheck>& conformance_checks();

struct ConformanceResult {
  std::vector<std::string> failures;  // empty: the game passes
  std::vector<std::string> notes;     // allowed limits met, and what is worth knowing
};

// Runs check `check` on game `id`. An exception from the game (of any type) is a failure,
// not an exception; an unknown check or game is an Error.
ConformanceResult run_conformance_check(const PluginRegistry& registry, std::string_view id, std::string_view check,
                                        const ConformanceOptions& options = {});

// `tessera conformance <game>`: runs `checks` (every check when empty), printing a line
// per check ("ok", or "FAILED" and its failures) and a summary. 0 when every check
// passes, 1 otherwise; Error for an unknown game, check or limit.
int run_conformance(const PluginRegistry& registry, const std::string& game, const std::vector<std::string>& checks,
                    const ConformanceOptions& options, std::ostream& out);

}  // namespace tessera::host
