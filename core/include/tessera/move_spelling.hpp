#pragma once
// Each move has one text: the one Game::legal_actions() lists and Game::apply(text) accepts.
// A text that reads as no move, or as a move written otherwise ("discard wool 1" for
// "discard wool", "build  3", "buy 03"), is a typo of the sender, not a move the rules
// forbid: the protocol answers the two with different error codes.
#include <optional>
#include <string>
#include <string_view>

#include "tessera/game.hpp"

namespace tessera {

// Whether `text` is, word for word, the text of a move of `game` at its decision now (legal
// or not).
bool is_move_text(const Game& game, std::string_view text);

// Whether the first word of `text` is the name, or a former name, of one of `game`'s moves.
bool names_a_move(const Game& game, std::string_view text);

// The one text of the move `text` stands for at `game`'s decision now: `text` itself, another
// spelling of the move, or its text under a former name of the move (`formerly:` in
// flow.yaml). A log written before the one text, or before a rename, replays through this.
// nullopt when `text` stands for no move.
std::optional<std::string> move_text_of(const Game& game, std::string_view text);

}  // namespace tessera
