// Age of Discovery — the moves of a turn: which are legal (the step generators, in the
// rulebook's order), what they say (labels, prompts) and what they do. Rules 4.2 and 5;
// the flow that offers them: data/age_of_discovery/flow.yaml.
#include <algorithm>
#include <array>
#include <bit>
#include <climits>

#include "aod_game.hpp"
#include "tessera/error.hpp"

namespace aod {

using namespace tessera;

namespace {

const std::vector<std::string> kScoringCards{kFirstScoring, kLastScoring};

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }

// The ways a ship may go to a target of colour `target` (an expedition's lock colour or a
// contract's colour): each declared colour and transport value, and whether it needs a Wild
// Ship card. `locked` false: any colour fits (an empty expedition). Without `allow_wild` a
// ship of no fitting colour has no way. Calls fn(colour, value_index, value, wild).
template <typename Fn>
void for_each_use(const ShipDef& def, const std::vector<int>& flagship_values, int target, bool locked,
                  bool allow_wild, Fn&& fn) {
  if (!def.flagship()) {
    if (!locked || def.colour == target) fn(def.colour, 0, def.transport, false);
    else if (allow_wild) fn(def.colour, 0, def.transport, true);
    return;
  }
  const bool fits = !locked || def.colour == target || def.colour2 == target;
  for (int colour : {def.colour, def.colour2}) {
    const bool wild = locked && colour != target;
    if (wild && (fits || !allow_wild)) continue;
    for (std::size_t v = 0; v < flagship_values.size(); ++v) fn(colour, static_cast<int>(v), flagship_values[v], wild);
  }
}

}  // namespace

// --- Legal moves -------------------------------------------------------------------------

AodGame::Decider AodGame::decider(const Table& t, int s) const {
  const Counters& player = t.get(seat_of(s).player);
  return Decider{s, player.get("coins"), player.get("wild"), player.get("reservation"), marks(t)};
}

void AodGame::action_moves(const FlowView& view, MoveSink& out) const {
  const Table& t = view.table;
  const Decider d = decider(t, view.seat());
  const int s = d.seat;
  const int used = view.frame.p[0];
  if (std::popcount(static_cast<unsigned>(used)) < rules().actions_per_turn) {
    if (!(used & kCoins)) out.add(kinds().coins);
    if (!(used & kContract) && d.coins >= rules().contract_cost && !t.get(seat_of(s).hand).would_exceed(1)) {
      const Market& display = t.get(display_);
      for (int slot = 0; slot < display.width(); ++slot) {
        const std::string& c = display.at(0, slot);
        if (c.empty()) continue;
        const int holder = d.marks.holder(c);
        if (holder >= 0 && holder != s) continue;
        out.add(kinds().contract, rules().contract_index(c));
      }
      if (!t.get(contract_deck_).empty("draw"))
        out.add(kinds().contract, static_cast<int>(rules().contracts.size()));  // blind
    }
    if (!(used & kBuy)) buy_moves(t, d, out);
    if (!(used & kSend)) send_moves(t, d, out);
  }
  reserve_moves(t, d, out);
}

void AodGame::buy_moves(const Table& t, const Decider& d, MoveSink& out) const {
  const Market& rows = t.get(rows_);
  for (int slot = 0; slot < rows.width(); ++slot) {
    const std::string& id = rows.at(0, slot);
    if (id.empty()) continue;
    const int holder = d.marks.holder(id);
    if (holder >= 0 && holder != d.seat) continue;
    if (ship(rules().ship_index(id)).cost > d.coins) continue;
    out.add(kinds().buy, slot);
  }
}

AodGame::Available AodGame::available(const Table& t, int s) const {
  Available out;
  for (const Hand* hand : {&t.get(seat_of(s).fleet), &t.get(seat_of(s).flagship)})
    for (const auto& id : hand->cards())
      if (out.size < kMaxShips) out.ships[static_cast<std::size_t>(out.size++)] = rules().ship_index(id);
  return out;
}

