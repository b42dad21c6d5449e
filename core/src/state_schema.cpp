#include "tessera/state_schema.hpp"

#include <algorithm>
#include <charconv>
#include <climits>

#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/error.hpp"
#include "tessera/hand.hpp"
#include "tessera/json_fields.hpp"
#include "tessera/market.hpp"
#include "tessera/square_grid.hpp"
#include "tessera/supply.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera {

namespace {

// Calls `each(id)` for every content id component `c` holds ("" slots of a market are empty).
template <typename F>
void for_each_held(const Component& c, F&& each) {
  if (const auto* deck = dynamic_cast<const Deck*>(&c)) {
    for (const auto& pile : deck->piles())
      for (const std::string& id : pile.cards) each(id);
  } else if (const auto* hand = dynamic_cast<const Hand*>(&c)) {
    for (const std::string& id : hand->cards()) each(id);
  } else if (const auto* market = dynamic_cast<const Market*>(&c)) {
    for (const std::string& id : market->slots())
      if (!id.empty()) each(id);
  } else if (const auto* supply = dynamic_cast<const Supply*>(&c)) {
    for (const Resource& r : supply->resources()) each(r.id);
  }
}

// The units of resource `r` of `supply` in the game: its bank and every seat's;
// Supply::kUnlimited when the bank never runs out.
int units_of(const Supply& supply, std::size_t r) {
  const int bank = supply.resources()[r].bank;
  if (bank == Supply::kUnlimited) return Supply::kUnlimited;
  long long units = bank;
  for (int seat = 0; seat < supply.seats(); ++seat) units += supply.count_at(seat, static_cast<int>(r));
  return units > INT_MAX ? INT_MAX : static_cast<int>(units);
}

// One end of a key's range: an integer, `players` or `seat_mask`.
StateSchema::Bound read_bound(const YamlNode& node) {
  StateSchema::Bound b;
  if (node.is_scalar() && node.scalar() == "players") {
    b.of = StateSchema::Bound::Of::Players;
  } else if (node.is_scalar() && node.scalar() == "seat_mask") {
    b.of = StateSchema::Bound::Of::SeatMask;
  } else {
    b.number = node.as_int();
  }
  return b;
}

}  // namespace

StateSchema::StateSchema(const YamlNode& root) {
  root.allow_only({"components", "per_seat", "invariants"});
  if (const auto node = root.find("components")) read_components(*node, false);
  if (const auto node = root.find("per_seat")) read_components(*node, true);
  if (const auto node = root.find("invariants"); node && !node->is_null())
    for (const YamlNode& item : node->as_list()) read_conserved(item);
  for (const Conserved& c : conserved_) {
    for (ComponentDecl& decl : components_)
      if (decl.holds == c.list) decl.conserved.push_back(c.list);
    for (const Place& place : c.places) {
      auto& lists = components_[place.decl].conserved;
      if (std::find(lists.begin(), lists.end(), c.list) == lists.end()) lists.push_back(c.list);
    }
  }
}

