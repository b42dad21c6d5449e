// Age of Discovery — the rules flow. Rules: /shared/rules/age_of_discovery.md (section
// numbers below refer to it); numbers: data/age_of_discovery/*.yaml.
#include "aod_game.hpp"

#include <algorithm>
#include <bit>
#include <climits>

#include "tessera/error.hpp"

namespace aod {

using namespace tessera;
using nlohmann::json;

namespace {

const std::string kFirstScoring = "first_scoring";
const std::string kLastScoring = "last_scoring";

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }
std::string pile_name(int pile) { return "pile" + std::to_string(pile); }

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  engine->rules = load_rules(config.data_dir, "data/age_of_discovery");
  engine->scripts = std::make_unique<ScriptRuntime>(config.script_dir, "scripts/age_of_discovery");
  engine->scripts->run_file("missions.lua");
  engine->scripts->run_file("action_cards.lua");
  for (const auto& variant : config.variants) engine->scripts->run_variant(variant);
  json expedition_ids = json::array();
  for (const auto& e : engine->rules.expeditions) expedition_ids.push_back(e.id);
  for (const auto& m : engine->rules.missions) {
    if (!engine->scripts->has_effect(m.effect))
      throw DataError("data/age_of_discovery/cards.yaml: mission '" + m.id + "' names effect '" + m.effect +
                      "', which no script defines");
    json params = m.params;
    params["expeditions"] = expedition_ids;
    params["track"] = engine->rules.contracts_track;
    engine->mission_effects.push_back(engine->scripts->prepare(m.effect, params));
  }
  const Rules& r = engine->rules;
  for (const std::string* name : {&r.wild_effect, &r.reservation_effect, &r.expiry_effect})
    if (!engine->scripts->has_effect(*name))
      throw DataError("data/age_of_discovery/game.yaml: action_card_effects names effect '" + *name +
                      "', which no script defines");
  engine->wild = engine->scripts->prepare(r.wild_effect, json::object());
  engine->reservation = engine->scripts->prepare(r.reservation_effect, json::object());
  engine->expiry = engine->scripts->prepare(r.expiry_effect, json::object());
  return engine;
}

AodGame::AodGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : GameBase(Table(players, seed), std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Age of Discovery is for " + std::to_string(r.min_players) + " to " + std::to_string(r.max_players) +
                " players");
  Table& t = state();
  flow_ = t.add<Counters>("flow");
  tally_ = t.add<Counters>("tally");
  placed_ = t.add<Counters>("placed");
  reserve_ = t.add<Counters>("reservations");

  // Ships (3, step 4-5): 10 face up in the rows, the rest in five piles, the scoring cards
  // shuffled into their piles. Piles holding a scoring card are their own resampling group,
  // so a sampled world keeps each scoring card in its pile.
  std::vector<std::string> standard, flagships;
  for (const auto& s : r.ships) (s.flagship() ? flagships : standard).push_back(s.id);
  t.rng().shuffle(standard);
  ships_ = t.add<Deck>("ships");
  std::size_t next = static_cast<std::size_t>(2 * r.row_size);
  for (std::size_t p = 0; p < r.pile_sizes.size(); ++p) {
    const int number = static_cast<int>(p) + 1;
    std::vector<std::string> pile(standard.begin() + static_cast<std::ptrdiff_t>(next),
                                  standard.begin() + static_cast<std::ptrdiff_t>(next) + r.pile_sizes[p]);
    next += static_cast<std::size_t>(r.pile_sizes[p]);
    const bool special = number == r.first_scoring_pile || number == r.last_scoring_pile;
    t.get(ships_).add_pile(pile_name(number), false, pile, special ? pile_name(number) : "");
  }
  t.get(ships_).insert_random(pile_name(r.first_scoring_pile), kFirstScoring, t.rng());
  t.get(ships_).insert_random(pile_name(r.last_scoring_pile), kLastScoring, t.rng());
  t.get(ships_).add_pile("scoring", true);
  std::vector<std::string> sources;
  for (std::size_t p = 0; p < r.pile_sizes.size(); ++p) sources.push_back(pile_name(static_cast<int>(p) + 1));
  rows_ = t.add<Market>("rows", 2, r.row_size, Refill::SlideDown, "ships", sources);
  for (int slot = 0; slot < r.row_size; ++slot) {
    t.get(rows_).place(0, slot, standard[static_cast<std::size_t>(slot)]);
    t.get(rows_).place(1, slot, standard[static_cast<std::size_t>(r.row_size + slot)]);
  }

  // Contracts (3, steps 2, 7, 8).
  std::vector<std::string> contracts;
  for (const auto& c : r.contracts) contracts.push_back(c.id);
  t.rng().shuffle(contracts);
  contract_deck_ = t.add<Deck>("contract_deck");
  t.get(contract_deck_).add_pile("draw", false, contracts);
  t.get(contract_deck_).add_pile("box", true);
  display_ = t.add<Market>("display", 1, std::max(1, r.display_size), Refill::FromPile, "contract_deck",
                           std::vector<std::string>{"draw"});

  // Missions and flagships (steps 10-12); what is not dealt goes to the box unseen.
  std::vector<std::string> missions;
  for (const auto& m : r.missions)
    if (m.players == players) missions.push_back(m.id);
  t.rng().shuffle(missions);
  t.rng().shuffle(flagships);

  turns_ = t.add<TurnOrder>("turns", players);
  for (int s = 0; s < players; ++s) {
    Seat seat;
    seat.player = t.add<Counters>("player", s);
    seat.score = t.add<Counters>("score", s);
    seat.fleet = t.add<Hand>("fleet", s, Visibility::Public);
    seat.flagship = t.add<Hand>("flagship", s, Visibility::Owner);
    seat.hand = t.add<Hand>("hand", s, Visibility::Owner, r.hand_limit);
    seat.mission = t.add<Hand>("mission", s, Visibility::Owner);
    seat.active = t.add<Hand>("active", s, Visibility::Public);
    seat.voyage = t.add<Hand>("voyage", s, Visibility::Public);
    Counters& p = t.get(seat.player);
    p.set("coins", r.starting_coins);
    p.set("contracts", 0);
    p.set("vp", 0);
    p.set("wild", r.wild_per_player[static_cast<std::size_t>(players)]);
    p.set("reservation", r.reservation_per_player[static_cast<std::size_t>(players)]);
    for (int i = 0; i < r.starting_hand; ++i) t.get(seat.hand).add(t.get(contract_deck_).draw("draw"));
    t.get(seat.mission).add(missions.back());
    missions.pop_back();
    t.get(seat.flagship).add(flagships.back());
    flagships.pop_back();
    seats_.push_back(seat);
  }
  t.get(display_).fill_all(t.get(contract_deck_));
  Deck& box = t.get(t.add<Deck>("box"));
  box.add_pile("flagships", false, flagships, "flagships");
  box.add_pile("missions", false, missions, "missions");
  for (std::size_t e = 0; e < r.expeditions.size(); ++e)
    expeditions_.push_back(t.add<Hand>("expedition_" + r.expeditions[e].id, kNobody, Visibility::Public));

  // First player: random (11.G17).
  const int first = static_cast<int>(t.rng().below(static_cast<std::uint64_t>(players)));
  t.get(turns_).set_start_player(first);
  t.get(turns_).set_current(first);
  t.get(flow_).set("phase", kMain);
  t.get(flow_).set("turn", 1);

  std::vector<Event> ignored;
  run_hook("on_setup", kNobody, ignored, json::object());
  begin_turn(ignored);
}

