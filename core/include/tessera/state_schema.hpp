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
//     marks:    {kind: counters, keys: {"{cards}": seat, "{cards}.age": [0, 1]}}
//     tally:    {kind: counters, derived: "the cards in each seat's tableau"}  # the whole component
//     totals:   {kind: counters, keys: {route: [0, 99]}, derived: {route: "the seat's longest route"}}
//     goods:    {kind: supply, holds: goods}         # its resources are goods ids
//   invariants:
//     - conserved: cards        # each card is in exactly one place: the ids held by every
//                               # component that holds cards are the game's cards, each once
//                               # per copy; a supply that holds the list counts its bank and
//                               # every seat's units of each id (content() gives -1 copies for an
//                               # id whose bank is unlimited: then its bank must stay unlimited)
//     - conserved: shipments    # places other than decks, hands, markets and supplies:
//       in:
//         - {component: port, counts: keys}     # each key of the counters that is an id
//         - {component: colony, counts: tiles}  # each tile number on the grid (tile_numbers())
//     - conserved: workers      # a seat's pieces, counted per seat (one id: each seat's copies)
//       in:
//         - {component: home, key: workers, counts: number}     # the value (a seat's counters)
//         - {component: board, key: "cw*", counts: number}      # the value; the seat is the
//                                                               # key's number mod the players
//         - {component: board, key: "fw*", counts: seat_bits}   # one per seat bit of the value
//         - {component: board, key: "cs*", counts: seat_plus_one}  # one for seat value - 1
//
// A derived value (`derived:`, with what it is derived from) is recomputed by the game from
// the rest of the state whenever a state is set (FlowGame::derive), so it is never read from
// an edit; the edit doors refuse an edit that writes one with that text (derived_at). A
// supply's per-seat "totals" are derived too (the sum of the seat's units).
//
// A counters component with `keys` may hold only those keys (a key ending in `*` stands for
// every key with that start; a key with `{list}` in it, such as `"{ships}.own"`, for every
// key in which an id of content list `list` stands there, and `"{ships}.s*"` for every key
// that goes on after such an id and `.s`), each within its range: [lo, hi],
// `seat` (0..players-1) or `seat_or_none` (-1..players-1). Components the schema does not name are refused, and so
// are declared ones that are missing or of another kind (the flow engine's own `flow`
// component needs no declaration). Content lists (`holds`) are given by
// the game from its data (content()).
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "tessera/table.hpp"

namespace tessera {

class Counters;
class YamlNode;

class StateSchema {
 public:
  explicit StateSchema(const YamlNode& root);

  // The ids of content list `name` and how many copies the game has of each. A list names
  // what a deck, hand or market `holds` and what a `{name}` in a counter key stands for.
  void content(const std::string& name, std::map<std::string, int> copies);
  // The ids of content list `name` by the numbers a square grid gives its tiles
  // (SquareGrid::Cell::tile): number n is ids[n]; a number beyond them is no tile of the list.
  void tile_numbers(const std::string& name, std::vector<std::string> ids);
  // Throws DataError naming the component, key or id that does not fit. Refuses a holds,
  // conserved or `{list}` key list that no content() named.
  void check(const Table& table) const;
  // The declaration as text, for `tessera schema`.
  std::string describe() const;

  // Checks of single writes (what Lua writes during a move), so that a move costs a check
  // of what it wrote instead of the whole state. `decl` comes from declaration_of.
  // The declaration component `c` falls under; -1 when none (no schema check applies).
  int declaration_of(const Component& c) const;
  bool has_keys(int decl) const { return components_[static_cast<std::size_t>(decl)].has_keys; }
  // The content list the declaration holds; "" when none.
  const std::string& holds(int decl) const { return components_[static_cast<std::size_t>(decl)].holds; }
  // The conserved lists whose count a write to the declaration can change (its `holds`, and
  // the invariants' `in:` places in it).
  const std::vector<std::string>& conserved_in(int decl) const {
    return components_[static_cast<std::size_t>(decl)].conserved;
  }
  // What a write of `key` (a counter key; "" for a write of anything else) into declaration
  // `decl` writes that is derived: "seat 0 score.vp is derived from ..." (`seat` the owner,
  // kNobody for a global component); "" when nothing derived.
  std::string derived_write(int decl, std::string_view key, int seat) const;
  bool has_derived(int decl) const {
    const ComponentDecl& c = components_[static_cast<std::size_t>(decl)];
    return !c.derived.empty() || !c.derived_keys.empty();
  }
  // Throws DataError unless `key` may hold `value` in counters `c` of declaration `decl`.
  void check_key(int decl, const Component& c, std::string_view key, int value, int players) const;
  // Throws DataError for an id in `c` that is not one of the declaration's content list.
  void check_held(int decl, const Component& c) const;
  // Throws DataError when a list of `lists` is declared conserved and `table` breaks it.
  void check_conserved(const Table& table, std::span<const std::string> lists) const;
  // What the value at `pointer` (a JSON pointer into Table::to_json()) is derived from, as
  // schema.yaml says it; "" when it is not a derived value.
  std::string derived_at(std::string_view pointer) const;

