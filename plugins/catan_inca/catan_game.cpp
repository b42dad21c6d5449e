// CATAN: Rise of the Inkas — engine loading, the board's geometry, set-up, the natives'
// registration, outcome and the check of edited states.
// Rules: /shared/rules/catan_inca.md; data: data/catan_inca.
#include "catan_game.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace catan_inca {

using namespace tessera;
using nlohmann::json;

Piece piece_of(const std::string& text) {
  // One comparison of a known length per piece; as string_views they compile to a few
  // loads, not a call (the board scan reads every building this way).
  const std::string_view t = text;
  switch (t.size()) {
    case 0: return kEmpty;
    case 10: if (t == "settlement") return kSettlement; break;
    case 4: if (t == "city") return kCity; break;
    case 14: if (t == "dec_settlement") return kDecSettlement; break;
    case 8: if (t == "dec_city") return kDecCity; break;
    default: break;
  }
  throw DataError("board: unknown corner piece '" + text + "'");
}

const char* piece_text(Piece p) {
  static const char* const kTexts[] = {"", "settlement", "city", "dec_settlement", "dec_city"};
  return kTexts[p];
}

namespace {

Geometry build_geometry(const Rules& rules) {
  std::vector<HexMap::Coord> coords;
  for (const Tile& tile : rules.tiles) coords.push_back({tile.q, tile.r});
  const HexMap map("board", coords);
  Geometry g;
  if (map.corner_count() > kMaxCorners || map.edge_count() > kMaxEdges || map.hex_count() > kMaxHexes)
    throw DataError("data/catan_inca/board.yaml: the board has too many corners, sides or hexes");
  for (int h = 0; h < map.hex_count(); ++h) {
    std::array<int, 6> corners{};
    const auto span = map.hex_corners(h);
    std::copy(span.begin(), span.end(), corners.begin());
    g.hex_corners.push_back(corners);
    g.hex_ids.push_back(map.hex_id(h));
    if (rules.tiles[static_cast<std::size_t>(h)].robber_spot) g.robber_spots.push_back(h);
    if (rules.is_land(h)) g.land.push_back(h);
    if (rules.is_land(h) || rules.tiles[static_cast<std::size_t>(h)].robber_spot) g.robber_hexes.push_back(h);
  }
  for (int c = 0; c < map.corner_count(); ++c) {
    Geometry::Corner corner;
    for (int h : map.corner_hexes(c)) {
      corner.hexes[static_cast<std::size_t>(corner.hex_count++)] = h;
      if (rules.is_land(h)) corner.intersection = true;
    }
    for (int e : map.corner_edges(c)) corner.edges[static_cast<std::size_t>(corner.edge_count++)] = e;
    for (int n : map.corner_neighbours(c)) corner.adjacent[static_cast<std::size_t>(corner.adjacent_count++)] = n;
    if (corner.intersection) g.intersections.push_back(c);
    g.corners.push_back(corner);
    g.corner_ids.push_back(map.corner_id(c));
  }
  for (int e = 0; e < map.edge_count(); ++e) {
    Geometry::Edge edge;
    const auto ends = map.edge_corners(e);
    edge.ends = {ends[0], ends[1]};
    for (int h : map.edge_hexes(e))
      if (rules.is_land(h)) edge.route = true;
    if (edge.route) g.routes.push_back(e);
    g.edges.push_back(edge);
    g.edge_ids.push_back(map.edge_id(e));
  }
  return g;
}

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  const std::string data = "data/catan_inca";
  engine->rules = load_rules(config.data_dir, data, config.variants);
  engine->geo = build_geometry(engine->rules);
  std::vector<HexMap::Coord> coords;
  for (const Tile& tile : engine->rules.tiles) coords.push_back({tile.q, tile.r});
  engine->board = std::make_unique<HexMap>("board", coords);
  engine->flow = std::make_unique<FlowRules>(load_with_overlays(config.data_dir, data, "flow.yaml", config.variants));
  engine->schema = std::make_shared<StateSchema>(load_with_overlays(config.data_dir, data, "schema.yaml", config.variants));
  std::map<std::string, int> copies;
  for (const auto& card : engine->rules.dev_cards) copies[card.id] = 2 * card.per_deck;
  engine->schema->content("dev_cards", copies);
  std::map<std::string, int> cards;  // every card is in the bank or a hand: the bank's start
  for (const CardType& c : engine->rules.cards) cards[c.id] = c.bank;
  engine->schema->content("cards", std::move(cards));
  engine->scripts = make_game_scripts(config, "catan_inca");
  engine->scripts->set_fired_hooks(engine->flow->fired_hooks());
  engine->scripts->run_file("progress.lua");
  engine->scripts->run_variants(config.variants);
  const Options& o = engine->rules.options;
  json card_types = json::array();
  for (const auto& c : engine->rules.cards) card_types.push_back(c.id);
  for (const auto& card : engine->rules.dev_cards) {
    if (card.combat_arts) {
      engine->dev_effects.push_back(-1);
      continue;
    }
    // §8.5 monopoly_cap_per_player (-1: unlimited) and the card types: the game's, not the
    // card's (a card's options need not ask the supply for the types at every question).
    engine->dev_effects.push_back(
        engine->scripts->prepare(card.effect, json{{"monopoly_cap", o.monopoly_cap}, {"types", card_types}}));
  }
  FlowRules& flow = *engine->flow;
  const Geometry& g = engine->geo;
  flow.domain("corners", g.corner_ids);
  flow.domain("edges", g.edge_ids);
  flow.domain("hexes", g.hex_ids);
  std::vector<std::string> spots, types, devs;
  for (int h : g.robber_spots) spots.push_back(g.hex_ids[static_cast<std::size_t>(h)]);
  for (const auto& c : engine->rules.cards) types.push_back(c.id);
  for (const auto& d : engine->rules.dev_cards) devs.push_back(d.id);
  flow.domain("robber_spots", spots);
  flow.domain("card_types", types);
  flow.domain("dev_cards", devs);
  CatanGame::register_natives(*engine);
  flow.build(engine->scripts.get());
  auto mi = [&](const char* name) { return flow.move_index(name); };
  engine->kinds = {mi("place_settlement"), mi("place_road"), mi("roll"), mi("build_road"), mi("build_settlement"),
                   mi("build_city"), mi("buy_card"), mi("play_card"), mi("trade_bank"), mi("trade_set"),
                   mi("route_trade"), mi("receive"), mi("tribute"), mi("propose"), mi("offer"), mi("ask"), mi("withdraw"),
                   mi("accept"), mi("decline"), mi("trade_with"), mi("end"), mi("discard"), mi("move_robber"),
                   mi("steal"), mi("found"), mi("free_road"), mi("stop"), mi("choose")};
  auto ei = [&](const char* name) { return flow.event_index(name); };
  engine->events = {ei("dice_rolled"), ei("road_built"), ei("settlement_built"), ei("city_built"), ei("card_bought"),
                    ei("robber_moved")};
  auto si = [&](const char* name) { return flow.step_index(name); };
  engine->steps = {si("placement"), si("turn"), si("seven"), si("discard"), si("robber"), si("steal"), si("found"),
                   si("free_roads"), si("choose"), si("take_cards"), si("proposal"), si("ask"), si("responses"), si("respond"), si("pick")};
  // The discard generator offers a card type with a count from 1 up.
  const MoveDecl& discard = flow.move(engine->kinds.discard);
  if (discard.params.size() != 2 || discard.params[1].type != ParamDecl::Type::Int || discard.params[1].lo != 1)
    throw DataError(discard.defined_at + ": move 'discard' takes a card type and a count {int: [1, n]}");
  engine->discard_most = discard.params[1].hi;
  flow.expect_flags("turn", "flags", {{"rolled", kRolled}, {"card_played", kCardPlayed}, {"route_traded", kRouteTraded},
                                      {"tribute_used", kTributeUsed}, {"turn_over", kTurnOver}});
  return engine;
}

