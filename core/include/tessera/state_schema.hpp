#pragma once
// StateSchema: what a game's state holds, declared once in data/<game>/schema.yaml (variant
// overlays merged) and checked by the core whenever a state comes from outside the rules —
// a scenario edit, a loaded save, the protocol's `set` — so that no game writes these
// checks again. `tessera schema <game>` prints it.
//
//   components:                 # global components, in the order the game adds them
//     dice:     {kind: dice_pool}
//     cards:    {kind: deck, holds: cards}           # every id in it is a card id
//     progress: {kind: counters, keys: {last_round: [0, 1], "bonus_*": [0, 9]}}
//   per_seat:                   # one of each per seat
//     tableau:  {kind: hand, holds: cards}
//     score:    {kind: counters, keys: {total: [0, 999], seat_left: seat_or_none}}
//   invariants:
//     - conserved: cards        # each card is in exactly one place: the ids held by every
//                               # component that holds cards are the game's cards, each once
//                               # per copy
//
// A counters component with `keys` may hold only those keys (a key ending in `*` stands for
// every key with that start), each within its range: [lo, hi], `seat` (0..players-1) or
// `seat_or_none` (-1..players-1). Components the schema does not name are refused, and so
// are declared ones that are missing or of another kind (the flow engine's own `flow`
// component needs no declaration). Content lists (`holds`) are given by
// the game from its data (content()).
#include <map>
#include <string>
#include <vector>

#include "tessera/table.hpp"

namespace tessera {

class Counters;
class YamlNode;

class StateSchema {
 public:
  explicit StateSchema(const YamlNode& root);

  // The ids of content list `name` and how many copies the game has of each.
  void content(const std::string& name, std::map<std::string, int> copies);
  // Throws DataError naming the component, key or id that does not fit. Refuses a holds or
  // conserved list that no content() named.
  void check(const Table& table) const;
  // The declaration as text, for `tessera schema`.
  std::string describe() const;

 private:
  struct Range {
    enum class Kind { Fixed, Seat, SeatOrNone } kind = Kind::Fixed;
    int lo = 0, hi = 0;
  };
  struct Key {
    std::string name;  // without the trailing '*' of a pattern
    bool prefix = false;
    Range range;
  };
  struct ComponentDecl {
    std::string name;
    bool per_seat = false;
    std::string kind;
    std::string holds;
    bool has_keys = false;
    std::vector<Key> keys;
    std::string doc;
    std::string mark;  // file:line:col
  };
  void read_components(const YamlNode& node, bool per_seat);
  void check_counters(const ComponentDecl& decl, const Counters& counters, const std::string& where,
                      int players) const;
  const std::map<std::string, int>& content_of(const std::string& name, const std::string& mark) const;

  std::vector<ComponentDecl> components_;
  std::vector<std::pair<std::string, std::string>> conserved_;  // (content list, mark)
  std::map<std::string, std::map<std::string, int>> contents_;
};

}  // namespace tessera
