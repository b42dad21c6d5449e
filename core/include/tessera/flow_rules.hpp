#pragma once
// FlowRules: a game's steps and moves, declared in data/<game>/flow.yaml (and in variants'
// Lua), implemented by natives (C++, for hot paths) or Lua (for house rules), compiled once
// per configuration and shared by every game of it. sdk/docs/flow.md explains the model.
//
// Step kinds (what the flow engine does with a frame on top of the stack):
//   seat      the frame's seat decides among the step's moves; ends after `max_moves`
//             moves, a move declared `ends_step`, when `done_when` holds, or when the seat
//             has no legal move
//   auto      nobody decides: on_enter runs (it may push steps, which run first), then it ends
//   sequence  runs its `steps` one after another for its seat
//   loop      runs `each` again and again until `until` holds (checked before each round)
//   queue     runs `each` once for every seat of the turn order `over`, in its order from
//             `from` (start_player, the default; seat: from the queue frame's own seat;
//             after_seat: the other seats, from the one after it), skipping seats for which `who` does not hold; with
//             `set_current` (the default) the turn order's current seat follows the queue
// Every step may name `on_enter` and `on_exit` hooks. Hooks, predicates, generators and
// prompts are names: a native registered here, else a Lua `rule` of the game's scripts.
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/action.hpp"
#include "tessera/flow.hpp"
#include "tessera/move.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/table.hpp"

namespace tessera {

class YamlNode;

class FlowGame;

// What a generator, a label, a prompt or a predicate sees: the table, one frame, and the
// game whose natives run (a plugin reaches its own class with game<MyGame>()).
struct FlowView {
  const Table& table;
  const Frame& frame;
  const FlowGame* owner = nullptr;
  int seat() const { return frame.seat; }
  template <typename G>
  const G& game() const { return static_cast<const G&>(*owner); }
};

// Collects legal moves into a caller-owned vector (no allocation once it has grown).
class MoveSink {
 public:
  explicit MoveSink(std::vector<Move>& out) : out_(out) {}
  MoveSink(const MoveSink&) = delete;
  MoveSink& operator=(const MoveSink&) = delete;
  ~MoveSink() { flush(); }
  // Written in place into a buffer of the sink's own, which goes to the list in one copy when
  // full and when the sink goes: an emplace_back per move was a call and a check each time
  // (and a Move built on the stack and copied in a store-forwarding stall: its fields are
  // stored narrow and loaded back wide).
  void add(int kind, int a = 0, int b = 0, int c = 0, int d = 0) {
    if (buffered_ == kBuffer) flush();
    Move& move = buffer_[buffered_++];
    move.kind = static_cast<std::uint16_t>(kind);
    move.p = {a, b, c, d};
  }
  void add(const Move& move) {
    if (buffered_ == kBuffer) flush();
    buffer_[buffered_++] = move;
  }
  // The moves added so far; the list holds them all once the sink is gone, or after flush().
  std::size_t size() const { return out_.size() + buffered_; }
  void flush() {
    out_.insert(out_.end(), buffer_.begin(), buffer_.begin() + static_cast<std::ptrdiff_t>(buffered_));
    buffered_ = 0;
  }

 private:
  static constexpr std::size_t kBuffer = 64;

  std::vector<Move>& out_;
  std::size_t buffered_ = 0;
  std::array<Move, kBuffer> buffer_;  // not set up: only the first `buffered_` are written
};

// What a move's apply, a hook or a step body may do to the game.
class FlowContext {
 public:
  FlowContext(Table& table, Flow& flow, int frame, std::vector<Event>* events, const FlowRules& rules,
              FlowGame* owner)
      : table_(table), flow_(flow), frame_(frame), events_(events), rules_(rules), owner_(owner) {}

  Table& table() { return table_; }
  const Table& table() const { return table_; }
  // The frame this call is about, and the one below it (null at the bottom).
  Frame& frame() { return flow_.at(frame_); }
  const Frame* parent() const { return frame_ > 0 ? &flow_.at(frame_ - 1) : nullptr; }
  Frame* parent() { return frame_ > 0 ? &flow_.at(frame_ - 1) : nullptr; }
  // The innermost frame of `step` below the frame this call is about (the turn a nested step
  // runs in, the loop that names the next seat): games ask by step, never by position.
  // RuleError when none is open.
  Frame& enclosing(int step);
  int seat() const { return flow_.at(frame_).seat; }
  // Pushes a new frame of `step` on top; it runs before anything below it.
  void push(int step, int seat, std::initializer_list<int> params = {});
  void push(const Frame& frame) { flow_.push(frame); }
  // Ends the frame this call is about (its on_exit runs when the engine reaches it).
  void end_step() { frame().status = Frame::kDone; }
  // Announces event `event` (FlowRules::event_index) with its parameters in declaration
  // order: every script subscribed to it runs now. Costs a test when nobody listens (inline,
  // below FlowRules: a move announces on every playout step).
  void announce(int event, std::initializer_list<int> args = {});

