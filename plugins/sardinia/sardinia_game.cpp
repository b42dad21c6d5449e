// Sardinia — the rules flow. Rules: /shared/rules/sardinia.md (section numbers below refer to
// it); numbers and the board: data/sardinia/*.yaml.
#include "sardinia_game.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "sardinia_scoring.hpp"
#include "tessera/error.hpp"

namespace sardinia {

using namespace tessera;
using nlohmann::json;

namespace {

const char* const kKinds[kPieceKinds] = {"chaplain", "ship", "fort", "settlement", "settler"};
const std::string kLand = "land";

Action make(std::string text, std::vector<int> args) { return Action{text, text, std::move(args)}; }

}  // namespace

std::shared_ptr<Engine> load_engine(const GameConfig& config) {
  auto engine = std::make_shared<Engine>();
  engine->rules = load_rules(config.data_dir, "data/sardinia");
  engine->scripts = std::make_unique<ScriptRuntime>(config.script_dir, "scripts/sardinia");
  engine->scripts->run_file("characters.lua");
  for (const auto& variant : config.variants) engine->scripts->run_variant(variant);
  // Every option effect also gets the tables its messages and scoring need.
  const Rules& r = engine->rules;
  json tables = {{"colours", r.colours}, {"vp_by_nth_token", r.token_vp}, {"token_types", json::array()}};
  for (const TokenKind& k : r.tokens) tables["token_types"].push_back(k.type);
  for (const CharacterCard& card : r.cards) {
    std::vector<EffectId>& ids = engine->option_effects.emplace_back();
    for (const CardOption& option : card.options) {
      if (!engine->scripts->has_effect(option.effect))
        throw DataError(option.where + ": effect '" + option.effect + "' of the " + card.name + "'s " + option.id +
                        " is not defined by any script");
      json params = option.params;
      params.update(tables);
      ids.push_back(engine->scripts->prepare(option.effect, params));
    }
  }
  return engine;
}

SardiniaGame::SardiniaGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed)
    : GameBase(Table(players, seed), std::shared_ptr<ScriptRuntime>(engine, engine->scripts.get())),
      engine_(std::move(engine)) {
  const Rules& r = rules();
  if (players < r.min_players || players > r.max_players)
    throw Error("Sardinia is for " + std::to_string(r.min_players) + " to " + std::to_string(r.max_players) +
                " players");
  Table& t = state();
  flow_ = t.add<Counters>("flow");

  // The board (10): provinces, ports and fort spaces as spaces; land links between provinces.
  board_ = t.add<GraphBoard>("board");
  GraphBoard& b = t.get(board_);
  for (const Province& p : r.provinces) {
    const int s = b.add_space(p.id);
    b.set_attribute(s, "name", p.name);
    b.set_attribute(s, "vp", p.vp);
    b.set_attribute(s, "colour", p.colour);
  }
  for (const Port& p : r.ports) b.set_attribute(b.add_space("port_" + p.id), "name", p.name);
  for (const FortSpace& f : r.fort_spaces) {
    const std::string number = std::to_string(f.number);
    b.set_attribute(b.add_space("fort_" + number, r.forts_per_space), "name", "fort space " + number);
  }
  for (std::size_t a = 0; a < r.provinces.size(); ++a)
    for (int n : r.provinces[a].adjacent)
      if (n > static_cast<int>(a)) b.add_link(static_cast<int>(a), n, kLand);

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
    for (int k = 0; k < kPieceKinds; ++k) t.get(seat.reserve).set(kKinds[k], r.pieces[k]);
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
  set_flow("phase", kTurn);
  set_flow("actor", first);
  set_flow("card", -1);
  set_flow("guard", -1);
  set_flow("extra", -1);
  set_flow("steps", 0);
  set_flow("sailed", -1);
  set_flow("scorings", 0);
  set_flow("revealed", -1);
  set_flow("alt_guard", 0);
  set_flow("alt_guard_min", r.alt_guard_min_cards);

  std::vector<Event> ignored;
  run_hook("on_setup", kNobody, ignored, json::object());
}

std::unique_ptr<Game> SardiniaGame::rematch(std::uint64_t seed) const {
  return std::make_unique<SardiniaGame>(engine_, table().players(), seed);
}

