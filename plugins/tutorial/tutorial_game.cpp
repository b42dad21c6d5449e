// Lantern Market — an original game written as the SDK's worked example.
// Rules: data/tutorial/README.md; numbers: data/tutorial/*.yaml; card effects: scripts/tutorial.
#include "tutorial_game.hpp"

#include <algorithm>

#include "tessera/error.hpp"

namespace tutorial {

using namespace tessera;
using nlohmann::json;

namespace {
std::string seat_name(int seat) { return "seat " + std::to_string(seat); }
}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  engine->rules = load_rules(config.data_dir, "data/tutorial", config.variants);
  engine->scripts = std::make_unique<ScriptRuntime>(config.script_dir, "scripts/tutorial");
  engine->scripts->run_file("effects.lua");
  for (const auto& variant : config.variants) engine->scripts->run_variant(variant);
  for (const auto& card : engine->rules.cards) {
    if (!engine->scripts->has_effect(card.effect))
      throw DataError("data/tutorial/cards.yaml: card '" + card.id + "' names effect '" + card.effect +
                      "', which no script defines");
    engine->card_effects.push_back(engine->scripts->prepare(card.effect, card.params));
  }
  for (const auto& symbol : engine->rules.symbols) {
    if (!engine->scripts->has_effect(symbol.effect))
      throw DataError("data/tutorial/game.yaml: renown symbol on space " + std::to_string(symbol.space) +
                      " names effect '" + symbol.effect + "', which no script defines");
    engine->symbol_effects.push_back(engine->scripts->prepare(symbol.effect, symbol.params));
  }
  // ctx:call("advance", seat, steps). The engine owns the runtime that owns this function,
  // so the raw pointer cannot dangle.
  const Engine* self = engine.get();
  engine->scripts->register_function("advance", [self](Table& table, const CallContext& ctx, const json& args) {
    if (!args.is_array() || args.size() != 2 || !args[0].is_number_integer() || !args[1].is_number_integer())
      throw RuleError("advance(seat, steps) takes two integers");
    advance_renown(*self, table, args[0].get<int>(), args[1].get<int>(), ctx.events);
    return json();
  });
  return engine;
}

void advance_renown(const Engine& engine, Table& table, int seat, int steps, std::vector<Event>* events) {
  if (seat < 0 || seat >= table.players()) throw RuleError("advance: no seat " + std::to_string(seat));
  Track& renown = table.get<Track>("renown");
  const Track::MoveResult moved = renown.move(seat, steps);
  if (events && moved.to != moved.from)
    events->push_back({seat_name(seat) + " moves to renown " + std::to_string(moved.to)});
  for (int trigger : moved.triggered) {
    CallContext ctx{seat, events};
    engine.scripts->apply(engine.symbol_effects[static_cast<std::size_t>(trigger)], table, ctx);
  }
  if (renown.position(seat) >= engine.rules.last_round_at) {
    Counters& flow = table.get<Counters>("flow");
    if (!flow.get("last_round") && events)
      events->push_back({seat_name(seat) + " reaches renown " + std::to_string(engine.rules.last_round_at) +
                         ": this is the last round"});
    flow.set("last_round", 1);
  }
}

TutorialGame::TutorialGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : GameBase(Table(players, seed), std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& rules = engine_->rules;
  if (players < rules.min_players || players > rules.max_players)
    throw Error("Lantern Market is for " + std::to_string(rules.min_players) + " to " +
                std::to_string(rules.max_players) + " players");
  Table& t = state();

  std::vector<Track::Trigger> triggers;
  for (const auto& s : rules.symbols) triggers.push_back({s.space, s.when, s.effect, s.params.dump()});
  renown_ = t.add<Track>("renown", rules.track_length, players, Track::End::Stop, triggers);

  dice_ = t.add<DicePool>("dice");
  for (int i = 0; i < rules.dice_count; ++i) t.get(dice_).add_die("lantern", rules.dice_faces, 1);

  cards_ = t.add<Deck>("cards");
  std::vector<std::string> deck;
  for (const auto& card : rules.cards) deck.insert(deck.end(), static_cast<std::size_t>(card.count), card.id);
  t.rng().shuffle(deck);
  t.get(cards_).add_pile("draw", /*face_up=*/false, deck);

  market_ = t.add<Market>("market", /*rows=*/1, rules.market_slots, Refill::FromPile, "cards",
                          std::vector<std::string>{"draw"});
  t.get(market_).fill_all(t.get(cards_));

  goods_ = t.add<Supply>("goods", players);
  t.get(goods_).add_resource("coins", rules.coins_bank);
  t.get(goods_).add_resource("spice", rules.spice_bank, rules.spice_cap, Overflow::Discard);
  for (int seat = 0; seat < players; ++seat) t.get(goods_).gain(seat, "coins", rules.start_coins);

  turns_ = t.add<TurnOrder>("turns", players);
  t.get(turns_).set_start_player(rules.first_seat);
  t.get(turns_).set_current(rules.first_seat);

  flow_ = t.add<Counters>("flow");
  t.get(flow_).set("phase", kRoll);
  t.get(flow_).set("pending_card", -1);

  for (int seat = 0; seat < players; ++seat) {
    t.add<Hand>("tableau", seat, Visibility::Public);
    t.add<Counters>("score", seat);
  }

  std::vector<Event> ignored;
  run_hook("on_setup", kNobody, ignored, json::object());
  run_hook("on_round_start", t.get(turns_).current(), ignored, json{{"round", 1}});
}

