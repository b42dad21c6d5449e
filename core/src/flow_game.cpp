#include "tessera/flow_game.hpp"

#include <algorithm>
#include <map>
#include <span>
#include <utility>
#include <nlohmann/json.hpp>

#include "refusal_words.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/hand.hpp"
#include "tessera/market.hpp"
#include "tessera/track.hpp"
#include "tessera/turn_order.hpp"

namespace tessera {

using nlohmann::json;

namespace {

// A flow that runs this many steps without reaching a decision is looping.
constexpr int kSettleLimit = 100'000;

// A market refills from piles of a deck it names: an edited state must name ones that exist,
// or the next refill fails in the middle of a legal move.
void check_market_sources(const Table& table) {
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto* market = dynamic_cast<const Market*>(&table.at(i));
    if (!market || market->source_deck().empty()) continue;
    const Component* named = table.find(market->source_deck(), market->owner());
    if (!named) named = table.find(market->source_deck(), kNobody);
    const auto* deck = dynamic_cast<const Deck*>(named);
    if (!deck) throw DataError(market->name() + ": its source '" + market->source_deck() + "' is no deck of the game");
    for (const std::string& pile : market->source_piles())
      if (!deck->has_pile(pile))
        throw DataError(market->name() + ": its source deck '" + market->source_deck() + "' has no pile '" + pile + "'");
  }
}

}  // namespace

Decision FlowGame::decision() const {
  const Flow& flow = table_.get(flow_);
  if (flow.empty()) return {kNobody, "The game is over"};
  return {flow.top().seat, rules_->prompt(FlowView{table_, flow.top(), this})};
}

int FlowGame::seat_to_move() const {
  const Flow& flow = table_.get(flow_);
  return flow.empty() ? kNobody : flow.top().seat;
}

void FlowGame::use_schema(std::shared_ptr<const StateSchema> schema) {
  schema_ = std::move(schema);
  if (scripts_) scripts_->use_schema(schema_);
}

void FlowGame::start_flow() {
  if (!rules_->built()) throw Error("the game's FlowRules were not built: call build() after registering its natives");
  if (scripts_) scripts_->begin_game();  // nothing an earlier game's calls changed in Lua reaches this one
  flow_ = table_.add<Flow>("flow", rules_->layout());
  // The root frame is pushed (not yet entered) before on_setup, so that a check of what
  // a house rule's on_setup wrote sees a game that is setting up, not one that is over.
  Frame root;
  root.step = static_cast<std::uint16_t>(rules_->root());
  table_.get(flow_).push(root);
  const ScriptRuntime::Scope budget(scripts_.get(), state_check());
  if (schema_) schema_->check(table_);
  forget_script_writes();
  run_hook("on_setup", kNobody, nullptr, json::object());
  settle(nullptr);
  check_conserved_writes();
  check_derived_values();
  legal_.swap(scratch_);
}

void FlowGame::forget_script_writes() {
  if (!scripts_) return;
  scripts_->take_written_lists();
  scripts_->take_derived_writes();
}

void FlowGame::check_written_lists() {
  for (const WrittenList& written : scripts_->take_written_lists()) {
    try {
      schema_->check_conserved(table_, std::span(&written.list, 1));
    } catch (const DataError& e) {
      throw DataError(written.where + ": " + e.what() + " once the move is over (the game's schema.yaml)");
    }
  }
}

namespace {

// The first key whose value differs between counters `a` and `b` (a key missing is 0); ""
// when they agree.
std::string first_difference(const Counters& a, const Counters& b) {
  for (const auto& [key, value] : a.entries())
    if (b.get(key) != value) return key;
  for (const auto& [key, value] : b.entries())
    if (a.get(key) != value) return key;
  return {};
}

}  // namespace

