// Lantern Market — an original game written as the SDK's worked example.
// Rules: data/tutorial/README.md; numbers: data/tutorial/*.yaml; flow: data/tutorial/flow.yaml;
// card effects: scripts/tutorial.
#include "tutorial_game.hpp"

#include <algorithm>
#include <map>

#include "tessera/error.hpp"
#include "tessera/seat_tag.hpp"
#include "tessera/yaml_reader.hpp"

namespace tutorial {

using namespace tessera;
using nlohmann::json;

namespace {
std::string seat_name(int seat) { return "seat " + std::to_string(seat); }
}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  engine->rules = load_rules(config.data_dir, "data/tutorial", config.variants);
  engine->flow = std::make_unique<FlowRules>(load_with_overlays(config.data_dir, "data/tutorial", "flow.yaml", config.variants));
  engine->schema = std::make_shared<StateSchema>(load_with_overlays(config.data_dir, "data/tutorial", "schema.yaml", config.variants));
  std::map<std::string, int> copies;
  for (const auto& card : engine->rules.cards) copies[card.id] = card.count;
  engine->schema->content("cards", copies);
  // Coins and spice are in the bank or with a seat; -1: the bank never runs out (not counted).
  engine->schema->content("goods", {{"coins", engine->rules.coins_bank}, {"spice", engine->rules.spice_bank}});
  engine->scripts = make_game_scripts(config, "tutorial");
  engine->scripts->set_fired_hooks(engine->flow->fired_hooks());
  // ctx:call("advance", seat, steps). The engine owns the runtime that owns this function,
  // so the raw pointer cannot dangle.
  const Engine* self = engine.get();
  engine->scripts->register_function("advance", [self](Table& table, const CallContext& ctx, const NativeArgs& args) {
    if (args.size() != 2) throw RuleError("advance(seat, steps) takes two integers");
    const long long seat = args.integer(0, "advance's seat"), steps = args.integer(1, "advance's steps");
    if (seat < 0 || seat >= table.players()) throw RuleError("advance: no seat " + std::to_string(seat));
    if (steps < -1000 || steps > 1000) throw RuleError("advance: steps go from -1000 to 1000");
    advance_renown(*self, table, static_cast<int>(seat), static_cast<int>(steps), ctx);
    return json();
  });
  engine->scripts->run_file("effects.lua");
  engine->scripts->run_variants(config.variants);
  for (const auto& card : engine->rules.cards) engine->card_effects.push_back(engine->scripts->prepare(card.effect));
  for (const auto& symbol : engine->rules.symbols)
    engine->symbol_effects.push_back(engine->scripts->prepare(symbol.effect));
  FlowRules& flow = *engine->flow;
  flow.domain("dice", engine->rules.dice_count);
  flow.domain("market_slots", engine->rules.market_slots);
  TutorialGame::register_natives(*engine);
  flow.build(engine->scripts.get());
  engine->kinds = {flow.move_index("work"), flow.move_index("buy"), flow.move_index("adjust"), flow.move_index("choose")};
  engine->choose_step = flow.step_index("choose");
  return engine;
}