// `conserved: <list>`, with `in:` the places other than decks, hands, markets and supplies
// that hold its units.
void StateSchema::read_conserved(const YamlNode& item) {
  item.allow_only({"conserved", "in"});
  Conserved c;
  c.list = item.required<std::string>("conserved");
  c.mark = item.mark();
  const auto in = item.find("in");
  for (const YamlNode& at : in ? in->as_list() : std::vector<YamlNode>{}) {
    at.allow_only({"component", "key", "counts"});
    const std::string name = at.required<std::string>("component");
    const auto decl = std::find_if(components_.begin(), components_.end(),
                                   [&](const ComponentDecl& d) { return d.name == name; });
    if (decl == components_.end()) throw at.at("component").error("in: the schema declares no component '" + name + "'");
    Place place;
    place.decl = static_cast<std::size_t>(decl - components_.begin());
    place.text = name;
    const std::string counts = at.required<std::string>("counts");
    static const std::map<std::string, Place::Counts> kCounts{{"keys", Place::Counts::Keys},
                                                              {"tiles", Place::Counts::Tiles},
                                                              {"number", Place::Counts::Number},
                                                              {"seat_bits", Place::Counts::SeatBits},
                                                              {"seat_plus_one", Place::Counts::SeatPlusOne}};
    const auto kind = kCounts.find(counts);
    if (kind == kCounts.end())
      throw at.at("counts").error("in: counts is keys, tiles, number, seat_bits or seat_plus_one, not '" + counts + "'");
    place.counts = kind->second;
    const bool tiles = place.counts == Place::Counts::Tiles;
    if (decl->kind != (tiles ? "square_grid" : "counters"))
      throw at.error("in: counts: " + counts + " counts " + (tiles ? "a square_grid" : "counters") + ", and " + name +
                     " is a " + decl->kind);
    if (const auto key = at.find("key")) {
      if (tiles) throw key->error("in: a grid's tiles have no key");
      place.key = read_key(key->scalar(), *key);
      place.text += "." + key->scalar();
    } else if (place.counts != Place::Counts::Keys && !tiles) {
      throw at.error("in: counts: " + counts + " needs the key (or 'key*' keys) that hold the units");
    }
    // A global component's number is a seat's by the number its key ends in.
    if (place.counts == Place::Counts::Number && !decl->per_seat && !place.key->prefix)
      throw at.at("key").error("in: a global component's count names its seat by the number after its key's "
                               "start: write the key as 'start*'");
    const bool seat_units = place.counts != Place::Counts::Keys && !tiles;
    if (!c.places.empty() && seat_units != c.by_seat)
      throw at.error("in: the " + c.list + " are counted by ids (keys, tiles) or by seats (number, seat_bits, "
                     "seat_plus_one), not both");
    c.by_seat = seat_units;
    c.places.push_back(std::move(place));
  }
  conserved_.push_back(std::move(c));
}

void StateSchema::read_components(const YamlNode& node, bool per_seat) {
  if (node.is_null()) return;
  for (const auto& [name, decl] : node.as_map()) {
    decl.allow_only({"kind", "holds", "keys", "derived", "doc"});
    ComponentDecl c;
    c.name = name;
    c.per_seat = per_seat;
    c.kind = decl.required<std::string>("kind");
    c.holds = decl.optional("holds", "");
    if (!c.holds.empty() && c.kind != "deck" && c.kind != "hand" && c.kind != "market" && c.kind != "supply")
      throw decl.at("holds").error("only a deck, a hand, a market or a supply holds content ids");
    c.doc = decl.optional("doc", "");
    c.mark = decl.mark();
    if (const auto keys = decl.find("keys")) {
      if (c.kind != "counters") throw keys->error("only counters have keys");
      c.has_keys = true;
      for (const auto& [key, range] : keys->as_map()) {
        Key k = read_key(key, range);
        if (range.is_scalar() && (range.scalar() == "seat" || range.scalar() == "seat_or_none")) {
          k.range.kind = range.scalar() == "seat" ? Range::Kind::Seat : Range::Kind::SeatOrNone;
        } else {
          const auto bounds = range.is_list() ? range.as_list() : std::vector<YamlNode>{};
          if (bounds.size() != 2)
            throw range.error("a key's range is [lo, hi] (each a number, players or seat_mask), seat or seat_or_none");
          k.range.lo = read_bound(bounds[0]);
          k.range.hi = read_bound(bounds[1]);
          if (k.range.lo.of == Bound::Of::Number && k.range.hi.of == Bound::Of::Number &&
              k.range.lo.number > k.range.hi.number)
            throw range.error("a key's range is [lo, hi] with lo <= hi");
        }
        c.keys.push_back(std::move(k));
      }
      refuse_mixed_keys(c);
    }
    if (const auto derived = decl.find("derived")) read_derived(*derived, c);
    components_.push_back(std::move(c));
  }
}