void AodGame::send_moves(const Table& t, const Decider& d, MoveSink& out) const {
  const int s = d.seat;
  const Seat& seat = seat_of(s);
  const auto& tally = t.get(tally_).entries();
  const int wilds = d.wilds;
  const int money = d.coins;
  const Engine::Kinds& k = kinds();
  // Lock colour and room of each expedition, read once for all ships.
  const int n = static_cast<int>(rules().expeditions.size());
  std::array<int, kMaxExpeditions> lock{}, room{};
  for (std::size_t e = 0; e < static_cast<std::size_t>(n); ++e) {
    lock[e] = tally[static_cast<std::size_t>(tally_layout_->lock[e])].second - 1;
    room[e] = rules().expeditions[e].limit - tally[static_cast<std::size_t>(tally_layout_->load[e])].second;
  }
  const Available ships = available(t, s);
  for (const int index : ships) {
    if (fee(index) > money) continue;
    const ShipDef& def = ship(index);
    for (int e = 0; e < n; ++e) {
      const int locked = lock[static_cast<std::size_t>(e)], space = room[static_cast<std::size_t>(e)];
      for_each_use(def, rules().flagship_values, locked, locked >= 0, wilds > 0,
                   [&](int colour, int value_index, int value, bool wild) {
                     if (value > space) return;
                     if (def.flagship()) out.add(wild ? k.send_flagship_wild : k.send_flagship, index, e, colour, value_index);
                     else out.add(wild ? k.send_wild : k.send, index, 0, e);
                   });
    }
  }
  for (const auto& cid : t.get(seat.hand).cards()) {
    const int index = rules().contract_index(cid);
    const ContractDef& c = contract(index);
    if (contract_feasible(ships, c.colour, c.requirement, money, wilds, /*exclude=*/-1)) out.add(k.play, index);
  }
}

void AodGame::build_moves(const FlowView& view, const Decider& d, MoveSink& out) const {
  const Table& t = view.table;
  const int s = d.seat;
  const ContractDef& c = contract(view.frame.p[0]);
  const int load = view.frame.p[1];
  const Engine::Kinds& k = kinds();
  if (load == c.requirement) {
    for (std::size_t d = 0; d < rules().durations.size(); ++d) out.add(k.duration, static_cast<int>(d));
    return;
  }
  const int wilds = d.wilds;
  const int money = d.coins;
  const Available ships = available(t, s);
  for (const int index : ships) {
    const ShipDef& def = ship(index);
    const int cost = fee(index);
    for_each_use(def, rules().flagship_values, c.colour, /*locked=*/true, wilds > 0,
                 [&](int colour, int value_index, int value, bool wild) {
                   if (load + value > c.requirement || cost > money) return;
                   if (!contract_feasible(ships, c.colour, c.requirement - load - value, money - cost,
                                          wilds - (wild ? 1 : 0), index))
                     return;
                   if (def.flagship()) out.add(wild ? k.assign_flagship_wild : k.assign_flagship, index, colour, value_index);
                   else out.add(wild ? k.assign_wild : k.assign, index);
                 });
  }
}

void AodGame::reserve_moves(const Table& t, const Decider& d, MoveSink& out) const {
  if (d.reservations < 1) return;
  const Market& rows = t.get(rows_);
  const Marks& marked = d.marks;
  for (int row = 0; row < rows.rows(); ++row)
    for (int slot = 0; slot < rows.width(); ++slot) {
      const std::string& id = rows.at(row, slot);
      if (!id.empty() && marked.holder(id) < 0) out.add(kinds().reserve, rules().ship_index(id));
    }
  const Market& display = t.get(display_);
  const int ships = static_cast<int>(rules().ships.size());
  for (int slot = 0; slot < display.width(); ++slot) {
    const std::string& id = display.at(0, slot);
    if (!id.empty() && marked.holder(id) < 0) out.add(kinds().reserve, ships + rules().contract_index(id));
  }
}