// A state from a scenario edit or a save must be one the rules code can index into: the board as
// built from the data, pieces of real seats and kinds on spaces that take them, every piece either
// on the board or in its reserve, valid card ids, and flow values in range for the phase.
void SardiniaGame::check_state() const {
  const Rules& r = rules();
  const Table& t = table();
  const int players = t.players();
  const int provinces = static_cast<int>(r.provinces.size());
  const int ports = static_cast<int>(r.ports.size());
  const auto in_range = [](int value, int lo, int hi, const std::string& what) {
    if (value < lo || value > hi)
      throw DataError(what + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                      std::to_string(value));
  };

  // The board's structure is the data's.
  const GraphBoard& b = t.get(board_);
  if (b.space_count() != fort_space(static_cast<int>(r.fort_spaces.size())))
    throw DataError("board: the spaces must be those of data/sardinia/game.yaml");
  for (int s = 0; s < b.space_count(); ++s) {
    const bool fort = s >= fort_space(0);
    const std::string expected = s < provinces ? r.provinces[static_cast<std::size_t>(s)].id
                                 : !fort      ? "port_" + r.ports[static_cast<std::size_t>(s - provinces)].id
                                              : "fort_" + std::to_string(r.fort_spaces[static_cast<std::size_t>(s - fort_space(0))].number);
    if (b.id(s) != expected || b.capacity(s) != (fort ? r.forts_per_space : GraphBoard::kUnlimited))
      throw DataError("board: space " + std::to_string(s) + " must be '" + expected + "' as in the data");
    try {
      (void)b.text(s, "name");  // messages read it as a text
    } catch (const RuleError&) {
      throw DataError("board: the name of space '" + expected + "' must be a text");
    }
  }
  std::size_t links = 0;
  for (const Province& p : r.provinces) links += p.adjacent.size();
  if (b.links().size() * 2 != links) throw DataError("board: the land links must be those of the data");
  for (const GraphBoard::Link& link : b.links())
    if (link.type != kLand || link.a >= provinces || link.b >= provinces ||
        !std::binary_search(r.provinces[static_cast<std::size_t>(link.a)].adjacent.begin(),
                            r.provinces[static_cast<std::size_t>(link.a)].adjacent.end(), link.b))
      throw DataError("board: the land links must be those of the data");

  // Pieces: real seats, known kinds on the spaces that take them; board + reserve = all pieces.
  std::vector<int> on_board(static_cast<std::size_t>(players * kPieceKinds), 0);
  for (const GraphBoard::Pieces& p : b.pieces_of(GraphBoard::kAnyOwner)) {
    in_range(p.owner, 0, players - 1, "board: owner of pieces on " + b.id(p.space));
    const int kind = static_cast<int>(std::find(std::begin(kKinds), std::end(kKinds), p.kind) - std::begin(kKinds));
    const bool fits = kind == kShip    ? p.space >= provinces && p.space < provinces + ports
                      : kind == kFort  ? p.space >= fort_space(0)
                      : kind < kPieceKinds ? p.space < provinces
                                           : false;
    if (!fits) throw DataError("board: '" + p.kind + "' cannot stand on " + b.id(p.space));
    on_board[static_cast<std::size_t>(p.owner * kPieceKinds + kind)] += p.count;
  }
  for (int s = 0; s < players; ++s)
    for (int k = 0; k < kPieceKinds; ++k) {
      const std::string what = "seat " + std::to_string(s) + " reserve " + kKinds[k];
      in_range(reserve(s, static_cast<PieceKind>(k)), 0, r.pieces[k], what);
      if (reserve(s, static_cast<PieceKind>(k)) + on_board[static_cast<std::size_t>(s * kPieceKinds + k)] != r.pieces[k])
        throw DataError(what + ": reserve and board must add up to " + std::to_string(r.pieces[k]) + " pieces");
    }

  // Agriculture tokens and what each seat has harvested.
  for (const Province& p : r.provinces)
    in_range(t.get(tokens_).get(p.id), 0, static_cast<int>(r.tokens.size()), "tokens." + p.id);
  for (int s = 0; s < players; ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    for (const auto& [type, n] : t.get(seat.harvested).entries())
      in_range(n, 0, 1 << 20, "seat " + std::to_string(s) + " harvested." + type);
    for (const auto& [part, n] : t.get(seat.score).entries())
      in_range(n, -(1 << 28), 1 << 28, "seat " + std::to_string(s) + " score." + part);
  }

  // Character cards: known ids, each at most once per seat.
  for (int s = 0; s < players; ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    std::vector<int> seen(r.cards.size(), 0);
    for (auto h : {seat.hand, seat.played})
      for (const std::string& id : t.get(h).cards()) {
        const int c = r.card_index(id);
        if (c < 0 || seen[static_cast<std::size_t>(c)]++ > 0)
          throw DataError("seat " + std::to_string(s) + " " + t.get(h).name() + ": '" + id + "' is not a card this seat can hold");
      }
  }

  // Fort cards: numbers of fort spaces, each once over row, deck and reserves.
  std::vector<int> seen_forts(r.fort_spaces.size(), 0);
  const auto check_fort = [&](const std::string& id, const std::string& where) {
    int number = 0;
    const bool digits = !id.empty() && id.size() <= 3 && std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) number = std::stoi(id);
    if (!digits || number < 1 || number > static_cast<int>(r.fort_spaces.size()) || seen_forts[static_cast<std::size_t>(number - 1)]++ > 0)
      throw DataError(where + ": '" + id + "' is not a fort card that can be here");
  };
  for (const std::string& id : t.get(row_).cards()) check_fort(id, "fort_row");
  for (const auto& pile : t.get(forts_).piles())
    for (const std::string& id : pile.cards) check_fort(id, "fort_deck." + pile.name);
  for (const Seat& seat : seats_)
    for (const std::string& id : t.get(seat.fort_reserve).cards()) check_fort(id, "fort_reserve");
  if (!t.get(forts_).has_pile("draw")) throw DataError("fort_deck needs its pile 'draw'");

  // The flow.
  const int phase = flow("phase");
  in_range(phase, kTurn, kStudy, "flow.phase");
  in_range(flow("actor"), phase == kOver ? kNobody : 0, phase == kOver ? kNobody : players - 1, "flow.actor");
  in_range(flow("scorings"), 0, r.scorings, "flow.scorings");
  in_range(flow("alt_guard"), 0, 1, "flow.alt_guard");
  in_range(flow("alt_guard_min"), 0, static_cast<int>(r.cards.size()), "flow.alt_guard_min");
  const bool choosing = phase == kOption || phase == kSailing || phase == kMarching;
  const int card = flow("card");
  in_range(card, choosing ? 0 : -1, static_cast<int>(r.cards.size()) - 1, "flow.card");
  const auto has_option = [&](const char* id) {
    const auto& options = r.cards[static_cast<std::size_t>(card)].options;
    return std::any_of(options.begin(), options.end(), [&](const CardOption& o) { return o.id == id; });
  };
  if (phase == kSailing && !has_option("sail")) throw DataError("flow.card must be a card that sails");
  if (phase == kMarching && !has_option("march")) throw DataError("flow.card must be a card that marches");
  in_range(flow("steps"), phase == kMarching ? 1 : 0, r.march_steps - 1, "flow.steps");
  in_range(flow("sailed"), phase == kSailing ? 0 : -1, ports - 1, "flow.sailed");
  const bool guarded = phase == kExtra || phase == kRowChoice || phase == kStudy;
  in_range(flow("guard"), guarded ? 0 : -1, players - 1, "flow.guard");
  in_range(flow("extra"), phase == kExtra ? 0 : -1, players - 1, "flow.extra");
  if (flow("extra") >= 0 && flow("guard") < 0) throw DataError("flow.extra: extra plays need a Guard player (flow.guard)");
  in_range(flow("revealed"), phase == kRowChoice ? 0 : -1, t.get(row_).size() - 1, "flow.revealed");
  if (phase == kStudy && t.get(seats_[static_cast<std::size_t>(flow("actor"))].fort_reserve).empty())
    throw DataError("flow.phase: studying needs reserve fort cards");
  if (phase == kTurn && t.get(row_).empty()) throw DataError("fort_row: a round needs a fort card to score");
  const TurnOrder& turns = t.get(turns_);
  if (turns.size() != players) throw DataError("the turn order must hold every seat once");
  for (int s = 0; s < players; ++s)
    if (!turns.contains(s)) throw DataError("the turn order must hold every seat once");
}