std::unique_ptr<Game> TutorialGame::rematch(std::uint64_t seed) const {
  return std::make_unique<TutorialGame>(engine_, table().players(), seed);
}

Decision TutorialGame::decision() const {
  const int seat = table().get(turns_).current();
  switch (phase()) {
    case kRoll: return {seat, "Roll the lantern dice"};
    case kUse: return {seat, "Use a die, adjust one, or end your turn"};
    case kChoose: {
      const int card = table().get(flow_).get("pending_card");
      return {seat, "Choose for " + engine_->rules.cards[static_cast<std::size_t>(card)].name};
    }
    case kOver: break;
  }
  return {kNobody, "The game is over"};
}

int TutorialGame::buy_price(int card, int die_value) const {
  return std::max(0, engine_->rules.cards[static_cast<std::size_t>(card)].cost - die_value);
}

std::vector<Action> TutorialGame::generate_actions() const {
  const Table& t = table();
  const int seat = t.get(turns_).current();
  std::vector<Action> actions;
  switch (phase()) {
    case kOver: return actions;
    case kRoll: return {{"roll", "Roll the lantern dice", {}}};
    case kChoose: {
      const int card = t.get(flow_).get("pending_card");
      const EffectId effect = engine_->card_effects[static_cast<std::size_t>(card)];
      for (auto& choice : engine_->scripts->options(effect, t, CallContext{seat, nullptr}))
        actions.push_back({"choose " + choice.id, choice.label, {}});
      return actions;
    }
    case kUse: break;
  }
  const DicePool& dice = t.get(dice_);
  const Market& market = t.get(market_);
  const int coins = this->coins(seat);
  for (int d : dice.in_pool()) {
    const int value = dice.die(d).value;
    const std::string die = std::to_string(d);
    actions.push_back({"work " + die, "Work with die " + die + " (" + std::to_string(value) + "): +" +
                                          std::to_string((value + 1) / 2) + " coins", {d}});
    for (int slot = 0; slot < market.width(); ++slot) {
      if (market.is_empty(0, slot)) continue;
      const int card = engine_->rules.card_index(market.at(0, slot));
      const int price = buy_price(card, value);
      if (price <= coins)
        actions.push_back({"buy " + die + " " + std::to_string(slot),
                           "Buy " + engine_->rules.cards[static_cast<std::size_t>(card)].name + " with die " + die +
                               " for " + std::to_string(price) + " coins",
                           {d, slot}});
    }
    if (coins >= engine_->rules.adjust_cost) {
      const std::string cost = " for " + std::to_string(engine_->rules.adjust_cost) + " coin(s)";
      if (value < dice.die(d).faces)
        actions.push_back({"adjust " + die + " up", "Turn die " + die + " up to " + std::to_string(value + 1) + cost, {d, +1}});
      if (value > 1)
        actions.push_back({"adjust " + die + " down", "Turn die " + die + " down to " + std::to_string(value - 1) + cost, {d, -1}});
    }
  }
  actions.push_back({"end", "End your turn", {}});
  return actions;
}

