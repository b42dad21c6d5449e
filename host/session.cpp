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
  load_edit(state, "set");
  // A component may drop what it does not know (a new key) or read a value its own way: the
  // edit stands only when the state now holds exactly the value that was set.
  const json after = game_->table().to_json();
  if (!after.contains(ptr) || after.at(ptr) != value) {
    game_->set_state(before);
    throw DataError("set: the state does not keep this value at '" + pointer + "' (an unknown key, or a value "
                    "the component reads differently)");
  }
  record(std::move(step));
}

namespace {

// The places a patch wrote, without the ops (writer_of works on places alone).
std::vector<json::json_pointer> places_of(const std::vector<PatchWrite>& writes) {
  std::vector<json::json_pointer> places;
  for (const PatchWrite& w : writes) places.push_back(w.at);
  return places;
}

// The first op that wrote a value at one of `places`, or PatchError::kWholePatch.
int first_writer(const std::vector<PatchWrite>& writes, const std::vector<json::json_pointer>& places) {
  const std::vector<json::json_pointer> written = places_of(writes);
  int first = PatchError::kWholePatch;
  for (const json::json_pointer& place : places)
    if (const int w = writer_of(written, place); w >= 0 && (first < 0 || writes[static_cast<std::size_t>(w)].op < first))
      first = writes[static_cast<std::size_t>(w)].op;
  return first;
}

std::vector<int> fixed_rolls_of(const json& state) {
  Rng rng;
  rng.restore(state.at("rng").get<std::string>());
  return rng.fixed_rolls();
}

// Loads `state` into `game` as an edit (Session::load_edit).
void load_into(Game& game, const json& state, const char* what) {
  if (!state.contains("rng") || !state["rng"].is_string()) throw DataError("state: '/rng' must be a string");
  if (fixed_rolls_of(state) != game.table().rng().fixed_rolls())
    throw DataError(std::string(what) + ": '/rng': the next rolls are fixed only by a scenario's 'next_rolls', never by an edit");
  game.set_state(state);
}

// The op of `ops` to blame for `reason`, the refusal of the state they made from `game`'s.
int refused_op(const Game& game, const json& ops, const std::vector<PatchWrite>& writes, const json& patched,
               const std::string& reason) {
  // The places the game's words name lead to the op that wrote there.
  if (const int op = first_writer(writes, places_named(reason, patched)); op != PatchError::kWholePatch) return op;
  // Else the first op after which the state is refused for the same reason: tried on a copy
  // of the game, op by op (a patch holds at most kMaxPatchOps ops).
  const auto probe = game.clone();
  json document = game.table().to_json();
  int first = PatchError::kWholePatch;
  apply_patch(document, ops, [&](int op, const json& now) {
    if (first != PatchError::kWholePatch) return;
    try {
      load_into(*probe, now, "patch");
    } catch (const DataError& e) {
      if (std::string(e.what()) == reason) first = op;
    }
  });
  return first;
}

// Whether the value at `at` is one `game` derives from the rest of the state: loaded into a
// copy with the value `patched` has there, the state `kept` (what the game made of the patch)
// comes back with its own value.
bool derived(const Game& game, const json& kept, const json& patched, const json::json_pointer& at) {
  if (!patched.contains(at) || !kept.contains(at)) return false;  // an added or dropped value
  json probe_state = kept;
  probe_state[at] = patched.at(at);
  const auto probe = game.clone();
  try {
    probe->set_state(probe_state);
  } catch (const DataError&) {
    return false;
  }
  const json again = probe->table().to_json();
  return again.contains(at) && again.at(at) == kept.at(at);
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
    load_edit(state, "patch");
  } catch (const DataError& e) {
    const int op = refused_op(*game_, ops, writes, state, e.what());
    throw PatchError(op, "patch: " + (op == PatchError::kWholePatch ? std::string() : op_words(ops, op) + ": ") +
                             "the patched state is refused: " + e.what());
  }
  // As for set: the edit stands only when the state now holds what the ops wrote. A value no
  // op wrote may differ: the game derives it (a supply's totals) and recomputed it; so may a
  // derived value inside a container an op wrote whole (a whole supply with its old totals).
  // The first op that wrote a value the game did not keep is named, with the value's place.
  const json after = game_->table().to_json();
  const std::vector<json::json_pointer> written = places_of(writes);
  int op = PatchError::kWholePatch;
  std::string place;
  for (const json& difference : json::diff(state, after)) {
    const json::json_pointer at(difference["path"].get<std::string>());
    const int w = writer_of(written, at);
    if (w < 0) continue;
    const PatchWrite& write = writes[static_cast<std::size_t>(w)];
    if ((op != PatchError::kWholePatch && write.op >= op) || (write.at != at && derived(*game_, after, state, at))) continue;
    op = write.op;
    place = at.to_string();
  }
  if (op == PatchError::kWholePatch) {
    record(std::move(step));
    return;
  }
  game_->set_state(before);
  throw PatchError(op, "patch: " + op_words(ops, op) + ": the state does not keep the patched value at '" +
                           short_message(place) + "' (an unknown key, or a value the component reads differently)");
}

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

void Session::load_edit(const json& state, const char* what) { load_into(*game_, state, what); }

namespace {

// The scenario entry (a pointer into the scenario) to blame for `reason`, the game's refusal
// of the whole position: the entry that wrote a place the reason names, or "" (the top).
std::string refused_entry(const ScenarioState& wanted, const std::string& reason) {
  std::vector<json::json_pointer> written;
  for (const auto& entry : wanted.written) written.emplace_back(entry.first);
  for (const json::json_pointer& place : places_named(reason, wanted.state))
    if (const int w = writer_of(written, place); w >= 0) return wanted.written[static_cast<std::size_t>(w)].second;
  return "";
}

}  // namespace

void Session::start_scenario(const ScenarioSource& source) {
  const ScenarioState wanted = scenario_state(*game_, source);
  // What the scenario wrote must be what the components hold once they read it (an unknown
  // field is dropped, a derived one recomputed): checked on a copy, before the flow runs on.
  Table probe = game_->table();
  try {
    probe.assign_json(wanted.state);
  } catch (const DataError& e) {
    throw source.error(refused_entry(wanted, e.what()), std::string("the position is refused: ") + e.what());
  }
  const json read = probe.to_json();
  // A list of named items given whole may come in any order: a component keeps its own
  // (a board's corners sorted by id).
  json expected = wanted.state;
  for (const auto& written : wanted.written) {
    const json::json_pointer at(written.first);
    if (!expected.contains(at) || !read.contains(at) || array_key(expected[at]).empty()) continue;
    const json& kept = read.at(at);
    if (kept.size() == expected[at].size() &&
        std::all_of(expected[at].begin(), expected[at].end(),
                    [&](const json& item) { return std::find(kept.begin(), kept.end(), item) != kept.end(); }))
      expected[at] = kept;
  }
  for (const json& difference : json::diff(expected, read)) {
    const std::string place = difference["path"].get<std::string>();
    for (const auto& [state_at, doc_at] : wanted.written)
      if (place == state_at || place.rfind(state_at + "/", 0) == 0)
        throw source.error(doc_at, "the game does not keep this value at '" + place +
                                       "' (an unknown field, or a value the game derives)");
  }
  try {
    game_->set_state(wanted.state);
  } catch (const DataError& e) {
    throw source.error(refused_entry(wanted, e.what()), std::string("the position is refused: ") + e.what());
  }
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
    ApplyResult r = act(read_as<std::string>(step["action"], "action"));
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
