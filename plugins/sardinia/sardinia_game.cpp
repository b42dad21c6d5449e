// Sardinia — set-up and the natives of the flow. Rules: /shared/rules/sardinia.md (section
// numbers below refer to it); numbers and the board: data/sardinia/*.yaml; the flow:
// data/sardinia/flow.yaml.
#include "sardinia_game.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "sardinia_scoring.hpp"
#include "tessera/error.hpp"

namespace sardinia {

using namespace tessera;
using nlohmann::json;

void SardiniaGame::register_natives(Engine& engine) {
  FlowRules& flow = *engine.flow;
  const auto game = [](const FlowView& v) -> const SardiniaGame& { return v.game<SardiniaGame>(); };
  flow.native_generator("hand_cards", [game](const FlowView& v, MoveSink& out) { game(v).hand_cards(v, false, out); });
  flow.native_generator("extra_cards", [game](const FlowView& v, MoveSink& out) { game(v).hand_cards(v, true, out); });
  flow.native_generator("card_options", [game](const FlowView& v, MoveSink& out) { game(v).card_options(v, out); });
  flow.native_generator("sail_targets", [game, &engine](const FlowView& v, MoveSink& out) {
    game(v).sail_targets(v, game(v).scan(v.seat()), engine.moves.sail, out);
  });
  flow.native_generator("march_targets", [game, &engine](const FlowView& v, MoveSink& out) {
    game(v).march_targets(v, game(v).scan(v.seat()), engine.moves.march, out);
  });

  flow.native_move("play", {.apply = [](FlowContext& c, const Move& m) { c.game<SardiniaGame>().play(c, m); }});
  flow.native_move("copy", {.apply = [](FlowContext& c, const Move& m) { c.game<SardiniaGame>().copy(c, m); }});
  flow.native_move("decline", {.apply = [](FlowContext& c, const Move&) {
                     if (c.logging()) c.log(c.game<SardiniaGame>().colour(c.seat()) + " declines to play a card");
                   }});
  flow.native_move("pass", {.apply = [](FlowContext&, const Move&) {}});
  flow.native_move("done", {.apply = [](FlowContext&, const Move&) {}});
  flow.native_move("keep", {.apply = [](FlowContext& c, const Move&) { c.game<SardiniaGame>().keep(c); }});
  flow.native_move("replace", {.apply = [](FlowContext& c, const Move&) { c.game<SardiniaGame>().replace(c); }});
  // Every option kind the plugin knows whose move the flow declares runs the option's effect.
  for (const OptionKind& kind : option_kinds())
    if (flow.move_index(kind.id) >= 0)
      flow.native_move(kind.id, {.apply = [](FlowContext& c, const Move& m) { c.game<SardiniaGame>().run_option(c, m); }});

  flow.native_prompt("option", [](const FlowView& v) {
    return "Carry out the " + v.game<SardiniaGame>().rules().cards[static_cast<std::size_t>(v.frame.p[0])].name + ", or pass";
  });
  flow.native_prompt("marching", [](const FlowView& v) {
    return "March settlers (" + std::to_string(v.frame.p[1]) + " steps left), or done";
  });

  flow.native_hook("begin_round", [](FlowContext& c) { c.game<SardiniaGame>().begin_round(c); });
  flow.native_hook("end_round", [](FlowContext& c) { c.game<SardiniaGame>().end_round(c); });
  flow.native_hook("start_turn", [](FlowContext& c) {
    SardiniaGame& g = c.game<SardiniaGame>();
    const int seat = c.table().get(g.turns_).current();
    c.announce(g.engine_->events.turn_started, {seat});
    c.push(g.engine_->steps.play, seat);
  });
  flow.native_hook("next_turn", [](FlowContext& c) {
    SardiniaGame& g = c.game<SardiniaGame>();
    c.announce(g.engine_->events.turn_ended, {c.table().get(g.turns_).current()});
    TurnOrder& turns = c.table().get(g.turns_);
    turns.set_current(turns.seat_after(turns.current()));
  });
  flow.native_hook("offer_extra_play", [](FlowContext& c) { c.game<SardiniaGame>().offer_extra_play(c); });
  flow.native_hook("score_head", [](FlowContext& c) { c.game<SardiniaGame>().score_head(c); });
  flow.native_hook("final_scoring", [](FlowContext& c) {
    c.game<SardiniaGame>().hook(c, "final_scoring", kNobody, json::object());
    if (c.logging()) c.log("The game ends after the last scoring");
  });

  flow.native_predicate("all_scorings_done", [](const FlowView& v) {
    const SardiniaGame& g = v.game<SardiniaGame>();
    return g.scorings() >= g.rules().scorings;
  });
  // A round is over once a scoring has happened in it (its frame holds the count it began with).
  flow.native_predicate("round_scored", [](const FlowView& v) { return v.game<SardiniaGame>().scorings() > v.frame.p[0]; });
  // 4.3 step 1: extra plays follow only a first-card Guard, once for each other player.
  flow.native_predicate("extra_plays_over", [](const FlowView& v) {
    return v.frame.p[0] == 0 || v.frame.cursor >= v.table.players() - 1;
  });
}

SardiniaGame::SardiniaGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Sardinia is for " + std::to_string(r.min_players) + " to " + std::to_string(r.max_players) +
                " players");
  Table& t = state();
  progress_ = t.add<Counters>("progress");
  t.get(progress_).set("scorings", 0);

  board_ = t.add<GraphBoard>(*engine_->board);

  // Agriculture tokens (3.2): each colour group's tokens shuffled, one per province of that colour.
  tokens_ = t.add<Counters>("tokens");
  std::vector<std::string> colours;
  for (const Province& p : r.provinces)
    if (std::find(colours.begin(), colours.end(), p.colour) == colours.end()) colours.push_back(p.colour);
  for (const std::string& colour : colours) {
    std::vector<int> pool;
    for (std::size_t k = 0; k < r.tokens.size(); ++k)
      if (r.tokens[k].placed_on == colour) pool.insert(pool.end(), static_cast<std::size_t>(r.tokens[k].count), static_cast<int>(k));
    t.rng().shuffle(pool);
    std::size_t next = 0;
    for (const Province& p : r.provinces)
      if (p.colour == colour) t.get(tokens_).set(p.id, pool[next++] + 1);
  }

  // Fort cards (3.4): 11 face down in a row, the first two turned up; the rest is the deck.
  std::vector<std::string> cards;
  for (int f : r.fort_cards) cards.push_back(std::to_string(r.fort_spaces[static_cast<std::size_t>(f)].number));
  t.rng().shuffle(cards);
  row_ = t.add<Hand>("fort_row", kNobody, Visibility::Hidden);
  for (int i = 0; i < r.row_size; ++i) {
    t.get(row_).add(cards.back(), i < r.row_face_up);
    cards.pop_back();
  }
  forts_ = t.add<Deck>("fort_deck");
  t.get(forts_).add_pile("draw", false, cards);

  // Players (3.3).
  turns_ = t.add<TurnOrder>("turns", players);
  for (int s = 0; s < players; ++s) {
    Seat seat;
    seat.reserve = t.add<Counters>("reserve", s);
    seat.score = t.add<Counters>("score", s);
    seat.harvested = t.add<Counters>("harvested", s);
    seat.hand = t.add<Hand>("hand", s, Visibility::Owner);
    seat.played = t.add<Hand>("played", s, Visibility::Public);
    seat.fort_reserve = t.add<Hand>("fort_reserve", s, Visibility::Owner);
    for (int k = 0; k < kPieceKinds; ++k) t.get(seat.reserve).set(kPieceNames[k], r.pieces[k]);
    t.get(seat.score).set("vp", 0);
    t.get(seat.score).set("provinces", 0);
    t.get(seat.score).set("agriculture", 0);
    for (const TokenKind& k : r.tokens) t.get(seat.harvested).set(k.type, 0);
    for (const CharacterCard& c : r.cards) t.get(seat.hand).add(c.id);
    seats_.push_back(seat);
  }

  // First player: random (3.5, reconstructed).
  const int first = static_cast<int>(t.rng().below(static_cast<std::uint64_t>(players)));
  t.get(turns_).set_start_player(first);
  t.get(turns_).set_current(first);
  use_schema(engine_->schema);
  start_flow();
}