// The name part of a key of schema.yaml: a plain key, a `start*` pattern, or
// `<start>{list}<end>` (an id of content list `list` between a fixed start and end).
StateSchema::Key StateSchema::read_key(const std::string& key, const YamlNode& at) {
  Key k;
  k.mark = at.mark();
  const auto open = key.find('{');
  if (open != std::string::npos) {
    const auto close = key.find('}', open);
    k.name = key.substr(0, open);
    k.ids = close == std::string::npos ? "" : key.substr(open + 1, close - open - 1);
    k.suffix = close == std::string::npos ? "" : key.substr(close + 1);
    k.prefix = !k.suffix.empty() && k.suffix.back() == '*';
    if (k.prefix) k.suffix.pop_back();
    if (k.ids.empty() || k.ids.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") != std::string::npos ||
        k.suffix.find_first_of("{}*") != std::string::npos || k.name.find_first_of("}*") != std::string::npos ||
        (k.prefix && k.suffix.empty()))
      throw at.error("key '" + key + "': a key names at most one content list, as '{list}' (e.g. "
                     "'{cards}.age'), and may end in '*' only after a text that follows it ('{cards}.s*')");
  } else {
    k.prefix = !key.empty() && key.back() == '*';
    k.name = k.prefix ? key.substr(0, key.size() - 1) : key;
  }
  return k;
}

// `derived: "<from what>"` for the whole component, or `derived: {key: "<from what>"}` for
// some keys of counters, each one of its declared keys.
void StateSchema::read_derived(const YamlNode& node, ComponentDecl& c) const {
  if (node.is_scalar()) {
    c.derived = node.scalar();
    if (c.derived.empty()) throw node.error("derived: say what the component is derived from");
    return;
  }
  if (!c.has_keys) throw node.error("derived keys are keys of counters with declared keys");
  for (const auto& [key, from] : node.as_map()) {
    Key k = read_key(key, from);
    const bool declared = std::any_of(c.keys.begin(), c.keys.end(), [&](const Key& d) { return d.text() == k.text(); });
    if (!declared) throw from.error("derived: '" + key + "' is not one of " + c.name + "'s keys");
    const std::string text = from.is_scalar() ? from.scalar() : "";
    if (text.empty()) throw from.error("derived: say what '" + key + "' is derived from");
    c.derived_keys.emplace_back(std::move(k), text);
  }
}

// Counters keyed by ids (a shipment's dock, a ship's marker) are read by the game as a map:
// every key an id. A plain key there (a house rule's own, from a schema overlay) would be
// read as one more id, so it belongs in counters of plain keys.
void StateSchema::refuse_mixed_keys(const ComponentDecl& c) {
  const auto by_id = std::find_if(c.keys.begin(), c.keys.end(), [](const Key& k) { return !k.ids.empty(); });
  const auto plain = std::find_if(c.keys.begin(), c.keys.end(), [](const Key& k) { return k.ids.empty(); });
  if (by_id == c.keys.end() || plain == c.keys.end()) return;
  throw DataError(plain->mark + ": " + c.name + " is keyed by ids ('" + by_id->text() + "'), so a plain key ('" +
                  plain->text() + "') cannot join it: keep such counters in a component of plain keys");
}

void StateSchema::content(const std::string& name, std::map<std::string, int> copies) {
  Content& content = contents_[name];
  content.ids.clear();
  for (const auto& entry : copies) content.ids.insert(entry.first);
  content.copies = std::move(copies);
}

void StateSchema::tile_numbers(const std::string& name, std::vector<std::string> ids) {
  contents_[name].numbers = std::move(ids);
}

const StateSchema::Content& StateSchema::content_of(const std::string& name, const std::string& mark) const {
  const auto found = contents_.find(name);
  if (found == contents_.end())
    throw DataError(mark + ": the game gives no content list named '" + name + "'");
  return found->second;
}

namespace {

std::string where_of(const std::string& name, int owner) {
  return owner == kNobody ? name : "seat " + std::to_string(owner) + " " + name;
}

}  // namespace

int StateSchema::Bound::value(int players) const {
  switch (of) {
    case Of::Players: return players;
    case Of::SeatMask: return (1 << players) - 1;
    case Of::Number: break;
  }
  return number;
}

std::string StateSchema::Bound::text() const {
  switch (of) {
    case Of::Players: return "players";
    case Of::SeatMask: return "seat_mask";
    case Of::Number: break;
  }
  return std::to_string(number);
}

std::string StateSchema::Key::text() const {
  if (!ids.empty()) return name + "{" + ids + "}" + suffix + (prefix ? "*" : "");
  return name + (prefix ? "*" : "");
}

