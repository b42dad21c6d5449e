#pragma once
// Why a game refuses a move or a text, in words true for every game: whose decision it is,
// what it offers, which moves of the kind are legal, what a parameter must be. FlowGame and
// the Game door build their refusals here (one wording for `play`, `serve` and replays).
#include <string>
#include <string_view>

#include "tessera/flow.hpp"
#include "tessera/flow_game.hpp"

namespace tessera {

// Why `text`, which reads as the move whose one text is `canonical`, is refused: it is
// another spelling; did you mean the nearest legal move texts (`canonical` first when legal).
std::string respelled_reason(const Game& game, std::string_view text, const std::string& canonical);

// The distinct first words of the legal moves' texts, in the list's order ("work, buy, end"),
// at most a few of them; "none" when there are none.
std::string moves_on_offer(const Game& game);

// Why `move`, a declared kind that is not in the legal list, is not legal at the decision on
// top of `flow`: the decision (seat and prompt) and its moves when it offers no move of this
// kind, with the step further down that does (and whose it is); else the nearest legal
// moves of its kind, or that none of them is legal now.
std::string not_legal_reason(const FlowGame& game, const Flow& flow, const Move& move);

// Why `text` reads as no move: when its first word names a declared move, the words it needs
// and the parameter that does not read (an unknown id named as one: "unknown edge '9,9,N'")
// with the values it takes; else the nearest move name, if one is close, and the moves on
// offer. Empty when the text reads.
std::string unread_move_reason(const FlowGame& game, std::string_view text);

}  // namespace tessera
