#pragma once
// FlowGame: the Game door for games on the flow engine. The game's progress is the Flow
// component of its Table (flow.hpp); its steps and moves are declared in FlowRules. After
// every move the engine runs the stack to the next decision:
//
//   top frame new      -> its on_enter runs (it may push frames, which then run first)
//   top frame done     -> its on_exit runs, then it is popped
//   seat step          -> ends after max_moves moves, when done_when holds, or when its seat
//                         has no legal move; otherwise that seat decides: the decision
//   auto step          -> ends (the frames its on_enter pushed have run)
//   sequence           -> pushes its next child for its seat, or ends
//   loop               -> ends when `until` holds, otherwise pushes `each` again
//   queue              -> pushes `each` for the next seat of the turn order that `who` admits
//
// The legal moves of the decision are computed once, as the engine stops, and kept: apply()
// checks a move against that list without making it again. A plugin derives from FlowGame,
// sets up its table, registers its natives on its FlowRules and calls start_flow() at the
// end of its constructor; it writes outcome(), clone() and rematch() (and render()).
#include <array>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>

#include "tessera/flow_rules.hpp"
#include "tessera/game.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/state_schema.hpp"

namespace tessera {

class TurnOrder;

class FlowGame : public Game {
 public:
  const Table& table() const override { return table_; }
  Decision decision() const override;
  int seat_to_move() const override;
  void legal_moves(std::vector<Move>& out) const override { out = legal_; }
  // The legal moves without a copy (valid until the next apply or set_state).
  const std::vector<Move>& moves() const { return legal_; }
  // The text door's list, its Lua labels under one budget.
  std::vector<Action> legal_actions() const override;
  using Game::apply;
  ApplyResult apply(const Move& move, ApplyMode mode = ApplyMode::Transaction) override;
  const std::vector<Move>* kept_moves() const override { return &legal_; }
  ApplyResult apply_at(std::size_t index, ApplyMode mode) override;
  // Puts back the last transaction's journal (Table::undo_last) and the decision's moves.
  bool undo() override;
  std::string move_text(const Move& move) const override;
  std::string move_label(const Move& move) const override;
  std::optional<Move> parse_move(std::string_view text) const override;
  // Names the move, the parameter that does not read and the values it takes.
  std::string unread_reason(std::string_view text) const override;
  // Every component, global then per seat.
  std::string render(int viewer) const override;
  // "Move words:", then for each kind of move on offer its words ("buy <die> <slot>") and its
  // `doc` from flow.yaml. A game adds its own keys (a map, tile previews) after this.
  std::string legend(int viewer) const override;
  // Reads the state, checks it (frames against the declared steps, the schema, then check_state()),
  // recomputes what is derived (derive()), checks the schema again (conservation, ranges of
  // what was derived), runs the flow to a decision and requires every driver's question to
  // be answerable.
  void set_state(const nlohmann::json& state) override;
  // What the value at `pointer` (a JSON pointer into table().to_json()) is derived from, as
  // the schema says (StateSchema::derived_at): an edit door's refusal of an edit that writes
  // it. "" when the value is not derived.
  std::string derived_from(std::string_view pointer) const;
  // Completes an edited full state (of this game's table) with what the edit implies but
  // does not say (`says(pointer)`: whether the edit wrote the value there), as a move would
  // do it: a track marker moved by its position alone goes on top of its new stack
  // (Track::complete_edit). The edit doors call it before set_state; a whole state loaded
  // as it is (a save) is read as written.
  void complete_edit(nlohmann::json& state, const std::function<bool(const std::string&)>& says) const;

  // Game::info() with the rollout depth the game's flow.yaml declares.
  GameInfo info() const override;

  // Re-deals what `seat` cannot see, pooling hands with decks by the schema's `holds`.
  std::unique_ptr<Game> determinize(int seat, Rng& rng) const override;

  const FlowRules& flow_rules() const { return *rules_; }
  // The declared schema (if any), then the steps and moves.
  std::string schema_text() const override;