void TutorialGame::perform(const Action& action, std::vector<Event>& events) {
  Table& t = state();
  const int seat = t.get(turns_).current();
  const std::string verb = action.text.substr(0, action.text.find(' '));
  if (verb == "roll") {
    std::vector<int> values = t.get(dice_).roll_pool(t.rng());
    std::string text = seat_name(seat) + " rolls";
    for (int v : values) text += " " + std::to_string(v);
    events.push_back({text});
    t.get(flow_).set("phase", kUse);
  } else if (verb == "work") {
    const int d = action.args[0];
    const int coins = (t.get(dice_).die(d).value + 1) / 2;
    t.get(goods_).gain(seat, "coins", coins);
    t.get(dice_).take(d, seat);
    events.push_back({seat_name(seat) + " works for " + std::to_string(coins) + " coins"});
    after_die_used(seat, events);
  } else if (verb == "buy") {
    buy(seat, action.args[0], action.args[1], events);
  } else if (verb == "adjust") {
    t.get(goods_).pay(seat, "coins", engine_->rules.adjust_cost);
    t.get(dice_).adjust(action.args[0], action.args[1], engine_->rules.adjust_cost, /*wrap=*/false);
    events.push_back({seat_name(seat) + " turns die " + std::to_string(action.args[0]) + " to " +
                      std::to_string(t.get(dice_).die(action.args[0]).value)});
  } else if (verb == "choose") {
    const int card = t.get(flow_).get("pending_card");
    const std::string choice = action.text.substr(7);
    engine_->scripts->apply(engine_->card_effects[static_cast<std::size_t>(card)], t, CallContext{seat, &events},
                            choice);
    t.get(flow_).set("pending_card", -1);
    t.get(flow_).set("phase", kUse);
    after_die_used(seat, events);
  } else if (verb == "end") {
    events.push_back({seat_name(seat) + " ends the turn"});
    end_turn(events);
  } else {
    throw RuleError("unknown action '" + action.text + "'");
  }
}

void TutorialGame::check_state() const {
  const Table& t = table();
  const Rules& rules = engine_->rules;
  auto known = [&](const std::string& card, const std::string& where) {
    if (rules.card_index(card) < 0) throw DataError(where + ": unknown card '" + card + "'");
  };
  const Counters& flow = t.get(flow_);
  if (flow.get("phase") < kRoll || flow.get("phase") > kOver) throw DataError("flow.phase must be 0..3");
  const int pending = flow.get("pending_card");
  if (pending < -1 || pending >= static_cast<int>(rules.cards.size()) || (phase() == kChoose && pending < 0))
    throw DataError("flow.pending_card must name a card while a choice is pending");
  for (const auto& pile : t.get(cards_).piles())
    for (const auto& card : pile.cards) known(card, "cards." + pile.name);
  const Market& market = t.get(market_);
  if (market.rows() != 1 || market.width() != rules.market_slots) throw DataError("the market must keep its slots");
  for (const auto& card : market.cards()) known(card, "market");
  for (int seat = 0; seat < t.players(); ++seat)
    for (const auto& card : t.get<Hand>("tableau", seat).cards()) known(card, "tableau of seat " + std::to_string(seat));
  if (t.get(dice_).size() != rules.dice_count) throw DataError("the dice pool must keep its dice");
  for (const Die& die : t.get(dice_).dice())
    if (die.holder < DicePool::kInPool || die.holder >= t.players()) throw DataError("a die's holder must be -1 or a seat");
  const TurnOrder& turns = t.get(turns_);
  for (int seat = 0; seat < t.players(); ++seat)
    if (!turns.contains(seat)) throw DataError("the turn order must hold every seat");
  if (turns.size() != t.players()) throw DataError("the turn order must hold only the seats");
  if (t.get(renown_).markers() != t.players()) throw DataError("renown needs one marker per seat");
}

void TutorialGame::buy(int seat, int die, int slot, std::vector<Event>& events) {
  Table& t = state();
  const int card = engine_->rules.card_index(t.get(market_).at(0, slot));
  const CardDef& def = engine_->rules.cards[static_cast<std::size_t>(card)];
  const int price = buy_price(card, t.get(dice_).die(die).value);
  t.get(goods_).pay(seat, "coins", price);
  t.get(dice_).take(die, seat);
  Market::Taken taken = t.get(market_).take(slot, t.get(cards_));
  t.get<Hand>("tableau", seat).add(taken.card, /*revealed=*/true);
  events.push_back({seat_name(seat) + " buys " + def.name + " for " + std::to_string(price) + " coins"});
  if (t.get(market_).card_count() == 0 && t.get(cards_).size("draw") == 0 && !t.get(flow_).get("last_round")) {
    t.get(flow_).set("last_round", 1);
    events.push_back({"the market is empty: this is the last round"});
  }
  const EffectId effect = engine_->card_effects[static_cast<std::size_t>(card)];
  if (engine_->scripts->has_options(effect)) {
    // The choice is the next decision of the same seat; the die is already spent.
    t.get(flow_).set("pending_card", card);
    t.get(flow_).set("phase", kChoose);
    return;
  }
  engine_->scripts->apply(effect, t, CallContext{seat, &events});
  after_die_used(seat, events);
}

