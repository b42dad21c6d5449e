#pragma once
// Game: the contract between a game plugin and everything that drives it (host, bots,
// protocol, replays, tests). Everything goes through one door:
//
//   decision()       who decides now (kNobody when the game is over) and a prompt
//   legal_actions()  the finite list of choices of that seat, in a stable order
//   apply(text)      carries out one of them; an action not in the list, or one that
//                    fails half-way (a Lua error, a broken rule), is refused with a reason
//                    and leaves the state exactly as it was
//
// The whole state is table(); clone() copies it (cheap: bots call it often). A Game
// object must be destroyed before the plugin library that made it is unloaded.
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/action.hpp"
#include "tessera/table.hpp"

namespace tessera {

class Game {
 public:
  virtual ~Game() = default;

  virtual std::unique_ptr<Game> clone() const = 0;
  // A new game with the same rules, player count and variants, started from `seed`.
  // Reuses what is already loaded (data, scripts), so batches of games start fast.
  virtual std::unique_ptr<Game> rematch(std::uint64_t seed) const = 0;

  virtual const Table& table() const = 0;
  virtual Decision decision() const = 0;
  virtual std::vector<Action> legal_actions() const = 0;
  virtual ApplyResult apply(std::string_view action_text) = 0;

  bool is_over() const { return decision().seat == kNobody; }
  // Scores and winners; meaningful once is_over().
  virtual Outcome outcome() const = 0;

  // Readable terminal view for `viewer` (board, tracks, the viewer's hand, others' public info).
  virtual std::string render(int viewer) const = 0;

  // Scenario editing: replaces the state from a full-state JSON (see Table::assign_json).
  // Throws DataError and changes nothing when the JSON does not fit this game.
  virtual void set_state(const nlohmann::json& state) = 0;
};

}  // namespace tessera
