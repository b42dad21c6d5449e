#pragma once
// The values that flow through the one door of a game: decisions, actions, events, outcomes.
#include <string>
#include <utility>
#include <vector>

#include "tessera/component.hpp"
#include "tessera/move.hpp"

namespace tessera {

// One legal move in words. `text` is the stable form a human, a replay or the protocol
// sends back ("buy 3"); `label` is for people ("Buy Scout (3 coins)"). `args` is a
// plugin's own parsed form of `text` (games on GameBase); `move` is the typed move.
struct Action {
  std::string text;
  std::string label;
  std::vector<int> args;
  Move move{};
};

// Who must decide now. seat == kNobody once the game is over.
struct Decision {
  int seat = kNobody;
  std::string prompt;
};

// Something that happened, for logs and UIs. `audience` is a seat when only that seat
// may read it (a card drawn into a hand), or kSpectator when everyone may.
struct Event {
  std::string text;
  int audience = kSpectator;
};

// The result of a finished game. `winners` holds every seat that shares the win.
struct Outcome {
  std::vector<int> scores;
  std::vector<int> winners;
  std::vector<std::string> breakdown;  // per seat, a readable account of the score
  // Per seat, the numbers of the breakdown by name ("renown" 5, "spice" 3): what
  // `tessera compare` and `simulate` average as the score by category.
  std::vector<std::vector<std::pair<std::string, int>>> categories;
};

// What apply() returns: the events on success, or the reason of a refusal.
struct ApplyResult {
  bool ok = false;
  std::string error;
  std::vector<Event> events;
  // With an error: the game failed carrying the move out (a script error, a state its schema
  // refuses, any exception but a RuleError), so the same move would fail again; false when
  // the rules refused it (a move that is not legal now, a RuleError) and the seat may choose
  // again.
  bool failed = false;
};

// Splits an action text into its words ("buy 3" -> {"buy", "3"}).
std::vector<std::string> split_words(const std::string& text);

}  // namespace tessera
