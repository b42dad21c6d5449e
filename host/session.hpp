#pragma once
// Session: one running game together with its log (game, seed, seats, variants and every
// step), which is what a save file and a replay are. Play, serve and replay share it.
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/plugin_registry.hpp"

namespace tessera::host {

struct SessionSetup {
  std::string game;
  int players = 2;
  std::uint64_t seed = 1;
  std::vector<std::string> variants;
  std::vector<std::string> seats;  // bot kind or "human" per seat, or none; informational in the log
};

class Session {
 public:
  // Starts a new game. Throws tessera::Error (unknown game, bad player count, seats that
  // are not one "human" or bot kind per player...).
  Session(const PluginRegistry& registry, SessionSetup setup);
  // Rebuilds a session from a log by replaying every step; throws DataError naming the
  // step that failed. The log format is described in sdk/docs/protocol.md; it is read
  // strictly: an unknown field, a value of the wrong type, a missing checksum or a stored
  // outcome that is not the replayed game's is refused.
  static std::unique_ptr<Session> from_log(const PluginRegistry& registry, const nlohmann::json& log);
  // What `tessera replay` does with a log file's text: parsed within the JSON bounds
  // (json_limits.hpp), then from_log. Every error is a DataError starting with `name`.
  static std::unique_ptr<Session> from_log_text(const PluginRegistry& registry, std::string_view text,
                                                const std::string& name);
  // Starts a game at the position a scenario describes (scenario_state.hpp), loaded through
  // the same whole-state door as set and patch: refused whole (DataError naming the
  // scenario's place) or kept whole. The log then carries the scenario, its fixed next
  // rolls included, so that a replay starts where it did.
  // `seats` as in SessionSetup (none: all random).
  static std::unique_ptr<Session> from_scenario(const PluginRegistry& registry, const class ScenarioSource& source,
                                                std::vector<std::string> seats = {});
  // The scenario this session started from (its JSON form), or null.
  const nlohmann::json& scenario() const { return scenario_; }

  Game& game() { return *game_; }
  const Game& game() const { return *game_; }
  const SessionSetup& setup() const { return setup_; }

  // Applies an action and records it when it succeeds. A step the log has no room for
  // (json_limits.hpp: steps, edits, bytes, values, depth) throws InputTooLarge before
  // anything changes; so do set and patch. An edit that changes nothing is not recorded.
  ApplyResult act(const std::string& action_text);
  // Scenario edit: sets the value at a JSON pointer of the full state and records it.
  // Throws DataError (and changes nothing) when the pointer or value does not fit, when
  // the pointer names the end of an array ("-"), or when the state would not hold exactly
  // `value` there afterwards (a key the component drops).
  void set(const std::string& pointer, const nlohmann::json& value);
  // Scenario edit in one step: applies the RFC 6902 JSON Patch `ops` to a copy of the full
  // state (apply_patch, state_patch.hpp), loads the result as one edit and records it. The
  // ops may pass through states the game would refuse (a card in no pile between a remove
  // and an add); only the result is checked: by the game, and by comparing the state it then
  // holds with the patched JSON in every container an op wrote (values no op wrote, such as
  // a supply's totals, are the game's to derive). Throws PatchError (and changes nothing)
  // naming the op that failed, or the whole patch when the game refuses the result.
  void patch(const nlohmann::json& ops);

  // Carries out one step of a log ({"action": text} or {"set": pointer, "value": v}) and
  // records it; throws DataError when it is malformed or refused.
  void replay(const nlohmann::json& step);
  // A new session of the same setup that replays this one's first `count` steps from the
  // seed: the game as it was then (`tessera play`'s undo).
  std::unique_ptr<Session> replayed(const PluginRegistry& registry, std::size_t count) const;

  std::size_t steps() const { return steps_.size(); }
  // The recorded steps, in the log's form.
  const nlohmann::json& step_list() const { return steps_; }
  // The log: {"tessera_log":1, game, players, seed, variants, seats, steps, checksum}, the
  // scenario it started from when it did, and the outcome {scores, winners} once the game is over.
  nlohmann::json log() const;

 private:
  // The size of the log so far. Each step is checked against the bounds of the log format
  // (json_limits.hpp) before it is taken, so a session never holds a log that replay,
  // `play --load` or serve's `load` would refuse: the step past a bound is refused instead.
  struct LogSize {
    std::size_t edits = 0;   // set and patch steps
    std::size_t bytes = 0;   // as written to a file (indent 1), the outcome's room included
    std::size_t values = 0;  // JSON values
  };
  // Throws InputTooLarge (json_limits.hpp) naming the bound `step` would pass.
  void check_room(const nlohmann::json& step) const;
  void record(nlohmann::json step);
  // Fixed rolls come only from a scenario: an edit (`what`) that would change them is refused.
  void check_rolls_kept(const nlohmann::json& state, const char* what) const;
  // The one door of every edit (set, patch, a scenario, and so a log's edits): completes
  // `state` with what the edit implies but does not say (FlowGame::complete_edit; `says`
  // tells whether the edit wrote a place), loads it whole through
  // set_state (schema, conservation, the game's check, everything derived recomputed) and
  // requires the game to hold each value the edit wrote (`wrote(place)`, lists of objects
  // in any order). A refusal calls `refuse(place, why)`, which throws: place "" when the
  // game refused the state (why: its reason), else the first place not kept (why: what the
  // value there is derived from, or "" when it is not derived). The game is then as before.
  void load_edit(nlohmann::json state, const std::function<bool(const std::string&)>& says,
                 const std::function<bool(const std::string&)>& wrote,
                 const std::function<void(const std::string&, const std::string&)>& refuse);
  void start_scenario(const class ScenarioSource& source);

  SessionSetup setup_;
  std::unique_ptr<Game> game_;
  nlohmann::json steps_ = nlohmann::json::array();
  nlohmann::json scenario_;
  LogSize log_size_;
};

// A short stable digest of a full state (FNV-1a of its JSON text), for logs and tests.
std::string state_checksum(const Game& game);
// A finished game's outcome as a log stores it: {"scores": [...], "winners": [...]}.
nlohmann::json outcome_json(const Game& game);

// Makes new games of `game` for `players` and `variants` through `registry` (which must
// outlive it), each loaded anew with a script runtime of its own: what a search bot on
// several threads gives its extra threads (bots.hpp, GameMaker).
std::function<std::unique_ptr<Game>()> game_maker(const PluginRegistry& registry, std::string game, int players,
                                                  std::vector<std::string> variants);

}  // namespace tessera::host