std::optional<std::string_view> StateSchema::id_in(const Key& k, std::string_view key) {
  if (!key.starts_with(k.name)) return std::nullopt;
  const std::string_view rest = key.substr(k.name.size());
  // Without '*' the id is what lies between the start and the end; with it, what lies before
  // the end's text (the first place it follows a non-empty id).
  const std::size_t at = k.prefix ? rest.find(k.suffix, 1)
                                  : (rest.ends_with(k.suffix) ? rest.size() - k.suffix.size() : std::string_view::npos);
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  return rest.substr(0, at);
}

bool StateSchema::matches(const Key& k, std::string_view key) const {
  if (k.ids.empty()) return k.prefix ? key.substr(0, k.name.size()) == k.name : key == k.name;
  const auto id = id_in(k, key);
  if (!id) return false;
  return content_of(k.ids, k.mark).ids.contains(*id);
}

int StateSchema::declaration_of(const Component& c) const {
  const bool per_seat = c.owner() != kNobody;
  for (std::size_t d = 0; d < components_.size(); ++d)
    if (components_[d].per_seat == per_seat && components_[d].name == c.name()) return static_cast<int>(d);
  return -1;
}

void StateSchema::check_key(int decl_index, const Component& c, std::string_view key, int value, int players) const {
  const ComponentDecl& decl = components_[static_cast<std::size_t>(decl_index)];
  if (!decl.has_keys) return;
  const Key* match = nullptr;
  for (const Key& k : decl.keys)
    if (matches(k, key)) {
      match = &k;
      break;
    }
  if (!match) {
    std::string known;
    for (const Key& k : decl.keys) known += (known.empty() ? "" : ", ") + k.text();
    // A key of a `{list}` shape whose id is not in the list: say so.
    // The closest shape is the one with the most fixed text around its `{list}`.
    std::string why;
    std::size_t fixed = 0;
    for (const Key& k : decl.keys)
      if (const auto id = k.ids.empty() ? std::nullopt : id_in(k, key);
          id && (why.empty() || k.name.size() + k.suffix.size() > fixed)) {
        why = "; '" + std::string(*id) + "' is not one of the " + k.ids;
        fixed = k.name.size() + k.suffix.size();
      }
    throw DataError(where_of(decl.name, c.owner()) + ": no key '" + std::string(key) + "' (keys: " +
                    (known.empty() ? "none" : known) + ")" + why);
  }
  int lo = match->range.lo.value(players), hi = match->range.hi.value(players);
  if (match->range.kind != Range::Kind::Fixed) {
    lo = match->range.kind == Range::Kind::Seat ? 0 : -1;
    hi = players - 1;
  }
  if (value < lo || value > hi)
    throw DataError(where_of(decl.name, c.owner()) + "." + std::string(key) + " must be " + std::to_string(lo) +
                    ".." + std::to_string(hi) + ", not " + std::to_string(value));
}

void StateSchema::check_counters(const ComponentDecl& decl, const Counters& counters, int players) const {
  const int index = static_cast<int>(&decl - components_.data());
  for (const auto& [key, value] : counters.entries()) check_key(index, counters, key, value, players);
}

void StateSchema::check_held(int decl_index, const Component& c) const {
  const ComponentDecl& decl = components_[static_cast<std::size_t>(decl_index)];
  if (decl.holds.empty()) return;
  const auto& known = content_of(decl.holds, decl.mark).ids;
  for_each_held(c, [&](const std::string& id) {
    if (!known.contains(id)) throw DataError(where_of(decl.name, c.owner()) + ": '" + id + "' is not one of the " + decl.holds);
  });
}

namespace {

// The seat a key of a global component counts for: the number after the key's start, modulo
// the players (a key per seat, or per place and seat: "cl5" is colony 1's seat 2 of 3).
int seat_of_key(std::string_view key, std::size_t start, int players) {
  int n = -1;
  const auto [end, error] = std::from_chars(key.data() + start, key.data() + key.size(), n);
  if (error != std::errc() || end != key.data() + key.size() || n < 0) return kNobody;
  return n % players;
}

}  // namespace