std::unique_ptr<Game> AodGame::rematch(std::uint64_t seed) const {
  return std::make_unique<AodGame>(engine_, table().players(), seed);
}

int AodGame::coins(int s) const { return table().get(seats_[static_cast<std::size_t>(s)].player).get("coins"); }

int AodGame::fee(int ship) const {
  return rules().ships[static_cast<std::size_t>(ship)].flagship() ? rules().fee_flagship : rules().fee_standard;
}

std::vector<int> AodGame::available_ships(int s) const {
  const Table& t = table();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  std::vector<int> out;
  for (const auto& id : t.get(seat.fleet).cards()) out.push_back(rules().ship_index(id));
  for (const auto& id : t.get(seat.flagship).cards()) out.push_back(rules().ship_index(id));
  return out;
}

void AodGame::check_state() const {
  const Table& t = table();
  const Rules& r = rules();
  const int colours = static_cast<int>(r.colours.size());
  const int contracts = static_cast<int>(r.contracts.size());
  auto in_range = [](int value, int lo, int hi, const std::string& what) {
    if (value < lo || value > hi)
      throw DataError(what + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                      std::to_string(value));
  };
  const Counters& flow = t.get(flow_);
  in_range(flow.get("phase"), kMain, kOver, "flow.phase");
  in_range(flow.get("used"), 0, 15, "flow.used");
  in_range(flow.get("pending"), phase() == kBuilding ? 1 : 0, contracts, "flow.pending");
  for (const auto& x : r.expeditions) {
    in_range(t.get(tally_).get(x.id + ".lock"), 0, colours, "tally." + x.id + ".lock");
    in_range(t.get(tally_).get(x.id + ".load"), 0, 1 << 20, "tally." + x.id + ".load");
  }
  for (const auto& [key, value] : t.get(placed_).entries()) {
    const std::string field = key.substr(key.rfind('.') + 1);
    if (field == "own") in_range(value, 0, t.players(), "placed." + key);
    if (field == "col") in_range(value, 0, colours, "placed." + key);
    if (field == "con") in_range(value, 0, contracts, "placed." + key);
  }
  for (const auto& [key, value] : t.get(reserve_).entries()) in_range(value, 0, t.players(), "reservations." + key);

  // Every card container holds only cards of its kind, so the rules code can index by them.
  auto ship_like = [&](const std::string& id) {
    return r.ship_index(id) >= 0 || id == kFirstScoring || id == kLastScoring;
  };
  auto check_cards = [](const std::vector<std::string>& cards, const std::string& where, auto&& ok) {
    for (const auto& id : cards)
      if (!ok(id)) throw DataError(where + ": '" + id + "' is not a card that can be here");
  };
  auto is_contract = [&](const std::string& id) { return r.contract_index(id) >= 0; };
  auto is_mission = [&](const std::string& id) { return r.mission_index(id) >= 0; };
  auto is_ship = [&](const std::string& id) { return r.ship_index(id) >= 0; };
  for (const auto& pile : t.get(ships_).piles()) check_cards(pile.cards, "ships." + pile.name, ship_like);
  check_cards(t.get(rows_).cards(), "rows", is_ship);
  for (const auto& pile : t.get(contract_deck_).piles()) check_cards(pile.cards, "contract_deck." + pile.name, is_contract);
  check_cards(t.get(display_).cards(), "display", is_contract);
  for (const auto& pile : t.get<Deck>("box").piles())
    check_cards(pile.cards, "box." + pile.name, [&](const std::string& id) { return is_ship(id) || is_mission(id); });
  for (std::size_t e = 0; e < expeditions_.size(); ++e)
    check_cards(t.get(expeditions_[e]).cards(), "expedition " + r.expeditions[e].id, is_ship);
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    const Seat& seat = seats_[s];
    const std::string who = "seat " + std::to_string(s) + " ";
    for (auto h : {seat.fleet, seat.flagship, seat.voyage}) check_cards(t.get(h).cards(), who + t.get(h).name(), is_ship);
    for (auto h : {seat.hand, seat.active}) check_cards(t.get(h).cards(), who + t.get(h).name(), is_contract);
    check_cards(t.get(seat.mission).cards(), who + "mission", is_mission);
    for (const char* key : {"coins", "wild", "reservation"})
      in_range(t.get(seat.player).get(key), 0, 1 << 20, who + key);
  }
  const TurnOrder& turns = t.get(turns_);
  if (turns.size() != t.players()) throw DataError("the turn order must hold every seat once");
  for (int s = 0; s < t.players(); ++s)
    if (!turns.contains(s)) throw DataError("the turn order must hold every seat once");
}

