#include "scenario_state.hpp"

#include <algorithm>

#include "scenario_position.hpp"
#include "tessera/yaml_reader.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

std::string names_of(const json& object) {
  std::string out;
  int shown = 0;
  for (const auto& [key, value] : object.items()) {
    if (++shown > 12) return out + ", ...";
    out += (out.empty() ? "" : ", ") + key;
  }
  return out;
}

// Merges one scenario value into a component's JSON (an RFC 7386 merge patch, with names
// for what a state numbers): a map merges key by key (null removes a key), a map given for
// a list addresses its items by id or by seat name, anything else replaces.
class Merger {
 public:
  Merger(const Game& game, const ScenarioSource& source, ScenarioState& out)
      : game_(game), source_(source), out_(out) {}

  // The names of the positions of the component's per-item lists (a supply's holdings
  // hold a count per resource, in the order of its "resources").
  void set_positions(const json& component) { positions_ = position_names(component); }

  void merge(json& base, const json& patch, const std::string& state_at, const std::string& doc_at,
             const std::string& key) {
    if (patch.is_object() && base.is_object()) {
      for (const auto& [k, v] : patch.items()) {
        if (v.is_null()) {
          if (!base.contains(k)) throw source_.error(doc_at + "/" + pointer_token(k), "no '" + k + "' here to remove");
          base.erase(k);
          written(state_at + "/" + pointer_token(k), doc_at + "/" + pointer_token(k));
          continue;
        }
        if (!base.contains(k)) {
          base[k] = json();
          written(state_at + "/" + pointer_token(k), doc_at + "/" + pointer_token(k));
        }
        merge(base[k], v, state_at + "/" + pointer_token(k), doc_at + "/" + pointer_token(k), k);
      }
      return;
    }
    if (patch.is_object() && base.is_array()) return merge_list(base, patch, state_at, doc_at, key);
    base = is_seat_key(key) && patch.is_string() ? json(seat_of(patch, doc_at)) : seats_numbered(patch, doc_at);
    written(state_at, doc_at);
  }

  // A value given whole with its seats by name (a flow's frames): the numbers the state holds.
  json seats_numbered(const json& value, const std::string& doc_at) const {
    if (!value.is_object() && !value.is_array()) return value;
    json out = value;
    for (auto& [k, v] : out.items()) {
      const std::string at = doc_at + "/" + pointer_token(k);
      v = value.is_object() && is_seat_key(k) && v.is_string() ? json(seat_of(v, at)) : seats_numbered(v, at);
    }
    return out;
  }

  int seat_of(const json& name, const std::string& doc_at) const {
    const int seat = seat_named(game_, name);
    if (seat < 0) throw source_.error(doc_at, "'" + name.dump() + "' is not a seat of this game (" + seat_names() + ")");
    return seat;
  }

  std::string seat_names() const {
    std::string out;
    for (int s = 0; s < game_.table().players(); ++s) out += (s ? ", " : "") + game_.player_name(s);
    return out;
  }

