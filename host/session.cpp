#include "session.hpp"

#include <algorithm>
#include <cstdio>

#include "bots.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "refusal_places.hpp"
#include "scenario_source.hpp"
#include "scenario_state.hpp"
#include "state_patch.hpp"
#include "strict_fields.hpp"
#include "tessera/error.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/move_spelling.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

// Seats are one "human" or bot spec per player, or none at all (all random). A bot spec is
// read as the bot reads it, so a seat that would fail when first asked fails here.
void check_seats(const std::vector<std::string>& seats, int players) {
  if (seats.empty()) return;
  if (seats.size() != static_cast<std::size_t>(players))
    throw Error("seats: " + std::to_string(seats.size()) + " names for " + std::to_string(players) + " players");
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const std::string& seat = seats[s];
    if (seat == "human") continue;
    try {
      (void)make_bot(seat, 1, static_cast<int>(s));  // the bots' own parser: kind and options
    } catch (const Error& e) {
      throw Error("seats[" + std::to_string(s) + "]: " + short_message(e.what()));
    }
  }
}

// The bytes a step adds to a log written with indent 1 (json_text(log, 1)): its own text,
// two more spaces on each of its lines (it sits inside the log object and its steps array)
// and the ",\n" before the next.
std::size_t written_bytes(const json& step) {
  const std::string text = json_text(step, 1);
  return text.size() + 2 * static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n') + 1) + 2;
}

bool is_edit(const json& step) { return step.contains("set") || step.contains("patch"); }

// Whether a JSON pointer names the place past the end of an array ("-"): never a value of
// a state, only a place to append to.
bool names_past_the_end(json::json_pointer pointer) {
  for (; !pointer.empty(); pointer.pop_back())
    if (pointer.back() == "-") return true;
  return false;
}

// Whether one of two JSON pointers lies on the way to the other (or they are the same).
bool on_one_path(const std::string& a, const std::string& b) { return lies_within(a, b) || lies_within(b, a); }

// `value` with every list of objects inside a component sorted: a component keeps such a
// list (pieces on a board, corners) in its own order, so an edit may list its items in any
// order. The seats (numbered by their place) keep theirs.
json canonical(const json& value, bool root = true) {
  if (value.is_object()) {
    json out = json::object();
    for (const auto& [key, item] : value.items()) {
      if (root && key == "seats" && item.is_array()) {
        out[key] = json::array();
        for (const json& seat : item) out[key].push_back(canonical(seat, false));
      } else {
        out[key] = canonical(item, false);
      }
    }
    return out;
  }
  if (!value.is_array()) return value;
  json out = json::array();
  for (const json& item : value) out.push_back(canonical(item, false));
  if (!out.empty() && std::all_of(out.begin(), out.end(), [](const json& item) { return item.is_object(); }))
    std::sort(out.begin(), out.end());
  return out;
}

// The places where the game's state `after` does not hold what the edited state held.
std::vector<std::string> changed_places(const json& edited, const json& after) {
  std::vector<std::string> places;
  for (const json& difference : json::diff(canonical(edited), canonical(after)))
    places.push_back(difference["path"].get<std::string>());
  return places;
}

// The refusal of an edit that writes a derived value (`derived` says what it is derived from).
std::string derived_refusal(const std::string& derived) {
  return derived + "; a derived value is not edited: the game computes it from the state (edit what it is derived from)";
}

}  // namespace

Session::Session(const PluginRegistry& registry, SessionSetup setup) : setup_(std::move(setup)) {
  check_seats(setup_.seats, setup_.players);
  GameConfig config = registry.config(setup_.game, setup_.players, setup_.seed, setup_.variants);
  game_ = registry.new_game(setup_.game, config);
  if (setup_.seats.empty()) setup_.seats.assign(static_cast<std::size_t>(setup_.players), "random");
  // The log without steps, and room for the outcome it gains at the end: per seat a score
  // and a place in the winners, each a number of at most 11 characters on its own line.
  const json frame = log();
  const std::size_t seats = static_cast<std::size_t>(setup_.players);
  log_size_.bytes = json_text(frame, 1).size() + 64 + 2 * seats * 16;
  log_size_.values = json_size(frame).values + 3 + 2 * seats;
}