int AodGame::reserved_by(const std::string& card) const { return table().get(reserve_).get(card) - 1; }

// The ways to assign `ship` to a target of colour `target_colour` (an expedition's lock
// colour, or a contract's colour): its colour(s) and transport value(s), with a Wild Ship
// card when no colour of the ship fits. `locked` false: any colour fits (an empty expedition).
std::vector<AodGame::Use> AodGame::uses_for(int ship, int target_colour, bool locked, bool allow_wild) const {
  const ShipDef& def = rules().ships[static_cast<std::size_t>(ship)];
  std::vector<int> colours{def.colour};
  if (def.flagship()) colours.push_back(def.colour2);
  const bool fits = !locked || std::find(colours.begin(), colours.end(), target_colour) != colours.end();
  std::vector<Use> out;
  for (int c : colours) {
    const bool wild = locked && c != target_colour;
    if (wild && (fits || !allow_wild)) continue;
    if (def.flagship()) {
      for (int v : rules().flagship_values) out.push_back({ship, c, v, wild});
    } else {
      out.push_back({ship, c, def.transport, wild});
    }
  }
  return out;
}

std::string AodGame::use_text(const Use& use) const {
  const ShipDef& def = rules().ships[static_cast<std::size_t>(use.ship)];
  std::string text = def.id;
  if (def.flagship()) text += " " + rules().colours[static_cast<std::size_t>(use.colour)] + " " + std::to_string(use.value);
  if (use.wild) text += " wild";
  return text;
}

bool AodGame::ship_placeable_on_expedition(int s, const Use& use, int expedition) const {
  const Table& t = table();
  const ExpeditionDef& e = rules().expeditions[static_cast<std::size_t>(expedition)];
  const Counters& tally = t.get(tally_);
  if (tally.get(e.id + ".load") + use.value > e.limit) return false;
  if (coins(s) < fee(use.ship)) return false;
  if (use.wild && t.get(seats_[static_cast<std::size_t>(s)].player).get("wild") < 1) return false;
  const int lock = tally.get(e.id + ".lock") - 1;
  if (lock >= 0 && lock != use.colour && !use.wild) return false;
  return true;
}

bool AodGame::contract_feasible(int s, int colour, int remaining, int money, int wilds,
                                const std::vector<int>& exclude) const {
  if (remaining == 0) return true;
  if (remaining < 0 || money < 0 || wilds < 0) return false;
  // Knapsack over (transport sum, wild cards used) -> least fees.
  const int w_max = std::min(wilds, 8);
  const int width = w_max + 1;
  std::vector<int> best(static_cast<std::size_t>((remaining + 1) * width), INT_MAX);
  best[0] = 0;
  for (int ship : available_ships(s)) {
    if (std::find(exclude.begin(), exclude.end(), ship) != exclude.end()) continue;
    const std::vector<Use> uses = uses_for(ship, colour, true, w_max > 0);
    std::vector<int> next = best;
    for (int sum = 0; sum <= remaining; ++sum)
      for (int w = 0; w <= w_max; ++w) {
        const int cost = best[static_cast<std::size_t>(sum * width + w)];
        if (cost == INT_MAX) continue;
        for (const Use& u : uses) {
          const int ns = sum + u.value, nw = w + (u.wild ? 1 : 0);
          if (ns > remaining || nw > w_max) continue;
          int& slot = next[static_cast<std::size_t>(ns * width + nw)];
          slot = std::min(slot, cost + fee(ship));
        }
      }
    best.swap(next);
  }
  for (int w = 0; w <= w_max; ++w)
    if (best[static_cast<std::size_t>(remaining * width + w)] <= money) return true;
  return false;
}

Decision AodGame::decision() const {
  const int s = seat();
  switch (phase()) {
    case kMain: return {s, "Choose an action (" + std::to_string(std::popcount(static_cast<unsigned>(table().get(flow_).get("used")))) + " of 2 taken) or end your turn"};
    case kBuying: return {s, "Buy another ship from the purchase row, or done"};
    case kSending: return {s, "Send a ship to an expedition, play a contract, or done"};
    case kBuilding: {
      const ContractDef& c = rules().contracts[static_cast<std::size_t>(table().get(flow_).get("pending") - 1)];
      return {s, "Assign ships to " + c.id + " (" + std::to_string(table().get(flow_).get("pending_load")) + " of " +
                     std::to_string(c.requirement) + "), then choose its duration"};
    }
    default: break;
  }
  return {kNobody, "The game is over"};
}

