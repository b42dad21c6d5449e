#pragma once
// What a line typed at a `tessera play` decision means: a move by its number, its text or its
// label (any case, any spacing), and, for a line that is none of them, the nearest moves and
// commands ("did you mean ...").
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/action.hpp"

namespace tessera::host {

// Trimmed, inner runs of blanks made one space, lower-case.
std::string normalise_input(std::string_view line);

// The index of the action `line` names: its number in the list (1-based), its text or its
// label, compared after normalise_input. Nothing when it names none.
std::optional<std::size_t> match_action(const std::vector<Action>& actions, std::string_view line);

// At most `limit` of `candidates` (move texts, command words) that `line` is close to: first
// those it begins (a prefix of their words), then those within a few edits, nearest first,
// each group in the candidates' order.
std::vector<std::string> near_misses(const std::vector<std::string>& candidates, std::string_view line,
                                     std::size_t limit = 5);

}  // namespace tessera::host