  // One end of a [lo, hi] range of schema.yaml: a number, or a value of the player count.
  struct Bound {
    enum class Of { Number, Players, SeatMask } of = Of::Number;  // n; the count; 2^count - 1
    int number = 0;
    int value(int players) const;
    std::string text() const;
  };

 private:
  struct Range {
    enum class Kind { Fixed, Seat, SeatOrNone } kind = Kind::Fixed;
    Bound lo, hi;
  };
  struct Key {
    std::string name;    // without the trailing '*' of a pattern; before the `{list}` of one
    bool prefix = false;
    std::string ids;     // the content list of a `{list}` key; "" for none
    std::string suffix;  // what follows `{list}`
    Range range;
    std::string mark;    // file:line:col of the key's declaration
    std::string text() const;  // as written in schema.yaml
  };
  struct ComponentDecl {
    std::string name;
    bool per_seat = false;
    std::string kind;
    std::string holds;
    bool has_keys = false;
    std::vector<Key> keys;
    std::string derived;  // the whole component is derived from this; "" when it is not
    std::vector<std::pair<Key, std::string>> derived_keys;  // keys derived, and from what
    std::vector<std::string> conserved;  // the conserved lists it holds (conserved_in)
    std::string doc;
    std::string mark;  // file:line:col
  };
  static void refuse_mixed_keys(const ComponentDecl& c);
  void read_components(const YamlNode& node, bool per_seat);
  static Key read_key(const std::string& key, const YamlNode& range);
  void read_derived(const YamlNode& node, ComponentDecl& c) const;
  void check_counters(const ComponentDecl& decl, const Counters& counters, int players) const;
  // A place of an invariant's `in:` that holds units of a conserved list.
  struct Place {
    enum class Counts { Keys, Tiles, Number, SeatBits, SeatPlusOne } counts = Counts::Keys;
    std::size_t decl = 0;
    std::optional<Key> key;  // the keys of counters that hold; none: every key
    std::string text;        // "board.cw*", as messages name it
  };
  struct Conserved {
    std::string list;
    std::string mark;  // file:line:col
    std::vector<Place> places;
    bool by_seat = false;  // its places count a seat's pieces (number, seat_bits, seat_plus_one)
  };
  void read_conserved(const YamlNode& item);
  void check_conserved(const Table& table, const Conserved& c) const;
  void check_conserved_by_seat(const Table& table, const Conserved& c) const;
  // Calls each(place name, id) for every unit of list `c` that the decks, hands, markets and
  // `in:` places of `table` hold (supplies apart).
  template <typename F>
  void for_each_unit(const Table& table, const Conserved& c, F&& each) const;
  // A content list: the copies of each id (in id order, as messages name them) and the ids
  // again as a hash set, since every check of a state looks up each id it holds.
  struct IdHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view id) const { return std::hash<std::string_view>{}(id); }
  };
  struct Content {
    std::map<std::string, int> copies;
    std::unordered_set<std::string, IdHash, std::equal_to<>> ids;
    std::vector<std::string> numbers;  // tile_numbers()
  };
  const Content& content_of(const std::string& name, const std::string& mark) const;
  // Whether `key` is one of the keys `k` stands for.
  bool matches(const Key& k, std::string_view key) const;
  // The part of `key` that stands where a `{list}` key `k` has its list; nullopt when the
  // rest of `key` does not fit `k`.
  static std::optional<std::string_view> id_in(const Key& k, std::string_view key);

  std::vector<ComponentDecl> components_;
  std::vector<Conserved> conserved_;
  std::map<std::string, Content> contents_;
};

}  // namespace tessera