std::vector<Action> AodGame::generate_actions() const {
  std::vector<Action> out;
  switch (phase()) {
    case kMain: add_main_actions(out); break;
    case kBuying: add_buy_actions(out); break;
    case kSending: add_send_actions(out); break;
    case kBuilding: add_build_actions(out); break;
    default: break;
  }
  return out;
}

void AodGame::add_main_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = seat();
  const int used = t.get(flow_).get("used");
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  const int money = coins(s);
  if (std::popcount(static_cast<unsigned>(used)) < 2) {
    if (!(used & kCoins)) out.push_back({"coins", "Take " + std::to_string(rules().coins_amount) + " coins", {}});
    if (!(used & kContract) && money >= rules().contract_cost && !t.get(seat.hand).would_exceed(1)) {
      const Market& display = t.get(display_);
      for (int slot = 0; slot < display.width(); ++slot) {
        const std::string& c = display.at(0, slot);
        if (c.empty()) continue;
        const int holder = reserved_by(c);
        if (holder >= 0 && holder != s) continue;
        out.push_back({"contract " + c, "Take contract " + c + " from the display", {}});
      }
      if (!t.get(contract_deck_).empty("draw")) out.push_back({"contract blind", "Take the top contract of the deck", {}});
    }
    if (!(used & kBuy)) add_buy_actions(out);
    if (!(used & kSend)) add_send_actions(out);
  }
  add_reserve_actions(out);
  out.push_back({"end", "End your turn", {}});
}

void AodGame::add_buy_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = seat();
  const Market& rows = t.get(rows_);
  for (int slot = 0; slot < rows.width(); ++slot) {
    const std::string& id = rows.at(0, slot);
    if (id.empty()) continue;
    const int holder = reserved_by(id);
    if (holder >= 0 && holder != s) continue;
    const ShipDef& def = rules().ships[static_cast<std::size_t>(rules().ship_index(id))];
    if (def.cost > coins(s)) continue;
    out.push_back({"buy " + std::to_string(slot + 1), "Buy " + id + " for " + std::to_string(def.cost) + " coins", {slot}});
  }
  if (phase() == kBuying) {
    add_reserve_actions(out);
    out.push_back({"done", "Stop buying", {}});
  }
}

void AodGame::add_send_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = seat();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  const Counters& tally = t.get(tally_);
  const int wilds = t.get(seat.player).get("wild");
  const int money = coins(s);
  // Lock colour and load of each expedition, read once for all ships.
  const std::size_t n = rules().expeditions.size();
  std::vector<int> lock(n), room(n);
  for (std::size_t e = 0; e < n; ++e) {
    const ExpeditionDef& x = rules().expeditions[e];
    lock[e] = tally.get(x.id + ".lock") - 1;
    room[e] = x.limit - tally.get(x.id + ".load");
  }
  for (int ship : available_ships(s)) {
    if (fee(ship) > money) continue;
    const ShipDef& def = rules().ships[static_cast<std::size_t>(ship)];
    for (std::size_t e = 0; e < n; ++e) {
      const ExpeditionDef& x = rules().expeditions[e];
      for (const Use& u : uses_for(ship, lock[e], lock[e] >= 0, wilds > 0)) {
        if (u.value > room[e]) continue;  // the colour and wild rules are already in uses_for
        std::string text = "send " + def.id + " expedition " + x.id;
        if (def.flagship()) text += " " + rules().colours[static_cast<std::size_t>(u.colour)] + " " + std::to_string(u.value);
        if (u.wild) text += " wild";
        out.push_back({std::move(text), "Send " + use_text(u) + " to " + x.name, {}});
      }
    }
  }
  for (const auto& cid : t.get(seat.hand).cards()) {
    const ContractDef& c = rules().contracts[static_cast<std::size_t>(rules().contract_index(cid))];
    if (contract_feasible(s, c.colour, c.requirement, coins(s), wilds, {}))
      out.push_back({"play " + cid, "Play contract " + cid + " and assign ships to it", {}});
  }
  if (phase() == kSending) {
    add_reserve_actions(out);
    out.push_back({"done", "Stop sending ships", {}});
  }
}

void AodGame::add_build_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = seat();
  const Counters& flow = t.get(flow_);
  const ContractDef& c = rules().contracts[static_cast<std::size_t>(flow.get("pending") - 1)];
  const int load = flow.get("pending_load");
  const int wilds = t.get(seats_[static_cast<std::size_t>(s)].player).get("wild");
  const int money = coins(s);
  if (load == c.requirement) {
    for (std::size_t d = 0; d < rules().durations.size(); ++d)
      out.push_back({"duration " + std::to_string(rules().durations[d]),
                     "Run it for " + std::to_string(rules().durations[d]) + " turn(s), paying " +
                         std::to_string(c.payout[d]) + " coins",
                     {}});
  } else {
    for (int ship : available_ships(s))
      for (const Use& u : uses_for(ship, c.colour, true, wilds > 0)) {
        if (load + u.value > c.requirement || fee(ship) > money) continue;
        if (!contract_feasible(s, c.colour, c.requirement - load - u.value, money - fee(ship),
                               wilds - (u.wild ? 1 : 0), {ship}))
          continue;
        out.push_back({"assign " + use_text(u), "Assign " + use_text(u) + " to " + c.id, {}});
      }
  }
  add_reserve_actions(out);
  out.push_back({"cancel", "Take the contract back to your hand", {}});
}