template <typename F>
void StateSchema::for_each_unit(const Table& table, const Conserved& c, F&& each) const {
  const Content& content = content_of(c.list, c.mark);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& component = table.at(i);
    const int d = declaration_of(component);
    if (d < 0) continue;
    const ComponentDecl& decl = components_[static_cast<std::size_t>(d)];
    if (decl.holds == c.list && !dynamic_cast<const Supply*>(&component))
      for_each_held(component, [&](const std::string& id) { each(where_of(decl.name, component.owner()), id); });
    for (const Place& place : c.places) {
      if (place.decl != static_cast<std::size_t>(d)) continue;
      const std::string where = where_of(place.text, component.owner());
      if (place.counts == Place::Counts::Keys) {
        for (const auto& [key, value] : static_cast<const Counters&>(component).entries())
          if (content.ids.contains(key) && (!place.key || matches(*place.key, key))) each(where, key);
      } else {  // tiles: each number once, however many cells it covers
        const auto& grid = static_cast<const SquareGrid&>(component);
        std::vector<char> seen(content.numbers.size(), 0);
        for (int y = 0; y < grid.height(); ++y)
          for (int x = 0; x < grid.width(); ++x) {
            const int tile = grid.at(x, y).tile;
            if (tile < 0 || static_cast<std::size_t>(tile) >= seen.size() || seen[static_cast<std::size_t>(tile)]) continue;
            seen[static_cast<std::size_t>(tile)] = 1;
            each(where, content.numbers[static_cast<std::size_t>(tile)]);
          }
      }
    }
  }
}

void StateSchema::check_conserved(const Table& table, const Conserved& c) const {
  if (c.by_seat) return check_conserved_by_seat(table, c);
  const std::string& list = c.list;
  const auto& expected = content_of(list, c.mark).copies;
  std::map<std::string, int> found;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const auto* supply = dynamic_cast<const Supply*>(&table.at(i));
    const int d = supply ? declaration_of(*supply) : -1;
    if (d < 0 || components_[static_cast<std::size_t>(d)].holds != list) continue;
    for (std::size_t r = 0; r < supply->resources().size(); ++r) {
      const std::string& id = supply->resources()[r].id;
      const int units = units_of(*supply, r);
      const auto want = expected.find(id);
      const int copies = want == expected.end() ? 0 : want->second;
      if ((units == Supply::kUnlimited) != (copies == Supply::kUnlimited))
        throw DataError("the " + list + " are conserved: the bank of '" + id + "' in " +
                        where_of(supply->name(), supply->owner()) + " is " +
                        (copies == Supply::kUnlimited ? "unlimited in this game" : "limited in this game") +
                        (units == Supply::kUnlimited ? ", not unlimited (-1)" : ", not " +
                                                           std::to_string(supply->resources()[r].bank)));
      if (units == Supply::kUnlimited) {
        found[id] = Supply::kUnlimited;
      } else if (units != copies) {
        throw DataError("the " + list + " are conserved: the game has " + std::to_string(copies) + " '" + id +
                        "', the bank and the seats of " + where_of(supply->name(), supply->owner()) + " hold " +
                        std::to_string(units) + " (a unit a seat gains comes from the bank)");
      }
      if (units != Supply::kUnlimited) found[id] += units;
    }
  }
  for_each_unit(table, c, [&](const std::string&, const std::string& id) { ++found[id]; });
  for (const auto& entry : expected) {
    const std::string& id = entry.first;  // named, not a structured binding: a lambda reads it below
    const int copies = entry.second;
    const auto it = found.find(id);
    const int n = it == found.end() ? 0 : it->second;
    if (n == copies) continue;
    // Where it is: the places, each as often as it holds the id.
    std::string places;
    for_each_unit(table, c, [&](const std::string& where, const std::string& held) {
      if (held == id) places += (places.empty() ? " (" : ", ") + where;
    });
    throw DataError("the " + list + " are conserved: '" + id + "' is in " + std::to_string(n) + " place(s)" +
                    (places.empty() ? "" : places + ")") + ", the game has " + std::to_string(copies));
  }
}