int SardiniaGame::port_capacity() const {
  return rules().port_capacity[static_cast<std::size_t>(table().players())];
}

int SardiniaGame::ships_in_port(int port, int owner) const {
  return table().get(board_).count(port_space(port), owner, "ship");
}

int SardiniaGame::province_count(int province) const {
  const GraphBoard& b = table().get(board_);
  return b.count(province, GraphBoard::kAnyOwner, "chaplain") + b.count(province, GraphBoard::kAnyOwner, "settler") +
         b.count(province, GraphBoard::kAnyOwner, "settlement");
}

bool SardiniaGame::blocked(int seat, int province) const {
  const GraphBoard& b = table().get(board_);
  if (b.count(province, seat, "chaplain") > 0) return false;
  return b.count(province, GraphBoard::kAnyOwner, "chaplain") > 0;
}

int SardiniaGame::influence(int seat, int province) const {
  const Rules& r = rules();
  const GraphBoard& b = table().get(board_);
  const Province& p = r.provinces[static_cast<std::size_t>(province)];
  int total = r.influence[kChaplain] * b.count(province, seat, "chaplain") +
              r.influence[kSettler] * b.count(province, seat, "settler") +
              r.influence[kSettlement] * b.count(province, seat, "settlement");
  if (p.port >= 0) total += r.influence[kShip] * b.count(port_space(p.port), seat, "ship");
  for (int f : p.fort_spaces) total += r.influence[kFort] * b.count(fort_space(f), seat, "fort");
  return total;
}

int SardiniaGame::reserve(int seat, PieceKind kind) const {
  return table().get(seats_[static_cast<std::size_t>(seat)].reserve).get(kKinds[kind]);
}

