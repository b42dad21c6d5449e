// Age of Discovery — loading, set-up, the turn's hooks, the scorings and the outcome.
// Rules: /shared/rules/age_of_discovery.md (section numbers below refer to it); numbers:
// data/age_of_discovery/*.yaml; flow: data/age_of_discovery/flow.yaml.
#include "aod_game.hpp"

#include <algorithm>
#include <bit>
#include <map>

#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace aod {

using namespace tessera;
using nlohmann::json;

namespace {

std::string seat_name(int seat) { return "seat " + std::to_string(seat); }
std::string pile_name(int pile) { return "pile" + std::to_string(pile); }

std::vector<std::string> numbers(const std::vector<int>& values) {
  std::vector<std::string> out;
  for (int v : values) out.push_back(std::to_string(v));
  return out;
}

// The id domains of the moves' parameters (flow.yaml), from the rules data.
void register_domains(const Rules& r, FlowRules& flow) {
  std::vector<std::string> ships, contracts, expeditions, slots;
  for (const auto& s : r.ships) ships.push_back(s.id);
  for (const auto& c : r.contracts) contracts.push_back(c.id);
  for (const auto& x : r.expeditions) expeditions.push_back(x.id);
  for (int slot = 1; slot <= r.row_size; ++slot) slots.push_back(std::to_string(slot));
  std::vector<std::string> picks = contracts;  // a display contract, or the top of the deck
  picks.push_back("blind");
  std::vector<std::string> reservable = ships;  // a ship in the rows, or a display contract
  reservable.insert(reservable.end(), contracts.begin(), contracts.end());
  flow.domain("ships", ships);
  flow.domain("contracts", contracts);
  flow.domain("expeditions", expeditions);
  flow.domain("colours", r.colours);
  flow.domain("purchase_slots", slots);
  flow.domain("contract_picks", picks);
  flow.domain("reservable", reservable);
  flow.domain("flagship_transports", numbers(r.flagship_values));
  flow.domain("durations", numbers(r.durations));
}

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  const std::string data_name = "data/age_of_discovery";
  engine->rules = load_rules(config.data_dir, data_name, config.variants);
  engine->flow = std::make_unique<FlowRules>(load_with_overlays(config.data_dir, data_name, "flow.yaml", config.variants));
  engine->schema = std::make_shared<StateSchema>(load_with_overlays(config.data_dir, data_name, "schema.yaml", config.variants));
  engine->scripts = make_game_scripts(config, "age_of_discovery");
  engine->scripts->set_fired_hooks(engine->flow->fired_hooks());
  engine->scripts->run_file("missions.lua");
  engine->scripts->run_file("action_cards.lua");
  engine->scripts->run_variants(config.variants);
  const Rules& r = engine->rules;
  std::map<std::string, int> ships{{kFirstScoring, 1}, {kLastScoring, 1}}, contracts, missions, expeditions;
  for (const auto& s : r.ships) ships[s.id] = 1;
  for (const auto& c : r.contracts) contracts[c.id] = 1;
  for (const auto& x : r.expeditions) expeditions[x.id] = 1;  // they key the tally counters
  // Only the missions of the player count are on the table (3, step 10).
  for (const auto& m : r.missions)
    if (m.players == config.players) missions[m.id] = 1;
  engine->schema->content("ships", std::move(ships));
  engine->schema->content("contracts", std::move(contracts));
  engine->schema->content("missions", std::move(missions));
  engine->schema->content("expeditions", std::move(expeditions));
  json expedition_ids = json::array();
  for (const auto& e : r.expeditions) expedition_ids.push_back(e.id);
  // The game gives every mission the expeditions and the contracts track (not data of the card).
  const json context = {{"expeditions", expedition_ids}, {"track", r.contracts_track}};
  for (const auto& m : r.missions) engine->mission_effects.push_back(engine->scripts->prepare(m.effect, context));
  engine->wild = engine->scripts->prepare(r.wild_effect);
  engine->reservation = engine->scripts->prepare(r.reservation_effect);
  engine->expiry = engine->scripts->prepare(r.expiry_effect);