void TutorialGame::register_natives(Engine& engine) {
  FlowRules& flow = *engine.flow;
  const auto label = [](const FlowView& v, const Move& m) { return v.game<TutorialGame>().label(v, m); };
  flow.native_generator("dice_moves", [](const FlowView& v, MoveSink& out) { v.game<TutorialGame>().dice_moves(v, out); });
  flow.native_move("roll", {.apply = [](FlowContext& c, const Move&) { c.game<TutorialGame>().roll(c); },
                            .label = [](const FlowView&, const Move&) { return std::string("Roll the lantern dice"); }});
  flow.native_move("work", {.apply = [](FlowContext& c, const Move& m) { c.game<TutorialGame>().work(c, m); }, .label = label});
  flow.native_move("buy", {.apply = [](FlowContext& c, const Move& m) { c.game<TutorialGame>().buy(c, m); }, .label = label});
  flow.native_move("adjust", {.apply = [](FlowContext& c, const Move& m) { c.game<TutorialGame>().adjust(c, m); }, .label = label});
  flow.native_move("end", {.apply = [](FlowContext& c, const Move&) {
                             if (c.logging()) c.log(seat_name(c.seat()) + " ends the turn");
                           },
                           .label = [](const FlowView&, const Move&) { return std::string("End your turn"); }});
  flow.native_move("choose",
                   {.legal = [](const FlowView& v, MoveSink& out) {
                      const auto options = v.game<TutorialGame>().card_options(v);
                      for (std::size_t i = 0; i < options.size(); ++i) out.add(v.game<TutorialGame>().engine_->kinds.choose, static_cast<int>(i));
                    },
                    .apply = [](FlowContext& c, const Move& m) { c.game<TutorialGame>().choose(c, m); },
                    .label = [](const FlowView& v, const Move& m) { return v.game<TutorialGame>().choice_label(v, m.p[0]); },
                    .choices = [](const FlowView& v) {
                      std::vector<std::string> ids;
                      for (auto& choice : v.game<TutorialGame>().card_options(v)) ids.push_back(std::move(choice.id));
                      return ids;
                    }});
  flow.native_prompt("choose", [](const FlowView& v) {
    return "Choose for " + v.game<TutorialGame>().card(v.frame.p[0]).name;
  });
  flow.native_hook("begin_round", [](FlowContext& c) { c.game<TutorialGame>().begin_round(c); });
  flow.native_hook("return_dice", [](FlowContext& c) { c.table().get<DicePool>(c.game<TutorialGame>().dice_).give_back_all(); });
  flow.native_hook("final_scoring", [](FlowContext& c) { c.game<TutorialGame>().final_scoring(c); });
  flow.native_predicate("no_dice_left", [](const FlowView& v) {
    return v.table.get(v.game<TutorialGame>().dice_).count_in_pool() == 0;
  });
  flow.native_predicate("last_round_played", [](const FlowView& v) {
    return v.table.get(v.game<TutorialGame>().progress_).get("last_round") != 0;
  });
}

void advance_renown(const Engine& engine, Table& table, int seat, int steps, const CallContext& ctx) {
  Track& renown = table.get<Track>("renown");
  const Track::MoveResult moved = renown.move(seat, steps);
  if (ctx.events && moved.to != moved.from)
    ctx.events->push_back({seat_name(seat) + " moves to renown " + std::to_string(moved.to)});
  for (int trigger : moved.triggered) {
    CallContext call = ctx;
    call.seat = seat;
    engine.scripts->apply(engine.symbol_effects[static_cast<std::size_t>(trigger)], table, call);
  }
  if (renown.position(seat) >= engine.rules.last_round_at) {
    Counters& progress = table.get<Counters>("progress");
    if (!progress.get("last_round") && ctx.events)
      ctx.events->push_back({seat_name(seat) + " reaches renown " + std::to_string(engine.rules.last_round_at) +
                             ": this is the last round"});
    progress.set("last_round", 1);
  }
}

TutorialGame::TutorialGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& rules = engine_->rules;
  if (players < rules.min_players || players > rules.max_players)
    throw Error("Lantern Market is for " + std::to_string(rules.min_players) + " to " +
                std::to_string(rules.max_players) + " players");
  Table& t = state();

  std::vector<Track::Trigger> triggers;
  for (const auto& s : rules.symbols) triggers.push_back({s.space, s.when, s.effect.name, s.effect.params.dump()});
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

  progress_ = t.add<Counters>("progress");
  t.get(progress_).set("last_round", 0);

  for (int seat = 0; seat < players; ++seat) {
    t.add<Hand>("tableau", seat, Visibility::Public);
    t.add<Counters>("score", seat);
  }
  use_schema(engine_->schema);
  start_flow();
}

std::unique_ptr<Game> TutorialGame::rematch(std::uint64_t seed) const {
  return std::make_unique<TutorialGame>(engine_, table().players(), seed);
}

int TutorialGame::buy_price(int card_index, int die_value) const {
  return std::max(0, card(card_index).cost - die_value);
}

int TutorialGame::work_pay(int die_value) const {
  const int divisor = engine_->rules.work_divisor;
  return (die_value + divisor - 1) / divisor;
}

