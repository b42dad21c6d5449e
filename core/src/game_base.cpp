#include "tessera/game_base.hpp"

#include <nlohmann/json.hpp>

#include "refusal_words.hpp"
#include "tessera/error.hpp"

namespace tessera {

std::vector<Action> GameBase::legal_actions() const {
  std::vector<Action> actions = generate_actions();
  if (scripts_ && scripts_->has_hook("legal_filter") && !actions.empty()) {
    CallContext ctx{decision().seat, nullptr};
    std::vector<Action> kept;
    for (auto& a : actions)
      if (scripts_->keeps(table_, ctx, a)) kept.push_back(std::move(a));
    // A filter may not leave a seat without a move: then the unfiltered list stands.
    if (!kept.empty()) actions = std::move(kept);
    else actions = generate_actions();
  }
  for (std::size_t i = 0; i < actions.size(); ++i) actions[i].move = Move{0, {static_cast<std::int32_t>(i), 0, 0, 0}};
  return actions;
}

ApplyResult GameBase::apply(std::string_view action_text) {
  ApplyResult result;
  const Decision now = decision();
  if (now.seat == kNobody) {
    result.error = "the game is over";
    return result;
  }
  std::vector<Action> actions = legal_actions();
  for (const auto& a : actions)
    if (a.text == action_text) return apply_action(a);
  result.error = "'" + std::string(action_text) + "' is not a legal move now: it is " + player_name(now.seat) +
                 "'s decision '" + now.prompt + "' (moves: " + moves_on_offer(*this) + ")";
  return result;
}

void GameBase::legal_moves(std::vector<Move>& out) const {
  out.clear();
  const std::size_t n = legal_actions().size();
  for (std::size_t i = 0; i < n; ++i) out.push_back(Move{0, {static_cast<std::int32_t>(i), 0, 0, 0}});
}

ApplyResult GameBase::apply(const Move& move, ApplyMode /*mode*/) {
  if (decision().seat == kNobody) return ApplyResult{false, "the game is over", {}};
  std::vector<Action> actions = legal_actions();
  if (move.kind != 0 || move.p[0] < 0 || static_cast<std::size_t>(move.p[0]) >= actions.size())
    return ApplyResult{false, "move " + std::to_string(move.p[0]) + " is not a legal move now", {}};
  return apply_action(actions[static_cast<std::size_t>(move.p[0])]);
}

std::string GameBase::move_text(const Move& move) const {
  std::vector<Action> actions = legal_actions();
  if (move.kind != 0 || move.p[0] < 0 || static_cast<std::size_t>(move.p[0]) >= actions.size())
    throw RuleError("move " + std::to_string(move.p[0]) + " is not a legal move now");
  return actions[static_cast<std::size_t>(move.p[0])].text;
}

std::string GameBase::move_label(const Move& move) const {
  std::vector<Action> actions = legal_actions();
  if (move.kind != 0 || move.p[0] < 0 || static_cast<std::size_t>(move.p[0]) >= actions.size())
    throw RuleError("move " + std::to_string(move.p[0]) + " is not a legal move now");
  return actions[static_cast<std::size_t>(move.p[0])].label;
}

std::optional<Move> GameBase::parse_move(std::string_view text) const {
  std::vector<Action> actions = legal_actions();
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (actions[i].text == text) return Move{0, {static_cast<std::int32_t>(i), 0, 0, 0}};
  return std::nullopt;
}

ApplyResult GameBase::apply_action(const Action& chosen) {
  ApplyResult result;
  const Decision now = decision();
  // All or nothing: the journal saves each component before its first change.
  table_.begin_undo();
  try {
    perform(chosen, result.events);
    if (scripts_ && scripts_->has_hook("on_action")) {
      CallContext ctx{now.seat, &result.events};
      scripts_->run_hook("on_action", table_, ctx, nlohmann::json{{"text", chosen.text}, {"seat", now.seat}});
    }
  } catch (const std::exception& e) {
    table_.rollback_undo();
    result.events.clear();
    result.error = e.what();
    result.failed = dynamic_cast<const RuleError*>(&e) == nullptr;  // a rules refusal may be chosen again
    return result;
  } catch (...) {
    table_.rollback_undo();
    throw;
  }
  table_.commit_undo();
  result.ok = true;
  return result;
}

void GameBase::run_hook(std::string_view hook, int seat, std::vector<Event>& events,
                        const nlohmann::json& arg) {
  if (!scripts_ || !scripts_->has_hook(hook)) return;
  CallContext ctx{seat, &events};
  scripts_->run_hook(hook, table_, ctx, arg);
}

std::string GameBase::render(int viewer) const { return describe_components(table_, viewer); }

void GameBase::set_state(const nlohmann::json& state) {
  Table backup = table_;
  table_.assign_json(state);
  try {
    check_state();
    // The edited state must still answer the questions every driver asks.
    const Decision now = decision();
    if (now.seat != kNobody && (now.seat < 0 || now.seat >= table_.players()))
      throw DataError("the seat to move is not a seat of this game");
    (void)legal_actions();
    for (int viewer = kSpectator; viewer < table_.players(); ++viewer) (void)render(viewer);
    if (now.seat == kNobody) (void)outcome();
  } catch (const std::exception& e) {
    table_ = std::move(backup);
    throw DataError(std::string("state: ") + e.what());
  }
}

std::unique_ptr<Game> GameBase::determinize(int seat, Rng& rng) const {
  auto copy = clone();
  auto& game = static_cast<GameBase&>(*copy);
  if (seat != kOmniscient) game.table_.resample_hidden(seat, rng);
  game.table_.rng().reseed(rng.next());
  return copy;
}

}  // namespace tessera