int SardiniaGame::vp(int seat) const { return table().get(seats_[static_cast<std::size_t>(seat)].score).get("vp"); }

Decision SardiniaGame::decision() const {
  const int actor = flow("actor");
  switch (flow("phase")) {
    case kTurn: return {actor, "Play a character card"};
    case kOption: {
      const int card = flow("card");
      return {actor, "Carry out the " + rules().cards[static_cast<std::size_t>(card)].name + ", or pass"};
    }
    case kSailing: return {actor, "Sail your other ship, or done"};
    case kMarching: return {actor, "March settlers (" + std::to_string(flow("steps")) + " steps left), or done"};
    case kExtra: return {actor, "A Guard was played first: play a card other than your Guard, or decline"};
    case kRowChoice:
      if (flow("alt_guard") != 0)
        return {actor, "Keep the revealed fort card and study the deck, or replace it from the deck or your reserve"};
      return {actor, "Keep the revealed fort card, or replace it from the deck"};
    case kStudy: return {actor, "Put one of your two reserve fort cards under the deck"};
    default: break;
  }
  return {kNobody, "The game is over"};
}

std::vector<Action> SardiniaGame::generate_actions() const {
  std::vector<Action> out;
  const int actor = flow("actor");
  switch (flow("phase")) {
    case kTurn: add_play_actions(actor, false, out); break;
    case kExtra:
      add_play_actions(actor, true, out);
      out.push_back(make("decline", {kDecline}));
      break;
    case kOption:
      add_card_actions(actor, flow("card"), out);
      out.push_back(make("pass", {kPass}));
      break;
    case kSailing:
      add_sail_actions(actor, out);
      out.push_back(make("done", {kDone}));
      break;
    case kMarching:
      add_march_actions(actor, out);
      out.push_back(make("done", {kDone}));
      break;
    case kRowChoice:
      out.push_back(make("keep", {kKeep}));
      out.push_back(make("replace", {kReplace}));
      if (flow("alt_guard") != 0 && !table().get(seats_[static_cast<std::size_t>(actor)].fort_reserve).empty())
        out.push_back(make("replace reserve", {kReplaceReserve}));
      break;
    case kStudy:
      for (const std::string& card : table().get(seats_[static_cast<std::size_t>(actor)].fort_reserve).cards())
        out.push_back(make("return " + card, {kReturn, std::stoi(card)}));
      break;
    default: break;
  }
  return out;
}

void SardiniaGame::add_play_actions(int seat, bool extra, std::vector<Action>& out) const {
  const Rules& r = rules();
  const Hand& hand = table().get(seats_[static_cast<std::size_t>(seat)].hand);
  for (std::size_t c = 0; c < r.cards.size(); ++c) {
    if (!hand.contains(r.cards[c].id)) continue;
    if (extra && r.cards[c].scoring) continue;  // 4.3 step 1: anything but the Guard
    out.push_back(make("play " + r.cards[c].id, {kPlay, static_cast<int>(c)}));
  }
}