// A script wrote a component that holds derived values: they must be what derive() makes of
// the state, or a reload (set_state derives them) would give another game than the live one.
void FlowGame::check_derived_writes() {
  const std::vector<DerivedWrite> writes = scripts_->take_derived_writes();
  Table fresh = table_;
  derive(fresh);
  for (const DerivedWrite& written : writes) {
    if (!written.key.empty()) continue;  // once per component; a derived key's own write names its line below
    const Component& now = std::as_const(table_).at(written.index);
    const Component& derived = std::as_const(fresh).at(written.index);
    const int decl = schema_->declaration_of(now);
    std::string key, left, made;
    if (const auto* counters = dynamic_cast<const Counters*>(&now)) {
      key = first_difference(*counters, static_cast<const Counters&>(derived));
      if (key.empty()) continue;
      left = std::to_string(counters->get(key));
      made = std::to_string(static_cast<const Counters&>(derived).get(key));
    } else {
      json a, b;
      now.write_json(a, kOmniscient);
      derived.write_json(b, kOmniscient);
      if (a == b) continue;
      left = a.dump();
      made = b.dump();
    }
    // The line of the write of that key, when a script wrote it; else the first write there.
    std::string where = written.where;
    for (const DerivedWrite& w : writes)
      if (w.index == written.index && w.key == key) where = w.where;
    throw DataError(where + ": " + schema_->derived_write(decl, key, now.owner()) + ": the move leaves it " + left +
                    ", the state derives " + made +
                    " (a script keeps a derived value equal to what it is derived from: write what it is derived from)");
  }
}

void FlowGame::run_hook(std::string_view hook, int seat, std::vector<Event>* events, const json& arg) {
  if (!scripts_ || !scripts_->has_hook(hook)) return;
  scripts_->run_hook(hook, table_, CallContext{seat, events}, arg);
}

ApplyResult FlowGame::apply(const Move& move, ApplyMode mode) {
  ApplyResult result;
  if (table_.get(flow_).empty()) {
    result.error = "the game is over";
    return result;
  }
  if (std::find(legal_.begin(), legal_.end(), move) == legal_.end()) {
    // A move from outside the list may not even word itself: fall back to its name or kind.
    std::string described = "move " + std::to_string(move.kind);
    if (move.kind < rules_->move_count()) {
      try {
        described = move_text(move);
      } catch (const std::exception&) {
        described = rules_->move(move.kind).name;
      }
    }
    std::string reason;
    try {
      reason = move.kind < rules_->move_count() ? not_legal_reason(*this, table_.get(flow_), move)
                                                 : "this game declares no move " + std::to_string(move.kind);
    } catch (const std::exception& e) {
      // Wording the reason runs the game's prompts and texts: their failure is worth saying too.
      reason = std::string("(its reason could not be worded: ") + e.what() + ")";
    }
    result.error = "'" + described + "' is not a legal move now: " + reason;
    return result;
  }
  return apply_legal(move, mode);
}

ApplyResult FlowGame::apply_at(std::size_t index, ApplyMode mode) {
  if (index < legal_.size()) return apply_legal(legal_[index], mode);  // legal_ is replaced only at its end
  ApplyResult result;
  result.error = table_.get(flow_).empty() ? "the game is over"
                                           : "there is no legal action " + std::to_string(index) + " (" +
                                                 std::to_string(legal_.size()) + " legal actions)";
  return result;
}

void FlowGame::refuse(ApplyResult& result, const std::exception& e, bool failed, bool transaction) {
  if (transaction) table_.rollback_undo();
  forget_derived();
  forget_script_writes();  // what the failed move wrote is gone
  result.events.clear();
  result.error = e.what();
  result.failed = failed;
}

