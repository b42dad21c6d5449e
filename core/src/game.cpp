// The text door of every game, built on its typed moves.
#include "tessera/game.hpp"

#include <algorithm>

#include "refusal_words.hpp"
#include "tessera/action.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/move_spelling.hpp"

namespace tessera {

std::vector<Action> Game::legal_actions() const {
  std::vector<Move> moves;
  legal_moves(moves);
  std::vector<Action> actions;
  actions.reserve(moves.size());
  for (const Move& m : moves) actions.push_back(Action{move_text(m), move_label(m), {}, m});
  return actions;
}

ApplyResult Game::apply_at(std::size_t index, ApplyMode mode) {
  std::vector<Move> moves;
  legal_moves(moves);
  if (index < moves.size()) return apply(moves[index], mode);
  ApplyResult result;
  result.error = "there is no legal action " + std::to_string(index) + " (" + std::to_string(moves.size()) +
                 " legal actions)";
  return result;
}

ApplyResult Game::apply(std::string_view action_text) {
  ApplyResult result;
  if (is_over()) {
    result.error = "the game is over";
    return result;
  }
  const std::optional<Move> move = parse_move(action_text);
  if (!move) {
    result.error = unread_reason(action_text);
    if (result.error.empty())
      result.error = "'" + std::string(action_text) + "' names no move of this game (moves now: " +
                     moves_on_offer(*this) + ")";
    return result;
  }
  // Each move has one text, the one legal_actions() lists: another spelling of it (a default
  // written out, a leading zero, extra blanks) is refused, so that logs, scenario files and
  // clients all say a move the same way and a text names one move both ways.
  std::string canonical;
  try {
    canonical = move_text(*move);
  } catch (const std::exception&) {
    return apply(*move);  // a move that cannot word itself is no legal one: apply() says why
  }
  if (canonical != action_text) {
    result.error = respelled_reason(*this, action_text, canonical);
    return result;
  }
  return apply(*move);
}

bool is_move_text(const Game& game, std::string_view text) { return move_text_of(game, text) == text; }

bool names_a_move(const Game& game, std::string_view text) {
  const auto* flow_game = dynamic_cast<const FlowGame*>(&game);
  const std::vector<std::string> words = split_words(std::string(text));
  if (!flow_game || words.empty()) return false;
  const FlowRules& rules = flow_game->flow_rules();
  return rules.move_index(words[0]) >= 0 || rules.renamed_move(words[0]) >= 0;
}

std::optional<std::string> move_text_of(const Game& game, std::string_view text) {
  if (game.is_over()) return std::nullopt;
  std::string spelled(text);
  if (const auto* flow_game = dynamic_cast<const FlowGame*>(&game)) {
    const FlowRules& rules = flow_game->flow_rules();
    const std::vector<std::string> words = split_words(spelled);
    if (const int now = words.empty() ? -1 : rules.renamed_move(words[0]); now >= 0) {
      spelled = rules.move(now).name;
      for (std::size_t k = 1; k < words.size(); ++k) spelled += " " + words[k];
    }
  }
  const std::optional<Move> move = game.parse_move(spelled);
  if (!move) return std::nullopt;
  try {
    return game.move_text(*move);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<double> score_margins(const std::vector<int>& scores) {
  std::vector<double> margin(scores.size(), 0.0);
  if (scores.size() < 2) return margin;
  for (std::size_t s = 0; s < scores.size(); ++s) {
    int best_other = INT32_MIN;
    for (std::size_t t = 0; t < scores.size(); ++t)
      if (t != s) best_other = std::max(best_other, scores[t]);
    margin[s] = static_cast<double>(scores[s]) - static_cast<double>(best_other);
  }
  return margin;
}

Returns Game::returns() const { return returns_of(outcome(), table().players()); }

Returns returns_of(const Outcome& o, int players) {
  const std::size_t n = static_cast<std::size_t>(players);
  Returns r{std::vector<double>(n, 0.0), std::vector<double>(n, 0.0)};
  for (int w : o.winners)
    if (w >= 0 && static_cast<std::size_t>(w) < n) r.result[static_cast<std::size_t>(w)] = 1.0 / static_cast<double>(o.winners.size());
  if (o.scores.size() == n) r.margin = score_margins(o.scores);
  return r;
}

GameInfo Game::info() const {
  GameInfo info;
  info.players = table().players();
  for (std::size_t i = 0; i < table().size(); ++i)
    if (table().at(i).visibility() != Visibility::Public) info.hidden_information = true;
  // Chance: does a seeded random playout of a copy ever move the game's RNG?
  constexpr int kProbeMoves = 400;
  auto probe = clone();
  Rng pick(0x1f0);
  std::vector<Move> moves;
  for (int k = 0; k < kProbeMoves && !probe->is_over() && !info.chance; ++k) {
    const Rng before = probe->table().rng();
    probe->legal_moves(moves);
    if (!probe->apply(moves[pick.below(moves.size())], ApplyMode::Playout).ok) break;
    info.chance = !(probe->table().rng() == before);
  }
  return info;
}

}  // namespace tessera