void SardiniaGame::add_card_actions(int seat, int card, std::vector<Action>& out) const {
  const Rules& r = rules();
  const Table& t = table();
  const GraphBoard& b = t.get(board_);
  const CharacterCard& def = r.cards[static_cast<std::size_t>(card)];
  const int provinces = static_cast<int>(r.provinces.size());
  if (def.copies) {
    // 5.7: one of the own played cards, not the Guard, not the Queen.
    const Hand& played = t.get(seats_[static_cast<std::size_t>(seat)].played);
    for (std::size_t c = 0; c < r.cards.size(); ++c) {
      if (r.cards[c].scoring || r.cards[c].copies || !played.contains(r.cards[c].id)) continue;
      out.push_back(make("copy " + r.cards[c].id, {kCopy, static_cast<int>(c)}));
    }
    return;
  }
  for (const CardOption& option : def.options) {
    const std::string& o = option.id;
    if (o == "launch" && reserve(seat, kShip) > 0) {
      for (std::size_t p = 0; p < r.ports.size(); ++p) {
        const int port = static_cast<int>(p);
        if (ships_in_port(port, GraphBoard::kAnyOwner) < port_capacity() &&
            ships_in_port(port, seat) < r.own_ships_per_port)
          out.push_back(make("launch " + r.ports[p].id, {kLaunch, port}));
      }
    } else if (o == "sail") {
      add_sail_actions(seat, out);
    } else if (o == "recruit" && reserve(seat, kSettler) > 0) {
      for (int p = 0; p < provinces; ++p)
        if (province_count(p) < r.province_limit && !blocked(seat, p))
          out.push_back(make("recruit " + r.provinces[static_cast<std::size_t>(p)].id, {kRecruit, p}));
    } else if (o == "march") {
      add_march_actions(seat, out);
    } else if (o == "ordain" && reserve(seat, kChaplain) > 0) {
      for (int p = 0; p < provinces; ++p)
        if (province_count(p) < r.province_limit)
          out.push_back(make("ordain " + r.provinces[static_cast<std::size_t>(p)].id, {kOrdain, p}));
    } else if (o == "travel") {
      for (int from = 0; from < provinces; ++from) {
        if (b.count(from, seat, "chaplain") == 0) continue;
        // 5.4: up to 3 steps, through anything, ending in a province that is not full.
        const std::vector<int> dist = b.distances(from, kLand);
        for (int to = 0; to < provinces; ++to)
          if (to != from && dist[static_cast<std::size_t>(to)] >= 0 &&
              dist[static_cast<std::size_t>(to)] <= r.travel_steps && province_count(to) < r.province_limit)
            out.push_back(make("travel " + r.provinces[static_cast<std::size_t>(to)].id, {kTravel, from, to}));
      }
    } else if (o == "harvest") {
      // 5.5: a token in a province with an own settler, connected to a port holding an own ship.
      std::vector<bool> settler(static_cast<std::size_t>(provinces), false);
      for (int p = 0; p < provinces; ++p) settler[static_cast<std::size_t>(p)] = b.count(p, seat, "settler") > 0;
      for (int target = 0; target < provinces; ++target) {
        if (t.get(tokens_).get(r.provinces[static_cast<std::size_t>(target)].id) == 0) continue;
        bool ok = false;
        for (std::size_t port = 0; port < r.ports.size() && !ok; ++port)
          ok = ships_in_port(static_cast<int>(port), seat) > 0 &&
               farmer_connected(r, r.ports[port].province, target, settler);
        if (ok) out.push_back(make("harvest " + r.provinces[static_cast<std::size_t>(target)].id, {kHarvest, target}));
      }
    } else if (o == "fortify" && reserve(seat, kFort) > 0) {
      for (std::size_t f = 0; f < r.fort_spaces.size(); ++f)
        if (b.count(fort_space(static_cast<int>(f)), GraphBoard::kAnyOwner, "fort") < r.forts_per_space)
          out.push_back(make("fortify " + std::to_string(r.fort_spaces[f].number), {kFortify, static_cast<int>(f)}));
    } else if (o == "build" && reserve(seat, kSettlement) > 0) {
      // 5.6: settlements on the board may not exceed the agriculture tokens held.
      int tokens = 0;
      for (const auto& [type, n] : t.get(seats_[static_cast<std::size_t>(seat)].harvested).entries()) tokens += n;
      if (b.count_all(seat, "settlement") + 1 > tokens) continue;
      for (int p = 0; p < provinces; ++p)
        if (province_count(p) < r.province_limit && !blocked(seat, p))
          out.push_back(make("build " + r.provinces[static_cast<std::size_t>(p)].id, {kBuild, p}));
    }
  }
}

void SardiniaGame::add_sail_actions(int seat, std::vector<Action>& out) const {
  const Rules& r = rules();
  const int sailed = flow("phase") == kSailing ? flow("sailed") : -1;
  for (std::size_t from = 0; from < r.ports.size(); ++from) {
    const int f = static_cast<int>(from);
    if (ships_in_port(f, seat) == 0 || f == sailed) continue;  // a ship sails once per action
    for (std::size_t to = 0; to < r.ports.size(); ++to) {
      const int d = static_cast<int>(to);
      if (d == f || ships_in_port(d, GraphBoard::kAnyOwner) >= port_capacity() ||
          ships_in_port(d, seat) >= r.own_ships_per_port)
        continue;
      out.push_back(make("sail " + r.ports[from].id + " " + r.ports[to].id, {kSail, f, d}));
    }
  }
}

void SardiniaGame::add_march_actions(int seat, std::vector<Action>& out) const {
  const Rules& r = rules();
  const GraphBoard& b = table().get(board_);
  const int provinces = static_cast<int>(r.provinces.size());
  const int steps = flow("phase") == kMarching ? flow("steps") : r.march_steps;
  // 5.3, 5.1: settlers never enter (or pass) provinces blocked for them; they may pass full ones
  // but only end where there is room. Each move ends legally, so the whole march does.
  const GraphBoard::SpaceTest passable = [this, seat](int space) { return !blocked(seat, space); };
  for (int from = 0; from < provinces; ++from) {
    if (b.count(from, seat, "settler") == 0) continue;
    const std::vector<int> dist = b.distances(from, kLand, passable);
    for (int to = 0; to < provinces; ++to) {
      const int d = dist[static_cast<std::size_t>(to)];
      if (to == from || d < 1 || d > steps || province_count(to) >= r.province_limit || blocked(seat, to)) continue;
      out.push_back(make("march " + r.provinces[static_cast<std::size_t>(from)].id + " " +
                             r.provinces[static_cast<std::size_t>(to)].id,
                         {kMarch, from, to, d}));
    }
  }
}