void Session::check_room(const json& step) const {
  if (steps_.size() + 1 > kMaxLogSteps)
    throw InputTooLarge("the log holds " + std::to_string(steps_.size()) + " steps, the most a log may hold");
  if (is_edit(step) && log_size_.edits + 1 > kMaxLogSetSteps)
    throw InputTooLarge("the log holds " + std::to_string(log_size_.edits) + " 'set' and 'patch' steps, the most (" +
                    std::to_string(kMaxLogSetSteps) + ") scenario edits a log may hold");
  const JsonSize size = json_size(step);
  // The step sits in the log's steps array, and the log in a `load` request.
  if (size.depth + 2 + kLoadRequestDepth > kMaxJsonDepth)
    throw InputTooLarge("the step would nest " + std::to_string(size.depth + 2 + kLoadRequestDepth) +
                    " arrays and objects deep in a load request, more than the " + std::to_string(kMaxJsonDepth) +
                    " a log may");
  if (log_size_.values + size.values > kMaxJsonValues - kLoadRequestValues)
    throw InputTooLarge("the log would hold more than the " + std::to_string(kMaxJsonValues - kLoadRequestValues) +
                    " JSON values a log may hold");
  if (log_size_.bytes + written_bytes(step) > kMaxLogBytes)
    throw InputTooLarge("the log would be larger than the " + std::to_string(kMaxLogBytes) + " bytes a log file may hold");
}

void Session::record(json step) {
  log_size_.edits += is_edit(step) ? 1 : 0;
  log_size_.bytes += written_bytes(step);
  log_size_.values += json_size(step).values;
  steps_.push_back(std::move(step));
}

ApplyResult Session::act(const std::string& action_text) {
  json step{{"action", action_text}};
  check_room(step);
  ApplyResult result = game_->apply(action_text);
  if (result.ok) record(std::move(step));
  return result;
}

void Session::set(const std::string& pointer, const json& value) {
  const json before = game_->table().to_json();
  json state = before;
  json::json_pointer ptr;
  try {
    ptr = json::json_pointer(pointer);
  } catch (const json::exception& e) {
    throw DataError("set: bad JSON pointer '" + short_message(pointer) + "': " + library_message(e));
  }
  if (pointer.empty() || pointer == "/") throw DataError("set: the pointer must name a value inside the state");
  if (names_past_the_end(ptr))
    throw DataError("set: '" + short_message(pointer) + "' names the end of an array ('-'), not a value of the state");
  try {
    // An array index nlohmann cannot read (20 digits, a leading 0) throws from any lookup.
    if (!state.contains(ptr.parent_pointer()) ||
        (!state.contains(ptr) && !state.at(ptr.parent_pointer()).is_object()))
      throw DataError("set: '" + short_message(pointer) + "' is not inside the state");
    state[ptr] = value;
  } catch (const json::exception& e) {
    throw DataError("set: '" + short_message(pointer) + "' is not inside the state: " + library_message(e));
  }
  if (state == before) return;  // an edit that changes nothing is no step
  json step{{"set", pointer}, {"value", value}};
  check_room(step);
  check_rolls_kept(state, "set");
  // The edit stands only when the state then holds exactly the value that was set.
  const auto at_pointer = [&](const std::string& place) { return on_one_path(place, pointer); };
  load_edit(std::move(state), at_pointer, at_pointer,
            [&](const std::string& place, const std::string& why) {
              if (place.empty()) throw DataError(why);
              if (!why.empty()) throw DataError("set: " + derived_refusal(why));
              throw DataError("set: the state does not keep this value at '" + short_message(place) +
                              "' (an unknown key, or a value the component reads differently)");
            });
  record(std::move(step));
}