 protected:
  FlowGame(Table table, std::shared_ptr<const FlowRules> rules, std::shared_ptr<ScriptRuntime> scripts)
      : table_(std::move(table)),
        rules_(std::move(rules)),
        scripts_(std::move(scripts)),
        on_action_hook_(scripts_ && scripts_->has_hook("on_action")),
        legal_filter_hook_(scripts_ && scripts_->has_hook("legal_filter")) {}
  FlowGame(const FlowGame&) = default;

  // The state schema every set_state checks (before check_state()); call before start_flow,
  // which checks the set-up against it too.
  // Scripts' writes are checked against it as they happen (ScriptRuntime::use_schema).
  void use_schema(std::shared_ptr<const StateSchema> schema);
  // Adds the flow component ("flow"), pushes the start step (not yet entered), runs the
  // on_setup hooks and runs the flow to the first decision. Call once, at the end of the
  // plugin's constructor.
  void start_flow();
  Table& state() { return table_; }
  ScriptRuntime* scripts() const { return scripts_.get(); }
  // Throw DataError for any value the rules code cannot use (see GameBase::check_state).
  virtual void check_state() const {}
  // Recomputes in the table every value the schema declares `derived:` from the rest of the
  // state (after check_state(), on a state the rules code can read): by set_state, and on a
  // copy after a move whose scripts wrote a derived component (moves keep them up to date).
  virtual void derive(Table& table) const { (void)table; }
  // Called whenever the state goes back or is replaced behind the rules' back: a refused
  // or failed move (rolled back, or half-done in playout mode) and every set_state, taken
  // or refused. A game that memoises something derived from the state (outside the Table)
  // forgets it here, so a memo can never outlive the state it was made for.
  virtual void forget_derived() const {}
  // check_state() as a script scope's check of what a house rule wrote.
  ScriptRuntime::StateCheck state_check() const {
    return {[](const void* game) { static_cast<const FlowGame*>(game)->check_state(); }, this};
  }
  // Runs a variant hook, if some script registered it.
  void run_hook(std::string_view hook, int seat, std::vector<Event>* events, const nlohmann::json& arg);

 private:
  // apply() of a move known to be in legal_.
  ApplyResult apply_legal(const Move& move, ApplyMode mode);
  // Puts the state back after a move failed half-way and words `result` (a RuleError is a
  // refusal by the rules; any other exception means the move `failed`).
  void refuse(ApplyResult& result, const std::exception& e, bool failed, bool transaction);
  // Runs the stack to the next decision (or the end) and leaves its legal moves in scratch_.
  void settle(std::vector<Event>* events);
  void filter_legal(int seat);
  void check_frames() const;
  // The turn order a queue step walks: looked up by name once per game, not at each step.
  Handle<TurnOrder> order_of(const StepDecl& step);
  // The conservation of the content lists the scripts wrote during the move (or set-up).
  void check_conserved_writes() {
    if (scripts_ && schema_ && scripts_->wrote_content()) check_written_lists();
  }
  void check_written_lists();
  // The derived values of the components the scripts wrote during the move (or set-up)
  // against a fresh derive(): a move of a script that leaves one otherwise is refused.
  void check_derived_values() {
    if (scripts_ && schema_ && scripts_->wrote_derived()) check_derived_writes();
  }
  void check_derived_writes();
  // Forgets what the scripts wrote (a refused move's writes are gone; an edit is checked whole).
  void forget_script_writes();

  Table table_;
  std::shared_ptr<const FlowRules> rules_;
  std::shared_ptr<ScriptRuntime> scripts_;
  std::shared_ptr<const StateSchema> schema_;
  Handle<Flow> flow_;
  // Whether the scripts registered these hooks (only while they load): asked at every move.
  bool on_action_hook_, legal_filter_hook_;
  // A work buffer that a copy does not share or copy: clones stay one allocation cheaper.
  struct Buffer : std::vector<Move> {
    Buffer() = default;
    Buffer(const Buffer&) : std::vector<Move>() {}
    Buffer& operator=(const Buffer&) { return *this; }
  };
  // order_of's look-ups: the step's name (in the shared rules) and its component. A
  // table's components keep their places, so a copy of the game keeps them.
  std::array<std::pair<const std::string*, Handle<TurnOrder>>, 4> orders_{};
  std::vector<Move> legal_;  // of the decision the state is at
  Buffer scratch_;           // the next list, taken when a move or an edit succeeds
};

}  // namespace tessera