void AodGame::add_reserve_actions(std::vector<Action>& out) const {
  const Table& t = table();
  const int s = seat();
  if (t.get(seats_[static_cast<std::size_t>(s)].player).get("reservation") < 1) return;
  const Market& rows = t.get(rows_);
  for (int row = 0; row < rows.rows(); ++row)
    for (int slot = 0; slot < rows.width(); ++slot) {
      const std::string& id = rows.at(row, slot);
      if (!id.empty() && reserved_by(id) < 0) out.push_back({"reserve " + id, "Reserve ship " + id, {}});
    }
  const Market& display = t.get(display_);
  for (int slot = 0; slot < display.width(); ++slot) {
    const std::string& id = display.at(0, slot);
    if (!id.empty() && reserved_by(id) < 0) out.push_back({"reserve " + id, "Reserve contract " + id, {}});
  }
}

AodGame::Use AodGame::parse_use(const std::string& ship, const std::vector<std::string>& words, std::size_t from) const {
  Use use;
  use.ship = rules().ship_index(ship);
  if (use.ship < 0) throw RuleError("no ship '" + ship + "'");
  const ShipDef& def = rules().ships[static_cast<std::size_t>(use.ship)];
  use.colour = def.colour;
  use.value = def.transport;
  if (def.flagship()) {
    if (words.size() < from + 2) throw RuleError("a flagship needs a colour and a transport value");
    use.colour = rules().colour_index(words[from]);
    use.value = std::stoi(words[from + 1]);
    from += 2;
  }
  use.wild = words.size() > from && words[from] == "wild";
  return use;
}

void AodGame::mark_action(int bit) {
  Counters& flow = state().get(flow_);
  flow.set("used", flow.get("used") | bit);
}

void AodGame::perform(const Action& action, std::vector<Event>& events) {
  Table& t = state();
  const std::vector<std::string> words = split_words(action.text);
  const std::string& verb = words.at(0);
  const int s = seat();
  Counters& flow = t.get(flow_);
  if (verb == "coins") {
    mark_action(kCoins);
    t.get(seats_[static_cast<std::size_t>(s)].player).add("coins", rules().coins_amount);
    events.push_back({seat_name(s) + " takes " + std::to_string(rules().coins_amount) + " coins"});
  } else if (verb == "contract") {
    mark_action(kContract);
    take_contract(words.at(1), events);
  } else if (verb == "buy") {
    if (phase() == kMain) {
      mark_action(kBuy);
      flow.set("phase", kBuying);
    }
    buy(action.args.at(0), events);
  } else if (verb == "send") {
    if (phase() == kMain) {
      mark_action(kSend);
      flow.set("phase", kSending);
      flow.set("sent", 0);
    }
    send_to_expedition(parse_use(words.at(1), words, 4), rules().expedition_index(words.at(3)), events);
  } else if (verb == "play") {
    if (phase() == kMain) {
      mark_action(kSend);
      flow.set("phase", kSending);
      flow.set("sent", 0);
    }
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    t.get(seat.hand).remove(words.at(1));
    t.get(seat.active).add(words.at(1), true);
    flow.set("pending", rules().contract_index(words.at(1)) + 1);
    flow.set("pending_load", 0);
    flow.set("phase", kBuilding);
    events.push_back({seat_name(s) + " plays contract " + words.at(1)});
  } else if (verb == "assign") {
    assign_to_contract(parse_use(words.at(1), words, 2), events);
  } else if (verb == "duration") {
    start_contract(std::stoi(words.at(1)), events);
  } else if (verb == "cancel") {
    cancel_contract(events);
  } else if (verb == "reserve") {
    reserve(words.at(1), events);
  } else if (verb == "done") {
    // A send action in which every contract was taken back sent nothing: it was not taken.
    if (phase() == kSending && flow.get("sent") == 0) flow.set("used", flow.get("used") & ~kSend);
    flow.set("phase", kMain);
  } else if (verb == "end") {
    end_turn(events);
    return;
  } else {
    throw RuleError("unknown action '" + action.text + "'");
  }
  // With both actions taken and no action card that could still be played, the turn ends.
  if (phase() == kMain && std::popcount(static_cast<unsigned>(flow.get("used"))) >= 2 &&
      t.get(seats_[static_cast<std::size_t>(s)].player).get("reservation") == 0)
    end_turn(events);
}

void AodGame::take_contract(const std::string& which, std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  t.get(seat.player).add("coins", -rules().contract_cost);
  std::string card;
  if (which == "blind") {
    card = t.get(contract_deck_).draw("draw");
    events.push_back({seat_name(s) + " takes a contract from the deck"});
    events.push_back({"you draw " + card, s});
  } else {
    Market& display = t.get(display_);
    const SlotPlace place = display.find(which);
    if (place.slot < 0) throw RuleError("contract " + which + " is not in the display");
    card = display.take(place.slot, t.get(contract_deck_)).card;
    t.get(reserve_).set(card, 0);
    t.get(reserve_).set(card + ".age", 0);
    events.push_back({seat_name(s) + " takes contract " + card + " from the display"});
  }
  t.get(seat.hand).add(card);
}

void AodGame::buy(int slot, std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  Market& rows = t.get(rows_);
  const std::string id = rows.at(0, slot);
  const ShipDef& def = rules().ships[static_cast<std::size_t>(rules().ship_index(id))];
  if (def.cost > coins(s)) throw RuleError("not enough coins for " + id);
  t.get(seats_[static_cast<std::size_t>(s)].player).add("coins", -def.cost);
  Market::Taken taken = rows.take(slot, t.get(ships_), {kFirstScoring, kLastScoring});
  t.get(seats_[static_cast<std::size_t>(s)].fleet).add(taken.card, true);
  t.get(reserve_).set(id, 0);
  t.get(reserve_).set(id + ".age", 0);
  events.push_back({seat_name(s) + " buys " + id + " for " + std::to_string(def.cost) + " coins"});
  for (const auto& card : taken.drawn) {
    if (card != kFirstScoring && card != kLastScoring) continue;
    // 5.3: the scoring card is set aside and takes effect at the end of this turn.
    t.get(ships_).put_top("scoring", card);
    t.get(flow_).set(card == kFirstScoring ? "first_drawn" : "last_drawn", 1);
    events.push_back({(card == kFirstScoring ? std::string("the First Scoring card") : std::string("the Last Scoring card")) +
                      " is drawn"});
  }
}