namespace {

// The last op of `ops` that wrote into the container holding `place` (its "path" or "from"
// without the last token lies on the way to `place` or inside it), or PatchError::kWholePatch.
// An add or remove in an array moves the items after it: the op wrote those places too.
int op_at(const json& ops, const std::string& place) {
  auto related = [&](const json& op, const char* member) {
    if (!op.contains(member) || !op[member].is_string()) return false;
    const std::string& pointer = op[member].get_ref<const std::string&>();
    return on_one_path(pointer.substr(0, pointer.rfind('/') == std::string::npos ? 0 : pointer.rfind('/')), place);
  };
  for (std::size_t i = ops.size(); i-- > 0;)
    if (related(ops[i], "path") || related(ops[i], "from")) return static_cast<int>(i);
  return PatchError::kWholePatch;
}

std::vector<json::json_pointer> places_of(const std::vector<PatchWrite>& writes) {
  std::vector<json::json_pointer> places;
  for (const PatchWrite& w : writes) places.push_back(w.at);
  return places;
}

// The first op that wrote a value at one of `places` (refusal_places.hpp, writer_of), or
// PatchError::kWholePatch.
int first_writer(const std::vector<PatchWrite>& writes, const std::vector<json::json_pointer>& places) {
  const std::vector<json::json_pointer> written = places_of(writes);
  int first = PatchError::kWholePatch;
  for (const json::json_pointer& place : places)
    if (const int w = writer_of(written, place); w >= 0 && (first < 0 || writes[static_cast<std::size_t>(w)].op < first))
      first = writes[static_cast<std::size_t>(w)].op;
  return first;
}

// The op to blame for `reason`, the game's refusal of the whole state the ops made: the op
// that wrote a place the reason names (the last write holding it); else, when the reason
// names a container ops wrote inside, the first op after which a copy of the game refuses
// the state for the same reason (a patch holds at most kMaxPatchOps ops); else the first op
// that wrote inside a named place.
int refused_op(const Game& game, const json& ops, const std::vector<PatchWrite>& writes, const json& patched,
               const std::string& reason) {
  const std::vector<json::json_pointer> named = places_named(reason, patched);
  const std::vector<json::json_pointer> written = places_of(writes);
  int holder = PatchError::kWholePatch;
  for (const json::json_pointer& place : named)
    if (const int w = writer_of(written, place); w >= 0 && lies_within(place, written[static_cast<std::size_t>(w)]) &&
                                                 (holder < 0 || writes[static_cast<std::size_t>(w)].op < holder))
      holder = writes[static_cast<std::size_t>(w)].op;
  if (holder != PatchError::kWholePatch) return holder;
  const auto probe = game.clone();
  json document = game.table().to_json();
  int first = PatchError::kWholePatch;
  apply_patch(document, ops, [&](int op, const json& now) {
    if (first != PatchError::kWholePatch) return;
    try {
      probe->set_state(now);
    } catch (const DataError& e) {
      if (e.what() == reason) first = op;
    }
  });
  return first != PatchError::kWholePatch ? first : first_writer(writes, named);
}

}  // namespace

void Session::patch(const json& ops) {
  const json before = game_->table().to_json();
  json state = before;
  const std::vector<PatchWrite> writes = apply_patch(state, ops);
  // An edit that changes nothing ([], or ops that put back what was there) is no step.
  if (state == before) return;
  json step{{"patch", ops}};
  check_room(step);
  try {
    check_rolls_kept(state, "patch");
  } catch (const DataError& e) {
    // Every refusal of a patch starts with "patch: " (protocol.md), this one too.
    const std::string what = e.what();
    throw PatchError(PatchError::kWholePatch, what.rfind("patch: ", 0) == 0 ? what : "patch: " + what);
  }
  // As for set: the edit stands only when the state then holds what the ops wrote. A value
  // no op wrote may differ: the game derives it (a supply's totals) and recomputed it.
  const auto op_says = [&](const std::string& place) {
    return std::any_of(ops.begin(), ops.end(), [&](const json& op) {
      return (op.contains("path") && on_one_path(place, op["path"].get<std::string>())) ||
             (op.contains("from") && on_one_path(place, op["from"].get<std::string>()));
    });
  };
  // A refusal names the first op that wrote the refused value, not the last one near it.
  const auto blamed_op = [&](const std::string& place) {
    const int first = first_writer(writes, {json::json_pointer(place)});
    return first != PatchError::kWholePatch ? first : op_at(ops, place);
  };
  const json patched = state;
  load_edit(std::move(state), op_says, [&](const std::string& place) { return op_at(ops, place) != PatchError::kWholePatch; },
            [&](const std::string& place, const std::string& why) {
              if (place.empty()) {
                const int op = refused_op(*game_, ops, writes, patched, why);
                throw PatchError(op, "patch: " + (op == PatchError::kWholePatch ? std::string() : op_words(ops, op) + ": ") +
                                         "the patched state is refused: " + why);
              }
              const int op = blamed_op(place);
              if (op == PatchError::kWholePatch) throw PatchError(op, "patch: the patched state is refused: " + why);
              if (!why.empty()) throw PatchError(op, "patch: " + op_words(ops, op) + ": " + derived_refusal(why));
              throw PatchError(op, "patch: " + op_words(ops, op) + ": the state does not keep the patched value at '" +
                                       short_message(place) + "' (an unknown key, or a value the component reads differently)");
            });
  record(std::move(step));
}