ApplyResult FlowGame::apply_legal(const Move& move, ApplyMode mode) {
  ApplyResult result;
  const bool transaction = mode == ApplyMode::Transaction;
  if (!transaction) table_.forget_last();  // this move keeps no journal to undo it by
  const ScriptRuntime::Scope budget(scripts_.get(), state_check());  // the move and the next decision's list
  std::vector<Event>* events = transaction ? &result.events : nullptr;
  const bool on_action = on_action_hook_;
  if (transaction) table_.begin_undo();
  try {
    const std::string text = on_action ? move_text(move) : std::string();
    Flow& flow = table_.get(flow_);
    const int at = flow.depth() - 1;
    const int seat = flow.top().seat;
    ++flow.top().moves;
    FlowContext ctx(table_, flow, at, events, *rules_, this);
    rules_->apply_move(ctx, move);
    if (rules_->move(move.kind).ends_step) flow.at(at).status = Frame::kDone;
    if (on_action) run_hook("on_action", seat, events, json{{"text", text}, {"seat", seat}});
    settle(events);
    check_conserved_writes();
    check_derived_values();
  } catch (const RuleError& e) {
    refuse(result, e, /*failed=*/false, transaction);
    return result;
  } catch (const std::exception& e) {
    refuse(result, e, /*failed=*/true, transaction);
    return result;
  } catch (...) {
    if (transaction) table_.rollback_undo();
    forget_derived();
    forget_script_writes();
    throw;
  }
  if (transaction) table_.commit_undo();
  legal_.swap(scratch_);
  result.ok = true;
  return result;
}

bool FlowGame::undo() {
  if (!table_.undo_last()) return false;
  forget_derived();
  // The state is back at the decision it was at: its moves, computed again.
  const ScriptRuntime::Scope budget(scripts_.get(), state_check());
  settle(nullptr);
  legal_.swap(scratch_);
  return true;
}

void FlowGame::settle(std::vector<Event>* events) {
  Flow& flow = table_.get(flow_);
  for (int steps = 0;; ++steps) {
    if (steps == kSettleLimit)
      throw RuleError("the flow runs " + std::to_string(kSettleLimit) + " steps without a decision (" +
                      flow.describe(kOmniscient) + ")");
    if (flow.empty()) {
      scratch_.clear();
      return;
    }
    const int at = flow.depth() - 1;
    Frame& f = flow.top();
    const StepDecl& s = rules_->step(f.step);
    FlowContext ctx(table_, flow, at, events, *rules_, this);
    const FlowView view{table_, f, this};
    switch (f.status) {
      case Frame::kNew:
        f.status = Frame::kRunning;
        rules_->on_enter(ctx);
        continue;
      case Frame::kDone:
        f.status = Frame::kExited;
        rules_->on_exit(ctx);
        if (flow.depth() == at + 1) flow.pop();
        continue;
      case Frame::kExited:
        flow.pop();
        continue;
      default: break;
    }
    switch (s.kind) {
      case StepDecl::Kind::Seat:
        if ((s.max_moves > 0 && f.moves >= s.max_moves) || rules_->done_when(view)) break;
        rules_->legal_moves(view, scratch_);
        filter_legal(f.seat);
        if (!scratch_.empty()) return;
        break;  // nothing this seat can do: the step is over
      case StepDecl::Kind::Auto: break;
      case StepDecl::Kind::Sequence:
        if (static_cast<std::size_t>(f.cursor) < s.steps.size()) {
          Frame child = f;
          child.step = static_cast<std::uint16_t>(s.steps[static_cast<std::size_t>(f.cursor++)]);
          child.status = Frame::kNew;
          child.cursor = child.moves = 0;
          flow.push(child);
          continue;
        }
        break;
      case StepDecl::Kind::Loop:
        if (!rules_->until(view)) {
          ++f.cursor;
          Frame child = f;
          child.step = static_cast<std::uint16_t>(s.each);
          child.status = Frame::kNew;
          child.cursor = child.moves = 0;
          flow.push(child);
          continue;
        }
        break;
      case StepDecl::Kind::Queue: {
        const TurnOrder& order = std::as_const(table_).get(order_of(s));
        const int n = order.size();
        int start = 0;
        switch (s.from) {
          case StepDecl::From::StartPlayer: start = order.position(order.start_player()); break;
          case StepDecl::From::Seat: start = order.position(f.seat); break;
          case StepDecl::From::AfterSeat: start = order.position(f.seat) + 1; break;
        }
        // after_seat asks the other seats only.
        const int count = s.from == StepDecl::From::AfterSeat ? n - 1 : n;
        bool pushed = false;
        while (!pushed && f.cursor < count) {
          const int seat = order.order()[static_cast<std::size_t>((start + f.cursor++) % n)];
          if (!rules_->who(view, seat)) continue;
          if (s.set_current) table_.get(order_of(s)).set_current(seat);
          Frame child = f;
          child.step = static_cast<std::uint16_t>(s.each);
          child.seat = static_cast<std::int8_t>(seat);
          child.status = Frame::kNew;
          child.cursor = child.moves = 0;
          flow.push(child);
          pushed = true;
        }
        if (pushed) continue;
        break;
      }
    }
    f.status = Frame::kDone;
  }
}