void TutorialGame::dice_moves(const FlowView& view, MoveSink& out) const {
  const Table& t = view.table;
  const Engine::Kinds& kind = engine_->kinds;
  const DicePool& dice = t.get(dice_);
  const Market& market = t.get(market_);
  const int coins = this->coins(view.seat());
  const bool can_adjust = coins >= engine_->rules.adjust_cost;
  for (int d = 0; d < dice.size(); ++d) {
    const Die& die = dice.dice()[static_cast<std::size_t>(d)];
    if (die.holder != DicePool::kInPool) continue;
    out.add(kind.work, d);
    for (int slot = 0; slot < market.width(); ++slot) {
      if (market.is_empty(0, slot)) continue;
      if (buy_price(engine_->rules.card_index(market.at(0, slot)), die.value) <= coins) out.add(kind.buy, d, slot);
    }
    if (can_adjust) {
      if (die.value < die.faces) out.add(kind.adjust, d, 0);
      if (die.value > 1) out.add(kind.adjust, d, 1);
    }
  }
}

std::string TutorialGame::label(const FlowView& view, const Move& move) const {
  const Table& t = view.table;
  const Engine::Kinds& kind = engine_->kinds;
  const std::string die = std::to_string(move.p[0]);
  const int value = t.get(dice_).die(move.p[0]).value;
  if (move.kind == kind.work)
    return "Work with die " + die + " (" + std::to_string(value) + "): +" + std::to_string(work_pay(value)) + " coins";
  if (move.kind == kind.buy) {
    const int c = engine_->rules.card_index(t.get(market_).at(0, move.p[1]));
    return "Buy " + card(c).name + " with die " + die + " for " + std::to_string(buy_price(c, value)) + " coins";
  }
  const bool up = move.p[1] == 0;
  return "Turn die " + die + (up ? " up to " : " down to ") + std::to_string(value + (up ? 1 : -1)) + " for " +
         std::to_string(engine_->rules.adjust_cost) + " coin(s)";
}

void TutorialGame::roll(FlowContext& ctx) {
  Table& t = ctx.table();
  DicePool& dice = t.get(dice_);
  std::string text = ctx.logging() ? seat_name(ctx.seat()) + " rolls" : std::string();
  for (int d = 0; d < dice.size(); ++d) {
    if (dice.dice()[static_cast<std::size_t>(d)].holder != DicePool::kInPool) continue;
    const int value = dice.roll(d, t.rng());
    if (ctx.logging()) text += " " + std::to_string(value);
  }
  ctx.log(std::move(text));
}

void TutorialGame::work(FlowContext& ctx, const Move& move) {
  Table& t = ctx.table();
  const int seat = ctx.seat(), d = move.p[0];
  const int coins = work_pay(t.get(dice_).die(d).value);
  t.get(goods_).gain(seat, "coins", coins);
  t.get(dice_).take(d, seat);
  if (ctx.logging()) ctx.log(seat_name(seat) + " works for " + std::to_string(coins) + " coins");
}

void TutorialGame::adjust(FlowContext& ctx, const Move& move) {
  Table& t = ctx.table();
  const int d = move.p[0];
  t.get(goods_).pay(ctx.seat(), "coins", engine_->rules.adjust_cost);
  t.get(dice_).adjust(d, move.p[1] == 0 ? +1 : -1, engine_->rules.adjust_cost, /*wrap=*/false);
  if (ctx.logging())
    ctx.log(seat_name(ctx.seat()) + " turns die " + std::to_string(d) + " to " + std::to_string(t.get(dice_).die(d).value));
}