namespace {

std::vector<int> fixed_rolls_of(const json& state) {
  Rng rng;
  rng.restore(state.at("rng").get<std::string>());
  return rng.fixed_rolls();
}

}  // namespace

namespace {

// A new session of `setup`; a setup the game refuses (player count, variants, seats) is a
// DataError made by `blame`, broken plugins and scripts are reported as they are.
std::unique_ptr<Session> new_session(const PluginRegistry& registry, const SessionSetup& setup,
                                     const std::function<DataError(const std::string&)>& blame) {
  try {
    return std::make_unique<Session>(registry, setup);
  } catch (const PluginError&) {
    throw;
  } catch (const ScriptError&) {
    throw;
  } catch (const Error& e) {
    throw blame(e.what());
  }
}

}  // namespace

void Session::check_rolls_kept(const json& state, const char* what) const {
  if (!state.contains("rng") || !state["rng"].is_string()) throw DataError("state: 'rng' must be a string");
  if (fixed_rolls_of(state) != game_->table().rng().fixed_rolls())
    throw DataError(std::string(what) + ": the next rolls are fixed only by a scenario's 'next_rolls', never by an edit");
}

void Session::load_edit(json state, const std::function<bool(const std::string&)>& says,
                        const std::function<bool(const std::string&)>& wrote,
                        const std::function<void(const std::string&, const std::string&)>& refuse) {
  const json before = game_->table().to_json();
  const auto* flow_game = dynamic_cast<const FlowGame*>(game_.get());  // games on the flow engine derive values
  if (flow_game) flow_game->complete_edit(state, says);
  const auto derived = [&](const std::string& place) {
    return flow_game ? flow_game->derived_from(place) : std::string();
  };
  // A derived value is never read from an edit: where the edit wrote one, the current value
  // stands in while the state is read, and the written one must be what the game derives.
  json wanted = json::object();
  for (const std::string& place : changed_places(before, state)) {
    if (!wrote(place) || derived(place).empty()) continue;
    const json::json_pointer at(place);
    if (!state.contains(at)) continue;
    wanted[place] = state[at];
    if (before.contains(at))
      state[at] = before[at];
    else if (state[at.parent_pointer()].is_object())
      state[at.parent_pointer()].erase(at.back());
  }
  // What the edit wrote must be what the components read (an unknown key is dropped, a
  // supply's totals are summed again), before the flow runs on from the state.
  Table read = game_->table();
  try {
    read.assign_json(state);
  } catch (const DataError& e) {
    refuse("", e.what());
    throw;
  }
  for (const std::string& place : changed_places(state, read.to_json())) {
    if (!wrote(place) || !derived(place).empty()) continue;  // a derived value: below
    refuse(place, derived(place));
    throw DataError("the state does not keep the value at '" + place + "'");
  }
  try {
    game_->set_state(state);
  } catch (const DataError& e) {
    refuse("", e.what());
    throw;
  }
  // ... and no value the edit wrote may be one the game derives otherwise (set_state
  // computed every derived value again).
  const json after = game_->table().to_json();
  for (const auto& [place, value] : wanted.items()) {
    const json::json_pointer at(place);
    if (after.contains(at) && after[at] == value) continue;
    game_->set_state(before);
    refuse(place, derived(place));
    throw DataError("the state does not keep the value at '" + place + "'");
  }
}

