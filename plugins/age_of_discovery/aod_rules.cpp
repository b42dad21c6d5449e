#include "aod_rules.hpp"

#include <algorithm>

#include "tessera/error.hpp"
#include "tessera/id_lookup.hpp"
#include "tessera/yaml_reader.hpp"

namespace aod {

using tessera::YamlNode;

namespace {

int colour_of(const Rules& rules, const YamlNode& node) {
  const int c = rules.colour_index(node.as<std::string>());
  if (c < 0) throw node.error("unknown colour '" + node.as<std::string>() + "'");
  return c;
}

std::vector<int> positive_list(const YamlNode& node) {
  std::vector<int> out;
  for (const YamlNode& item : node.as_list()) {
    const int v = item.as<int>();
    if (v < 1) throw item.error("must be at least 1");
    out.push_back(v);
  }
  if (out.empty()) throw node.error("must not be empty");
  return out;
}

void read_game(const YamlNode& root, Rules& r) {
  root.allow_only({"players", "card_colours", "constants", "action_cards_per_player", "ship_template_per_colour",
                   "flagships", "contracts_track", "action_card_effects"});
  const YamlNode players = root.at("players");
  players.allow_only({"min", "max"});
  r.min_players = players.optional_at_least("min", 2, 1);
  r.max_players = players.optional_at_least("max", 4, r.min_players);
  for (const YamlNode& c : root.at("card_colours").as_list()) {
    if (r.colour_index(c.as<std::string>()) >= 0) throw c.error("colour listed twice");
    r.colours.push_back(c.as<std::string>());
  }
  if (r.colours.empty()) throw root.at("card_colours").error("must not be empty");

  const YamlNode k = root.at("constants");
  k.allow_only({"starting_coins", "starting_hand_contracts", "contract_hand_limit", "contract_display_size",
                "take_contract_cost", "take_coins_amount", "crew_fee_standard", "crew_fee_flagship",
                "flagship_transport_choices", "contract_durations", "row_size", "pile_sizes_before_scoring_cards",
                "first_scoring_card_pile", "last_scoring_card_pile", "unassigned_ship_vp", "actions_per_turn"});
  r.starting_coins = k.optional_at_least("starting_coins", 6, 0);
  r.actions_per_turn = k.optional_at_least("actions_per_turn", 2, 1);
  if (r.actions_per_turn > 4) throw k.at("actions_per_turn").error("a turn has at most the four actions, each once");
  r.starting_hand = k.optional_count("starting_hand_contracts", 2, 0);
  r.hand_limit = k.optional_at_least("contract_hand_limit", 4, 1);
  if (r.starting_hand > r.hand_limit) throw k.at("starting_hand_contracts").error("more than the hand limit");
  r.display_size = k.optional_count("contract_display_size", 4, 0);
  r.contract_cost = k.optional_at_least("take_contract_cost", 1, 0);
  r.coins_amount = k.optional_at_least("take_coins_amount", 2, 0);
  r.fee_standard = k.optional_at_least("crew_fee_standard", 1, 0);
  r.fee_flagship = k.optional_at_least("crew_fee_flagship", 2, 0);
  if (k.has("flagship_transport_choices")) r.flagship_values = positive_list(k.at("flagship_transport_choices"));
  if (k.has("contract_durations")) r.durations = positive_list(k.at("contract_durations"));
  r.row_size = k.optional_count("row_size", 5, 1);
  if (k.has("pile_sizes_before_scoring_cards")) {
    r.pile_sizes.clear();
    for (const YamlNode& n : k.at("pile_sizes_before_scoring_cards").as_list()) {
      if (n.as<int>() < 0) throw n.error("must not be negative");
      r.pile_sizes.push_back(n.as<int>());
    }
  }
  const int piles = static_cast<int>(r.pile_sizes.size());
  r.first_scoring_pile = k.optional_at_least("first_scoring_card_pile", 3, 1);
  r.last_scoring_pile = k.optional_at_least("last_scoring_card_pile", 5, 1);
  if (r.first_scoring_pile > piles) throw k.at("first_scoring_card_pile").error("no such pile");
  if (r.last_scoring_pile > piles) throw k.at("last_scoring_card_pile").error("no such pile");
  r.unassigned_vp = k.optional_at_least("unassigned_ship_vp", 1, 0);

  r.wild_per_player.assign(static_cast<std::size_t>(r.max_players + 1), 0);
  r.reservation_per_player.assign(static_cast<std::size_t>(r.max_players + 1), 0);
  const YamlNode cards = root.at("action_cards_per_player");
  for (int p = r.min_players; p <= r.max_players; ++p) {
    const YamlNode row = cards.at(std::to_string(p));
    row.allow_only({"wild_ship", "reservation"});
    r.wild_per_player[static_cast<std::size_t>(p)] = row.optional_at_least("wild_ship", 0, 0);
    r.reservation_per_player[static_cast<std::size_t>(p)] = row.optional_at_least("reservation", 0, 0);
  }

  const YamlNode templ = root.at("ship_template_per_colour");
  for (int c = 0; c < static_cast<int>(r.colours.size()); ++c) {
    std::vector<int> letters(10, 0);
    for (const YamlNode& t : templ.as_list()) {
      t.allow_only({"transport", "cost", "count"});
      const int transport = t.optional_at_least("transport", 1, 1);
      if (transport > 9) throw t.at("transport").error("must be at most 9");
      const int cost = t.optional_at_least("cost", 0, 0);
      const int count = t.optional_at_least("count", 1, 1);
      if (count > 26) throw t.at("count").error("must be at most 26");
      for (int i = 0; i < count; ++i) {
        ShipDef s;
        const char letter = static_cast<char>('a' + letters[static_cast<std::size_t>(transport)]++);
        if (letter > 'z') throw t.error("too many ships of transport " + std::to_string(transport));
        s.id = r.colours[static_cast<std::size_t>(c)] + "_" + std::to_string(transport) + letter;
        s.colour = c;
        s.transport = transport;
        s.cost = cost;
        r.ships.push_back(s);
      }
    }
  }
  for (const YamlNode& f : root.at("flagships").as_list()) {
    f.allow_only({"id", "colours"});
    ShipDef s;
    s.id = f.required<std::string>("id");
    if (r.ship_index(s.id) >= 0) throw f.at("id").error("ship id '" + s.id + "' is used twice");
    const auto cols = f.at("colours").as_list();
    if (cols.size() != 2) throw f.at("colours").error("a flagship shows exactly two colours");
    s.colour = colour_of(r, cols[0]);
    s.colour2 = colour_of(r, cols[1]);
    if (s.colour == s.colour2) throw f.at("colours").error("the two colours must differ");
    r.ships.push_back(s);
  }
  for (const YamlNode& v : root.at("contracts_track").as_list()) {
    if (v.as<int>() < 0) throw v.error("must not be negative");
    r.contracts_track.push_back(v.as<int>());
  }
  if (r.contracts_track.empty()) throw root.at("contracts_track").error("must not be empty");
  if (auto effects = root.find("action_card_effects")) {
    effects->allow_only({"wild_ship", "reservation", "reservation_expiry"});
    for (auto [key, use] : {std::pair{"wild_ship", &r.wild_effect}, std::pair{"reservation", &r.reservation_effect},
                            std::pair{"reservation_expiry", &r.expiry_effect}})
      if (effects->has(key)) *use = tessera::read_effect_use(*effects, key, /*params_key=*/"");
  }
}

void read_cards(const YamlNode& root, Rules& r) {
  root.allow_only({"expeditions", "contract_payouts", "contracts", "missions"});
  for (const YamlNode& e : root.at("expeditions").as_list()) {
    e.allow_only({"id", "name", "colour", "limit", "first", "last"});
    ExpeditionDef x;
    x.id = e.required<std::string>("id");
    if (r.expedition_index(x.id) >= 0) throw e.at("id").error("expedition '" + x.id + "' listed twice");
    x.name = e.optional<std::string>("name", x.id);
    x.colour = colour_of(r, e.at("colour"));
    x.limit = e.optional_at_least("limit", 1, 1);
    const YamlNode first = e.at("first"), last = e.at("last");
    first.allow_only({"match", "other"});
    last.allow_only({"match", "other"});
    x.first_match = first.optional_at_least("match", 0, 0);
    x.first_other = first.optional_at_least("other", 0, 0);
    x.last_match = last.optional_at_least("match", 0, 0);
    x.last_other = last.optional_at_least("other", 0, 0);
    r.expeditions.push_back(x);
  }
  if (r.expeditions.empty()) throw root.at("expeditions").error("must not be empty");
  if (r.expeditions.size() > static_cast<std::size_t>(kMaxExpeditions))
    throw root.at("expeditions").error("at most " + std::to_string(kMaxExpeditions) + " expeditions");
  const YamlNode payouts = root.at("contract_payouts");
  for (const YamlNode& c : root.at("contracts").as_list()) {
    c.allow_only({"id", "colour", "requirement"});
    ContractDef x;
    x.id = c.required<std::string>("id");
    if (r.contract_index(x.id) >= 0) throw c.at("id").error("contract '" + x.id + "' listed twice");
    x.colour = colour_of(r, c.at("colour"));
    x.requirement = c.optional_at_least("requirement", 1, 1);
    const std::string req = std::to_string(x.requirement);
    if (!payouts.has(req)) throw c.at("requirement").error("contract_payouts has no row " + req);
    const YamlNode row = payouts.at(req);
    for (int d : r.durations) {
      if (!row.has(std::to_string(d))) throw row.error("no payout for duration " + std::to_string(d));
      x.payout.push_back(row.optional_at_least(std::to_string(d), 0, 0));
    }
    r.contracts.push_back(x);
  }
  for (const YamlNode& m : root.at("missions").as_list()) {
    m.allow_only({"id", "players", "effect", "params"});
    MissionDef x;
    x.id = m.required<std::string>("id");
    if (r.mission_index(x.id) >= 0) throw m.at("id").error("mission '" + x.id + "' listed twice");
    x.players = m.required<int>("players");
    x.effect = tessera::read_effect_use(m);
    r.missions.push_back(x);
  }
  for (int p = r.min_players; p <= r.max_players; ++p) {
    const auto n = std::count_if(r.missions.begin(), r.missions.end(), [&](const MissionDef& m) { return m.players == p; });
    if (n < p) throw root.at("missions").error("fewer missions than players for " + std::to_string(p) + " players");
  }
}

}  // namespace

int Rules::ship_index(std::string_view id) const {
  if (ship_ids.empty()) return tessera::index_by_id(ships, id);  // while loading
  return ship_ids.find(id);
}
int Rules::contract_index(std::string_view id) const {
  if (contract_ids.empty()) return tessera::index_by_id(contracts, id);
  return contract_ids.find(id);
}
int Rules::expedition_index(const std::string& id) const { return tessera::index_by_id(expeditions, id); }
int Rules::mission_index(const std::string& id) const { return tessera::index_by_id(missions, id); }
int Rules::colour_index(const std::string& name) const {
  for (std::size_t i = 0; i < colours.size(); ++i)
    if (colours[i] == name) return static_cast<int>(i);
  return -1;
}
int Rules::track_value(int completed) const {
  const int last = static_cast<int>(contracts_track.size()) - 1;
  return contracts_track[static_cast<std::size_t>(std::clamp(completed, 0, last))];
}

Rules load_rules(const std::filesystem::path& data_dir, const std::string& data_name,
                 const std::vector<std::string>& variants) {
  Rules rules;
  read_game(tessera::load_with_overlays(data_dir, data_name, "game.yaml", variants), rules);
  read_cards(tessera::load_with_overlays(data_dir, data_name, "cards.yaml", variants), rules);
  int standard = 0;
  for (const auto& s : rules.ships) standard += s.flagship() ? 0 : 1;
  int in_piles = 0;
  for (int n : rules.pile_sizes) in_piles += n;
  if (standard != 2 * rules.row_size + in_piles)
    throw tessera::DataError(data_name + "/game.yaml: the rows and piles need " +
                             std::to_string(2 * rules.row_size + in_piles) + " standard ships, the data has " +
                             std::to_string(standard));
  for (ShipDef& s : rules.ships) {
    s.own_key = s.id + ".own";
    s.colour_key = s.id + ".col";
    s.value_key = s.id + ".val";
    s.contract_key = s.id + ".con";
    s.wild_key = s.id + ".wld";
    s.age_key = s.id + ".age";
  }
  for (ExpeditionDef& x : rules.expeditions) {
    x.lock_key = x.id + ".lock";
    x.load_key = x.id + ".load";
    x.all_key = x.id + ".all";
    for (int seat = 0; seat < rules.max_players; ++seat) x.seat_keys.push_back(x.id + ".s" + std::to_string(seat));
  }
  for (ContractDef& c : rules.contracts) {
    c.left_key = c.id + ".left";
    c.payout_key = c.id + ".payout";
    c.age_key = c.id + ".age";
  }
  for (std::size_t i = 0; i < rules.ships.size(); ++i) rules.ship_ids.add(rules.ships[i].id, static_cast<int>(i));
  for (std::size_t i = 0; i < rules.contracts.size(); ++i)
    rules.contract_ids.add(rules.contracts[i].id, static_cast<int>(i));
  if (rules.ships.size() > static_cast<std::size_t>(kMaxShips))
    throw tessera::DataError(data_name + "/game.yaml: at most " + std::to_string(kMaxShips) + " ships");
  if (static_cast<int>(rules.ships.size()) - standard < rules.max_players)
    throw tessera::DataError(data_name + "/game.yaml: fewer flagships than players");
  return rules;
}

}  // namespace aod