std::unique_ptr<Game> SardiniaGame::rematch(std::uint64_t seed) const {
  return std::make_unique<SardiniaGame>(engine_, table().players(), seed);
}

int SardiniaGame::port_capacity() const {
  return rules().port_capacity[static_cast<std::size_t>(table().players())];
}

int SardiniaGame::ships_in_port(int port, int owner) const {
  return table().get(board_).count(port_space(port), owner, "ship");
}

std::vector<int> SardiniaGame::influence() const {
  const Rules& r = rules();
  const int provinces = static_cast<int>(r.provinces.size());
  const int ports_end = provinces + static_cast<int>(r.ports.size());
  std::vector<int> total(static_cast<std::size_t>(table().players() * provinces), 0);
  const auto add = [&](int seat, int province, int amount) {
    total[static_cast<std::size_t>(seat * provinces + province)] += amount;
  };
  for (const GraphBoard::Pieces& p : table().get(board_).pieces_of(GraphBoard::kAnyOwner)) {
    if (p.owner < 0) continue;
    const auto kind = static_cast<int>(std::find(kPieceNames.begin(), kPieceNames.end(), p.kind) - kPieceNames.begin());
    if (kind == kPieceKinds) continue;
    const int amount = r.influence[kind] * p.count;
    if (p.space < provinces) {
      add(p.owner, p.space, amount);
    } else if (p.space < ports_end) {
      add(p.owner, r.ports[static_cast<std::size_t>(p.space - provinces)].province, amount);
    } else {
      // A fort counts for every province its space touches.
      for (int province : r.fort_spaces[static_cast<std::size_t>(p.space - ports_end)].provinces)
        add(p.owner, province, amount);
    }
  }
  return total;
}