void SardiniaGame::add_vp(int seat, std::string_view part, int amount) {
  Counters& score = state().get(seats_[static_cast<std::size_t>(seat)].score);
  score.add("vp", amount);
  score.add(part, amount);
}

void SardiniaGame::perform(const Action& action, std::vector<Event>& events) {
  const Rules& r = rules();
  Table& t = state();
  GraphBoard& b = t.get(board_);
  const int seat = flow("actor");
  const auto& a = action.args;
  const std::string who = r.colours[static_cast<std::size_t>(seat)];
  switch (a[0]) {
    case kPlay: play(seat, a[1], events); return;
    case kPass:
    case kDone: finish_card(events); return;
    case kDecline:
      events.push_back({who + " declines to play a card", kSpectator});
      next_extra(seat, events);
      return;
    case kCopy:
      events.push_back({who + " copies the " + r.cards[static_cast<std::size_t>(a[1])].name, kSpectator});
      set_flow("card", a[1]);
      return;
    case kLaunch:
      run_option("launch", std::to_string(port_space(a[1])), events);
      finish_card(events);
      return;
    case kSail:
      run_option("sail", std::to_string(port_space(a[1])) + " " + std::to_string(port_space(a[2])), events);
      if (flow("phase") == kSailing || b.count_all(seat, "ship") < 2) {
        finish_card(events);
      } else {
        set_flow("phase", kSailing);
        set_flow("sailed", a[2]);
      }
      return;
    case kRecruit:
    case kOrdain:
    case kBuild:
    case kHarvest:
      run_option(a[0] == kRecruit ? "recruit" : a[0] == kOrdain ? "ordain" : a[0] == kBuild ? "build" : "harvest",
                 std::to_string(a[1]), events);
      finish_card(events);
      return;
    case kMarch: {
      run_option("march", std::to_string(a[1]) + " " + std::to_string(a[2]), events);
      const int left = (flow("phase") == kMarching ? flow("steps") : r.march_steps) - a[3];
      if (left <= 0) {
        finish_card(events);
      } else {
        set_flow("phase", kMarching);
        set_flow("steps", left);
      }
      return;
    }
    case kTravel:
      run_option("travel", std::to_string(a[1]) + " " + std::to_string(a[2]), events);
      finish_card(events);
      return;
    case kFortify:
      run_option("fortify", std::to_string(fort_space(a[1])), events);
      finish_card(events);
      return;
    case kKeep:
    case kReplace:
    case kReplaceReserve: {
      Hand& row = t.get(row_);
      Deck& deck = t.get(forts_);
      Hand& mine = t.get(seats_[static_cast<std::size_t>(seat)].fort_reserve);
      const int at = flow("revealed");
      if (a[0] == kKeep) {
        events.push_back({who + " keeps fort card " + row.card(at), kSpectator});
        if (flow("alt_guard") != 0) {
          // 8.1 option 1: study the top deck card, then put one of the two reserve cards back.
          const std::string drawn = deck.draw("draw");
          mine.add(drawn);
          events.push_back({who + " draws fort card " + drawn, seat});
          set_flow("phase", kStudy);
          return;
        }
        end_round(events);
        return;
      }
      // 4.3 step 3 / 8.1 options 2-3: the revealed card goes under the deck; its place is taken
      // face up by the deck's top card or by the player's reserve card.
      const std::string old = row.remove_at(at);
      deck.put_bottom("draw", old);
      std::string incoming;
      if (a[0] == kReplaceReserve) {
        incoming = mine.remove_at(0);
        const std::string drawn = deck.draw("draw");
        mine.add(drawn);
        events.push_back({who + " draws a new reserve fort card", kSpectator});
        events.push_back({who + " draws fort card " + drawn, seat});
      } else {
        incoming = deck.draw("draw");
      }
      std::vector<std::string> cards = row.take_all();
      cards.insert(cards.begin() + at, incoming);
      // The face-up cards are the leftmost ones, up to the new card; the rest stay face down.
      for (std::size_t i = 0; i < cards.size(); ++i) row.add(cards[i], static_cast<int>(i) <= at);
      events.push_back({who + " replaces fort card " + old + " by " + incoming, kSpectator});
      end_round(events);
      return;
    }
    case kReturn: {
      Hand& mine = t.get(seats_[static_cast<std::size_t>(seat)].fort_reserve);
      const std::string card = std::to_string(a[1]);
      mine.remove(card);
      t.get(forts_).put_bottom("draw", card);
      events.push_back({who + " puts a reserve fort card under the deck", kSpectator});
      events.push_back({who + " returns fort card " + card, seat});
      end_round(events);
      return;
    }
    default: break;
  }
  throw RuleError("unknown action");
}

