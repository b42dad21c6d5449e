#pragma once
// The legal moves of the seat to move as the protocol sends them: each move's text and label,
// and, for a game on the flow engine, the move's name and its typed parameters, so that a
// client can tell what a move acts on (a corner, a card, a die, a seat) without parsing text.
#include <nlohmann/json.hpp>

#include "tessera/game.hpp"

namespace tessera::host {

// [{text, label, move, params: [{name, type, domain?, value, word}]}]; `move` and `params`
// only when the game declares its moves (a flow game). `type` is int, enum, seat, index, id
// or choice; `domain` is given for index and id.
nlohmann::json legal_json(const Game& game);

}  // namespace tessera::host