  // Events are made only when the caller wants them (playouts do not): build the text
  // inside `if (ctx.logging())`.
  bool logging() const { return events_ != nullptr; }
  void log(std::string text, int audience = kSpectator) {
    if (events_) events_->push_back(Event{std::move(text), audience});
  }
  std::vector<Event>* events() const { return events_; }
  Flow& flow() { return flow_; }
  const FlowRules& rules() const { return rules_; }
  template <typename G>
  G& game() { return static_cast<G&>(*owner_); }
  FlowGame* owner() const { return owner_; }
  FlowView view() const { return FlowView{table_, flow_.at(frame_), owner_}; }
  // For a script call made on behalf of this move or step (its ctx may push steps too).
  CallContext script_context(int seat) { return CallContext{seat, events_, this, &rules_}; }

 private:
  Table& table_;
  Flow& flow_;
  int frame_;
  std::vector<Event>* events_;
  const FlowRules& rules_;
  FlowGame* owner_;
};

struct StepDecl {
  enum class Kind { Seat, Auto, Sequence, Loop, Queue };
  std::string name;
  Kind kind = Kind::Seat;
  std::vector<std::string> params;
  std::vector<std::string> params_doc;  // what each parameter means (flow.yaml `params_doc`), "" when not said
  // Per parameter, the names of its bits from bit 0 up (flow.yaml `flags: {flags: [rolled, ...]}`):
  // scripts read them as booleans (step.rolled) instead of decoding the integer.
  std::vector<std::vector<std::string>> flags;
  std::vector<int> moves;      // seat: the moves it offers, in order
  std::string generate;        // seat: a native generator of its parameterised moves
  int max_moves = 0;           // seat: 0 = no limit
  std::vector<int> steps;      // sequence
  int each = -1;               // loop and queue
  std::string over;            // queue: a turn_order component
  enum class From { StartPlayer, Seat, AfterSeat } from = From::StartPlayer;  // queue
  bool set_current = true;     // queue
  std::string on_enter, on_exit, done_when, until, who;
  std::string prompt;          // text, unless a native prompt of this step's name exists
  // Events the engine announces for every frame of the step: as its on_enter has run, and
  // before its on_exit runs (`announce: {enter: turn_started, exit: turn_ended}`).
  std::string announce_enter, announce_exit;
  std::string defined_at;
};

// Something that happened in the game, declared by name (flow.yaml `events:`) with typed
// parameters (a move's types, but no choice). The game's C++ announces it (FlowContext::announce),
// steps announce theirs as they begin and end, and house rules subscribe by name
// (`on("robber_moved", fn)`, sdk/docs/flow.md "Events").
struct EventDecl {
  std::string name;
  std::vector<ParamDecl> params;
  std::string doc;
  std::string defined_at;
};

// The natives a plugin registers; every function is optional unless the declaration needs it.
struct NativeMove {
  std::function<void(const FlowView&, MoveSink&)> legal = nullptr;            // its own legal moves
  std::function<void(FlowContext&, const Move&)> apply = nullptr;              // required
  std::function<std::string(const FlowView&, const Move&)> label = nullptr;    // default: the text
  std::function<std::vector<std::string>(const FlowView&)> choices = nullptr;  // ids of a Choice parameter
  // Offered only by the generate native of the steps that list it: the engine asks the move
  // for no list of its own (nor offers it by itself when it has no parameters).
  bool generated = false;
};
using NativeHook = std::function<void(FlowContext&)>;
using NativePredicate = std::function<bool(const FlowView&)>;
using NativeSeatPredicate = std::function<bool(const FlowView&, int seat)>;
using NativeGenerator = std::function<void(const FlowView&, MoveSink&)>;
using NativePrompt = std::function<std::string(const FlowView&)>;

class FlowRules {
 public:
  // Reads the steps and moves of `flow` (the root of data/<game>/flow.yaml, overlays merged).
  // Domains (`{index: dice}`, `{id: cards}`) must be registered before build().
  explicit FlowRules(const YamlNode& flow);
  FlowRules(const FlowRules&) = delete;
  FlowRules& operator=(const FlowRules&) = delete;

