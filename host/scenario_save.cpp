#include "scenario_save.hpp"

#include <algorithm>
#include <optional>

#include "scenario_source.hpp"
#include "scenario_state.hpp"

namespace tessera::host {

using nlohmann::json;

namespace {

class Differ {
 public:
  explicit Differ(const Game& game) : game_(game) {}
  void set_positions(const json& component) { positions_ = position_names(component); }

  // What a scenario writes for `now` where the set-up has `base` (merge_into's inverse), or
  // nullopt when they are equal.
  std::optional<json> diff(const json& base, const json& now, const std::string& key) const {
    if (base == now) return std::nullopt;
    if (base.is_object() && now.is_object()) {
      json out = json::object();
      for (const auto& [k, v] : now.items()) {
        if (!base.contains(k)) {
          out[k] = named(v, k);
        } else if (auto d = diff(base[k], v, k)) {
          out[k] = *d;
        }
      }
      for (const auto& [k, v] : base.items())
        if (!now.contains(k)) out[k] = nullptr;
      // A track marker whose position an edit gives without its stack order goes on top of
      // its stack (Track::complete_edit): where markers moved, the whole order is written.
      if (now.value("kind", "") == "track" && out.contains("positions") && now.contains("stack_order"))
        out["stack_order"] = now["stack_order"];
      return out;
    }
    if (base.is_array() && now.is_array()) {
      if (auto keyed = keyed_diff(base, now)) return keyed;
      if (auto seated = seat_diff(base, now)) return seated;
      if (auto placed = position_diff(base, now)) return placed;
    }
    return named(now, key);
  }

  // Seat numbers written as names where a key says it is a seat.
  json named(const json& value, const std::string& key) const {
    if (is_seat_key(key) && value.is_number_integer() && value.get<int>() >= 0 &&
        value.get<int>() < game_.table().players())
      return game_.player_name(value.get<int>());
    if (!value.is_object() && !value.is_array()) return value;
    json out = value;
    for (auto& [k, v] : out.items()) v = named(v, value.is_object() ? k : std::string());
    return out;
  }

  std::string seat_name(int seat) const { return game_.player_name(seat); }

 private:
  // Items named by id: a map of the changed, added (whole) and removed (null) ones, when
  // reading it back keeps the order (added items go last).
  std::optional<json> keyed_diff(const json& base, const json& now) const {
    const std::string by = array_key(base);
    if (by.empty() || array_key(now) != by) return std::nullopt;
    std::vector<std::string> kept_order;
    for (const json& item : base)
      if (std::any_of(now.begin(), now.end(), [&](const json& i) { return i[by] == item[by]; }))
        kept_order.push_back(item[by].get<std::string>());
    json out = json::object();
    for (const json& item : base)
      if (std::none_of(now.begin(), now.end(), [&](const json& i) { return i[by] == item[by]; }))
        out[item[by].get<std::string>()] = nullptr;
    std::size_t next = 0;
    for (const json& item : now) {
      const std::string id = item[by].get<std::string>();
      const auto old = std::find_if(base.begin(), base.end(), [&](const json& i) { return i[by] == id; });
      if (old == base.end()) {
        json whole = named(item, "");
        whole.erase(by);
        out[id] = whole;
        continue;
      }
      if (next >= kept_order.size() || kept_order[next++] != id) return std::nullopt;  // reordered
      if (auto d = diff(*old, item, id)) out[id] = *d;
    }
    // Added items must come after every kept one in `now`.
    bool added_seen = false;
    for (const json& item : now) {
      const bool added = std::none_of(base.begin(), base.end(), [&](const json& i) { return i[by] == item[by]; });
      if (!added && added_seen) return std::nullopt;
      added_seen = added_seen || added;
    }
    return out;
  }

  // A list with a value per seat: the seats whose value changed, by name.
  std::optional<json> seat_diff(const json& base, const json& now) const {
    const auto players = static_cast<std::size_t>(game_.table().players());
    if (base.size() != players || now.size() != players || players < 2) return std::nullopt;
    if (std::any_of(now.begin(), now.end(), [](const json& v) { return v.is_object(); })) return std::nullopt;
    json out = json::object();
    for (std::size_t s = 0; s < players; ++s)
      if (auto d = diff(base[s], now[s], "")) out[seat_name(static_cast<int>(s))] = *d;
    return out;
  }

  // A list with a value per position name (a supply's count per resource).
  std::optional<json> position_diff(const json& base, const json& now) const {
    if (positions_.empty() || base.size() != positions_.size() || now.size() != positions_.size()) return std::nullopt;
    json out = json::object();
    for (std::size_t i = 0; i < positions_.size(); ++i)
      if (auto d = diff(base[i], now[i], positions_[i])) out[positions_[i]] = *d;
    return out;
  }

  const Game& game_;
  std::vector<std::string> positions_;
};

std::string generator_words(const std::string& rng) { return rng.substr(0, rng.find('+')); }

}  // namespace

json scenario_of(const PluginRegistry& registry, const Session& session) {
  const SessionSetup& setup = session.setup();
  const Game& now_game = session.game();
  const auto set_up = registry.new_game(setup.game, registry.config(setup.game, setup.players, setup.seed, setup.variants));
  const json base = set_up->table().to_json();
  const json now = now_game.table().to_json();
  Differ differ(now_game);
  json doc = json::object();
  doc["game"] = setup.game;
  doc["players"] = setup.players;
  doc["seed"] = setup.seed;
  if (!setup.variants.empty()) doc["variants"] = setup.variants;
  const std::string rng = now["rng"].get<std::string>();
  if (generator_words(rng) != generator_words(base["rng"].get<std::string>())) doc["rng_state"] = generator_words(rng);
  if (!now_game.table().rng().fixed_rolls().empty()) doc["next_rolls"] = now_game.table().rng().fixed_rolls();
  json global = json::object();
  for (const auto& [name, component] : now["global"].items())
    if (differ.set_positions(component); auto d = differ.diff(base["global"][name], component, name)) global[name] = *d;
  if (!global.empty()) doc["global"] = global;
  json seats = json::object();
  for (std::size_t s = 0; s < now["seats"].size(); ++s) {
    json changed = json::object();
    for (const auto& [name, component] : now["seats"][s].items())
      if (differ.set_positions(component); auto d = differ.diff(base["seats"][s][name], component, name)) changed[name] = *d;
    if (!changed.empty()) seats[differ.seat_name(static_cast<int>(s))] = changed;
  }
  if (!seats.empty()) doc["seats"] = seats;
  return doc;
}

}  // namespace tessera::host