void SardiniaGame::run_option(std::string_view option, const std::string& choice, std::vector<Event>& events) {
  const int card = flow("card");
  const std::vector<CardOption>& options = rules().cards[static_cast<std::size_t>(card)].options;
  for (std::size_t o = 0; o < options.size(); ++o) {
    if (options[o].id != option) continue;
    const EffectId effect = engine_->option_effects[static_cast<std::size_t>(card)][o];
    engine_->scripts->apply(effect, state(), CallContext{flow("actor"), &events}, choice);
    return;
  }
  throw RuleError("the " + rules().cards[static_cast<std::size_t>(card)].name + " has no option '" + std::string(option) + "'");
}

void SardiniaGame::play(int seat, int card, std::vector<Event>& events) {
  const Rules& r = rules();
  Table& t = state();
  const Seat& s = seats_[static_cast<std::size_t>(seat)];
  const CharacterCard& def = r.cards[static_cast<std::size_t>(card)];
  const bool first = t.get(s.played).empty();
  t.get(s.hand).remove(def.id);
  t.get(s.played).add(def.id, true);
  events.push_back({r.colours[static_cast<std::size_t>(seat)] + " plays the " + def.name, kSpectator});
  if (def.scoring) {
    set_flow("guard", seat);
    // 4.3 step 1: a Guard as the first card of the round lets every other player play one card.
    if (first) {
      next_extra(seat, events);
    } else {
      score_head(events);
    }
    return;
  }
  set_flow("card", card);
  set_flow("phase", kOption);
}

void SardiniaGame::finish_card(std::vector<Event>& events) {
  set_flow("card", -1);
  set_flow("steps", 0);
  set_flow("sailed", -1);
  const int actor = flow("actor");
  if (flow("extra") >= 0) {
    next_extra(actor, events);
    return;
  }
  TurnOrder& turns = state().get(turns_);
  turns.set_current(turns.seat_after(actor));
  set_flow("actor", turns.current());
  set_flow("phase", kTurn);
}

// The extra plays go clockwise from the Guard player's left; a player holding only the Guard
// cannot take part. After the last of them the scoring follows.
void SardiniaGame::next_extra(int after, std::vector<Event>& events) {
  const int guard = flow("guard");
  const TurnOrder& turns = table().get(turns_);
  // At most one lap: the loop ends at the Guard player even if the state names no one.
  int seat = turns.seat_after(after);
  for (int lap = 0; lap < table().players() && seat != guard; ++lap, seat = turns.seat_after(seat)) {
    const Hand& hand = table().get(seats_[static_cast<std::size_t>(seat)].hand);
    bool can = false;
    for (const auto& id : hand.cards()) can = can || !rules().cards[static_cast<std::size_t>(rules().card_index(id))].scoring;
    if (!can) continue;
    set_flow("extra", seat);
    set_flow("actor", seat);
    set_flow("phase", kExtra);
    return;
  }
  set_flow("extra", -1);
  set_flow("actor", guard);
  score_head(events);
}

void SardiniaGame::score_head(std::vector<Event>& events) {
  const Rules& r = rules();
  Table& t = state();
  const int players = t.players();
  Hand& row = t.get(row_);
  const std::string head = row.card(0);
  const FortSpace& space = r.fort_spaces[static_cast<std::size_t>(std::stoi(head) - 1)];
  events.push_back({"Scoring at fort space " + head, kSpectator});
  for (int p : space.provinces) {
    std::vector<int> inf;
    for (int s = 0; s < players; ++s) inf.push_back(influence(s, p));
    const std::vector<int> gained = province_vp(r, r.provinces[static_cast<std::size_t>(p)].vp, inf);
    for (int s = 0; s < players; ++s) {
      if (gained[static_cast<std::size_t>(s)] == 0) continue;
      add_vp(s, "provinces", gained[static_cast<std::size_t>(s)]);
      events.push_back({r.colours[static_cast<std::size_t>(s)] + " scores " + std::to_string(gained[static_cast<std::size_t>(s)]) +
                            " in " + r.provinces[static_cast<std::size_t>(p)].name,
                        kSpectator});
    }
  }
  set_flow("scorings", flow("scorings") + 1);
  // 4.3 step 3: the head goes under the deck; the leftmost face-down card is turned up.
  t.get(forts_).put_bottom("draw", row.remove_at(0));
  int hidden = -1;
  for (int i = 0; i < row.size() && hidden < 0; ++i)
    if (!row.is_revealed(i)) hidden = i;
  if (hidden >= 0) {
    row.set_revealed(hidden, true);
    events.push_back({"Fort card " + row.card(hidden) + " is turned up", kSpectator});
    set_flow("revealed", hidden);
    set_flow("actor", flow("guard"));
    set_flow("phase", kRowChoice);
    return;
  }
  end_round(events);
}