  // Registration, before build().
  void domain(std::string name, int size);
  void domain(std::string name, std::vector<std::string> ids);
  void native_move(std::string_view name, NativeMove move);
  void native_hook(std::string name, NativeHook hook);
  void native_predicate(std::string name, NativePredicate predicate);
  void native_seat_predicate(std::string name, NativeSeatPredicate predicate);
  void native_generator(std::string name, NativeGenerator generator);
  void native_prompt(std::string step, NativePrompt prompt);

  // Takes in the moves, wraps, steps and rules the scripts declared (variants included),
  // resolves every name and checks the whole: an unknown step, move, hook or domain, a
  // move nobody implements, a wrap of nothing, a step nobody can reach... Throws DataError
  // naming the declaration (file:line:col or script:line). `scripts` may be null.
  void build(ScriptRuntime* scripts);

  // Queries. A FlowGame refuses to start on rules that were not built.
  bool built() const { return built_; }
  int step_index(std::string_view name) const;  // -1 when unknown
  int move_index(std::string_view name) const;  // -1 when unknown
  int renamed_move(std::string_view former) const;  // the move with this former name, or -1
  int event_index(std::string_view name) const;  // -1 when unknown
  const EventDecl& event(int i) const { return events_[static_cast<std::size_t>(i)]; }
  std::size_t event_count() const { return events_.size(); }
  // Whether a script subscribed to event `i` (announcing it is then worth its parameters).
  bool listened(int i) const { return !subscribers_[static_cast<std::size_t>(i)].empty(); }
  // Runs the subscribers of event `event` with these parameter values (FlowContext::announce).
  void announce(FlowContext& ctx, int event, const std::array<int, kMaxMoveParams>& args) const;
  int root() const { return root_; }
  const StepDecl& step(int i) const { return steps_[static_cast<std::size_t>(i)]; }
  const MoveDecl& move(int i) const { return moves_[static_cast<std::size_t>(i)]; }
  std::size_t step_count() const { return steps_.size(); }
  std::size_t move_count() const { return moves_.size(); }
  const std::shared_ptr<const FlowLayout>& layout() const { return layout_; }
  // The hooks the game's scripts may register (`hooks:` of flow.yaml, plus on_action and
  // legal_filter, which the engine fires for every game).
  const std::vector<std::string>& fired_hooks() const { return fired_hooks_; }
  // `search: {rollout_depth: N}` of flow.yaml: how deep a search's random rollouts go in
  // this game (GameInfo::rollout_depth); 0 when not declared.
  int rollout_depth() const { return rollout_depth_; }
  // The number of distinct moves (flat id space), or 0 when a move has an unbounded parameter.
  int flat_size(int players) const;
  // A move's stable integer in [0, flat_size): the kind's offset plus its parameters in mixed radix.
  int flat_id(const Move& move, int players) const;

  // The engine's calls (flow_game.cpp).
  void legal_moves(const FlowView& view, std::vector<Move>& out) const;
  void apply_move(FlowContext& ctx, const Move& move) const;
  std::string move_text(const FlowView& view, const Move& move) const;
  std::string move_label(const FlowView& view, const Move& move) const;
  // Parses a text against the declarations (not against the legal list); nullopt if it fits none.
  std::optional<Move> parse_move(const FlowView& view, std::string_view text) const;
  std::string prompt(const FlowView& view) const;
  void on_enter(FlowContext& ctx) const;  // the hooks of ctx.frame()'s step
  void on_exit(FlowContext& ctx) const;
  bool done_when(const FlowView& view) const;  // false when the step has none
  bool until(const FlowView& view) const;
  bool who(const FlowView& view, int seat) const;  // true when the step has none
  // A move from its JSON form (an array of values, or an object by parameter name; enum and
  // id values by name). RuleError when a value does not fit.
  Move move_from_json(int kind, const nlohmann::json& item, const Table& table) const;

  // What `tessera schema` prints about the flow: steps and moves with their parameters.
  std::string describe() const;
  // The table a script sees for a frame: name, seat, cursor, moves, its parameters by name
  // and each named flag as a boolean.
  nlohmann::json frame_json(const Frame& frame) const;
  // Checks that step `step` names the bits of its parameter `param` as the game's C++ sets
  // them, each {flag, mask}: a DataError naming the flag and both bits when flow.yaml says
  // otherwise or lacks the flag, so scripts never read a flag the C++ does not mean.
  void expect_flags(std::string_view step, std::string_view param,
                    std::initializer_list<std::pair<std::string_view, int>> flags) const;