  FlowRules& flow = *engine->flow;
  register_domains(r, flow);
  AodGame::register_natives(*engine);
  flow.build(engine->scripts.get());
  engine->kinds = {flow.move_index("coins"),
                   flow.move_index("contract"),
                   flow.move_index("buy"),
                   flow.move_index("send"),
                   flow.move_index("send_wild"),
                   flow.move_index("send_flagship"),
                   flow.move_index("send_flagship_wild"),
                   flow.move_index("play"),
                   flow.move_index("assign"),
                   flow.move_index("assign_wild"),
                   flow.move_index("assign_flagship"),
                   flow.move_index("assign_flagship_wild"),
                   flow.move_index("duration"),
                   flow.move_index("cancel"),
                   flow.move_index("reserve"),
                   flow.move_index("done"),
                   flow.move_index("end")};
  engine->events = {flow.event_index("contract_started")};
  engine->steps = {flow.step_index("actions"), flow.step_index("buying"), flow.step_index("sending"),
                   flow.step_index("building")};
  for (const auto& [name, step] : {std::pair{"actions", engine->steps.actions}, {"buying", engine->steps.buying},
                                   {"sending", engine->steps.sending}, {"building", engine->steps.building}})
    if (step < 0) throw DataError(data_name + "/flow.yaml: the game needs a step named '" + name + "'");
  flow.expect_flags("actions", "used",
                    {{"coins", AodGame::kCoins}, {"contract", AodGame::kContract}, {"buy", AodGame::kBuy}, {"send", AodGame::kSend}});
  return engine;
}

void AodGame::register_natives(Engine& engine) {
  FlowRules& flow = *engine.flow;
  const auto apply = [](FlowContext& c, const Move& m) { c.game<AodGame>().apply_move(c, m); };
  const auto label = [](const FlowView& v, const Move& m) { return v.game<AodGame>().label(v, m); };
  for (const char* name : {"contract", "buy", "send", "send_wild", "send_flagship", "send_flagship_wild", "play", "assign",
                           "assign_wild", "assign_flagship", "assign_flagship_wild", "duration", "cancel", "reserve",
                           "done", "end"})
    flow.native_move(name, {.apply = apply, .label = label});
  // Taking coins is offered by action_moves, first as in the rulebook, not on its own.
  flow.native_move("coins", {.apply = apply, .label = label, .generated = true});
  flow.native_generator("action_moves", [](const FlowView& v, MoveSink& out) { v.game<AodGame>().action_moves(v, out); });
  flow.native_generator("buying_moves", [](const FlowView& v, MoveSink& out) {
    const AodGame& game = v.game<AodGame>();
    const Decider d = game.decider(v.table, v.seat());
    game.buy_moves(v.table, d, out);
    game.reserve_moves(v.table, d, out);
  });
  flow.native_generator("sending_moves", [](const FlowView& v, MoveSink& out) {
    const AodGame& game = v.game<AodGame>();
    const Decider d = game.decider(v.table, v.seat());
    game.send_moves(v.table, d, out);
    game.reserve_moves(v.table, d, out);
  });
  flow.native_generator("building_moves", [](const FlowView& v, MoveSink& out) {
    const AodGame& game = v.game<AodGame>();
    const Decider d = game.decider(v.table, v.seat());
    game.build_moves(v, d, out);
    game.reserve_moves(v.table, d, out);
  });
  const auto prompt = [](const FlowView& v) { return v.game<AodGame>().prompt(v); };
  flow.native_prompt("actions", prompt);
  flow.native_prompt("building", prompt);
  flow.native_hook("begin_round", [](FlowContext& c) { c.game<AodGame>().begin_round(c); });
  flow.native_hook("end_round", [](FlowContext& c) {
    AodGame& game = c.game<AodGame>();
    game.hook(c, "on_round_end", kNobody, json{{"round", c.table().get(game.turns_).round()}});
  });
  flow.native_hook("countdown", [](FlowContext& c) { c.game<AodGame>().countdown(c); });
  flow.native_hook("end_turn", [](FlowContext& c) { c.game<AodGame>().end_turn(c); });
  flow.native_hook("final_scoring", [](FlowContext& c) { c.game<AodGame>().final_scoring(c); });
  flow.native_predicate("game_over", [](const FlowView& v) { return v.game<AodGame>().game_over(v.table); });
  flow.native_seat_predicate("still_playing", [](const FlowView& v, int) { return !v.game<AodGame>().game_over(v.table); });
  // With both actions taken and no action card that could still be played, the turn ends
  // (a Wild Ship card is only ever played within an action).
  flow.native_predicate("both_actions_taken", [](const FlowView& v) {
    const AodGame& game = v.game<AodGame>();
    return std::popcount(static_cast<unsigned>(v.frame.p[0])) >= game.rules().actions_per_turn &&
           v.table.get(game.seat_of(v.seat()).player).get("reservation") == 0;
  });
}