int SardiniaGame::reserve(int seat, PieceKind kind) const {
  return table().get(seats_[static_cast<std::size_t>(seat)].reserve).get(kPieceNames[kind]);
}

int SardiniaGame::vp(int seat) const { return table().get(seats_[static_cast<std::size_t>(seat)].score).get("vp"); }

// play / extra_play: the cards in hand, in card order; extra plays exclude the Guard (4.3 step 1).
void SardiniaGame::hand_cards(const FlowView& view, bool extra, MoveSink& out) const {
  const Rules& r = rules();
  const Hand& hand = view.table.get(seats_[static_cast<std::size_t>(view.seat())].hand);
  for (std::size_t c = 0; c < r.cards.size(); ++c)
    if (!(extra && r.cards[c].scoring) && hand.contains(r.cards[c].id)) out.add(engine_->moves.play, static_cast<int>(c));
}

// option: the targets of each option of the card the plugin carries out, in the card's order;
// the Queen copies an own played card other than the Guard and the Queen (5.7).
void SardiniaGame::card_options(const FlowView& view, MoveSink& out) const {
  const Rules& r = rules();
  const int card = frame_card(view.frame);
  if (r.cards[static_cast<std::size_t>(card)].copies) {
    const Hand& played = view.table.get(seats_[static_cast<std::size_t>(view.seat())].played);
    for (std::size_t c = 0; c < r.cards.size(); ++c)
      if (!r.cards[c].scoring && !r.cards[c].copies && played.contains(r.cards[c].id))
        out.add(engine_->moves.copy, static_cast<int>(c));
  }
  const auto& options = engine_->card_options[static_cast<std::size_t>(card)];
  if (options.empty()) return;
  const BoardScan board = scan(view.seat());
  for (const Engine::BoundOption& option : options) (this->*option.kind->targets)(view, board, option.move, out);
}