Handle<TurnOrder> FlowGame::order_of(const StepDecl& step) {
  for (const auto& [name, order] : orders_)
    if (name == &step.over) return order;
  const Handle<TurnOrder> order = std::as_const(table_).handle<TurnOrder>(step.over);
  for (auto& entry : orders_)
    if (!entry.first) {
      entry = {&step.over, order};
      break;
    }
  return order;
}

void FlowGame::filter_legal(int seat) {
  if (!legal_filter_hook_ || scratch_.empty()) return;
  std::vector<Move> kept;
  const CallContext ctx{seat, nullptr};
  for (const Move& m : scratch_) {
    // Through the virtual door: a game that words its moves itself is filtered by its words.
    const Action action{move_text(m), move_label(m), {}, m};
    if (scripts_->keeps(table_, ctx, action)) kept.push_back(m);
  }
  // A filter may not leave a seat without a move: then the unfiltered list stands.
  if (!kept.empty()) scratch_.swap(kept);
}

std::vector<Action> FlowGame::legal_actions() const {
  const ScriptRuntime::Scope budget(scripts_.get());  // every label() of the list together
  return Game::legal_actions();
}

std::string FlowGame::move_text(const Move& move) const {
  const Flow& flow = table_.get(flow_);
  if (flow.empty() || move.kind >= rules_->move_count()) throw RuleError("no such move now");
  return rules_->move_text(FlowView{table_, flow.top(), this}, move);
}

std::string FlowGame::move_label(const Move& move) const {
  const Flow& flow = table_.get(flow_);
  if (flow.empty() || move.kind >= rules_->move_count()) throw RuleError("no such move now");
  return rules_->move_label(FlowView{table_, flow.top(), this}, move);
}

std::optional<Move> FlowGame::parse_move(std::string_view text) const {
  const Flow& flow = table_.get(flow_);
  if (flow.empty()) return std::nullopt;
  return rules_->parse_move(FlowView{table_, flow.top(), this}, text);
}

std::string FlowGame::unread_reason(std::string_view text) const { return unread_move_reason(*this, text); }

std::string FlowGame::render(int viewer) const { return describe_components(table_, viewer); }

std::string FlowGame::legend(int viewer) const {
  (void)viewer;
  // The words of each kind of move on offer, in the order of the list, with its doc.
  std::string out;
  std::vector<int> shown;
  for (const Move& m : legal_) {
    if (std::find(shown.begin(), shown.end(), m.kind) != shown.end()) continue;
    shown.push_back(m.kind);
    const MoveDecl& decl = rules_->move(m.kind);
    out += "  " + decl.name;
    for (const ParamDecl& p : decl.params) {
      std::string names;
      if (p.type == ParamDecl::Type::Enum && p.names.size() <= 6)
        for (const std::string& n : p.names) names += (names.empty() ? ": " : "|") + n;
      out += " <" + p.name + names + ">";
    }
    if (!decl.doc.empty()) out += ": " + decl.doc;
    out += "\n";
  }
  return out.empty() ? out : "Move words:\n" + out;
}

std::string FlowGame::schema_text() const {
  return (schema_ ? schema_->describe() : std::string("(no declared schema)\n")) + rules_->describe();
}

void FlowGame::check_frames() const {
  const Flow& flow = table_.get(flow_);
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const StepDecl& s = rules_->step(f.step);
    const std::string where = "flow frame " + std::to_string(i) + " (" + s.name + ")";
    if (f.seat < kNobody || f.seat >= table_.players()) throw DataError(where + ": seat must be -1 or a seat");
    const bool needs_seat = s.kind == StepDecl::Kind::Seat;
    if (needs_seat && f.seat == kNobody) throw DataError(where + ": a seat step needs a seat");
    if (i + 1 < flow.depth() && f.status == Frame::kNew)
      throw DataError(where + ": only the top frame may be new (frames below it have started)");
  }
  if (!flow.empty() && flow.at(0).step != rules_->root()) throw DataError("flow frame 0 must be the start step");
}