void TutorialGame::buy(FlowContext& ctx, const Move& move) {
  Table& t = ctx.table();
  const int seat = ctx.seat(), die = move.p[0], slot = move.p[1];
  const int index = engine_->rules.card_index(t.get(market_).at(0, slot));
  const int price = buy_price(index, t.get(dice_).die(die).value);
  t.get(goods_).pay(seat, "coins", price);
  t.get(dice_).take(die, seat);
  Market::Taken taken = t.get(market_).take(slot, t.get(cards_));
  t.get<Hand>("tableau", seat).add(taken.card, /*revealed=*/true);
  if (ctx.logging()) ctx.log(seat_name(seat) + " buys " + card(index).name + " for " + std::to_string(price) + " coins");
  if (t.get(market_).card_count() == 0 && t.get(cards_).size("draw") == 0 && !t.get(progress_).get("last_round")) {
    t.get(progress_).set("last_round", 1);
    ctx.log("the market is empty: this is the last round");
  }
  const EffectId effect = engine_->card_effects[static_cast<std::size_t>(index)];
  if (!engine_->scripts->has_options(effect)) return engine_->scripts->apply(effect, t, ctx.script_context(seat));
  // A card that asks a question waits for the buyer's answer (the die is already spent);
  // a question without an answer (a Caravan with no spice to trade) is not asked, and the
  // card does nothing.
  const FlowView view = ctx.view();
  if (!engine_->scripts->options(effect, t, CallContext{seat, nullptr, nullptr, nullptr, &view}).empty())
    return ctx.push(engine_->choose_step, seat, {index});
  if (ctx.logging()) ctx.log(card(index).name + " has no choice to offer " + seat_name(seat) + ": it does nothing");
}

std::vector<EffectChoice> TutorialGame::card_options(const FlowView& view) const {
  const EffectId effect = engine_->card_effects.at(static_cast<std::size_t>(view.frame.p[0]));
  return engine_->scripts->options(effect, view.table, CallContext{view.seat(), nullptr, nullptr, nullptr, &view});
}

std::string TutorialGame::choice_label(const FlowView& view, int index) const {
  const EffectId effect = engine_->card_effects.at(static_cast<std::size_t>(view.frame.p[0]));
  return engine_->scripts->choice_label(effect, view.table, CallContext{view.seat(), nullptr, nullptr, nullptr, &view},
                                        card_options(view).at(static_cast<std::size_t>(index)));
}

void TutorialGame::choose(FlowContext& ctx, const Move& move) {
  const std::vector<EffectChoice> options = card_options(ctx.view());
  const EffectId effect = engine_->card_effects[static_cast<std::size_t>(ctx.frame().p[0])];
  engine_->scripts->apply(effect, ctx.table(), ctx.script_context(ctx.seat()), options.at(static_cast<std::size_t>(move.p[0])).id);
}

void TutorialGame::hook(FlowContext& ctx, std::string_view name, int seat, const json& arg) {
  if (engine_->scripts->has_hook(name)) engine_->scripts->run_hook(name, ctx.table(), ctx.script_context(seat), arg);
}

void TutorialGame::begin_round(FlowContext& ctx) {
  TurnOrder& turns = ctx.table().get(turns_);
  // The first round begins with the set-up; each later one starts here.
  if (ctx.parent() && ctx.parent()->cursor > 1) {
    turns.new_round(turns.start_player());
    if (ctx.logging()) ctx.log("round " + std::to_string(turns.round()) + " begins");
  }
  hook(ctx, "on_round_start", turns.current(), json{{"round", turns.round()}});
}

void TutorialGame::final_scoring(FlowContext& ctx) {
  write_scores(ctx.table(), /*over=*/true);
  // Variants may change the final scores here: their own points go to `bonus`, with the
  // total, which is derived from the parts.
  hook(ctx, "final_scoring", kNobody, json::object());
  ctx.log("the game is over");
}

// The score record once the game is over, all 0 before (schema.yaml: derived): each seat's
// renown, its spice in points, and the total of those and of a variant's bonus.
void TutorialGame::write_scores(Table& t, bool over) const {
  for (int seat = 0; seat < t.players(); ++seat) {
    Counters& score = t.get<Counters>("score", seat);
    const int renown = over ? t.get(renown_).position(seat) : 0;
    const int spice = over ? t.get(goods_).count(seat, "spice") / engine_->rules.spice_per_point : 0;
    // A finished game's record holds every part, 0 included.
    const auto put = [&](const char* key, int value) {
      if (score.get(key) != value || (over && !score.has(key))) score.set(key, value);
    };
    put("renown", renown);
    put("spice", spice);
    put("total", renown + spice + score.get("bonus"));
  }
}

void TutorialGame::derive(Table& t) const { write_scores(t, t.get<Flow>("flow").empty()); }