void AodGame::take_ship_from_owner(int s, int ship) {
  Table& t = state();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  const std::string& id = rules().ships[static_cast<std::size_t>(ship)].id;
  if (t.get(seat.fleet).contains(id)) t.get(seat.fleet).remove(id);
  else t.get(seat.flagship).remove(id);  // the flagship is revealed by its first use
}

void AodGame::place_ship(int s, const Use& use, int contract, std::vector<Event>& events) {
  Table& t = state();
  const std::string& id = rules().ships[static_cast<std::size_t>(use.ship)].id;
  take_ship_from_owner(s, use.ship);
  Counters& placed = t.get(placed_);
  placed.set(id + ".own", s + 1);
  placed.set(id + ".col", use.colour + 1);
  placed.set(id + ".val", use.value);
  placed.set(id + ".con", contract + 1);
  placed.set(id + ".wld", use.wild ? 1 : 0);
  t.get(seats_[static_cast<std::size_t>(s)].player).add("coins", -fee(use.ship));
  if (use.wild) engine_->scripts->apply(engine_->wild, t, CallContext{s, &events}, "use");
}

void AodGame::return_ship(int s, int ship) {
  Table& t = state();
  const std::string& id = rules().ships[static_cast<std::size_t>(ship)].id;
  t.get(seats_[static_cast<std::size_t>(s)].voyage).remove(id);
  t.get(seats_[static_cast<std::size_t>(s)].fleet).add(id, true);
  Counters& placed = t.get(placed_);
  for (const char* key : {".own", ".col", ".val", ".con", ".wld"}) placed.set(id + key, 0);
}

void AodGame::send_to_expedition(const Use& use, int expedition, std::vector<Event>& events) {
  const int s = seat();
  if (expedition < 0 || !ship_placeable_on_expedition(s, use, expedition))
    throw RuleError("that ship may not go on that expedition");
  Table& t = state();
  const ExpeditionDef& e = rules().expeditions[static_cast<std::size_t>(expedition)];
  place_ship(s, use, -1, events);
  t.get(expeditions_[static_cast<std::size_t>(expedition)]).add(rules().ships[static_cast<std::size_t>(use.ship)].id, true);
  Counters& tally = t.get(tally_);
  if (tally.get(e.id + ".lock") == 0) tally.set(e.id + ".lock", use.colour + 1);
  tally.add(e.id + ".load", use.value);
  tally.add(e.id + ".all", 1);
  tally.add(e.id + ".s" + std::to_string(s), 1);
  t.get(flow_).add("sent", 1);
  events.push_back({seat_name(s) + " sends " + use_text(use) + " to " + e.name});
}

void AodGame::assign_to_contract(const Use& use, std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  Counters& flow = t.get(flow_);
  const int contract = flow.get("pending") - 1;
  const ContractDef& c = rules().contracts[static_cast<std::size_t>(contract)];
  if (flow.get("pending_load") + use.value > c.requirement) throw RuleError("that would exceed the contract");
  place_ship(s, use, contract, events);
  t.get(seats_[static_cast<std::size_t>(s)].voyage).add(rules().ships[static_cast<std::size_t>(use.ship)].id, true);
  flow.add("pending_load", use.value);
  events.push_back({seat_name(s) + " assigns " + use_text(use) + " to " + c.id});
}

void AodGame::start_contract(int duration, std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  Counters& flow = t.get(flow_);
  const int contract = flow.get("pending") - 1;
  const ContractDef& c = rules().contracts[static_cast<std::size_t>(contract)];
  if (flow.get("pending_load") != c.requirement) throw RuleError("the ships must carry exactly " + std::to_string(c.requirement));
  const auto d = std::find(rules().durations.begin(), rules().durations.end(), duration);
  if (d == rules().durations.end()) throw RuleError("no such duration");
  const int payout = c.payout[static_cast<std::size_t>(d - rules().durations.begin())];
  t.get(placed_).set(c.id + ".left", duration);
  t.get(placed_).set(c.id + ".payout", payout);
  flow.set("pending", 0);
  flow.set("pending_load", 0);
  flow.set("phase", kSending);
  flow.add("sent", 1);
  events.push_back({seat_name(s) + " starts " + c.id + " for " + std::to_string(duration) + " turn(s), paying " +
                    std::to_string(payout) + " coins"});
}

void AodGame::cancel_contract(std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  Counters& flow = t.get(flow_);
  const int contract = flow.get("pending") - 1;
  const ContractDef& c = rules().contracts[static_cast<std::size_t>(contract)];
  // The assignment is undone: ships, fees and Wild Ship cards come back.
  const std::vector<std::string> voyage = t.get(seat.voyage).cards();
  for (const auto& id : voyage) {
    if (t.get(placed_).get(id + ".con") != contract + 1) continue;
    const int ship = rules().ship_index(id);
    t.get(seat.player).add("coins", fee(ship));
    if (t.get(placed_).get(id + ".wld")) engine_->scripts->apply(engine_->wild, t, CallContext{s, &events}, "return");
    return_ship(s, ship);
  }
  t.get(seat.active).remove(c.id);
  t.get(seat.hand).add(c.id);
  flow.set("pending", 0);
  flow.set("pending_load", 0);
  flow.set("phase", kSending);
  events.push_back({seat_name(s) + " takes contract " + c.id + " back"});
}