void SardiniaGame::end_round(std::vector<Event>& events) {
  Table& t = state();
  // 4.3 step 4: everyone takes their played cards back.
  for (const Seat& s : seats_)
    for (const std::string& card : t.get(s.played).take_all()) t.get(s.hand).add(card);
  const int guard = flow("guard");
  set_flow("guard", -1);
  set_flow("revealed", -1);
  if (flow("scorings") >= rules().scorings) {
    set_flow("phase", kOver);
    set_flow("actor", kNobody);
    events.push_back({"The game ends after the last scoring", kSpectator});
    return;
  }
  TurnOrder& turns = t.get(turns_);
  turns.set_current(turns.seat_after(guard));
  set_flow("actor", turns.current());
  set_flow("phase", kTurn);
}

std::string SardiniaGame::render(int viewer) const {
  const Rules& r = rules();
  const Table& t = table();
  const GraphBoard& b = t.get(board_);
  std::string out;
  const auto pieces_text = [&](int space) {
    std::string text;
    for (const GraphBoard::Pieces& p : b.pieces_at(space))
      text += " " + r.colours[static_cast<std::size_t>(p.owner)] + ":" + std::to_string(p.count) + " " + p.kind;
    return text;
  };
  out += "Provinces (VP, token, pieces " + std::to_string(r.province_limit) + " max):\n";
  for (std::size_t p = 0; p < r.provinces.size(); ++p) {
    const Province& prov = r.provinces[p];
    const int token = t.get(tokens_).get(prov.id);
    out += "  " + prov.name + " (" + prov.colour + ", " + std::to_string(prov.vp) + " VP, " +
           (token > 0 ? r.tokens[static_cast<std::size_t>(token - 1)].type : std::string("no token")) + ")" +
           pieces_text(static_cast<int>(p));
    if (prov.port >= 0)
      out += " | port " + r.ports[static_cast<std::size_t>(prov.port)].name + ":" + pieces_text(port_space(prov.port));
    out += "\n";
  }
  out += "Forts:";
  for (std::size_t f = 0; f < r.fort_spaces.size(); ++f)
    if (b.count(fort_space(static_cast<int>(f))) > 0)
      out += " " + std::to_string(r.fort_spaces[f].number) + pieces_text(fort_space(static_cast<int>(f)));
  out += "\nFort row:";
  const Hand& row = t.get(row_);
  for (int i = 0; i < row.size(); ++i) out += row.is_revealed(i) ? " [" + row.card(i) + "]" : std::string(" [?]");
  out += "  (" + std::to_string(flow("scorings")) + " of " + std::to_string(r.scorings) + " scorings done)\n";
  for (int s = 0; s < t.players(); ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    out += r.colours[static_cast<std::size_t>(s)] + ": " + std::to_string(vp(s)) + " VP; reserve";
    for (int k = 0; k < kPieceKinds; ++k)
      out += " " + std::to_string(reserve(s, static_cast<PieceKind>(k))) + " " + kKinds[k];
    out += "; tokens";
    for (const auto& [type, n] : t.get(seat.harvested).entries())
      if (n > 0) out += " " + std::to_string(n) + " " + type;
    out += "; played";
    for (const std::string& c : t.get(seat.played).cards()) out += " " + c;
    if (s == viewer || viewer == kOmniscient) {
      out += "; hand";
      for (const std::string& c : t.get(seat.hand).cards()) out += " " + c;
      for (const std::string& c : t.get(seat.fort_reserve).cards()) out += "; reserve fort card " + c;
    }
    out += "\n";
  }
  return out;
}

Outcome SardiniaGame::outcome() const {
  Outcome o;
  const Table& t = table();
  if (flow("phase") != kOver) return o;
  std::vector<std::pair<int, int>> keys;
  for (int s = 0; s < t.players(); ++s) {
    const Counters& score = t.get(seats_[static_cast<std::size_t>(s)].score);
    int in_reserve = 0;
    for (int k = 0; k < kPieceKinds; ++k) in_reserve += reserve(s, static_cast<PieceKind>(k));
    o.scores.push_back(score.get("vp"));
    o.breakdown.push_back("provinces " + std::to_string(score.get("provinces")) + ", agriculture " +
                          std::to_string(score.get("agriculture")) + "; " + std::to_string(in_reserve) +
                          " pieces in reserve");
    keys.emplace_back(score.get("vp"), in_reserve);
  }
  // 6.4: most VP; then most pieces in reserve; then a shared victory.
  const auto best = *std::max_element(keys.begin(), keys.end());
  for (int s = 0; s < t.players(); ++s)
    if (keys[static_cast<std::size_t>(s)] == best) o.winners.push_back(s);
  return o;
}

}  // namespace sardinia