bool AodGame::contract_feasible(const Available& ships, int colour, int remaining, int money, int wilds,
                                int exclude) const {
  if (remaining == 0) return true;
  if (remaining < 0 || money < 0 || wilds < 0) return false;
  // Knapsack over (transport sum, Wild Ship cards used) -> least fees.
  const int w_max = std::min(wilds, 8);
  const int width = w_max + 1;
  const std::size_t cells = static_cast<std::size_t>((remaining + 1) * width);
  constexpr std::size_t kStackCells = 256;
  std::array<int, kStackCells> best_small, next_small;
  std::vector<int> best_big, next_big;
  int* best = best_small.data();
  int* next = next_small.data();
  if (cells > kStackCells) {
    best_big.resize(cells);
    next_big.resize(cells);
    best = best_big.data();
    next = next_big.data();
  }
  std::fill(best, best + cells, INT_MAX);
  best[0] = 0;
  for (const int index : ships) {
    if (index == exclude) continue;
    const int cost = fee(index);
    std::copy(best, best + cells, next);
    for (int sum = 0; sum <= remaining; ++sum)
      for (int w = 0; w <= w_max; ++w) {
        const int have = best[sum * width + w];
        if (have == INT_MAX) continue;
        for_each_use(ship(index), rules().flagship_values, colour, /*locked=*/true, w_max > 0,
                     [&](int, int, int value, bool wild) {
                       const int ns = sum + value, nw = w + (wild ? 1 : 0);
                       if (ns > remaining || nw > w_max) return;
                       int& slot = next[ns * width + nw];
                       slot = std::min(slot, have + cost);
                     });
      }
    std::swap(best, next);
  }
  for (int w = 0; w <= w_max; ++w)
    if (best[remaining * width + w] <= money) return true;
  return false;
}

// --- Words -------------------------------------------------------------------------------

AodGame::Use AodGame::use_of(const Move& m) const {
  const Engine::Kinds& k = kinds();
  Use use;
  use.ship = m.p[0];
  const ShipDef& def = ship(use.ship);
  use.colour = def.colour;
  use.value = def.transport;
  use.wild = m.kind == k.send_wild || m.kind == k.assign_wild || m.kind == k.send_flagship_wild ||
             m.kind == k.assign_flagship_wild;
  if (m.kind == k.send_flagship || m.kind == k.send_flagship_wild) {
    use.colour = m.p[2];
    use.value = rules().flagship_values[static_cast<std::size_t>(m.p[3])];
  } else if (m.kind == k.assign_flagship || m.kind == k.assign_flagship_wild) {
    use.colour = m.p[1];
    use.value = rules().flagship_values[static_cast<std::size_t>(m.p[2])];
  }
  return use;
}

std::string AodGame::use_text(const Use& use) const {
  const ShipDef& def = ship(use.ship);
  std::string text = def.id;
  if (def.flagship()) text += " " + rules().colours[static_cast<std::size_t>(use.colour)] + " " + std::to_string(use.value);
  if (use.wild) text += " wild";
  return text;
}