void AodGame::reserve(const std::string& card, std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  engine_->scripts->apply(engine_->reservation, t, CallContext{s, &events}, card);
}

void AodGame::begin_turn(std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  const Seat& seat = seats_[static_cast<std::size_t>(s)];
  Counters& flow = t.get(flow_);
  flow.set("phase", kMain);
  flow.set("used", 0);
  // 4.1: every active contract advances; those leaving the track complete now.
  const std::vector<std::string> active = t.get(seat.active).cards();
  for (const auto& cid : active) {
    Counters& placed = t.get(placed_);
    if (placed.add(cid + ".left", -1) > 0) continue;
    const int payout = placed.get(cid + ".payout");
    const int contract = rules().contract_index(cid);
    placed.set(cid + ".payout", 0);
    const std::vector<std::string> voyage = t.get(seat.voyage).cards();
    for (const auto& id : voyage)
      if (t.get(placed_).get(id + ".con") == contract + 1) return_ship(s, rules().ship_index(id));
    t.get(seat.active).remove(cid);
    t.get(contract_deck_).put_top("box", cid);
    t.get(seat.player).add("coins", payout);
    t.get(seat.player).add("contracts", 1);
    events.push_back({seat_name(s) + " completes " + cid + ": " + std::to_string(payout) + " coins"});
  }
}

void AodGame::end_turn(std::vector<Event>& events) {
  Table& t = state();
  const int s = seat();
  Counters& flow = t.get(flow_);
  // 4.3 step 1: markers placed on the previous turn go; this turn's stay one more turn.
  const auto& marks = t.get(reserve_).entries();
  if (std::any_of(marks.begin(), marks.end(), [s](const auto& kv) { return kv.second == s + 1; }))
    engine_->scripts->apply(engine_->expiry, t, CallContext{s, &events});
  // 4.3 step 2: the first scoring happens after the turn in which its card was drawn.
  if (flow.get("first_drawn") && !flow.get("first_done")) {
    flow.set("first_done", 1);
    events.push_back({"first scoring"});
    score_expeditions(false, events);
  }
  // 4.3 step 3: the final round; the drawer takes the last turn.
  if (flow.get("last_drawn") && !flow.get("final")) {
    flow.set("final", 1);
    flow.set("final_left", t.players());
    events.push_back({"the final round begins"});
  } else if (flow.get("final")) {
    if (flow.add("final_left", -1) <= 0) {
      finish(events);
      return;
    }
  }
  flow.add("turn", 1);
  t.get(turns_).advance();
  begin_turn(events);
}

void AodGame::score_expeditions(bool last, std::vector<Event>& events) {
  Table& t = state();
  std::vector<int> gained(static_cast<std::size_t>(t.players()), 0);
  for (std::size_t e = 0; e < rules().expeditions.size(); ++e) {
    const ExpeditionDef& x = rules().expeditions[e];
    for (const auto& id : t.get(expeditions_[e]).cards()) {
      const int owner = t.get(placed_).get(id + ".own") - 1;
      const bool match = t.get(placed_).get(id + ".col") - 1 == x.colour;
      const int vp = last ? (match ? x.last_match : x.last_other) : (match ? x.first_match : x.first_other);
      gained[static_cast<std::size_t>(owner)] += vp;
    }
  }
  for (int s = 0; s < t.players(); ++s) {
    t.get(seats_[static_cast<std::size_t>(s)].score).set(last ? "last" : "first", gained[static_cast<std::size_t>(s)]);
    t.get(seats_[static_cast<std::size_t>(s)].player).add("vp", gained[static_cast<std::size_t>(s)]);
    events.push_back({seat_name(s) + " scores " + std::to_string(gained[static_cast<std::size_t>(s)]) + " VP for expeditions"});
  }
}

void AodGame::finish(std::vector<Event>& events) {
  Table& t = state();
  events.push_back({"the game ends: final scoring"});
  // 6.2 step 0: unfinished contracts go to the box, their ships come home.
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    const std::vector<std::string> voyage = t.get(seat.voyage).cards();
    for (const auto& id : voyage) return_ship(s, rules().ship_index(id));
    for (const auto& cid : t.get(seat.active).take_all()) {
      t.get(placed_).set(cid + ".left", 0);
      t.get(placed_).set(cid + ".payout", 0);
      t.get(contract_deck_).put_top("box", cid);
    }
  }
  score_expeditions(true, events);  // step 1
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    // Step 2: the mission is revealed and scored by its Lua effect.
    t.get(seat.mission).set_revealed(0, true);
    if (t.get(seat.flagship).size() > 0) t.get(seat.flagship).set_revealed(0, true);
    const int mission = rules().mission_index(t.get(seat.mission).card(0));
    engine_->scripts->apply(engine_->mission_effects[static_cast<std::size_t>(mission)], t, CallContext{s, &events});
    // Step 3: 1 VP per ship not on an expedition (the flagship included).
    const int unassigned = t.get(seat.fleet).size() + t.get(seat.flagship).size();
    Counters& score = t.get(seat.score);
    score.set("unassigned_ships", unassigned);
    score.set("unassigned", unassigned * rules().unassigned_vp);
    t.get(seat.player).add("vp", score.get("missions") + score.get("unassigned"));
    score.set("total", score.get("first") + score.get("last") + score.get("missions") + score.get("unassigned"));
  }
  t.get(flow_).set("phase", kOver);
  run_hook("final_scoring", kNobody, events, json::object());
  events.push_back({"the game is over"});
}

