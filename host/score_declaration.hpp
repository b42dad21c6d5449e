#pragma once
// What the numbers of a game's outcome are (Outcome::categories), as the game declares them in
// data/<game>/score.yaml:
//   points: [renown, spice]   # the categories that add up to a seat's score
//   tie_breakers: [coins]     # numbers that decide a tie, in their order of use
//   counts: [tribe]           # other numbers shown with the score that are neither
// `tessera compare` shows points as the score by category and the others apart; the
// conformance suite checks that the game's outcomes say what its declaration says.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tessera/action.hpp"

namespace tessera::host {

struct ScoreDeclaration {
  enum class Kind { Points, TieBreaker, Count, Undeclared };

  std::string file;  // "data/<game>/score.yaml", for messages
  std::vector<std::string> points;
  std::vector<std::string> tie_breakers;
  std::vector<std::string> counts;

  Kind kind_of(const std::string& category) const;
};

// Reads <data_dir>/score.yaml, named data/<game_id>/score.yaml in messages. A game without the
// file declares no categories. Throws DataError naming file:line:col for an unknown key, a
// list that is not of names, or a name given twice.
ScoreDeclaration read_score_declaration(const std::filesystem::path& data_dir, const std::string& game_id);

// The first way one finished game's outcome disagrees with the declaration: a category it
// does not declare, or (with `check_sums`, for a game without variants, whose own points
// would count beyond the game's) a seat whose points do not add up to its score. nullopt
// when they agree.
std::optional<std::string> score_mismatch(const ScoreDeclaration& declaration, const Outcome& outcome, bool check_sums);

}  // namespace tessera::host