void Session::start_scenario(const ScenarioSource& source) {
  const ScenarioState wanted = scenario_state(*game_, source);
  std::vector<json::json_pointer> written;
  for (const auto& entry : wanted.written) written.emplace_back(entry.first);
  // The scenario entry that wrote a place (refusal_places.hpp, writer_of), or "" (the top).
  const auto entry_of = [&](const json::json_pointer& place) {
    const int w = writer_of(written, place);
    return w < 0 ? std::string() : wanted.written[static_cast<std::size_t>(w)].second;
  };
  const auto written_at = [&](const std::string& place) {
    return std::any_of(wanted.written.begin(), wanted.written.end(),
                       [&](const auto& entry) { return on_one_path(place, entry.first); });
  };
  load_edit(wanted.state, written_at, written_at,
            [&](const std::string& place, const std::string& why) {
              if (place.empty()) {
                // The game's refusal of the whole position: blamed on the entry that wrote a
                // place its words name.
                for (const json::json_pointer& named : places_named(why, wanted.state))
                  if (const std::string doc_at = entry_of(named); !doc_at.empty())
                    throw source.error(doc_at, "the position is refused: " + why);
                throw source.error("", "the position is refused: " + why);
              }
              const std::string doc_at = entry_of(json::json_pointer(place));
              if (!why.empty()) throw source.error(doc_at, derived_refusal(why));
              throw source.error(doc_at, "the game does not keep this value at '" + place + "' (an unknown field)");
            });
  scenario_ = source.document();
  // The log carries the scenario: its room counts against the log's bounds like a step's.
  log_size_.bytes += written_bytes(scenario_);
  log_size_.values += json_size(scenario_).values;
}

std::unique_ptr<Session> Session::from_scenario(const PluginRegistry& registry, const ScenarioSource& source,
                                                std::vector<std::string> seats) {
  SessionSetup setup = source.setup();
  setup.seats = std::move(seats);
  auto session = new_session(registry, setup, [&](const std::string& why) { return source.error("", why); });
  session->start_scenario(source);
  return session;
}

json Session::log() const {
  json log{{"tessera_log", 1},
           {"game", setup_.game},
           {"players", setup_.players},
           {"seed", setup_.seed},
           {"variants", setup_.variants},
           {"seats", setup_.seats},
           {"steps", steps_},
           {"checksum", state_checksum(*game_)}};
  if (!scenario_.is_null()) log["scenario"] = scenario_;
  if (game_->is_over()) log["outcome"] = outcome_json(*game_);
  return log;
}

namespace {

// A field of a log, read strictly (see strict_fields.hpp).
template <typename T>
T log_field(const json& log, const char* key) {
  if (!log.contains(key)) throw DataError(std::string("log: missing '") + key + "'");
  try {
    return read_as<T>(log.at(key), key);
  } catch (const DataError& e) {
    throw DataError(std::string("log: ") + e.what());
  }
}

}  // namespace

void Session::replay(const json& step) {
  if (!step.is_object() || !(step.contains("action") || step.contains("set") || step.contains("patch")))
    throw DataError("expected {\"action\": text}, {\"set\": pointer, \"value\": v} or {\"patch\": ops}");
  if (step.contains("action")) {
    allow_only_fields(step, {"action"}, "an action step");
    // A log keeps its moves as they were sent: one written before a move's one text, or
    // before its rename (`formerly:`), replays as the move it stands for.
    const std::string sent = read_as<std::string>(step["action"], "action");
    ApplyResult r = act(move_text_of(*game_, sent).value_or(sent));
    if (!r.ok) throw DataError(r.error);
    return;
  }
  if (step.contains("patch")) {
    allow_only_fields(step, {"patch"}, "a patch step");
    patch(step["patch"]);
    return;
  }
  allow_only_fields(step, {"set", "value"}, "a set step");
  if (!step.contains("value")) throw DataError("a set step needs its 'value'");
  set(read_as<std::string>(step["set"], "set"), step["value"]);
}

std::unique_ptr<Session> Session::replayed(const PluginRegistry& registry, std::size_t count) const {
  if (count > steps_.size()) throw Error("replayed: only " + std::to_string(steps_.size()) + " steps were taken");
  auto session = std::make_unique<Session>(registry, setup_);
  if (!scenario_.is_null()) session->start_scenario(ScenarioSource::from_json(scenario_, "scenario"));
  for (std::size_t i = 0; i < count; ++i) session->replay(steps_[i]);
  return session;
}