// A seat's pieces: every seat has the copies of the list's one id, wherever they are.
void StateSchema::check_conserved_by_seat(const Table& table, const Conserved& c) const {
  const auto& copies = content_of(c.list, c.mark).copies;
  if (copies.size() != 1)
    throw DataError(c.mark + ": the " + c.list + " are counted per seat: the game gives the list one id (the piece), not " +
                    std::to_string(copies.size()));
  const std::string& piece = copies.begin()->first;
  const int players = table.players();
  std::vector<long long> found(static_cast<std::size_t>(players), 0);
  std::vector<std::string> parts(static_cast<std::size_t>(players));
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& component = table.at(i);
    const int d = declaration_of(component);
    if (d < 0) continue;
    for (const Place& place : c.places) {
      if (place.decl != static_cast<std::size_t>(d)) continue;
      std::vector<long long> here(static_cast<std::size_t>(players), 0);
      for (const auto& [key, value] : static_cast<const Counters&>(component).entries()) {
        if (!matches(*place.key, key)) continue;
        switch (place.counts) {
          case Place::Counts::Number: {
            const int seat = component.owner() != kNobody ? component.owner()
                                                          : seat_of_key(key, place.key->name.size(), players);
            if (seat == kNobody)
              throw DataError(where_of(place.text, component.owner()) + ": key '" + key +
                              "' names no seat (its start, then a number)");
            here[static_cast<std::size_t>(seat)] += value;
            break;
          }
          case Place::Counts::SeatBits:
            for (int seat = 0; seat < players; ++seat) here[static_cast<std::size_t>(seat)] += (value >> seat) & 1;
            break;
          case Place::Counts::SeatPlusOne:
            if (value >= 1 && value <= players) ++here[static_cast<std::size_t>(value - 1)];
            break;
          default: break;
        }
      }
      for (int seat = 0; seat < players; ++seat) {
        const long long n = here[static_cast<std::size_t>(seat)];
        found[static_cast<std::size_t>(seat)] += n;
        if (n) parts[static_cast<std::size_t>(seat)] += (parts[static_cast<std::size_t>(seat)].empty() ? "" : ", ") +
                                                        where_of(place.text, component.owner()) + " " + std::to_string(n);
      }
    }
  }
  const int want = copies.begin()->second;
  for (int seat = 0; seat < players; ++seat)
    if (found[static_cast<std::size_t>(seat)] != want)
      throw DataError("the " + c.list + " are conserved: seat " + std::to_string(seat) + " has " +
                      std::to_string(found[static_cast<std::size_t>(seat)]) + " " + piece + "(s) (" +
                      (parts[static_cast<std::size_t>(seat)].empty() ? "none" : parts[static_cast<std::size_t>(seat)]) +
                      "), the game gives each seat " + std::to_string(want));
}

void StateSchema::check_conserved(const Table& table, std::span<const std::string> lists) const {
  for (const Conserved& c : conserved_)
    if (std::find(lists.begin(), lists.end(), c.list) != lists.end()) check_conserved(table, c);
}

void StateSchema::check(const Table& table) const {
  const int players = table.players();
  // Which declarations were found: global ones once, per-seat ones once per seat.
  std::vector<int> found(components_.size(), 0);
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Component& c = table.at(i);
    const bool per_seat = c.owner() != kNobody;
    if (!per_seat && c.name() == "flow") continue;  // the flow engine's own, checked by the engine
    const int d = declaration_of(c);
    if (d < 0) throw DataError(where_of(c.name(), c.owner()) + ": the schema declares no such component");
    const ComponentDecl& decl = components_[static_cast<std::size_t>(d)];
    ++found[static_cast<std::size_t>(d)];
    if (c.kind() != decl.kind)
      throw DataError(where_of(decl.name, c.owner()) + ": is a " + std::string(c.kind()) + ", the schema says " +
                      decl.kind);
    if (decl.has_keys) {
      for (const Key& k : decl.keys)
        if (!k.ids.empty()) content_of(k.ids, k.mark);  // a misspelt list is an error even with no keys yet
      check_counters(decl, static_cast<const Counters&>(c), players);
    }
    check_held(d, c);
  }
  for (std::size_t d = 0; d < components_.size(); ++d) {
    const ComponentDecl& decl = components_[d];
    if (found[d] == (decl.per_seat ? players : 1)) continue;
    int missing = kNobody;  // the first seat without it
    for (int seat = 0; decl.per_seat && seat < players; ++seat)
      if (!table.find(decl.name, seat)) {
        missing = seat;
        break;
      }
    throw DataError(where_of(decl.name, missing) + ": missing (declared at " + decl.mark + ")");
  }
  for (const Conserved& c : conserved_) check_conserved(table, c);
}