void TutorialGame::after_die_used(int /*seat*/, std::vector<Event>& events) {
  if (table().get(dice_).in_pool().empty()) end_turn(events);
}

void TutorialGame::end_turn(std::vector<Event>& events) {
  Table& t = state();
  t.get(dice_).give_back_all();
  TurnOrder& turns = t.get(turns_);
  turns.advance();
  if (turns.current() != turns.start_player()) {
    t.get(flow_).set("phase", kRoll);
    return;
  }
  // Everyone has had the same number of turns: the round is over.
  if (t.get(flow_).get("last_round")) {
    finish(events);
    return;
  }
  turns.new_round(turns.start_player());
  t.get(flow_).set("phase", kRoll);
  events.push_back({"round " + std::to_string(turns.round()) + " begins"});
  run_hook("on_round_start", turns.current(), events, json{{"round", turns.round()}});
}

void TutorialGame::finish(std::vector<Event>& events) {
  Table& t = state();
  for (int seat = 0; seat < t.players(); ++seat) {
    Counters& score = t.get<Counters>("score", seat);
    score.set("renown", t.get(renown_).position(seat));
    score.set("spice", t.get(goods_).count(seat, "spice") / engine_->rules.spice_per_point);
    score.set("total", score.get("renown") + score.get("spice"));
  }
  t.get(flow_).set("phase", kOver);
  // Variants may change the final scores (the score counters) here.
  run_hook("final_scoring", kNobody, events, json::object());
  events.push_back({"the game is over"});
}

Outcome TutorialGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (phase() != kOver) return o;
  for (int seat = 0; seat < t.players(); ++seat) {
    const Counters& score = t.get<Counters>("score", seat);
    o.scores.push_back(score.get("total"));
    o.breakdown.push_back("renown " + std::to_string(score.get("renown")) + ", spice " +
                          std::to_string(score.get("spice")) + ", coins " + std::to_string(coins(seat)));
  }
  // Highest score wins; ties go to more coins; players still tied share the win.
  auto key = [&](int seat) { return std::pair{o.scores[static_cast<std::size_t>(seat)], coins(seat)}; };
  std::pair<int, int> best{INT32_MIN, INT32_MIN};
  for (int seat = 0; seat < t.players(); ++seat) best = std::max(best, key(seat));
  for (int seat = 0; seat < t.players(); ++seat)
    if (key(seat) == best) o.winners.push_back(seat);
  return o;
}

std::string TutorialGame::render(int viewer) const {
  const Table& t = table();
  std::string out = "Round " + std::to_string(t.get(turns_).round()) +
                    (t.get(flow_).get("last_round") ? " (last round)" : "") + "\n";
  out += "Market:";
  const Market& market = t.get(market_);
  for (int slot = 0; slot < market.width(); ++slot) {
    out += "  [" + std::to_string(slot) + "] ";
    if (market.is_empty(0, slot)) {
      out += "-";
      continue;
    }
    const CardDef& c = engine_->rules.cards[static_cast<std::size_t>(engine_->rules.card_index(market.at(0, slot)))];
    out += c.name + " (" + std::to_string(c.cost) + ")";
  }
  out += "\nDraw pile: " + std::to_string(t.get(cards_).size("draw")) + " cards\nDice:";
  const DicePool& dice = t.get(dice_);
  for (int d = 0; d < dice.size(); ++d)
    out += "  [" + std::to_string(d) + "] " + std::to_string(dice.die(d).value) +
           (dice.die(d).holder == DicePool::kInPool ? "" : " (used)");
  out += "\n";
  for (int seat = 0; seat < t.players(); ++seat) {
    out += (seat == t.get(turns_).current() && phase() != kOver ? "> " : "  ");
    out += "Seat " + std::to_string(seat) + (seat == viewer ? " (you)" : "") + ": renown " +
           std::to_string(t.get(renown_).position(seat)) + ", coins " + std::to_string(coins(seat)) + ", spice " +
           std::to_string(t.get(goods_).count(seat, "spice")) + ", cards:";
    const Hand& tableau = t.get<Hand>("tableau", seat);
    if (tableau.empty()) out += " none";
    for (const auto& id : tableau.cards())
      out += " " + engine_->rules.cards[static_cast<std::size_t>(engine_->rules.card_index(id))].name;
    out += "\n";
  }
  return out;
}

}  // namespace tutorial