AodGame::AodGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Age of Discovery is for " + std::to_string(r.min_players) + " to " + std::to_string(r.max_players) +
                " players");
  Table& t = state();
  progress_ = t.add<Counters>("progress");
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
  // Apart, so that each box holds one content list of the schema.
  t.get(t.add<Deck>("box")).add_pile("flagships", false, flagships, "flagships");
  t.get(t.add<Deck>("mission_box")).add_pile("missions", false, missions, "missions");
  for (std::size_t e = 0; e < r.expeditions.size(); ++e)
    expeditions_.push_back(t.add<Hand>("expedition_" + r.expeditions[e].id, kNobody, Visibility::Public));
  Counters& tally = t.get(tally_);
  for (const auto& x : r.expeditions) {
    for (const std::string* key : {&x.lock_key, &x.load_key, &x.all_key}) tally.set(*key, 0);
    for (int s = 0; s < players; ++s) tally.set(x.seat_keys[static_cast<std::size_t>(s)], 0);
  }
  auto layout = std::make_shared<TallyLayout>();
  for (const auto& [key, value] : tally.entries()) layout->keys.push_back(key);
  const auto position = [&](const std::string& key) {
    return static_cast<int>(std::lower_bound(layout->keys.begin(), layout->keys.end(), key) - layout->keys.begin());
  };
  for (const auto& x : r.expeditions) {
    layout->lock.push_back(position(x.lock_key));
    layout->load.push_back(position(x.load_key));
  }
  tally_layout_ = std::move(layout);

  // First player: random (11.G17).
  const int first = static_cast<int>(t.rng().below(static_cast<std::uint64_t>(players)));
  t.get(turns_).set_start_player(first);
  t.get(turns_).set_current(first);
  t.get(progress_).set("turn", 1);
  use_schema(engine_->schema);
  start_flow();
}

std::unique_ptr<Game> AodGame::rematch(std::uint64_t seed) const {
  return std::make_unique<AodGame>(engine_, table().players(), seed);
}

int AodGame::fee(int index) const { return ship(index).flagship() ? rules().fee_flagship : rules().fee_standard; }

int AodGame::reserved_by(const Table& t, std::string_view card) const { return t.get(reserve_).get(card) - 1; }

AodGame::Marks AodGame::marks(const Table& t) const {
  const Counters& c = t.get(reserve_);
  const auto& entries = c.entries();
  return Marks{c, std::any_of(entries.begin(), entries.end(), [](const auto& kv) { return kv.second > 0; })};
}

bool AodGame::game_over(const Table& t) const {
  const Counters& progress = t.get(progress_);
  return progress.get("final") != 0 && progress.get("final_left") <= 0;
}

void AodGame::hook(FlowContext& ctx, std::string_view name, int seat, const json& arg) {
  if (engine_->scripts->has_hook(name)) engine_->scripts->run_hook(name, ctx.table(), ctx.script_context(seat), arg);
}

// A round is a turn of every seat from the first player on; the final round (4.3 step 3)
// may end it early.
void AodGame::begin_round(FlowContext& ctx) {
  TurnOrder& turns = ctx.table().get(turns_);
  // The first round begins with the set-up; each later one starts here.
  if (ctx.parent() && ctx.parent()->cursor > 1) turns.new_round(turns.start_player());
  hook(ctx, "on_round_start", turns.current(), json{{"round", turns.round()}});
}