void SardiniaGame::play(FlowContext& ctx, const Move& move) {
  const Rules& r = rules();
  Table& t = ctx.table();
  const int seat = ctx.seat(), card = move.p[0];
  const Seat& s = seats_[static_cast<std::size_t>(seat)];
  const CharacterCard& def = r.cards[static_cast<std::size_t>(card)];
  const bool first = t.get(s.played).empty();
  t.get(s.hand).remove(def.id);
  t.get(s.played).add(def.id, true);
  if (ctx.logging()) ctx.log(colour(seat) + " plays the " + def.name);
  // 4.3: the Guard ends the round; any other card offers its options (or pass).
  if (def.scoring) return ctx.push(engine_->steps.guard, seat, {first ? 1 : 0});
  ctx.push(engine_->steps.option, seat, {card});
}

void SardiniaGame::copy(FlowContext& ctx, const Move& move) {
  if (ctx.logging()) ctx.log(colour(ctx.seat()) + " copies the " + rules().cards[static_cast<std::size_t>(move.p[0])].name);
  ctx.push(engine_->steps.option, ctx.seat(), {move.p[0]});
}

void SardiniaGame::run_option(FlowContext& ctx, const Move& move) {
  const int card = frame_card(ctx.frame());
  for (const Engine::BoundOption& option : engine_->card_options[static_cast<std::size_t>(card)]) {
    if (option.move != move.kind) continue;
    const std::string choice = (this->*option.kind->choice)(ctx.view(), move);
    engine_->scripts->apply(option.effect, ctx.table(), ctx.script_context(ctx.seat()), choice);
    if (option.kind->then) (this->*option.kind->then)(ctx, move);
    return;
  }
  throw RuleError("the " + rules().cards[static_cast<std::size_t>(card)].name + " has no option '" +
                  engine_->flow->move(move.kind).name + "'");
}

// 4.3 step 1: the extra plays go clockwise from the Guard player's left; a player holding only
// the Guard cannot take part.
void SardiniaGame::offer_extra_play(FlowContext& ctx) {
  const TurnOrder& turns = ctx.table().get(turns_);
  int seat = ctx.seat();
  for (int k = 0; k < ctx.parent()->cursor; ++k) seat = turns.seat_after(seat);
  const Hand& hand = ctx.table().get(seats_[static_cast<std::size_t>(seat)].hand);
  for (const CharacterCard& card : rules().cards)
    if (!card.scoring && hand.contains(card.id)) return ctx.push(engine_->steps.extra_play, seat);
}

void SardiniaGame::add_vp(Table& table, int seat, std::string_view part, int amount) const {
  Counters& score = table.get(seats_[static_cast<std::size_t>(seat)].score);
  score.add("vp", amount);
  score.add(part, amount);
}

// 4.3 steps 2-3: the provinces around the head fort card score (6.1, 6.2); the head goes
// under the deck and the leftmost face-down card is turned up for the Guard player's choice.
void SardiniaGame::score_head(FlowContext& ctx) {
  const Rules& r = rules();
  Table& t = ctx.table();
  const int players = t.players();
  Hand& row = t.get(row_);
  const std::string head = row.card(0);
  const FortSpace& space = r.fort_spaces[static_cast<std::size_t>(std::stoi(head) - 1)];
  if (ctx.logging()) ctx.log("Scoring at fort space " + head);
  const std::vector<int> all = influence();
  const int provinces = static_cast<int>(r.provinces.size());
  std::vector<int> inf(static_cast<std::size_t>(players));
  for (int p : space.provinces) {
    for (int s = 0; s < players; ++s) inf[static_cast<std::size_t>(s)] = all[static_cast<std::size_t>(s * provinces + p)];
    const std::vector<int> gained = province_vp(r, r.provinces[static_cast<std::size_t>(p)].vp, inf);
    for (int s = 0; s < players; ++s) {
      const int vp = gained[static_cast<std::size_t>(s)];
      if (vp == 0) continue;
      add_vp(t, s, "provinces", vp);
      if (ctx.logging())
        ctx.log(colour(s) + " scores " + std::to_string(vp) + " in " + r.provinces[static_cast<std::size_t>(p)].name);
      ctx.announce(engine_->events.province_scored, {s, p, vp});
    }
  }
  t.get(progress_).add("scorings", 1);
  t.get(forts_).put_bottom("draw", row.remove_at(0));
  for (int i = 0; i < row.size(); ++i) {
    if (row.is_revealed(i)) continue;
    row.set_revealed(i, true);
    if (ctx.logging()) ctx.log("Fort card " + row.card(i) + " is turned up");
    return ctx.push(engine_->steps.row_choice, ctx.seat(), {i});
  }
}