CatanGame::CatanGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : FlowGame(Table(players, seed), std::shared_ptr<const FlowRules>(engine, engine->flow.get()),
               std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("CATAN: Rise of the Inkas is for " + std::to_string(r.min_players) + " to " +
                std::to_string(r.max_players) + " players");
  Table& t = state();
  board_ = t.add<HexMap>(*engine_->board);
  HexMap& board = t.get(board_);
  for (std::size_t h = 0; h < r.tiles.size(); ++h) {
    HexMap::Hex& hex = board.hex(static_cast<int>(h));
    hex.terrain = r.terrains[static_cast<std::size_t>(r.tiles[h].terrain)].id;
    hex.number = r.tiles[h].number;
  }
  board.hex(board.hex_index(r.robber_start)).piece = "robber";
  if (r.variable_board) shuffle_board(t);

  cards_ = t.add<Supply>("cards", players, kNobody, Visibility::Owner);
  for (const CardType& c : r.cards) t.get(cards_).add_resource(c.id, c.bank);

  development_ = t.add<Deck>("development");
  std::vector<std::string> deck1, deck2;
  for (const DevCardDef& d : r.dev_cards)
    for (int i = 0; i < d.per_deck; ++i) {
      deck1.push_back(d.id);
      deck2.push_back(d.id);
    }
  t.rng().shuffle(deck1);
  t.rng().shuffle(deck2);
  t.get(development_).add_pile("draw", /*face_up=*/false, deck1);
  t.get(development_).add_pile("deck2", /*face_up=*/false, deck2);
  t.get(development_).add_pile("removed", /*face_up=*/true);

  turns_ = t.add<TurnOrder>("turns", players);
  progress_ = t.add<Counters>("progress");
  Counters& progress = t.get(progress_);
  for (const char* key : {"route_holder", "might_holder", "winner"}) progress.set(key, -1);
  for (const char* key : {"deck2_in", "rounds", "last_roll"}) progress.set(key, 0);
  for (int seat = 0; seat < players; ++seat) {
    Seat s{t.add<Counters>("tribe", seat), t.add<Hand>("hand", seat, Visibility::Owner)};
    t.get(s.tribe).set(key::markers, 0);
    t.get(s.tribe).set(key::tribe, 1);
    t.get(s.tribe).set(key::route, 0);
    seats_.push_back(s);
  }
  use_schema(engine_->schema);
  start_flow();
}