std::string AodGame::label(const FlowView& view, const Move& m) const {
  const Table& t = view.table;
  const Engine::Kinds& k = kinds();
  const int contracts = static_cast<int>(rules().contracts.size());
  if (m.kind == k.coins) return "Take " + std::to_string(rules().coins_amount) + " coins";
  if (m.kind == k.contract)
    return m.p[0] == contracts ? "Take the top contract of the deck"
                               : "Take contract " + contract(m.p[0]).id + " from the display";
  if (m.kind == k.buy) {
    const std::string& id = t.get(rows_).at(0, m.p[0]);
    return "Buy " + id + " for " + std::to_string(ship(rules().ship_index(id)).cost) + " coins";
  }
  if (m.kind == k.send || m.kind == k.send_wild || m.kind == k.send_flagship || m.kind == k.send_flagship_wild) {
    const int expedition = m.kind == k.send || m.kind == k.send_wild ? m.p[2] : m.p[1];
    return "Send " + use_text(use_of(m)) + " to " + rules().expeditions[static_cast<std::size_t>(expedition)].name;
  }
  if (m.kind == k.play) return "Play contract " + contract(m.p[0]).id + " and assign ships to it";
  if (m.kind == k.assign || m.kind == k.assign_wild || m.kind == k.assign_flagship || m.kind == k.assign_flagship_wild)
    return "Assign " + use_text(use_of(m)) + " to " + contract(view.frame.p[0]).id;
  if (m.kind == k.duration) {
    const std::size_t d = static_cast<std::size_t>(m.p[0]);
    return "Run it for " + std::to_string(rules().durations[d]) + " turn(s), paying " +
           std::to_string(contract(view.frame.p[0]).payout[d]) + " coins";
  }
  if (m.kind == k.cancel) return "Take the contract back to your hand";
  if (m.kind == k.reserve) {
    const int ships = static_cast<int>(rules().ships.size());
    return m.p[0] < ships ? "Reserve ship " + ship(m.p[0]).id : "Reserve contract " + contract(m.p[0] - ships).id;
  }
  if (m.kind == k.done) return view.frame.step == engine_->steps.buying ? "Stop buying" : "Stop sending ships";
  return "End your turn";
}

std::string AodGame::prompt(const FlowView& view) const {
  if (view.frame.step == engine_->steps.building) {
    const ContractDef& c = contract(view.frame.p[0]);
    return "Assign ships to " + c.id + " (" + std::to_string(view.frame.p[1]) + " of " + std::to_string(c.requirement) +
           "), then choose its duration";
  }
  return "Choose an action (" + std::to_string(std::popcount(static_cast<unsigned>(view.frame.p[0]))) +
         " of " + std::to_string(rules().actions_per_turn) + " taken) or end your turn";
}

// --- Applying ----------------------------------------------------------------------------

void AodGame::apply_move(FlowContext& ctx, const Move& m) {
  const Engine::Kinds& k = kinds();
  const Engine::Steps& steps = engine_->steps;
  Table& t = ctx.table();
  const int s = ctx.seat();
  Frame& frame = ctx.frame();  // the step that offered the move (the flow's capacity is fixed: it stays put)
  const bool in_actions = frame.step == steps.actions;
  const bool sending = m.kind == k.send || m.kind == k.send_wild || m.kind == k.send_flagship ||
                       m.kind == k.send_flagship_wild;
  // The first buy, send or play of the actions step starts that action's own step.
  if (in_actions && m.kind == k.buy) {
    frame.p[0] |= kBuy;
    ctx.push(steps.buying, s);
  } else if (in_actions && (sending || m.kind == k.play)) {
    frame.p[0] |= kSend;
    ctx.push(steps.sending, s, {/*sent=*/0});
  }
  if (m.kind == k.coins) {
    frame.p[0] |= kCoins;
    t.get(seat_of(s).player).add("coins", rules().coins_amount);
    if (ctx.logging()) ctx.log(seat_name(s) + " takes " + std::to_string(rules().coins_amount) + " coins");
  } else if (m.kind == k.contract) {
    frame.p[0] |= kContract;
    take_contract(ctx, m.p[0]);
  } else if (m.kind == k.buy) {
    buy(ctx, m.p[0]);
  } else if (sending) {
    send(ctx, use_of(m), m.kind == k.send || m.kind == k.send_wild ? m.p[2] : m.p[1]);
  } else if (m.kind == k.play) {
    play(ctx, m.p[0]);
  } else if (m.kind == k.assign || m.kind == k.assign_wild || m.kind == k.assign_flagship ||
             m.kind == k.assign_flagship_wild) {
    assign(ctx, use_of(m));
  } else if (m.kind == k.duration) {
    start_contract(ctx, m.p[0]);
  } else if (m.kind == k.cancel) {
    cancel_contract(ctx);
  } else if (m.kind == k.reserve) {
    const int ships = static_cast<int>(rules().ships.size());
    const std::string& card = m.p[0] < ships ? ship(m.p[0]).id : contract(m.p[0] - ships).id;
    engine_->scripts->apply(engine_->reservation, t, ctx.script_context(s), card);
  } else if (m.kind == k.done) {
    // A send action in which every contract was taken back sent nothing: it was not taken.
    if (frame.step == steps.sending && frame.p[0] == 0) ctx.enclosing(steps.actions).p[0] &= ~kSend;
  }
  // end: the actions step ends (ends_step), and the turn with it.
}

