#pragma once
// Game: the contract between a game plugin and everything that drives it (host, bots,
// protocol, replays, tests). Everything goes through one door:
//
//   decision()       who decides now (kNobody when the game is over) and a prompt
//   legal_moves()    the finite list of that seat's moves, in a stable order: small typed
//                    values (move.hpp), made without text
//   apply(move)      carries out one of them; a move not in the list, or one that fails
//                    half-way (a Lua error, a broken rule), is refused with a reason and
//                    leaves the state exactly as it was
//
// The text door is the same door in words, for people, logs and the protocol:
// legal_actions() gives each legal move with its stable text ("buy 0 2") and a label for
// people; apply(text) parses a text back into a move and applies it.
//
// The whole state is table(); clone() copies it (cheap: bots call it often). A Game
// object must be destroyed before the plugin library that made it is unloaded.
//
// undo() takes back the last move (a search or an editor that walks back and forth).
//
// What search needs (bots.md): determinize() samples a state `seat` cannot tell from this
// one, returns() scores a finished game per seat, hash() fingerprints the state, info()
// says what kind of game it is.
#include <cstdint>
#include <memory>
#include <optional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "tessera/action.hpp"
#include "tessera/move.hpp"
#include "tessera/table.hpp"

namespace tessera {

// How apply() carries a move out. Transaction: all or nothing, with events — what every
// driver of a real game uses. Playout: no events and no undo journal, for bots and
// simulations that play on a copy they own: a move from legal_moves() that fails half-way
// (a script error) leaves that copy half-changed, so drop it.
enum class ApplyMode { Transaction, Playout };

// The longest rollout a game may ask a search for (GameInfo::rollout_depth).
inline constexpr int kMaxRolloutDepth = 1'000'000;

// What a search needs to know about a game before it starts.
struct GameInfo {
  int players = 0;
  bool hidden_information = false;  // some component is seen by one seat only, or by nobody
  bool chance = false;              // the game draws on its RNG after the set-up
  int max_moves = 0;                // a bound on the moves of one game; 0 when none is known
  // The random moves a search's rollout should play before it judges the position by
  // score_so_far(), as the game declares it (a game whose random playouts run long);
  // 0 when the game declares none (then a search plays its own default).
  int rollout_depth = 0;
};

// A finished game's result per seat, for search. Meaningful once is_over().
struct Returns {
  std::vector<double> result;  // 1 for a sole win, 1/k each for k shared winners, 0 for a loss
  std::vector<double> margin;  // the seat's score minus the best score of the other seats
};
// Per seat: its score minus the best score of the other seats (all 0 for fewer than 2 seats).
std::vector<double> score_margins(const std::vector<int>& scores);
// The returns of a finished game of `players` seats whose outcome is `outcome`.
Returns returns_of(const Outcome& outcome, int players);

class Game {
 public:
  virtual ~Game() = default;

  virtual std::unique_ptr<Game> clone() const = 0;
  // A new game with the same rules, player count and variants, started from `seed`.
  // Reuses what is already loaded (data, scripts), so batches of games start fast.
  virtual std::unique_ptr<Game> rematch(std::uint64_t seed) const = 0;

  virtual const Table& table() const = 0;
  virtual Decision decision() const = 0;
  // Clears `out` and fills it with the legal moves of decision().seat (empty when over).
  virtual void legal_moves(std::vector<Move>& out) const = 0;
  virtual ApplyResult apply(const Move& move, ApplyMode mode = ApplyMode::Transaction) = 0;
  // The playout door, for a loop that picks a move by its place in the list: the list the
  // game keeps (valid until the next apply, undo or set_state), or null when it keeps none
  // (then legal_moves() copies it), and apply() of the list's index-th move without looking
  // it up. An index outside the list is refused like a move that is not legal.
  virtual const std::vector<Move>* kept_moves() const { return nullptr; }
  virtual ApplyResult apply_at(std::size_t index, ApplyMode mode);
  // Takes back the last move apply() made in ApplyMode::Transaction: the state (its RNG and
  // progress included) and the legal moves are exactly as before it. One level only: false,
  // changing nothing, when there is no such move — at the start, after an undo, after a
  // Playout move (the flow engine keeps no journal for one), after set_state, in a clone.
  // Default: false (a game that keeps no journal).
  virtual bool undo() { return false; }
  // The stable text of a legal move ("buy 0 2"), and a label for people.
  virtual std::string move_text(const Move& move) const = 0;
  virtual std::string move_label(const Move& move) const = 0;
  // The move a text stands for, or nothing when it reads as no move of this game now.
  virtual std::optional<Move> parse_move(std::string_view text) const = 0;
  // Why `text`, whose first word names one of the game's moves, reads as no move now (the
  // parameter that does not read and what it must be), in words for people and clients;
  // empty when its first word names no move (the default: a game that cannot tell).
  virtual std::string unread_reason(std::string_view text) const {
    (void)text;
    return {};
  }