std::unique_ptr<Game> CatanGame::rematch(std::uint64_t seed) const {
  return std::make_unique<CatanGame>(engine_, players(), seed);
}

// §8.3: the land tiles change places among the land positions; goods and ocean tiles and
// the number tokens stay (optionally the land tokens are shuffled too, no 6/8 neighbours).
void CatanGame::shuffle_board(Table& t) {
  HexMap& board = t.get(board_);
  const std::vector<int>& land = geo().land;
  std::vector<std::string> terrains;
  for (int h : land) terrains.push_back(board.hex(h).terrain);
  t.rng().shuffle(terrains);
  for (std::size_t i = 0; i < land.size(); ++i) board.hex(land[i]).terrain = terrains[i];
  if (!rules().shuffle_land_numbers) return;
  std::vector<int> numbers;
  for (int h : land) numbers.push_back(board.hex(h).number);
  for (int attempt = 0; attempt < 10000; ++attempt) {
    t.rng().shuffle(numbers);
    bool ok = true;
    for (std::size_t i = 0; i < land.size() && ok; ++i) {
      if (numbers[i] != 6 && numbers[i] != 8) continue;
      for (int n : board.hex_neighbours(land[i])) {
        const auto at = std::find(land.begin(), land.end(), n);
        const int other = at == land.end() ? board.hex(n).number
                                           : numbers[static_cast<std::size_t>(at - land.begin())];
        if (other == 6 || other == 8) ok = false;
      }
    }
    if (ok) break;
  }
  for (std::size_t i = 0; i < land.size(); ++i) board.hex(land[i]).number = numbers[i];
}