void AodGame::take_contract(FlowContext& ctx, int pick) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const Seat& seat = seat_of(s);
  t.get(seat.player).add("coins", -rules().contract_cost);
  std::string card;
  if (pick == static_cast<int>(rules().contracts.size())) {
    card = t.get(contract_deck_).draw("draw");
    if (ctx.logging()) {
      ctx.log(seat_name(s) + " takes a contract from the deck");
      ctx.log("you draw " + card, s);
    }
  } else {
    const ContractDef& c = contract(pick);
    Market& display = t.get(display_);
    const SlotPlace place = display.find(c.id);
    if (place.slot < 0) throw RuleError("contract " + c.id + " is not in the display");
    card = display.take(place.slot, t.get(contract_deck_)).card;
    clear_marker(t, c.id, c.age_key);
    if (ctx.logging()) ctx.log(seat_name(s) + " takes contract " + card + " from the display");
  }
  t.get(seat.hand).add(std::move(card));
}

void AodGame::buy(FlowContext& ctx, int slot) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  Market& rows = t.get(rows_);
  const ShipDef& def = ship(rules().ship_index(rows.at(0, slot)));
  t.get(seat_of(s).player).add("coins", -def.cost);
  Market::Taken taken = rows.take(slot, t.get(ships_), kScoringCards);
  t.get(seat_of(s).fleet).add(std::move(taken.card), true);
  clear_marker(t, def.id, def.age_key);
  if (ctx.logging()) ctx.log(seat_name(s) + " buys " + def.id + " for " + std::to_string(def.cost) + " coins");
  for (const auto& card : taken.drawn) {
    if (card != kFirstScoring && card != kLastScoring) continue;
    // 5.3: the scoring card is set aside and takes effect at the end of this turn.
    t.get(ships_).put_top("scoring", card);
    t.get(progress_).set(card == kFirstScoring ? "first_drawn" : "last_drawn", 1);
    ctx.log(card == kFirstScoring ? "the First Scoring card is drawn" : "the Last Scoring card is drawn");
  }
}

void AodGame::clear_marker(Table& t, const std::string& card, const std::string& age_key) const {
  Counters& marks = t.get(reserve_);
  if (marks.get(card) != 0) marks.set(card, 0);
  if (marks.get(age_key) != 0) marks.set(age_key, 0);
}

void AodGame::place_ship(FlowContext& ctx, const Use& use, int contract_index) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const Seat& seat = seat_of(s);
  const ShipDef& def = ship(use.ship);
  if (t.get(seat.fleet).contains(def.id)) t.get(seat.fleet).remove(def.id);
  else t.get(seat.flagship).remove(def.id);  // the flagship is revealed by its first use
  Counters& placed = t.get(placed_);
  placed.set(def.own_key, s + 1);
  placed.set(def.colour_key, use.colour + 1);
  placed.set(def.value_key, use.value);
  // Keys that would be 0 are left unset: a missing key reads 0, and the counters stay short.
  if (contract_index >= 0) placed.set(def.contract_key, contract_index + 1);
  if (use.wild) placed.set(def.wild_key, 1);
  t.get(seat.player).add("coins", -fee(use.ship));
  if (use.wild) engine_->scripts->apply(engine_->wild, t, ctx.script_context(s), "use");
}