// 4.1: every active contract of the seat advances; those leaving the track complete now.
void AodGame::countdown(FlowContext& ctx) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  const Seat& seat = seat_of(s);
  if (t.get(seat.active).empty()) return;
  const std::vector<std::string> active = t.get(seat.active).cards();
  for (const auto& cid : active) {
    const ContractDef& c = contract(rules().contract_index(cid));
    Counters& placed = t.get(placed_);
    if (placed.add(c.left_key, -1) > 0) continue;
    const int payout = placed.get(c.payout_key);
    const int contract_number = rules().contract_index(cid) + 1;
    placed.set(c.payout_key, 0);
    const std::vector<std::string> voyage = t.get(seat.voyage).cards();
    for (const auto& id : voyage) {
      const int index = rules().ship_index(id);
      if (t.get(placed_).get(ship(index).contract_key) == contract_number) return_ship(t, s, index);
    }
    t.get(seat.active).remove(cid);
    t.get(contract_deck_).put_top("box", cid);
    t.get(seat.player).add("coins", payout);
    t.get(seat.player).add("contracts", 1);
    if (ctx.logging()) ctx.log(seat_name(s) + " completes " + cid + ": " + std::to_string(payout) + " coins");
  }
}

void AodGame::end_turn(FlowContext& ctx) {
  Table& t = ctx.table();
  const int s = ctx.seat();
  Counters& progress = t.get(progress_);
  // 4.3 step 1: markers placed on the previous turn go; this turn's stay one more turn. The
  // effect takes one marker at a time, in the order of the card ids (the entries' order).
  std::vector<std::string> mine;  // copied: the effect changes the counters
  for (const auto& [key, value] : t.get(reserve_).entries())
    if (value == s + 1 && !std::string_view(key).ends_with(".age")) mine.push_back(key);
  for (const auto& card : mine) engine_->scripts->apply(engine_->expiry, t, ctx.script_context(s), card);
  // 4.3 step 2: the first scoring happens after the turn in which its card was drawn.
  if (progress.get("first_drawn") && !progress.get("first_done")) {
    progress.set("first_done", 1);
    ctx.log("first scoring");
    score_expeditions(ctx, /*last=*/false);
  }
  // 4.3 step 3: the final round; the drawer takes the last turn.
  if (progress.get("last_drawn") && !progress.get("final")) {
    progress.set("final", 1);
    progress.set("final_left", t.players());
    ctx.log("the final round begins");
  } else if (progress.get("final")) {
    progress.add("final_left", -1);
  }
  if (!game_over(t)) progress.add("turn", 1);
}

void AodGame::score_expeditions(FlowContext& ctx, bool last) {
  Table& t = ctx.table();
  std::vector<int> gained(static_cast<std::size_t>(t.players()), 0);
  for (std::size_t e = 0; e < rules().expeditions.size(); ++e) {
    const ExpeditionDef& x = rules().expeditions[e];
    for (const auto& id : t.get(expeditions_[e]).cards()) {
      const ShipDef& def = ship(rules().ship_index(id));
      const int owner = t.get(placed_).get(def.own_key) - 1;
      const bool match = t.get(placed_).get(def.colour_key) - 1 == x.colour;
      const int vp = last ? (match ? x.last_match : x.last_other) : (match ? x.first_match : x.first_other);
      gained.at(static_cast<std::size_t>(owner)) += vp;  // check_state keeps owners in range
    }
  }
  for (int s = 0; s < t.players(); ++s) {
    const int vp = gained[static_cast<std::size_t>(s)];
    Counters& score = t.get(seat_of(s).score);
    score.set(last ? "last" : "first", vp);
    score.set("total", total_of(score));
    if (ctx.logging()) ctx.log(seat_name(s) + " scores " + std::to_string(vp) + " VP for expeditions");
  }
}

