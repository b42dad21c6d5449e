// Age of Discovery — what a scenario state must satisfy before the rules code runs on it.
// The rules code indexes by seats, colours, contracts and flow frames it finds in the state;
// every such value the declared schema cannot check is checked here, so an edited state is
// refused instead of crashing later (a ship on an expedition without an owner would index the
// scores by seat -1).
#include "aod_game.hpp"
#include <algorithm>

#include "tessera/error.hpp"

namespace aod {

using namespace tessera;

namespace {

void in_range(int value, int lo, int hi, const std::string& what) {
  if (value < lo || value > hi)
    throw DataError(what + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " + std::to_string(value));
}

constexpr int kLarge = 1 << 20;

}  // namespace

void AodGame::check_state() const {
  // The schema (data/age_of_discovery/schema.yaml) has checked the components, that every
  // container holds ships, contracts or missions as declared and each card is in exactly one
  // place, the keys and ranges of progress and of the seats' counters, and that the other
  // counters hold no negative or huge value. What is left is what it cannot say: ranges
  // that depend on the data or the player count, keys built from ids, cross-references.
  const Table& t = table();
  const Rules& r = rules();
  const int players = t.players();
  const int colours = static_cast<int>(r.colours.size());
  const int contracts = static_cast<int>(r.contracts.size());

  in_range(t.get(progress_).get("final_left"), 0, players, "progress.final_left");

  const Deck& ships = t.get(ships_);
  for (std::size_t p = 1; p <= r.pile_sizes.size(); ++p)
    if (!ships.has_pile("pile" + std::to_string(p))) throw DataError("ships: pile" + std::to_string(p) + " is missing");
  if (!ships.has_pile("scoring")) throw DataError("ships: the scoring pile is missing");
  // The scoring cards are ship cards to the schema, but the rules draw them from the ship
  // piles only: anywhere else (a row, a fleet) the rules code would take them for ships.
  for (const std::string* card : {&kFirstScoring, &kLastScoring})
    if (!ships.contains(*card)) throw DataError("ships: " + *card + " must be in the ship piles");
  const Market& rows = t.get(rows_);
  if (rows.rows() != 2 || rows.width() != r.row_size) throw DataError("rows must keep 2 rows of " + std::to_string(r.row_size));
  const Deck& contract_deck = t.get(contract_deck_);
  if (!contract_deck.has_pile("draw") || !contract_deck.has_pile("box"))
    throw DataError("contract_deck must keep its draw and box piles");
  const Market& display = t.get(display_);
  if (display.rows() != 1 || display.width() != std::max(1, r.display_size)) throw DataError("display must keep its slots");

  // Expeditions: their ships, each with an owner seat and a declared colour; the tally's
  // keys (its values are derived from these ships: derive()).
  const Counters& tally = t.get(tally_);
  const Counters& placed = t.get(placed_);
  const auto& entries = tally.entries();
  const std::vector<std::string>& keys = tally_layout_->keys;
  if (entries.size() != keys.size() ||
      !std::equal(entries.begin(), entries.end(), keys.begin(),
                  [](const auto& kv, const std::string& key) { return kv.first == key; }))
    throw DataError("tally must hold exactly the lock, load and ship counts of every expedition (" +
                    std::to_string(keys.size()) + " keys)");
  for (std::size_t e = 0; e < expeditions_.size(); ++e) {
    const ExpeditionDef& x = r.expeditions[e];
    const std::string where = "expedition " + x.id;
    for (const auto& id : t.get(expeditions_[e]).cards()) {
      const ShipDef& def = ship(r.ship_index(id));
      in_range(placed.get(def.own_key), 1, players, where + ": placed." + def.own_key);
      in_range(placed.get(def.colour_key), 1, colours, where + ": placed." + def.colour_key);
      in_range(placed.get(def.value_key), 1, kLarge, where + ": placed." + def.value_key);
      in_range(placed.get(def.contract_key), 0, 0, where + ": placed." + def.contract_key);
    }
  }
  for (const auto& [key, value] : placed.entries()) {
    const std::string field = key.substr(key.rfind('.') + 1);
    if (field == "own") in_range(value, 0, players, "placed." + key);
    if (field == "col") in_range(value, 0, colours, "placed." + key);
    if (field == "con") in_range(value, 0, contracts, "placed." + key);
  }
  for (const auto& [key, value] : t.get(reserve_).entries()) in_range(value, 0, players, "reservations." + key);

  for (int s = 0; s < players; ++s) {
    const Seat& seat = seat_of(s);
    const std::string who = "seat " + std::to_string(s) + " ";
    if (t.get(seat.mission).size() != 1) throw DataError(who + "must hold exactly one mission");
    // A ship on a voyage belongs to the seat and to one of its active contracts.
    const Hand& active = t.get(seat.active);
    for (const auto& id : t.get(seat.voyage).cards()) {
      const ShipDef& def = ship(r.ship_index(id));
      in_range(placed.get(def.own_key), s + 1, s + 1, who + "voyage: placed." + def.own_key);
      in_range(placed.get(def.colour_key), 1, colours, who + "voyage: placed." + def.colour_key);
      const int on = placed.get(def.contract_key);
      if (on < 1 || !active.contains(contract(on - 1).id))
        throw DataError(who + "voyage: " + id + " must be on one of the seat's active contracts");
    }
  }

  const TurnOrder& turns = t.get(turns_);
  if (turns.size() != players) throw DataError("the turn order must hold every seat once");
  for (int s = 0; s < players; ++s)
    if (!turns.contains(s)) throw DataError("the turn order must hold every seat once");

  // The flow: a turn and its steps are a seat's; the steps of an action sit on the actions
  // step of the same seat (their moves reach the frame below), and a contract being built
  // is one of that seat's active contracts.
  const Flow& flow = t.get<Flow>("flow");
  const Engine::Steps& steps = engine_->steps;
  const int turn_step = engine_->flow->step_index("turn");
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const std::string where = "flow frame " + std::to_string(i);
    const bool action_step = f.step == steps.buying || f.step == steps.sending || f.step == steps.building;
    if (f.step == turn_step || f.step == steps.actions || action_step) in_range(f.seat, 0, players - 1, where + " seat");
    if (action_step) {
      const int below = f.step == steps.building ? steps.sending : steps.actions;
      if (i == 0 || flow.at(i - 1).step != below || flow.at(i - 1).seat != f.seat)
        throw DataError(where + ": '" + flow.layout().steps[f.step].name + "' must sit on '" +
                        flow.layout().steps[static_cast<std::size_t>(below)].name + "' of the same seat");
    }
    if (f.step == steps.actions) in_range(f.p[0], 0, kCoins | kContract | kBuy | kSend, where + " used");
    if (f.step == steps.sending) in_range(f.p[0], 0, kLarge, where + " sent");
    if (f.step == steps.building) {
      in_range(f.p[0], 0, contracts - 1, where + " contract");
      in_range(f.p[1], 0, contract(f.p[0]).requirement, where + " load");
      if (!t.get(seat_of(f.seat).active).contains(contract(f.p[0]).id))
        throw DataError(where + ": the contract being built must be active for its seat");
    }
  }
}

}  // namespace aod