// §3.7 start player (ties among the highest re-roll), then §3.5 beginner positions or the
// §3.6 founding phase.
void CatanGame::begin_setup(FlowContext& ctx) {
  Table& t = ctx.table();
  std::vector<int> rolling(static_cast<std::size_t>(players()));
  for (int s = 0; s < players(); ++s) rolling[static_cast<std::size_t>(s)] = s;
  while (rolling.size() > 1) {
    int best = 0;
    std::vector<int> top;
    for (int s : rolling) {
      const int sum = t.rng().roll(1, 6) + t.rng().roll(1, 6);
      if (sum > best) top.clear(), best = sum;
      if (sum == best) top.push_back(s);
    }
    rolling = top;
  }
  const int start = rolling[0];
  t.get(turns_).set_start_player(start);
  t.get(turns_).set_current(start);
  if (ctx.logging()) ctx.log(seat_name(start) + " starts");
  const Geometry& g = geo();
  if (!rules().free_placement) {
    HexMap& board = t.get(board_);
    for (int seat = 0; seat < players(); ++seat) {
      const StartPosition& p = rules().beginner[static_cast<std::size_t>(seat)];
      for (const std::string* c : {&p.lettered, &p.second}) {
        HexMap::Site& site = board.corner(board.corner_index(*c));
        site.owner = seat;
        site.piece = "settlement";
      }
      for (const std::string* e : {&p.lettered_road, &p.second_road}) {
        HexMap::Site& site = board.edge(board.edge_index(*e));
        site.owner = seat;
        site.piece = "road";
      }
      t.get(seats_[seat].tribe).set(key::markers, rules().start_markers);
      const int lettered = board.corner_index(p.lettered);
      for (int i = 0; i < g.corners[lettered].hex_count; ++i) {
        const int h = g.corners[lettered].hexes[i];
        const int product = rules().terrains[rules().terrain_index(board.hex(h).terrain)].produces;
        if (product >= 0) t.get(cards_).gain_at(seat, product, 1);
      }
    }
    update_route(ctx);
    return;
  }
  // Snake order: round 1 clockwise from the start player, round 2 back; each placement
  // pushes the next one when it ends (placement_done).
  ctx.push(engine_->steps.placement, start, {1, 0});
}

// After a founding-phase placement: the second settlement yields its starting cards, and
// the next seat of the snake order places.
void CatanGame::placement_done(FlowContext& ctx) {
  const Frame f = ctx.frame();
  Table& t = ctx.table();
  const int start = t.get(turns_).start_player(), last = (start + players() - 1) % players();
  if (f.p[0] == 1) ctx.push(engine_->steps.placement, f.seat == last ? f.seat : (f.seat + 1) % players(), {f.seat == last ? 2 : 1, 0});
  else if (f.seat != start) ctx.push(engine_->steps.placement, (f.seat + players() - 1) % players(), {2, 0});
  if (f.p[0] != 2 || f.p[1] <= 0) return;
  const HexMap& board = std::as_const(t).get(board_);
  const Geometry::Corner& c = geo().corners[static_cast<std::size_t>(f.p[1] - 1)];
  const Hands before = ctx.logging() ? hands(t) : Hands{};
  for (int i = 0; i < c.hex_count; ++i) {
    const int product = rules().terrains[rules().terrain_index(board.hex(c.hexes[i]).terrain)].produces;
    if (product >= 0) t.get(cards_).gain_at(f.seat, product, 1);
  }
  if (ctx.logging()) log_hand_changes(ctx, before);  // the starting cards are public (§3.5)
}