std::unique_ptr<Session> Session::from_log(const PluginRegistry& registry, const json& log) {
  if (!log.is_object()) throw DataError("log: expected a JSON object");
  try {
    allow_only_fields(log, {"tessera_log", "game", "players", "seed", "variants", "seats", "steps", "checksum", "outcome", "scenario"},
                      "the log");
  } catch (const DataError& e) {
    throw DataError(std::string("log: ") + e.what());
  }
  if (!log.contains("tessera_log") || log["tessera_log"] != 1 || !log["tessera_log"].is_number_integer())
    throw DataError("log: not a Tessera log (expected \"tessera_log\": 1)");
  SessionSetup setup;
  setup.game = log_field<std::string>(log, "game");
  setup.players = log_field<int>(log, "players");
  setup.seed = log_field<std::uint64_t>(log, "seed");
  if (log.contains("variants")) setup.variants = log_field<std::vector<std::string>>(log, "variants");
  if (log.contains("seats")) setup.seats = log_field<std::vector<std::string>>(log, "seats");
  // A log is verified or refused: without its checksum a forged or damaged one would load.
  const std::string checksum = log_field<std::string>(log, "checksum");
  if (!log.contains("steps") || !log["steps"].is_array()) throw DataError("log: 'steps' must be an array");
  const json& steps = log["steps"];
  if (steps.size() > kMaxLogSteps)
    throw DataError("log: " + std::to_string(steps.size()) + " steps, more than the " + std::to_string(kMaxLogSteps) +
                    " a log may hold");
  const auto edits = std::count_if(steps.begin(), steps.end(), [](const json& s) {
    return s.is_object() && (s.contains("set") || s.contains("patch"));
  });
  if (static_cast<std::size_t>(edits) > kMaxLogSetSteps)
    throw DataError("log: " + std::to_string(edits) + " 'set' and 'patch' steps, more than the " +
                    std::to_string(kMaxLogSetSteps) + " scenario edits a log may hold");
  auto session = new_session(registry, setup, [](const std::string& why) { return DataError("log: " + why); });
  // A scenario log starts at the scenario's position, with its fixed rolls; its setup is
  // the scenario's own.
  if (log.contains("scenario")) {
    const ScenarioSource source = ScenarioSource::from_json(log["scenario"], "log: scenario");
    const SessionSetup declared = source.setup();
    if (declared.game != setup.game || declared.players != setup.players || declared.seed != setup.seed ||
        declared.variants != setup.variants)
      throw DataError("log: its game, players, seed and variants are not its scenario's");
    session->start_scenario(source);
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    try {
      session->replay(steps[i]);
    } catch (const Error& e) {
      throw DataError("log: step " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  if (checksum != state_checksum(session->game()))
    throw DataError("log: the replayed game ends in a different state (checksum " + state_checksum(session->game()) +
                    ", log says " + short_message(checksum) + ")");
  // A stored outcome is optional (older logs, unfinished games) but never taken on trust.
  if (log.contains("outcome")) {
    if (!session->game().is_over()) throw DataError("log: it stores an outcome but the replayed game is not over");
    const json replayed = outcome_json(session->game());
    if (log["outcome"] != replayed)
      throw DataError("log: the stored outcome " + short_message(log["outcome"].dump()) +
                      " is not the replayed game's outcome " + replayed.dump());
  }
  return session;
}

std::unique_ptr<Session> Session::from_log_text(const PluginRegistry& registry, std::string_view text,
                                                const std::string& name) {
  json log;
  try {
    log = parse_bounded_json(text);
  } catch (const InputTooLarge& e) {
    throw DataError(name + ": " + e.what());
  } catch (const MalformedJson& e) {
    throw DataError(name + ": not valid JSON: " + e.what());
  } catch (const json::exception& e) {
    throw DataError(name + ": not valid JSON: " + e.what());
  }
  try {
    return from_log(registry, log);
  } catch (const Error& e) {
    throw DataError(name + ": " + e.what());
  }
}

std::function<std::unique_ptr<Game>()> game_maker(const PluginRegistry& registry, std::string game, int players,
                                                  std::vector<std::string> variants) {
  return [&registry, game = std::move(game), players, variants = std::move(variants)] {
    return registry.new_game(game, registry.config(game, players, 1, variants));
  };
}

std::string state_checksum(const Game& game) {
  const std::string text = json_text(game.table().to_json());
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

json outcome_json(const Game& game) {
  const Outcome o = game.outcome();
  return json{{"scores", o.scores}, {"winners", o.winners}};
}

}  // namespace tessera::host
