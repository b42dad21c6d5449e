// Sardinia — the check of edited and loaded states (scenario edits, saves): check_state
// refuses what the rules code could not index into and the schema cannot say.
#include <algorithm>

#include "sardinia_game.hpp"
#include "tessera/error.hpp"

namespace sardinia {

using namespace tessera;

namespace {

void in_range(int value, int lo, int hi, const std::string& what) {
  if (value < lo || value > hi)
    throw DataError(what + " must be " + std::to_string(lo) + ".." + std::to_string(hi) + ", not " +
                    std::to_string(value));
}

}  // namespace

// A state from a scenario edit or a save must be one the rules code can index into. The schema
// (data/sardinia/schema.yaml) has checked the components, the counter keys and their ranges,
// the card ids and that every fort card is in one place; what is left ties the state to the
// data: the board as built from it, pieces of real seats and kinds on spaces that take them,
// every piece either on the board or in its reserve, token keys and types of the data, at most
// one of each character card per seat, and flow frames whose parameters the natives can use.
void SardiniaGame::check_state() const {
  const Rules& r = rules();
  const Table& t = table();
  const int players = t.players();
  const int provinces = static_cast<int>(r.provinces.size());
  const int ports = static_cast<int>(r.ports.size());

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
    const int kind = static_cast<int>(std::find(kPieceNames.begin(), kPieceNames.end(), p.kind) - kPieceNames.begin());
    const bool fits = kind == kShip    ? p.space >= provinces && p.space < provinces + ports
                      : kind == kFort  ? p.space >= fort_space(0)
                      : kind < kPieceKinds ? p.space < provinces
                                           : false;
    if (!fits) throw DataError("board: '" + p.kind + "' cannot stand on " + b.id(p.space));
    on_board[static_cast<std::size_t>(p.owner * kPieceKinds + kind)] += p.count;
  }
  for (int s = 0; s < players; ++s)
    for (int k = 0; k < kPieceKinds; ++k)
      if (reserve(s, static_cast<PieceKind>(k)) + on_board[static_cast<std::size_t>(s * kPieceKinds + k)] !=
          r.pieces[k])
        throw DataError("seat " + std::to_string(s) + " reserve " + std::string(kPieceNames[k]) +
                        ": reserve and board must add up to " + std::to_string(r.pieces[k]) + " pieces");

  // Agriculture tokens by province: a token type of the data. (The schema holds the keys of
  // tokens and harvested to the provinces and token types; a variant's schema overlay may
  // declare keys of its own, which are not provinces and not this check's.)
  for (const Province& province : r.provinces)
    in_range(t.get(tokens_).get(province.id), 0, static_cast<int>(r.tokens.size()), "tokens." + province.id);

  // Character cards: each seat holds its own set, so at most one of each.
  for (int s = 0; s < players; ++s) {
    const Seat& seat = seats_[static_cast<std::size_t>(s)];
    std::vector<int> seen(r.cards.size(), 0);
    for (auto h : {seat.hand, seat.played})
      for (const std::string& id : t.get(h).cards())
        if (seen[static_cast<std::size_t>(r.card_index(id))]++ > 0)
          throw DataError("seat " + std::to_string(s) + " " + t.get(h).name() + ": '" + id +
                          "' is not a card this seat can hold");
  }
  if (!t.get(forts_).has_pile("draw")) throw DataError("fort_deck needs its pile 'draw'");

  // Progress, the turn order and the flow.
  in_range(scorings(), 0, r.scorings, "progress.scorings");
  if (scorings() < r.scorings && t.get(row_).empty()) throw DataError("fort_row: a round needs a fort card to score");
  const TurnOrder& turns = t.get(turns_);
  if (turns.size() != players) throw DataError("the turn order must hold every seat once");
  for (int s = 0; s < players; ++s)
    if (!turns.contains(s)) throw DataError("the turn order must hold every seat once");
  check_frames();
}

// The parameters of the frames index the data: a card with options (and the one a sailing or
// marching frame continues), a port, the steps left, a revealed row card.
void SardiniaGame::check_frames() const {
  const Rules& r = rules();
  const Table& t = table();
  const Engine::Steps& steps = engine_->steps;
  const Flow& flow = t.get<Flow>("flow");
  const auto has_option = [&](int card, int move) {
    const auto& options = engine_->card_options[static_cast<std::size_t>(card)];
    return std::any_of(options.begin(), options.end(), [&](const Engine::BoundOption& o) { return o.move == move; });
  };
  for (int i = 0; i < flow.depth(); ++i) {
    const Frame& f = flow.at(i);
    const std::string where = "flow frame " + std::to_string(i) + " (" + engine_->flow->step(f.step).name + ")";
    if (f.step == steps.option || f.step == steps.sailing || f.step == steps.marching) {
      in_range(f.p[0], 0, static_cast<int>(r.cards.size()) - 1, where + ": card");
      if (r.cards[static_cast<std::size_t>(f.p[0])].scoring) throw DataError(where + ": the Guard has no options");
    }
    if (f.step == steps.sailing) {
      if (!has_option(f.p[0], engine_->moves.sail)) throw DataError(where + ": card must be a card that sails");
      in_range(f.p[1], 0, static_cast<int>(r.ports.size()) - 1, where + ": sailed");
    }
    if (f.step == steps.marching) {
      if (!has_option(f.p[0], engine_->moves.march)) throw DataError(where + ": card must be a card that marches");
      in_range(f.p[1], 1, r.march_steps - 1, where + ": steps");
    }
    if (f.step == steps.guard) in_range(f.p[0], 0, 1, where + ": first");
    if (f.step == steps.row_choice) {
      in_range(f.p[0], 0, t.get(row_).size() - 1, where + ": revealed");
      if (!t.get(row_).is_revealed(f.p[0])) throw DataError(where + ": the revealed row card must be face up");
    }
  }
}

void SardiniaGame::derive(Table& t) const {
  for (const auto& seat : seats_) {
    Counters& score = t.get(seat.score);
    const int vp = score.get("provinces") + score.get("agriculture");
    if (score.get("vp") != vp) score.set("vp", vp);
  }
}

}  // namespace sardinia