void CatanGame::register_natives(Engine& engine) {
  FlowRules& flow = *engine.flow;
  const auto apply = [](FlowContext& c, const Move& m) { c.game<CatanGame>().apply_move(c, m); };
  const auto label = [](const FlowView& v, const Move& m) { return v.game<CatanGame>().label(v, m); };
  for (const char* name : {"place_settlement", "place_road", "roll", "build_road", "build_settlement", "build_city",
                           "buy_card", "play_card", "trade_bank", "trade_set", "route_trade", "receive", "tribute",
                           "propose", "offer", "ask", "withdraw", "trade_with", "end", "discard",
                           "move_robber", "steal", "found", "free_road", "stop"})
    // The step generators make these moves, the ones without parameters too.
    flow.native_move(name, {.apply = apply, .label = label, .generated = true});
  for (const char* name : {"accept", "decline"}) flow.native_move(name, {.apply = apply, .label = label});
  // The progress card's question (its Lua options) as the choose move of its step.
  flow.native_move("choose", {.legal = [](const FlowView& v, MoveSink& out) {
                                const CatanGame& g = v.game<CatanGame>();
                                const std::size_t n = g.card_options(v, /*fresh=*/true).size();
                                for (std::size_t i = 0; i < n; ++i) out.add(g.kinds().choose, static_cast<int>(i));
                              },
                              .apply = apply,
                              .label = [](const FlowView& v, const Move& m) {
                                const CatanGame& g = v.game<CatanGame>();
                                const CallContext call{v.seat(), nullptr, nullptr, nullptr, &v};
                                return g.engine_->scripts->choice_label(g.card_effect(v.frame), v.table, call,
                                                                        g.card_options(v).at(static_cast<std::size_t>(m.p[0])));
                              },
                              .choices = [](const FlowView& v) {
                                std::vector<std::string> ids;
                                for (const auto& o : v.game<CatanGame>().card_options(v)) ids.push_back(o.id);
                                return ids;
                              }});
  flow.native_prompt("choose", [](const FlowView& v) {
    return "Play " + v.game<CatanGame>().rules().dev_cards.at(static_cast<std::size_t>(v.frame.p[0])).name;
  });
  flow.native_prompt("turn", [](const FlowView& v) {
    return std::string(v.frame.p[0] & kRolled ? "Trade and build, or end your turn" : "Roll the dice (or play a card first)");
  });
  flow.native_prompt("placement", [](const FlowView& v) {
    return std::string(v.frame.p[1] ? "Place a road at your new settlement" : "Place a settlement");
  });
  flow.native_prompt("respond", [](const FlowView& v) {
    const CatanGame& g = v.game<CatanGame>();
    const int give = v.frame.p[0], get = v.frame.p[1];
    return g.seat_name(v.table.get(g.turns_).current()) + " offers " + std::to_string(give & 15) + " " +
           g.card_id(give >> 4) + " for " + std::to_string(get & 15) + " " + g.card_id(get >> 4);
  });
#define CATAN_GEN(name) \
  flow.native_generator(#name, [](const FlowView& v, MoveSink& out) { v.game<CatanGame>().name(v, out); })
  CATAN_GEN(placement_moves);
  CATAN_GEN(turn_moves);
  CATAN_GEN(discard_moves);
  CATAN_GEN(robber_moves);
  CATAN_GEN(steal_moves);
  CATAN_GEN(found_moves);
  CATAN_GEN(free_road_moves);
  CATAN_GEN(receive_moves);
  CATAN_GEN(proposal_moves);
  CATAN_GEN(ask_moves);
  CATAN_GEN(pick_moves);
#undef CATAN_GEN
  flow.native_hook("begin_setup", [](FlowContext& c) { c.game<CatanGame>().begin_setup(c); });
  flow.native_hook("placement_done", [](FlowContext& c) { c.game<CatanGame>().placement_done(c); });
  flow.native_hook("begin_round", [](FlowContext& c) {
    CatanGame& g = c.game<CatanGame>();
    c.table().get(g.progress_).add(key::rounds, 1);
  });
  flow.native_predicate("game_over", [](const FlowView& v) {
    const CatanGame& g = v.game<CatanGame>();
    return g.winner_known(v.table) || v.table.get(g.progress_).get(key::rounds) >= g.rules().max_rounds;
  });
  flow.native_seat_predicate("still_playing", [](const FlowView& v, int) { return !v.game<CatanGame>().winner_known(v.table); });
  flow.native_predicate("turn_over", [](const FlowView& v) {
    return (v.frame.p[0] & kTurnOver) != 0 || v.game<CatanGame>().winner_known(v.table);
  });
  flow.native_predicate("discarded", [](const FlowView& v) { return v.frame.p[0] <= 0; });
  flow.native_predicate("received", [](const FlowView& v) { return v.frame.p[2] <= 0; });
  flow.native_predicate("no_free_roads", [](const FlowView& v) {
    if (v.frame.p[0] <= 0) return true;
    std::vector<Move> moves;
    MoveSink sink(moves);
    v.game<CatanGame>().free_road_moves(v, sink);
    return sink.size() <= 1;  // only "stop": the rest is forfeited (§5.7.3)
  });
  flow.native_hook("offer_answered", [](FlowContext& c) {
    const Frame& f = c.frame();
    if (f.p[2]) c.push(c.game<CatanGame>().engine_->steps.pick, f.seat, {f.p[0], f.p[1], f.p[2]});
  });
  flow.native_seat_predicate("must_discard", [](const FlowView& v, int seat) {
    const CatanGame& g = v.game<CatanGame>();
    return v.table.get(g.cards_).total(seat) > g.rules().hand_limit + g.face_up(v.table, seat);
  });
  flow.native_hook("count_discards", [](FlowContext& c) {
    const CatanGame& g = c.game<CatanGame>();
    c.frame().p[0] = c.table().get(g.cards_).total(c.frame().seat) / g.rules().discard_divisor;
  });
  flow.native_seat_predicate("can_accept", [](const FlowView& v, int seat) {
    const CatanGame& g = v.game<CatanGame>();
    const int get = v.frame.p[1];
    return seat != v.frame.seat && g.hand_of(v.table, seat)[static_cast<std::size_t>(get >> 4)] >= (get & 15);
  });
}

EffectId CatanGame::card_effect(const Frame& choose) const {
  return engine_->dev_effects[static_cast<std::size_t>(choose.p[0])];
}

const std::vector<EffectChoice>& CatanGame::card_options(const FlowView& v, bool fresh) const {
  CardChoices& kept = card_choices_;
  const Frame& f = v.frame;
  if (!fresh && kept.valid && kept.frame.step == f.step && kept.frame.seat == f.seat && kept.frame.p == f.p)
    return kept.options;
  kept.valid = false;
  kept.options = engine_->scripts->options(card_effect(f), v.table, CallContext{v.seat(), nullptr, nullptr, nullptr, &v});
  kept.frame = f;
  kept.valid = true;
  return kept.options;
}

CardCounts CatanGame::hand_of(const Table& t, int seat) const {
  CardCounts h{};
  const std::span<const int> held = t.get(cards_).holdings(seat);
  std::copy(held.begin(), held.begin() + kCardTypes, h.begin());
  return h;
}

CardCounts CatanGame::bank_of(const Table& t) const {
  CardCounts b{};
  const Supply& s = t.get(cards_);
  for (int i = 0; i < kCardTypes; ++i) b[static_cast<std::size_t>(i)] = s.resources()[static_cast<std::size_t>(i)].bank;
  return b;
}

int CatanGame::face_up(const Table& t, int seat) const {
  const Hand& hand = t.get(seats_[static_cast<std::size_t>(seat)].hand);
  int n = 0;
  for (int i = 0; i < hand.size(); ++i) n += hand.is_revealed(i) ? 1 : 0;
  return n;
}

void CatanGame::check_state() const {
  const Table& t = table();
  const HexMap& map = t.get(board_);
  if (map.hex_count() != static_cast<int>(rules().tiles.size())) throw DataError("board: the tiles of board.yaml");
  for (int h = 0; h < map.hex_count(); ++h) {
    const Tile& tile = rules().tiles[static_cast<std::size_t>(h)];
    if (map.coord(h) != HexMap::Coord{tile.q, tile.r}) throw DataError("board: the tiles keep their places of board.yaml");
  }
  for (int c = 0; c < map.corner_count(); ++c)
    if (map.corner(c).owner < kNobody || map.corner(c).owner >= players()) throw DataError("board: a corner's owner is a seat or -1");
  for (int e = 0; e < map.edge_count(); ++e)
    if (map.edge(e).owner < kNobody || map.edge(e).owner >= players()) throw DataError("board: an edge's owner is a seat or -1");
  Scan s;
  scan(t, s);  // throws for an unknown corner piece
  const HexMap& board = t.get(board_);
  int robbers = 0;
  for (int h = 0; h < board.hex_count(); ++h) {
    const std::string& piece = board.hex(h).piece;
    if (piece == "robber") ++robbers;
    else if (!piece.empty()) throw DataError("board: a hex holds only the robber");
    if (board.hex(h).owner != kNobody) throw DataError("board: hexes have no owner");
  }
  if (robbers != 1) throw DataError("board: exactly one robber");
  const bool on_spot = std::find(geo().robber_spots.begin(), geo().robber_spots.end(), s.robber) != geo().robber_spots.end();
  if (s.robber < 0 || (!on_spot && !rules().is_land(s.robber))) throw DataError("board: the robber stands on land or a jungle frame spot");
  for (int c = 0; c < board.corner_count(); ++c) {
    const HexMap::Site& site = board.corner(c);
    if ((piece_of(site.piece) == kEmpty) != (site.owner < 0)) throw DataError("board: a building has an owner, an empty corner none");
    if (site.owner >= 0 && !geo().corners[c].intersection) throw DataError("board: a building stands on an intersection");
  }
  for (int e = 0; e < board.edge_count(); ++e) {
    const HexMap::Site& site = board.edge(e);
    if (site.occupied() && (site.piece != "road" || site.owner < 0 || !geo().edges[e].route))
      throw DataError("board: an edge holds a seat's road on a route, or nothing");
  }
  for (int seat = 0; seat < players(); ++seat) {
    if (pieces_on_board(s, seat, kSettlement, kDecSettlement) > rules().settlements ||
        pieces_on_board(s, seat, kCity, kDecCity) > rules().cities || roads_on_board(s, seat) > rules().roads ||
        pieces_on_board(s, seat, kDecSettlement, kDecCity) > rules().thickets)
      throw DataError("board: " + seat_name(seat) + " has more pieces on the board than the box holds");
    const int m = markers(t, seat), tr = tribe(t, seat);
    if (tr > static_cast<int>(rules().goals.size()) || (tr > 1 && m < rules().goals[static_cast<std::size_t>(tr - 2)]))
      throw DataError("tribe: " + seat_name(seat) + "'s active tribe does not fit the markers");
  }
  for (const char* key : {"route_holder", "might_holder", "winner"})
    if (t.get(progress_).get(key) >= players()) throw DataError(std::string("progress: ") + key + " is not a seat");
  for (int h = 0; h < board.hex_count(); ++h) {
    const HexMap::Hex& hex = board.hex(h);
    const Tile& tile = rules().tiles[static_cast<std::size_t>(h)];
    const int terrain = rules().terrain_index(hex.terrain);
    if (terrain < 0 || rules().terrains[terrain].cls != rules().terrains[tile.terrain].cls)
      throw DataError("board: hex " + board.hex_id(h) + " keeps a terrain of its class (" + rules().terrains[tile.terrain].id + "'s)");
    if ((hex.number != 0) != (rules().terrains[terrain].produces >= 0) || hex.number < 0 || hex.number > 12 || hex.number == rules().robber_roll)
      throw DataError("board: hex " + board.hex_id(h) + " has a number 2..12 but " + std::to_string(rules().robber_roll) +
                      " (the robber's roll) if and only if it produces");
  }
  for (int seat = 0; seat < players(); ++seat) {
    const Hand& hand = t.get(seats_[seat].hand);
    for (int i = 0; i < hand.size(); ++i)
      if (hand.is_revealed(i) && !rules().dev_cards[rules().dev_index(hand.cards()[i])].combat_arts)
        throw DataError("hand: only played Combat Arts lie face up");
  }
  // The plugin reads and pays cards by their place in game.yaml's list (Supply::*_at).
  const auto& types = t.get(cards_).resources();
  bool in_order = types.size() == static_cast<std::size_t>(kCardTypes);
  for (int i = 0; in_order && i < kCardTypes; ++i) in_order = types[static_cast<std::size_t>(i)].id == card_id(i);
  if (!in_order) throw DataError("cards: the card types of game.yaml, each once and in its order");
  const TurnOrder& turns = t.get(turns_);
  if (turns.size() != players()) throw DataError("turns: the turn order holds every seat once");
  for (int seat = 0; seat < players(); ++seat)
    if (!turns.contains(seat)) throw DataError("turns: the turn order holds every seat once");
  check_frames();
}

// §5.10.1: each seat's trade route, measured on the board as update_route measures it.
void CatanGame::derive(Table& t) const {
  Scan s;
  scan(t, s);
  for (int seat = 0; seat < players(); ++seat) {
    Counters& tribe = t.get(seats_[static_cast<std::size_t>(seat)].tribe);
    const int length = route_length(s, seat);
    if (tribe.get(key::route) != length) tribe.set(key::route, length);
  }
}

// The parameters the natives use as indices must be in range.
void CatanGame::check_frames() const {
  const Flow& flow = table().get<Flow>("flow");
  const Engine::Steps& st = engine_->steps;
  auto type_count = [](int packed) { return (packed >> 4) >= 0 && (packed >> 4) < kCardTypes && (packed & 15) >= 1; };
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const auto& p = f.p;
    bool ok = true;
    if (f.step == st.choose) ok = p[0] >= 0 && p[0] < static_cast<int>(rules().dev_cards.size()) && engine_->dev_effects[p[0]] >= 0 &&
                                 engine_->scripts->has_options(engine_->dev_effects[p[0]]);
    else if (f.step == st.take_cards)
      ok = p[0] >= -1 && p[0] < kCardTypes && p[1] >= -1 && p[1] < kCardTypes && p[2] >= 0 && (p[3] == 0 || p[3] == 1);
    else if (f.step == st.ask) ok = p[0] >= 0 && p[0] < kCardTypes && p[1] >= 1 && p[1] <= 15;
    else if (f.step == st.responses || f.step == st.pick || f.step == st.respond)
      ok = type_count(p[0]) && type_count(p[1]) && p[2] >= 0 && p[2] < (1 << players());
    else if (f.step == st.placement) ok = (p[0] == 1 || p[0] == 2) && p[1] >= 0 && p[1] <= static_cast<int>(geo().corners.size());
    else if (f.step == st.discard || f.step == st.free_roads) ok = p[0] >= 0;
    else if (f.step == st.turn) ok = p[1] >= 0;
    if (!ok) throw DataError("flow: frame " + std::to_string(i) + " has parameters out of range");
  }
}

// The victory markers each seat holds now (what the end of the game counts).
std::vector<int> CatanGame::score_so_far() const {
  if (is_over()) return outcome().scores;
  std::vector<int> markers_now;
  for (int seat = 0; seat < players(); ++seat) markers_now.push_back(markers(table(), seat));
  return markers_now;
}

Outcome CatanGame::outcome() const {
  Outcome o;
  if (!is_over()) return o;
  const Table& t = table();
  int best = -1;
  for (int seat = 0; seat < players(); ++seat) {
    o.scores.push_back(markers(t, seat));
    o.breakdown.push_back("markers " + std::to_string(markers(t, seat)) + " (tribe " + std::to_string(tribe(t, seat)) + ")");
    o.categories.push_back({{"markers", markers(t, seat)}, {"tribe", tribe(t, seat)}});
    best = std::max(best, markers(t, seat));
  }
  const int winner = t.get(progress_).get(key::winner);
  if (winner >= 0) {
    o.winners.push_back(winner);
    return o;
  }
  // §7.3: a game stopped by agreement; the most markers share it.
  for (int seat = 0; seat < players(); ++seat)
    if (markers(t, seat) == best) o.winners.push_back(seat);
  return o;
}

}  // namespace catan_inca