 private:
  void merge_list(json& base, const json& patch, const std::string& state_at, const std::string& doc_at,
                  const std::string& key) {
    const std::string by = array_key(base);
    const bool all_seats = std::all_of(patch.items().begin(), patch.items().end(),
                                       [&](const auto& item) { return seat_named(game_, json(item.key())) >= 0; });
    const bool by_seat = by.empty() && all_seats && base.size() == static_cast<std::size_t>(game_.table().players());
    const bool by_position = by.empty() && !by_seat && !positions_.empty() && base.size() == positions_.size();
    if (by.empty() && !by_seat && !by_position)
      throw source_.error(doc_at, "'" + key + "' is a list: write it whole as a list, or as a map by " +
                                      (base.size() == static_cast<std::size_t>(game_.table().players())
                                           ? "seat (" + seat_names() + ")"
                                           : std::string("id")));
    for (const auto& [k, v] : patch.items()) {
      const std::string at = doc_at + "/" + pointer_token(k);
      if (by_seat) {
        const std::size_t seat = static_cast<std::size_t>(seat_of(json(k), at));
        merge(base[seat], v, state_at + "/" + std::to_string(seat), at, k);
        continue;
      }
      if (by_position) {
        const auto name = std::find(positions_.begin(), positions_.end(), k);
        if (name == positions_.end()) throw source_.error(at, "no '" + k + "' here (" + listed(positions_) + ")");
        const std::size_t i = static_cast<std::size_t>(name - positions_.begin());
        merge(base[i], v, state_at + "/" + std::to_string(i), at, k);
        continue;
      }
      // (A structured binding is named through a plain reference: clang 14 does not capture one.)
      const std::string& item_id = k;
      auto item = std::find_if(base.begin(), base.end(), [&](const json& i) { return i[by] == item_id; });
      if (v.is_null()) {
        if (item == base.end()) throw source_.error(at, "no item '" + k + "' in '" + key + "' to remove");
        base.erase(item);
        written(state_at, doc_at);
        continue;
      }
      if (item == base.end()) {  // a new item: given whole, its key from the map
        json added = v.is_object() ? v : json();
        if (!v.is_object()) throw source_.error(at, "a new item of '" + key + "' is a map of its fields");
        added[by] = k;
        base.push_back(json::object());
        merge(base.back(), added, state_at + "/" + std::to_string(base.size() - 1), at, k);
        written(state_at, doc_at);
        continue;
      }
      merge(*item, v, state_at + "/" + std::to_string(item - base.begin()), at, k);
    }
  }

  void written(const std::string& state_at, const std::string& doc_at) { out_.written.emplace_back(state_at, doc_at); }

  static std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  const Game& game_;
  const ScenarioSource& source_;
  ScenarioState& out_;
  std::vector<std::string> positions_;
};

void merge_components(json& components, const json& patch, const std::string& state_at, const std::string& doc_at,
                      const ScenarioSource& source, Merger& merger) {
  if (!patch.is_object()) throw source.error(doc_at, "a map of components by name");
  for (const auto& [name, value] : patch.items()) {
    const std::string at = doc_at + "/" + pointer_token(name);
    if (!components.contains(name))
      throw source.error(at, "no component '" + name + "' here (" + names_of(components) + ")");
    if (!value.is_object()) throw source.error(at, "a component is a map of the fields that differ");
    if (value.contains("kind") && value["kind"] != components[name]["kind"])
      throw source.error(at + "/kind", "'" + name + "' is a " + components[name]["kind"].dump() + ", not " +
                                           value["kind"].dump());
    merger.set_positions(components[name]);
    merger.merge(components[name], value, state_at + "/" + pointer_token(name), at, name);
  }
}

// next_cards: {deck: [card, ...]}: those cards of the deck's draw pile go on top, the first
// drawn first. Cards only move within the pile: no card is made or lost.
void put_next_cards(json& state, const json& next, const ScenarioSource& source) {
  if (!next.is_object()) throw source.error("/next_cards", "a map from a deck's name to the cards drawn next");
  for (const auto& [name, cards] : next.items()) {
    const std::string at = "/next_cards/" + pointer_token(name);
    const std::string deck_name = name.substr(0, name.find('.'));
    if (!state["global"].contains(deck_name) || state["global"][deck_name]["kind"] != "deck")
      throw source.error(at, "no deck '" + deck_name + "' (a global component of kind deck)");
    json& piles = state["global"][deck_name]["piles"];
    json* pile = nullptr;
    const std::string wanted = name.find('.') == std::string::npos ? "" : name.substr(name.find('.') + 1);
    std::string pile_names;
    for (json& p : piles) {
      pile_names += (pile_names.empty() ? "" : ", ") + p["name"].get<std::string>();
      if (wanted.empty() ? (piles.size() == 1 || p["name"] == "draw") : p["name"] == wanted) pile = &p;
    }
    if (!pile)
      throw source.error(at, "say which pile of '" + deck_name + "' (" + deck_name + ".<pile>; its piles: " +
                                 pile_names + ")");
    if (!cards.is_array()) throw source.error(at, "a list of cards, the first drawn first");
    std::vector<std::string> rest = (*pile)["cards"].get<std::vector<std::string>>();
    std::vector<std::string> top;
    for (std::size_t i = 0; i < cards.size(); ++i) {
      if (!cards[i].is_string()) throw source.error(at + "/" + std::to_string(i), "a card id");
      const auto it = std::find(rest.begin(), rest.end(), cards[i].get<std::string>());
      if (it == rest.end())
        throw source.error(at + "/" + std::to_string(i), "no (more) card '" + cards[i].get<std::string>() +
                                                             "' in the pile '" + (*pile)["name"].get<std::string>() +
                                                             "' of " + deck_name);
      top.push_back(*it);
      rest.erase(it);
    }
    // The back of the list is the top of the pile.
    rest.insert(rest.end(), top.rbegin(), top.rend());
    (*pile)["cards"] = rest;
  }
}