 private:
  struct MoveImpl {
    NativeMove native;
    int lua = -1;            // index of a Lua move that replaces, wraps or extends the native
    bool lua_apply = false;  // the Lua move brings its own apply() (or wraps the native's)
    bool lua_legal = false;  // the Lua move brings its own legal() (or wraps the native's)
    bool layered = false;    // scripts add to its legal list or filter it (extend_legal, filter_legal)
    // Whether the engine makes its legal list through the scripts, as a unit (scripted_legal).
    bool scripted_legal() const { return lua_legal || layered; }
  };
  // The natives a step's names resolved to; null with a name: a Lua rule.
  struct StepCalls {
    const NativeHook* on_enter = nullptr;
    const NativeHook* on_exit = nullptr;
    const NativePredicate* done_when = nullptr;
    const NativePredicate* until = nullptr;
    const NativeSeatPredicate* who = nullptr;
    const NativeGenerator* generate = nullptr;
    const NativePrompt* prompt = nullptr;
    std::vector<int> offering;  // the step's moves that list themselves (legal_moves asks only these)
    // Moves the generator offers whose legal list the scripts make instead: the generator's
    // entries of these are dropped, so a house rule never leaves two of one move.
    std::vector<int> taken;
    // The events the step announces as a frame begins and ends (-1: none), and where each
    // parameter comes from: the frame's seat (-1) or the step parameter of that index.
    int enter_event = -1, exit_event = -1;
    std::array<int, kMaxMoveParams> enter_args{}, exit_args{};
  };
  void read_move(const std::string& name, const YamlNode& node);
  void read_event(const std::string& name, const YamlNode& node);  // flow_events.cpp
  // The subscriptions of the scripts, each to an event the game declares (flow_events.cpp).
  void resolve_subscriptions();
  // The event a step announces as it begins or ends, and where its parameters come from.
  int step_event(const StepDecl& s, const std::string& name, std::array<int, kMaxMoveParams>& args) const;
  void announce_step(FlowContext& ctx, int event, const std::array<int, kMaxMoveParams>& args) const;
  void read_step(const std::string& name, const YamlNode& node);
  void resolve();
  // Fills an index or id parameter from its registered domain; DataError naming `owner`.
  void resolve_domain(ParamDecl& param, const std::string& owner) const;
  void call_hook(const std::string& name, const NativeHook* native, FlowContext& ctx) const;
  bool test(const std::string& name, const NativePredicate* native, const FlowView& view) const;
  std::vector<std::string> choice_ids(const FlowView& view, int kind) const;
  // Whether a step's generator, not the move itself, offers move `kind` (natively).
  bool generated(int kind) const;
  // The legal moves of `kind` as the game's C++ (or the move's default) makes them.
  void native_legal(const FlowView& view, int kind, std::vector<Move>& out) const;
  // The legal moves of `kind` made through the scripts: the Lua legal() or the native list,
  // then every extend_legal, then every filter_legal; each move once.
  void scripted_legal(const FlowView& view, int kind, MoveSink& sink) const;
  nlohmann::json move_json(const FlowView& view, const Move& move) const;

  std::vector<StepDecl> steps_;
  std::vector<MoveDecl> moves_;
  std::vector<EventDecl> events_;
  std::vector<std::vector<int>> subscribers_;  // per event, the scripts' subscriptions to it
  std::vector<MoveImpl> impls_;
  std::vector<StepCalls> calls_;
  std::vector<std::vector<std::string>> step_move_names_;  // until build() resolves them
  std::vector<std::vector<std::string>> step_child_names_;
  std::vector<std::string> step_each_names_;
  std::string root_name_;
  int root_ = -1;
  std::map<std::string, int, std::less<>> domain_sizes_;
  std::map<std::string, std::vector<std::string>, std::less<>> domain_ids_;
  std::map<std::string, NativeHook, std::less<>> hooks_;
  std::map<std::string, NativePredicate, std::less<>> predicates_;
  std::map<std::string, NativeSeatPredicate, std::less<>> seat_predicates_;
  std::map<std::string, NativeGenerator, std::less<>> generators_;
  std::map<std::string, NativePrompt, std::less<>> prompts_;
  std::vector<std::string> fired_hooks_;
  int rollout_depth_ = 0;
  std::shared_ptr<const FlowLayout> layout_;
  ScriptRuntime* scripts_ = nullptr;
  bool built_ = false;
};

inline void FlowContext::announce(int event, std::initializer_list<int> args) {
  if (event < 0 || !rules_.listened(event)) return;
  std::array<int, kMaxMoveParams> values{};
  std::size_t k = 0;
  for (int v : args)
    if (k < values.size()) values[k++] = v;
  rules_.announce(*this, event, values);
}

}  // namespace tessera