void SardiniaGame::keep(FlowContext& ctx) {
  if (ctx.logging())
    ctx.log(colour(ctx.seat()) + " keeps fort card " + ctx.table().get(row_).card(ctx.frame().p[0]));
}

// 4.3 step 3: the revealed card goes under the deck; the deck's top card takes its place face up.
void SardiniaGame::replace(FlowContext& ctx) {
  Table& t = ctx.table();
  Hand& row = t.get(row_);
  Deck& deck = t.get(forts_);
  const int at = ctx.frame().p[0];
  const std::string old = row.remove_at(at);
  deck.put_bottom("draw", old);
  const std::string incoming = deck.draw("draw");
  std::vector<std::string> cards = row.take_all();
  cards.insert(cards.begin() + at, incoming);
  // The face-up cards are the leftmost ones, up to the new card; the rest stay face down.
  for (std::size_t i = 0; i < cards.size(); ++i) row.add(cards[i], static_cast<int>(i) <= at);
  if (ctx.logging()) ctx.log(colour(ctx.seat()) + " replaces fort card " + old + " by " + incoming);
}

void SardiniaGame::hook(FlowContext& ctx, std::string_view name, int seat, const json& arg) {
  if (engine_->scripts->has_hook(name)) engine_->scripts->run_hook(name, ctx.table(), ctx.script_context(seat), arg);
}

// A round remembers how many scorings there were when it began: the next one ends it.
void SardiniaGame::begin_round(FlowContext& ctx) {
  ctx.frame().p[0] = scorings();
  hook(ctx, "on_round_start", ctx.table().get(turns_).current(), json{{"round", scorings() + 1}});
}

// 4.3 step 4: everyone takes their played cards back.
void SardiniaGame::end_round(FlowContext& ctx) {
  Table& t = ctx.table();
  for (const Seat& s : seats_)
    for (const std::string& card : t.get(s.played).take_all()) t.get(s.hand).add(card);
  hook(ctx, "on_round_end", kNobody, json{{"round", scorings()}});
}

// The VP scored so far (province and agriculture scorings add them during the game).
std::vector<int> SardiniaGame::score_so_far() const {
  if (is_over()) return outcome().scores;
  std::vector<int> scores;
  for (int s = 0; s < table().players(); ++s) scores.push_back(vp(s));
  return scores;
}

Outcome SardiniaGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (!is_over()) return o;
  std::vector<std::pair<int, int>> keys;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& score = t.get(seats_[static_cast<std::size_t>(s)].score);
    int in_reserve = 0;
    for (int k = 0; k < kPieceKinds; ++k) in_reserve += reserve(s, static_cast<PieceKind>(k));
    o.scores.push_back(score.get("vp"));
    o.breakdown.push_back("provinces " + std::to_string(score.get("provinces")) + ", agriculture " +
                          std::to_string(score.get("agriculture")) + "; " + std::to_string(in_reserve) +
                          " pieces in reserve");
    o.categories.push_back({{"provinces", score.get("provinces")},
                            {"agriculture", score.get("agriculture")},
                            {"pieces in reserve", in_reserve}});
    keys.emplace_back(score.get("vp"), in_reserve);
  }
  // 6.4: most VP; then most pieces in reserve; then a shared victory.
  const auto best = *std::max_element(keys.begin(), keys.end());
  for (int s = 0; s < t.players(); ++s)
    if (keys[static_cast<std::size_t>(s)] == best) o.winners.push_back(s);
  return o;
}

}  // namespace sardinia