std::string StateSchema::derived_at(std::string_view pointer) const {
  const std::vector<std::string> tokens = json_fields::pointer_tokens(pointer);
  // "/global/<component>/..." or "/seats/<seat>/<component>/...".
  std::size_t at = 0;
  bool per_seat = false;
  if (tokens.size() >= 2 && tokens[0] == "global") {
    at = 1;
  } else if (tokens.size() >= 3 && tokens[0] == "seats") {
    at = 2;
    per_seat = true;
  } else {
    return {};
  }
  const auto decl = std::find_if(components_.begin(), components_.end(), [&](const ComponentDecl& c) {
    return c.per_seat == per_seat && c.name == tokens[at];
  });
  if (decl == components_.end()) return {};
  const std::string place = (per_seat ? "seat " + tokens[1] + " " : std::string()) + decl->name;
  // The whole component (or all of it but its kind), or a part that holds derived values.
  if (!decl->derived.empty() && (tokens.size() == at + 1 || tokens[at + 1] != "kind"))
    return place + " is derived from " + decl->derived;
  if (decl->kind == "supply" && tokens.size() > at + 1 && tokens[at + 1] == "totals")
    return place + ".totals is derived from each seat's units (their sum)";
  if (decl->derived_keys.empty() || tokens.size() <= at + 1 || tokens[at + 1] != "values") return {};
  if (tokens.size() == at + 2) return place + ".values holds derived keys: " + decl->derived_keys.front().second;
  const std::string& key = tokens[at + 2];
  for (const auto& [k, from] : decl->derived_keys)
    if (matches(k, key)) return place + "." + key + " is derived from " + from;
  return {};
}

std::string StateSchema::derived_write(int decl_index, std::string_view key, int seat) const {
  const ComponentDecl& decl = components_[static_cast<std::size_t>(decl_index)];
  if (!decl.derived.empty()) return where_of(decl.name, seat) + " is derived from " + decl.derived;
  if (key.empty()) return {};
  for (const auto& [k, from] : decl.derived_keys)
    if (matches(k, key)) return where_of(decl.name, seat) + "." + std::string(key) + " is derived from " + from;
  return {};
}

std::string StateSchema::describe() const {
  std::string out = "components:\n";
  for (const ComponentDecl& c : components_) {
    out += std::string(c.per_seat ? "  (each seat) " : "  ") + c.name + ": " + c.kind;
    if (!c.holds.empty()) out += ", holds " + c.holds;
    if (c.has_keys) {
      out += ", keys:";
      for (const Key& k : c.keys) {
        out += " " + k.text() + " ";
        switch (k.range.kind) {
          case Range::Kind::Fixed: out += k.range.lo.text() + ".." + k.range.hi.text(); break;
          case Range::Kind::Seat: out += "seat"; break;
          case Range::Kind::SeatOrNone: out += "seat or -1"; break;
        }
      }
    }
    if (!c.doc.empty()) out += "  -- " + c.doc;
    out += "\n";
    if (!c.derived.empty()) out += "      derived from " + c.derived + "\n";
    for (const auto& [k, from] : c.derived_keys) out += "      " + k.text() + " is derived from " + from + "\n";
  }
  if (!conserved_.empty()) {
    out += "invariants:\n";
    for (const Conserved& c : conserved_) {
      out += c.by_seat ? "  each seat keeps its " + c.list + ":" : "  each of the " + c.list + " is in exactly one place";
      for (std::size_t p = 0; p < c.places.size(); ++p) out += (p ? ", " : c.by_seat ? " " : " (also ") + c.places[p].text;
      out += c.by_seat || c.places.empty() ? "\n" : ")\n";
    }
  }
  return out;
}

}  // namespace tessera
