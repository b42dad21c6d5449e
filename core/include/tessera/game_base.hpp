#pragma once
// GameBase: the door for games that write their own flow in C++ (games on the flow engine
// derive from FlowGame instead). It keeps the Table and the shared script runtime and
// implements the Game door generically: legal actions pass through the variants'
// legal_filter hooks, apply() finds the action by its text and carries it out on the table
// as a transaction, on_action hooks run after each action, render() shows every component.
// Its typed moves are positions in the action list (kind 0, p[0] = index), so they hold
// for the current state only. A plugin writes decision(), generate_actions(), perform(),
// outcome(), clone() and rematch().
#include <memory>

#include "tessera/game.hpp"
#include "tessera/script_runtime.hpp"

namespace tessera {

class GameBase : public Game {
 public:
  const Table& table() const override { return table_; }
  std::vector<Action> legal_actions() const override;
  ApplyResult apply(std::string_view action_text) override;
  using Game::apply;
  void legal_moves(std::vector<Move>& out) const override;
  ApplyResult apply(const Move& move, ApplyMode mode = ApplyMode::Transaction) override;
  // Every action is a transaction here (playout mode too), so the last one can be undone.
  bool undo() override { return table_.undo_last(); }
  std::string move_text(const Move& move) const override;
  std::string move_label(const Move& move) const override;
  std::optional<Move> parse_move(std::string_view text) const override;
  std::string render(int viewer) const override;
  void set_state(const nlohmann::json& state) override;
  // Each component re-deals its own hidden part (no schema: hands are not pooled).
  std::unique_ptr<Game> determinize(int seat, Rng& rng) const override;

 protected:
  GameBase(Table table, std::shared_ptr<ScriptRuntime> scripts)
      : table_(std::move(table)), scripts_(std::move(scripts)) {}
  GameBase(const GameBase&) = default;

  // The actions of decision().seat before variant filters; empty when the game is over.
  virtual std::vector<Action> generate_actions() const = 0;
  // Carries out `action` (one of generate_actions()). Throw RuleError (or any Error) to
  // refuse; the table is then restored by apply() (Table's undo journal). Read through
  // table() and write through state(): each component reached through state() is saved once
  // per action before it may change, so needless state() reads cost a copy.
  virtual void perform(const Action& action, std::vector<Event>& events) = 0;

  Table& state() { return table_; }
  // Null when the game was made without scripts.
  ScriptRuntime* scripts() const { return scripts_.get(); }
  const std::shared_ptr<ScriptRuntime>& shared_scripts() const { return scripts_; }
  // Called by set_state after the new state is read: throw DataError for any value the
  // game's rules code cannot use (an unknown card id, a phase or index out of range), so a
  // scenario edit or a loaded state is refused instead of reaching the rules. Default: none.
  // set_state then also refuses a state whose decision(), legal_actions(), render() or
  // outcome() throws.
  virtual void check_state() const {}
  // Runs a variant hook, if any variant registered it.
  void run_hook(std::string_view hook, int seat, std::vector<Event>& events, const nlohmann::json& arg);

 private:
  ApplyResult apply_action(const Action& chosen);

  Table table_;
  std::shared_ptr<ScriptRuntime> scripts_;
};

}  // namespace tessera