Outcome AodGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (phase() != kOver) return o;
  std::vector<std::pair<int, int>> keys;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& score = t.get(seats_[static_cast<std::size_t>(s)].score);
    o.scores.push_back(score.get("total"));
    o.breakdown.push_back("first scoring " + std::to_string(score.get("first")) + ", last scoring " +
                          std::to_string(score.get("last")) + ", mission " + std::to_string(score.get("missions")) +
                          ", ships not on expeditions " + std::to_string(score.get("unassigned")));
    keys.emplace_back(score.get("total"), score.get("unassigned_ships"));
  }
  // 6.4: most VP; then most ships not on expeditions; then a shared victory.
  const auto best = *std::max_element(keys.begin(), keys.end());
  for (int s = 0; s < t.players(); ++s)
    if (keys[static_cast<std::size_t>(s)] == best) o.winners.push_back(s);
  return o;
}

std::string AodGame::render(int viewer) const {
  const Table& t = table();
  const Rules& r = rules();
  const Counters& flow = t.get(flow_);
  std::string out = "Turn " + std::to_string(flow.get("turn"));
  if (flow.get("first_done")) out += " (first scoring done)";
  if (flow.get("final")) out += " (final round: " + std::to_string(flow.get("final_left")) + " turn(s) left)";
  out += "\nShip piles:";
  for (std::size_t p = 0; p < r.pile_sizes.size(); ++p)
    out += " " + std::to_string(t.get(ships_).size(pile_name(static_cast<int>(p) + 1)));
  const Market& rows = t.get(rows_);
  auto ship_text = [&](const std::string& id) {
    if (id.empty()) return std::string("-");
    const ShipDef& d = r.ships[static_cast<std::size_t>(r.ship_index(id))];
    std::string text = id + " (" + std::to_string(d.cost) + ")";
    const int holder = reserved_by(id);
    if (holder >= 0) text += " [reserved by " + std::to_string(holder) + "]";
    return text;
  };
  for (int row = 1; row >= 0; --row) {
    out += row == 1 ? "\nFilling row: " : "\nPurchase row:";
    for (int slot = 0; slot < rows.width(); ++slot) out += "  " + std::to_string(slot + 1) + ":" + ship_text(rows.at(row, slot));
  }
  out += "\nContract display:";
  const Market& display = t.get(display_);
  for (int slot = 0; slot < display.width(); ++slot) {
    const std::string& id = display.at(0, slot);
    out += "  " + (id.empty() ? std::string("-") : id);
    if (!id.empty() && reserved_by(id) >= 0) out += " [reserved by " + std::to_string(reserved_by(id)) + "]";
  }
  out += "  (deck " + std::to_string(t.get(contract_deck_).size("draw")) + ")\nExpeditions:\n";
  for (std::size_t e = 0; e < r.expeditions.size(); ++e) {
    const ExpeditionDef& x = r.expeditions[e];
    const int lock = t.get(tally_).get(x.id + ".lock") - 1;
    out += "  " + x.id + " (" + r.colours[static_cast<std::size_t>(x.colour)] + ", " +
           std::to_string(t.get(tally_).get(x.id + ".load")) + "/" + std::to_string(x.limit) +
           (lock >= 0 ? ", locked " + r.colours[static_cast<std::size_t>(lock)] : std::string()) + "):";
    for (const auto& id : t.get(expeditions_[e]).cards())
      out += " " + id + "@" + std::to_string(t.get(placed_).get(id + ".own") - 1);
    out += "\n";
  }
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    const Counters& p = t.get(seat.player);
    out += (phase() != kOver && s == this->seat() ? "> " : "  ");
    out += "Seat " + std::to_string(s) + (s == viewer ? " (you)" : "") + ": coins " + std::to_string(p.get("coins")) +
           ", VP " + std::to_string(p.get("vp")) + ", contracts done " + std::to_string(p.get("contracts")) +
           ", wild " + std::to_string(p.get("wild")) + ", reservation " + std::to_string(p.get("reservation")) +
           "\n    fleet:";
    for (const auto& id : t.get(seat.fleet).cards()) out += " " + id;
    const Hand& flag = t.get(seat.flagship);
    if (flag.size() > 0) out += flag.sees_card(viewer, 0) ? " (flagship " + flag.card(0) + " hidden)" : " (hidden flagship)";
    out += "\n    active:";
    for (const auto& cid : t.get(seat.active).cards())
      out += " " + cid + "(" + std::to_string(t.get(placed_).get(cid + ".left")) + " left, " +
             std::to_string(t.get(placed_).get(cid + ".payout")) + " coins)";
    out += "\n    hand:";
    const Hand& hand = t.get(seat.hand);
    for (int i = 0; i < hand.size(); ++i) out += " " + (hand.sees_card(viewer, i) ? hand.card(i) : std::string("?"));
    const Hand& mission = t.get(seat.mission);
    out += "\n    mission: " + (mission.sees_card(viewer, 0) ? mission.card(0) : std::string("?")) + "\n";
  }
  if (phase() == kOver) {
    const Outcome o = outcome();
    for (int s = 0; s < t.players(); ++s)
      out += "Seat " + std::to_string(s) + ": " + std::to_string(o.scores[static_cast<std::size_t>(s)]) + " VP (" +
             o.breakdown[static_cast<std::size_t>(s)] + ")\n";
  }
  return out;
}

}  // namespace aod
