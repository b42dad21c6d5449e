#pragma once
// Each move has one text: the one Game::legal_actions() lists and Game::apply(text) accepts.
// A text that reads as no move, or as a move written otherwise ("discard wool 1" for
// "discard wool", "build  3", "buy 03"), is a typo of the sender, not a move the rules
// forbid: the protocol answers the two with different error codes.
#include <string_view>

#include "tessera/game.hpp"

namespace tessera {

// Whether `text` is, word for word, the text of a move of `game` at its decision now (legal
// or not).
bool is_move_text(const Game& game, std::string_view text);

}  // namespace tessera
