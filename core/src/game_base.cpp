#include "tessera/game_base.hpp"

#include <nlohmann/json.hpp>

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
  const Action* chosen = nullptr;
  for (const auto& a : actions)
    if (a.text == action_text) chosen = &a;
  if (!chosen) {
    result.error = "'" + std::string(action_text) + "' is not a legal action now (" +
                   std::to_string(actions.size()) + " legal actions; ask for the list)";
    return result;
  }
  // All or nothing: the journal saves each component before its first change.
  table_.begin_undo();
  try {
    perform(*chosen, result.events);
    if (scripts_ && scripts_->has_hook("on_action")) {
      CallContext ctx{now.seat, &result.events};
      scripts_->run_hook("on_action", table_, ctx, nlohmann::json{{"text", chosen->text}, {"seat", now.seat}});
    }
  } catch (const std::exception& e) {
    table_.rollback_undo();
    result.events.clear();
    result.error = e.what();
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

std::string GameBase::render(int viewer) const {
  std::string out;
  for (std::size_t i = 0; i < table_.size(); ++i) {
    const Component& c = table_.at(i);
    if (c.owner() != kNobody) continue;
    out += c.name() + ": " + c.describe(viewer) + "\n";
  }
  for (int seat = 0; seat < table_.players(); ++seat) {
    out += "Seat " + std::to_string(seat) + (seat == viewer ? " (you)" : "") + ":\n";
    for (std::size_t i = 0; i < table_.size(); ++i) {
      const Component& c = table_.at(i);
      if (c.owner() == seat) out += "  " + c.name() + ": " + c.describe(viewer) + "\n";
    }
  }
  return out;
}

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

}  // namespace tessera
