// The text door of every game, built on its typed moves.
#include "tessera/game.hpp"

namespace tessera {

std::vector<Action> Game::legal_actions() const {
  std::vector<Move> moves;
  legal_moves(moves);
  std::vector<Action> actions;
  actions.reserve(moves.size());
  for (const Move& m : moves) actions.push_back(Action{move_text(m), move_label(m), {}, m});
  return actions;
}

ApplyResult Game::apply(std::string_view action_text) {
  ApplyResult result;
  if (is_over()) {
    result.error = "the game is over";
    return result;
  }
  const std::optional<Move> move = parse_move(action_text);
  if (!move) {
    std::vector<Move> moves;
    legal_moves(moves);
    result.error = "'" + std::string(action_text) + "' is not a legal action now (" + std::to_string(moves.size()) +
                   " legal actions; ask for the list)";
    return result;
  }
  return apply(*move);
}

}  // namespace tessera