// 6.2, once the final round is over.
void AodGame::final_scoring(FlowContext& ctx) {
  Table& t = ctx.table();
  ctx.log("the game ends: final scoring");
  // Step 0: unfinished contracts go to the box, their ships come home.
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seat_of(s);
    const std::vector<std::string> voyage = t.get(seat.voyage).cards();
    for (const auto& id : voyage) return_ship(t, s, rules().ship_index(id));
    for (const auto& cid : t.get(seat.active).take_all()) {
      const ContractDef& c = contract(rules().contract_index(cid));
      t.get(placed_).set(c.left_key, 0);
      t.get(placed_).set(c.payout_key, 0);
      t.get(contract_deck_).put_top("box", cid);
    }
  }
  score_expeditions(ctx, /*last=*/true);  // step 1
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seat_of(s);
    // Step 2: the mission is revealed and scored by its Lua effect.
    t.get(seat.mission).set_revealed(0, true);
    if (t.get(seat.flagship).size() > 0) t.get(seat.flagship).set_revealed(0, true);
    const int mission = rules().mission_index(t.get(seat.mission).card(0));
    engine_->scripts->apply(engine_->mission_effects[static_cast<std::size_t>(mission)], t, ctx.script_context(s));
    // Step 3: 1 VP per ship not on an expedition (the flagship included).
    const int unassigned = t.get(seat.fleet).size() + t.get(seat.flagship).size();
    Counters& score = t.get(seat.score);
    score.set("unassigned_ships", unassigned);
    score.set("unassigned", unassigned * rules().unassigned_vp);
    score.set("total", total_of(score));
  }
  // Variants may change the final scores (the score counters) here.
  hook(ctx, "final_scoring", kNobody, json::object());
  ctx.log("the game is over");
}

// The VP scored so far: the total of the score's parts scored so far.
std::vector<int> AodGame::score_so_far() const {
  if (is_over()) return outcome().scores;
  std::vector<int> vp;
  for (int s = 0; s < table().players(); ++s) vp.push_back(table().get(seat_of(s).score).get("total"));
  return vp;
}

int AodGame::total_of(const Counters& score) {
  return score.get("first") + score.get("last") + score.get("missions") + score.get("unassigned");
}

// The tally of each expedition from the ships on it (the first one's colour locks it) and
// each score's total from its parts.
void AodGame::derive(Table& t) const {
  Counters& tally = t.get(tally_);
  const Counters& placed = t.get(placed_);
  for (std::size_t e = 0; e < expeditions_.size(); ++e) {
    const ExpeditionDef& x = rules().expeditions[e];
    const std::vector<std::string>& ships = t.get(expeditions_[e]).cards();
    std::vector<int> per_seat(static_cast<std::size_t>(t.players()), 0);
    int load = 0;
    for (const std::string& id : ships) {
      const ShipDef& def = ship(rules().ship_index(id));
      load += placed.get(def.value_key);
      ++per_seat.at(static_cast<std::size_t>(placed.get(def.own_key) - 1));  // check_state keeps owners in range
    }
    const int lock = ships.empty() ? 0 : placed.get(ship(rules().ship_index(ships.front())).colour_key);
    const auto put = [&](const std::string& key, int value) {
      if (tally.get(key) != value) tally.set(key, value);
    };
    put(x.lock_key, lock);
    put(x.load_key, load);
    put(x.all_key, static_cast<int>(ships.size()));
    for (int s = 0; s < t.players(); ++s) put(x.seat_keys[static_cast<std::size_t>(s)], per_seat[static_cast<std::size_t>(s)]);
  }
  for (int s = 0; s < t.players(); ++s) {
    Counters& score = t.get(seat_of(s).score);
    if (score.get("total") != total_of(score)) score.set("total", total_of(score));
  }
}

Outcome AodGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (!is_over()) return o;
  std::vector<std::pair<int, int>> keys;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& score = t.get(seat_of(s).score);
    o.scores.push_back(score.get("total"));
    o.breakdown.push_back("first scoring " + std::to_string(score.get("first")) + ", last scoring " +
                          std::to_string(score.get("last")) + ", mission " + std::to_string(score.get("missions")) +
                          ", ships not on expeditions " + std::to_string(score.get("unassigned")));
    o.categories.push_back({{"first scoring", score.get("first")},
                            {"last scoring", score.get("last")},
                            {"mission", score.get("missions")},
                            {"ships not on expeditions", score.get("unassigned")},
                            {"ships kept", score.get("unassigned_ships")}});
    keys.emplace_back(score.get("total"), score.get("unassigned_ships"));
  }
  // 6.4: most VP; then most ships not on expeditions; then a shared victory.
  const auto best = *std::max_element(keys.begin(), keys.end());
  for (int s = 0; s < t.players(); ++s)
    if (keys[static_cast<std::size_t>(s)] == best) o.winners.push_back(s);
  return o;
}

}  // namespace aod