// next_rolls: [3, 5]: the next dice rolled show these faces (Rng::fix_rolls).
void fix_rolls(json& state, const json& rolls, const ScenarioSource& source) {
  if (!rolls.is_array()) throw source.error("/next_rolls", "a list of die faces, the first rolled first");
  if (rolls.size() > 1000) throw source.error("/next_rolls", "at most 1000 rolls");
  std::string text = state["rng"].get<std::string>();
  text = text.substr(0, text.find('+'));
  for (std::size_t i = 0; i < rolls.size(); ++i) {
    if (!rolls[i].is_number_integer() || rolls[i].get<std::int64_t>() < 0 || rolls[i].get<std::int64_t>() > 9999)
      throw source.error("/next_rolls/" + std::to_string(i), "a die face, a whole number from 0 to 9999");
    text += (i == 0 ? "+" : ",") + std::to_string(rolls[i].get<int>());
  }
  state["rng"] = text;
}

}  // namespace

std::vector<std::string> position_names(const json& component) {
  std::vector<std::string> names;
  if (component.is_object() && component.contains("resources") && array_key(component["resources"]) == "id")
    for (const json& r : component["resources"]) names.push_back(r["id"].get<std::string>());
  return names;
}

bool is_seat_key(const std::string& key) { return key == "seat" || key == "owner" || key == "holder"; }

std::string array_key(const json& array) {
  if (!array.is_array() || array.empty()) return "";
  for (const char* key : {"id", "name"})
    if (std::all_of(array.begin(), array.end(),
                    [&](const json& i) { return i.is_object() && i.contains(key) && i[key].is_string(); }))
      return key;
  return "";
}

ScenarioState scenario_state(const Game& game, const ScenarioSource& source) {
  const json& doc = source.document();
  ScenarioState out;
  out.state = game.table().to_json();
  Merger merger(game, source, out);
  if (doc.contains("rng_state")) {
    if (!doc["rng_state"].is_string()) throw source.error("/rng_state", "the generator's state as `scenario save` writes it");
    try {
      Rng probe;
      probe.restore(doc["rng_state"].get<std::string>());
      if (!probe.fixed_rolls().empty()) throw DataError("fixed rolls are given by 'next_rolls'");
    } catch (const DataError& e) {
      throw source.error("/rng_state", e.what());
    }
    out.state["rng"] = doc["rng_state"];
  }
  if (doc.contains("global")) merge_components(out.state["global"], doc["global"], "/global", "/global", source, merger);
  if (doc.contains("seats")) {
    if (!doc["seats"].is_object()) throw source.error("/seats", "a map from a seat's name to its components");
    for (const auto& [name, components] : doc["seats"].items()) {
      const std::string at = "/seats/" + pointer_token(name);
      const int seat = merger.seat_of(json(name), at);
      merge_components(out.state["seats"][static_cast<std::size_t>(seat)], components,
                       "/seats/" + std::to_string(seat), at, source, merger);
    }
  }
  if (doc.contains("next_cards")) put_next_cards(out.state, doc["next_cards"], source);
  if (doc.contains("next_rolls")) fix_rolls(out.state, doc["next_rolls"], source);
  for (const char* key : {"turn", "at"})
    if (doc.contains(key)) enter_step(game, out.state, source, key);
  return out;
}

}  // namespace tessera::host