void TutorialGame::check_state() const {
  // The schema (data/tutorial/schema.yaml) has checked components, card ids, card
  // conservation and counter ranges; what is left is what it cannot say.
  const Table& t = table();
  const Rules& rules = engine_->rules;
  const Flow& flow = t.get<Flow>("flow");
  for (int i = 0; i < flow.depth(); ++i)
    if (flow.at(i).step == engine_->choose_step) {
      const int pending = flow.at(i).p[0];
      if (pending < 0 || pending >= static_cast<int>(rules.cards.size()) ||
          !engine_->scripts->has_options(engine_->card_effects[static_cast<std::size_t>(pending)]))
        throw DataError("flow: a choose step must name a card whose effect asks a question");
    }
  const Market& market = t.get(market_);
  if (market.rows() != 1 || market.width() != rules.market_slots) throw DataError("the market must keep its slots");
  if (t.get(dice_).size() != rules.dice_count) throw DataError("the dice pool must keep its dice");
  for (const Die& die : t.get(dice_).dice())
    if (die.holder < DicePool::kInPool || die.holder >= t.players()) throw DataError("a die's holder must be -1 or a seat");
  const TurnOrder& turns = t.get(turns_);
  for (int seat = 0; seat < t.players(); ++seat)
    if (!turns.contains(seat)) throw DataError("the turn order must hold every seat");
  if (turns.size() != t.players()) throw DataError("the turn order must hold only the seats");
  if (t.get(renown_).markers() != t.players()) throw DataError("renown needs one marker per seat");
}

// The final scoring's formula on today's renown and spice (both public).
std::vector<int> TutorialGame::score_so_far() const {
  if (is_over()) return outcome().scores;
  const Table& t = table();
  std::vector<int> scores;
  for (int seat = 0; seat < t.players(); ++seat)
    scores.push_back(t.get(renown_).position(seat) + t.get(goods_).count(seat, "spice") / engine_->rules.spice_per_point);
  return scores;
}

Outcome TutorialGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (!is_over()) return o;
  for (int seat = 0; seat < t.players(); ++seat) {
    const Counters& score = t.get<Counters>("score", seat);
    o.scores.push_back(score.get("total"));
    o.breakdown.push_back("renown " + std::to_string(score.get("renown")) + ", spice " +
                          std::to_string(score.get("spice")) + ", coins " + std::to_string(coins(seat)));
    o.categories.push_back({{"renown", score.get("renown")}, {"spice", score.get("spice")}, {"coins", coins(seat)}});
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
                    (t.get(progress_).get("last_round") ? " (last round)" : "") + "\n";
  out += "Market:";
  const Market& market = t.get(market_);
  for (int slot = 0; slot < market.width(); ++slot) {
    out += "  [" + std::to_string(slot) + "] ";
    if (market.is_empty(0, slot)) {
      out += "-";
      continue;
    }
    const CardDef& c = card(engine_->rules.card_index(market.at(0, slot)));
    out += c.name + " (" + std::to_string(c.cost) + ")";
  }
  out += "\nDraw pile: " + std::to_string(t.get(cards_).size("draw")) + " cards\nDice:";
  const DicePool& dice = t.get(dice_);
  for (int d = 0; d < dice.size(); ++d)
    out += "  [" + std::to_string(d) + "] " + std::to_string(dice.die(d).value) +
           (dice.die(d).holder == DicePool::kInPool ? "" : " (used)");
  out += "\n";
  for (int seat = 0; seat < t.players(); ++seat) {
    out += "  Seat " + std::to_string(seat) + seat_tag(seat == viewer, seat == t.get(turns_).current() && !is_over()) +
           ": renown " +
           std::to_string(t.get(renown_).position(seat)) + ", coins " + std::to_string(coins(seat)) + ", spice " +
           std::to_string(t.get(goods_).count(seat, "spice")) + ", cards:";
    const Hand& tableau = t.get<Hand>("tableau", seat);
    if (tableau.empty()) out += " none";
    for (const auto& id : tableau.cards()) out += " " + card(engine_->rules.card_index(id)).name;
    out += "\n";
  }
  return out;
}

}  // namespace tutorial