  // The text door: every legal move with its text and label, and apply by text.
  virtual std::vector<Action> legal_actions() const;
  virtual ApplyResult apply(std::string_view action_text);
  ApplyResult apply(const char* action_text) { return apply(std::string_view(action_text)); }
  ApplyResult apply(const std::string& action_text) { return apply(std::string_view(action_text)); }

  // decision().seat without its prompt (cheap: playouts ask it after every move).
  virtual int seat_to_move() const { return decision().seat; }
  bool is_over() const { return seat_to_move() == kNobody; }
  // Scores and winners; meaningful once is_over().
  virtual Outcome outcome() const = 0;
  // Each seat's score as far as the game can tell from what every seat sees, for a search
  // that judges an unfinished position (greedy, a rollout cut short): the running victory
  // points a game keeps on the table. Equals outcome().scores once is_over(). The default
  // is outcome().scores, which most games leave empty before the end (then: no signal).
  virtual std::vector<int> score_so_far() const { return outcome().scores; }

  // A copy in which everything `seat` cannot see (Component::visible_to) is re-dealt with
  // `rng`, consistent with what it has seen: the unseen cards of hands are pooled with the
  // face-down piles of the decks that hold the same content list (schema.yaml `holds`) and
  // dealt back, keeping every size; each component then re-deals its own hidden part
  // (Component::resample_hidden). The copy's RNG is reseeded from `rng`, so the copy does
  // not know the original's future rolls and draws. Two states that `seat` cannot tell
  // apart give the same copy for the same `rng` (pools are sorted before they are dealt).
  // Hidden counters (a face-down total) are kept as they are: no generic rule can re-deal
  // them. seat may be kOmniscient (then only the RNG is reseeded).
  virtual std::unique_ptr<Game> determinize(int seat, Rng& rng) const = 0;
  // win/draw/loss and score margin per seat, from outcome().
  Returns returns() const;
  // A 64-bit fingerprint of the whole state (Table::hash): equal states hash equal.
  std::uint64_t hash() const { return table().hash(); }
  // Players, hidden information and chance, found from the components and a short seeded
  // playout of a copy (so it costs up to a few hundred moves: a search asks once per move,
  // not per iteration), and what the game declares (FlowGame: flow.yaml's rollout depth).
  virtual GameInfo info() const;

  // Readable terminal view for `viewer` (board, tracks, the viewer's hand, others' public info).
  virtual std::string render(int viewer) const = 0;
  // For people at a terminal (`tessera play`): what the codes of the decision's move texts
  // and of render() mean, drawn from the game's data: the words of each move on offer, the
  // places and pieces its numbers and ids name (a map, a preview of a tile to place).
  // `viewer` is the seat that decides. Empty when there is nothing to explain (the default).
  virtual std::string legend(int viewer) const {
    (void)viewer;
    return {};
  }
  // The name by which render() and the events call `seat` ("Seat 2", or a colour such as
  // "blue"): a terminal paints it in the seat's colour wherever it appears.
  virtual std::string player_name(int seat) const { return "Seat " + std::to_string(seat); }
  // What the state may hold and how the game flows, for `tessera schema` (its declared
  // schema, steps and moves); empty when the game declares none.
  virtual std::string schema_text() const { return {}; }

  // Scenario editing: replaces the state from a full-state JSON (see Table::assign_json).
  // Throws DataError and changes nothing when the JSON does not fit this game.
  virtual void set_state(const nlohmann::json& state) = 0;
};

}  // namespace tessera