void FlowGame::set_state(const json& state) {
  const ScriptRuntime::Scope budget(scripts_.get(), state_check());
  forget_script_writes();  // an edit is checked whole, below
  forget_derived();
  Table backup = table_;
  table_.assign_json(state);
  try {
    check_frames();
    check_market_sources(table_);
    if (schema_) schema_->check(table_);
    check_state();
    derive(table_);
    if (schema_) schema_->check(table_);  // what was derived is in range too
    settle(nullptr);
    // The edited state must still answer the questions every driver asks.
    const Decision now = decision();
    if (now.seat != kNobody)
      for (const Move& m : scratch_) (void)rules_->move_label(FlowView{table_, table_.get(flow_).top(), this}, m);
    for (int viewer = kSpectator; viewer < table_.players(); ++viewer) (void)render(viewer);
    if (now.seat == kNobody) (void)outcome();
  } catch (const std::exception& e) {
    table_ = std::move(backup);
    forget_derived();
    throw DataError(std::string("state: ") + e.what());
  }
  legal_.swap(scratch_);
}

std::string FlowGame::derived_from(std::string_view pointer) const {
  return schema_ ? schema_->derived_at(pointer) : std::string();
}

void FlowGame::complete_edit(json& state, const std::function<bool(const std::string&)>& says) const {
  if (!state.is_object()) return;
  for (std::size_t i = 0; i < table_.size(); ++i) {
    const auto* track = dynamic_cast<const Track*>(&table_.at(i));
    if (!track) continue;
    const std::string place = track->owner() == kNobody
                                  ? "/global/" + track->name()
                                  : "/seats/" + std::to_string(track->owner()) + "/" + track->name();
    const json::json_pointer at(place);
    if (!state.contains(at)) continue;  // assign_json names what is missing
    json before = json::object();
    track->write_json(before, kOmniscient);
    Track::complete_edit(before, state[at],
                         [&](std::size_t seat) { return says(place + "/stack_order/" + std::to_string(seat)); });
  }
}

GameInfo FlowGame::info() const {
  GameInfo info = Game::info();
  info.rollout_depth = rules_->rollout_depth();
  return info;
}

std::unique_ptr<Game> FlowGame::determinize(int seat, Rng& rng) const {
  auto copy = clone();
  auto& game = static_cast<FlowGame&>(*copy);
  Table& t = game.table_;
  if (seat != kOmniscient) {
    // Hands and decks that hold the same content list share one pool of unseen cards.
    std::map<std::string, std::pair<std::vector<Hand*>, std::vector<Deck*>>> pools;
    if (schema_)
      for (std::size_t i = 0; i < t.size(); ++i) {
        const Component& c = std::as_const(t).at(i);
        if (c.kind() != Hand::kKind && c.kind() != Deck::kKind) continue;
        const int decl = schema_->declaration_of(c);
        if (decl < 0 || schema_->holds(decl).empty()) continue;
        auto& pool = pools[schema_->holds(decl)];
        if (c.kind() == Hand::kKind)
          pool.first.push_back(static_cast<Hand*>(&t.at(i)));
        else
          pool.second.push_back(static_cast<Deck*>(&t.at(i)));
      }
    for (auto& [list, pool] : pools) resample_hidden_cards(pool.first, pool.second, seat, rng);
    t.resample_hidden(seat, rng);
  }
  t.rng().reseed(rng.next());
  // What the decider may do can depend on what was re-dealt.
  game.forget_derived();
  if (!t.get(game.flow_).empty()) {
    const ScriptRuntime::Scope budget(game.scripts_.get(), game.state_check());
    game.settle(nullptr);
    game.legal_.swap(game.scratch_);
  }
  return copy;
}

}  // namespace tessera