void AodGame::return_ship(Table& t, int s, int index) const {
  const ShipDef& def = ship(index);
  t.get(seat_of(s).voyage).remove(def.id);
  t.get(seat_of(s).fleet).add(def.id, true);
  Counters& placed = t.get(placed_);
  for (const std::string* key : {&def.own_key, &def.colour_key, &def.value_key, &def.contract_key, &def.wild_key})
    if (placed.get(*key) != 0) placed.set(*key, 0);
}

void AodGame::send(FlowContext& ctx, const Use& use, int expedition) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const ExpeditionDef& x = rules().expeditions[static_cast<std::size_t>(expedition)];
  place_ship(ctx, use, -1);
  t.get(expeditions_[static_cast<std::size_t>(expedition)]).add(ship(use.ship).id, true);
  Counters& tally = t.get(tally_);
  if (tally.get(x.lock_key) == 0) tally.set(x.lock_key, use.colour + 1);
  tally.add(x.load_key, use.value);
  tally.add(x.all_key, 1);
  tally.add(x.seat_keys[static_cast<std::size_t>(s)], 1);
  ++ctx.flow().top().p[0];  // the sending step's count
  if (ctx.logging()) ctx.log(seat_name(s) + " sends " + use_text(use) + " to " + x.name);
}

void AodGame::play(FlowContext& ctx, int contract_index) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const std::string& id = contract(contract_index).id;
  t.get(seat_of(s).hand).remove(id);
  t.get(seat_of(s).active).add(id, true);
  ctx.push(engine_->steps.building, s, {contract_index, /*load=*/0});
  if (ctx.logging()) ctx.log(seat_name(s) + " plays contract " + id);
}

void AodGame::assign(FlowContext& ctx, const Use& use) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  Frame& building = ctx.frame();
  const ContractDef& c = contract(building.p[0]);
  place_ship(ctx, use, building.p[0]);
  t.get(seat_of(s).voyage).add(ship(use.ship).id, true);
  building.p[1] += use.value;
  if (ctx.logging()) ctx.log(seat_name(s) + " assigns " + use_text(use) + " to " + c.id);
}

void AodGame::start_contract(FlowContext& ctx, int duration_index) {
  Table& t = ctx.table();
  const Frame& building = ctx.frame();
  const ContractDef& c = contract(building.p[0]);
  const int duration = rules().durations[static_cast<std::size_t>(duration_index)];
  const int payout = c.payout[static_cast<std::size_t>(duration_index)];
  t.get(placed_).set(c.left_key, duration);
  t.get(placed_).set(c.payout_key, payout);
  ++ctx.enclosing(engine_->steps.sending).p[0];  // the sending step counts it
  if (ctx.logging())
    ctx.log(seat_name(ctx.seat()) + " starts " + c.id + " for " + std::to_string(duration) + " turn(s), paying " +
            std::to_string(payout) + " coins");
  ctx.announce(engine_->events.contract_started, {ctx.seat(), duration});
}

void AodGame::cancel_contract(FlowContext& ctx) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const Seat& seat = seat_of(s);
  const int contract_index = ctx.frame().p[0];
  const ContractDef& c = contract(contract_index);
  // The assignment is undone: ships, fees and Wild Ship cards come back.
  const std::vector<std::string> voyage = t.get(seat.voyage).cards();
  for (const auto& id : voyage) {
    const int index = rules().ship_index(id);
    const ShipDef& def = ship(index);
    if (t.get(placed_).get(def.contract_key) != contract_index + 1) continue;
    t.get(seat.player).add("coins", fee(index));
    if (t.get(placed_).get(def.wild_key)) engine_->scripts->apply(engine_->wild, t, ctx.script_context(s), "return");
    return_ship(t, s, index);
  }
  t.get(seat.active).remove(c.id);
  t.get(seat.hand).add(c.id);
  if (ctx.logging()) ctx.log(seat_name(s) + " takes contract " + c.id + " back");
}

}  // namespace aod
