#pragma once
// CATAN: Rise of the Inkas (Klaus & Benjamin Teuber, 2018; 3-4 players) on the core's flow
// engine. Rules: /shared/rules/catan_inca.md; data: data/catan_inca; flow: flow.yaml.
//
// The flow (set-up, rounds, the turn step and what is pushed on top of it) is declared in
// flow.yaml; this class holds the natives it names — the move generators and applies over
// the board (the hot paths), production, the 7, the trade route, declines and founding —
// plus set-up, outcome, the terminal view and the check of edited states. The progress
// cards' effects are Lua (scripts/catan_inca/progress.lua). All state is in the Table:
// the board (hex map), the cards (supply: bank and hands), the development deck, each
// seat's development hand and tribe counters, and the flow's frames.
#include <array>
#include <memory>

#include "catan_keys.hpp"
#include "catan_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/hand.hpp"
#include "tessera/hex_map.hpp"
#include "tessera/plugin.hpp"
#include "tessera/supply.hpp"
#include "tessera/turn_order.hpp"

namespace catan_inca {

inline constexpr int kMaxCorners = 256;
inline constexpr int kMaxEdges = 384;
inline constexpr int kMaxHexes = kMaxCorners / 2;  // a hex has 6 corners, a corner at most 3 hexes

// The board's geometry, computed once from the tiles (the hex map's own numbering).
struct Geometry {
  struct Corner {
    std::array<int, 3> hexes{}, adjacent{}, edges{};
    int hex_count = 0, adjacent_count = 0, edge_count = 0;
    bool intersection = false;  // touches a land hex (§3.2.2)
  };
  struct Edge {
    std::array<int, 2> ends{};
    bool route = false;  // borders a land hex (§3.2.1)
  };
  std::vector<Corner> corners;
  std::vector<Edge> edges;
  std::vector<std::array<int, 6>> hex_corners;
  std::vector<std::string> hex_ids, corner_ids, edge_ids;
  std::vector<int> robber_spots;  // hexes of the jungle frame robber spots
  std::vector<int> land;          // land hexes
  // Only these can hold anything (check_state refuses the rest): what a scan reads.
  std::vector<int> intersections, routes, robber_hexes;
};

// Corner pieces (the hex map's corner piece text).
enum Piece : std::uint8_t { kEmpty, kSettlement, kCity, kDecSettlement, kDecCity };

// What every game of one configuration shares.
struct Engine {
  Rules rules;
  Geometry geo;
  std::unique_ptr<tessera::HexMap> board;  // the empty board: games copy it (sharing its topology)
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  std::shared_ptr<tessera::StateSchema> schema;
  std::vector<tessera::EffectId> dev_effects;  // by development card kind (-1: Combat Arts)
  struct Kinds {
    int place_settlement, place_road, roll, build_road, build_settlement, build_city, buy_card, play_card,
        trade_bank, trade_set, route_trade, receive, tribute, propose, offer, ask, withdraw, accept, decline, trade_with,
        end, discard, move_robber, steal, found, free_road, stop, choose;
  } kinds{};
  struct Steps {
    int placement, turn, seven, discard, robber, steal, found, free_roads, choose, take_cards, proposal, ask, responses, respond, pick;
  } steps{};
  // The events the game's C++ announces (flow.yaml `events:`); -1 when an overlay dropped one.
  struct Events {
    int dice_rolled, road_built, settlement_built, city_built, card_bought, robber_moved;
  } events{};
  int discard_most = 1;  // the most cards one discard move returns (the top of its declared count)
};

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

// The turn step's flags (its first parameter).
enum TurnFlag { kRolled = 1, kCardPlayed = 2, kRouteTraded = 4, kTributeUsed = 8, kTurnOver = 16, kOfferUnit = 256 };

class CatanGame : public tessera::FlowGame {
 public:
  CatanGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<CatanGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::vector<int> score_so_far() const override;
  std::string render(int viewer) const override;

  static void register_natives(Engine& engine);

  // One read of the board's pieces (for generators and rules).
  struct Scan {
    std::array<std::int8_t, kMaxCorners> owner;
    std::array<std::uint8_t, kMaxCorners> piece;
    std::array<std::int8_t, kMaxEdges> road;  // owner or -1
    std::array<std::int8_t, kMaxHexes> number;  // each board tile's number token (0: none)
    int robber = -1;
    // Each seat's roads and buildings (active or declined), in board order. The counts are
    // exact; the lists keep the first kMaxRoads / kMaxBuildings (check_state refuses more).
    std::array<std::array<std::int16_t, kMaxRoads>, kMaxSeats> roads;
    std::array<std::array<std::int16_t, kMaxBuildings>, kMaxSeats> buildings;
    std::array<int, kMaxSeats> road_count, building_count;
    // What a seat's next road or settlement may be, in board order: made on first use and
    // kept with this scan (scan() forgets it), as the turn asks again after every trade.
    struct Reach {
      bool known = false;
      int end_count = 0, side_count = 0, site_count = 0;
      std::array<std::int16_t, 2 * kMaxRoads> ends;  // where its roads end, each once
      std::array<std::int16_t, 3 * (2 * kMaxRoads + kMaxBuildings)> sides;  // free routes it may build
      std::array<std::int16_t, 2 * kMaxRoads> sites;  // settlement sites, pieces left permitting
    };
    mutable std::array<Reach, kMaxSeats> reach;
    // Each seat's trade route length (route_length), kept the same way; a new road changes
    // only its own seat's.
    mutable std::array<int, kMaxSeats> route{};
    mutable std::array<bool, kMaxSeats> route_known{};
  };
  void scan(const tessera::Table& t, Scan& s) const;
  const Scan::Reach& reach(const Scan& s, int seat) const;
  // The scan of `t`'s board, read again only when the board changed (keyed by its stamp).
  // Read it where the board is not being changed: in generators, and in an apply once its
  // changes to the board are made (a change after the read would not be seen).
  const Scan& scanned(const tessera::Table& t) const;
  // Longest trade route of `seat` (§5.10.1), kept with the scan.
  int route_length(const Scan& s, int seat) const;

 protected:
  void check_state() const override;
  void derive(tessera::Table& t) const override;

 private:
  friend struct Natives;
  const Rules& rules() const { return engine_->rules; }
  const Geometry& geo() const { return engine_->geo; }
  const Engine::Kinds& kinds() const { return engine_->kinds; }
  int players() const { return table().players(); }
  const std::string& card_id(int type) const { return rules().cards[static_cast<std::size_t>(type)].id; }
  CardCounts hand_of(const tessera::Table& t, int seat) const;
  CardCounts bank_of(const tessera::Table& t) const;
  int face_up(const tessera::Table& t, int seat) const;  // played Combat Arts
  // The most cards a player other than `seat` holds, up to `enough` (the callers need no
  // more): hand sizes are public (§5.3.1 trades).
  int largest_other_hand(const tessera::Table& t, int seat, int enough) const;
  int markers(const tessera::Table& t, int seat) const { return t.get(seats_[seat].tribe).get(key::markers); }
  int tribe(const tessera::Table& t, int seat) const { return t.get(seats_[seat].tribe).get(key::tribe); }
  bool winner_known(const tessera::Table& t) const { return t.get(progress_).get(key::winner) >= 0; }
  int pieces_on_board(const Scan& s, int seat, Piece a, Piece b = kEmpty) const;
  int roads_on_board(const Scan& s, int seat) const;
  bool anchors(const Scan& s, int seat, int corner) const;
  bool distance_clear(const Scan& s, int corner) const;
  bool can_pay(const CardCounts& hand, const CardCounts& cost) const;
  void pay(tessera::Table& t, int seat, const CardCounts& cost) const;

  // Generators (catan_moves.cpp).
  void placement_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void turn_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void road_moves(const Scan& s, int seat, int kind, tessera::MoveSink& out) const;
  void card_moves(const tessera::Table& t, int seat, int flags, int bought, tessera::MoveSink& out) const;
  void tribute_moves(const tessera::Table& t, const Scan& s, int seat, int flags, tessera::MoveSink& out) const;
  void discard_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void robber_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void steal_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void found_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void free_road_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void receive_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void proposal_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void ask_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  void pick_moves(const tessera::FlowView& v, tessera::MoveSink& out) const;
  std::vector<int> steal_candidates(const tessera::Table& t, const Scan& s, int seat) const;

  // Applies (catan_moves.cpp).
  void apply_move(tessera::FlowContext& ctx, const tessera::Move& m);
  void roll(tessera::FlowContext& ctx);
  void produce(tessera::FlowContext& ctx, int number);
  void place_building(tessera::FlowContext& ctx, int seat, int corner, Piece piece);
  void add_marker(tessera::FlowContext& ctx, int seat, bool may_decline);
  void decline(tessera::FlowContext& ctx, int seat);
  void update_route(tessera::FlowContext& ctx);
  void update_might(tessera::FlowContext& ctx, int seat);
  void play_card(tessera::FlowContext& ctx, int kind);
  void move_robber(tessera::FlowContext& ctx, int hex);
  void place_robber(tessera::Table& t, int hex);  // a land hex or a frame spot
  void place_road(tessera::Table& t, int seat, int edge);
  int trail_length(const Scan& s, int seat) const;  // route_length, worked out
  void found(tessera::FlowContext& ctx, int corner);
  void check_deck2(tessera::FlowContext& ctx);
  tessera::Frame* find_frame(tessera::FlowContext& ctx, int step) const;

  // Set-up (catan_game.cpp).
  void begin_setup(tessera::FlowContext& ctx);
  void placement_done(tessera::FlowContext& ctx);
  void shuffle_board(tessera::Table& t);
  void check_frames() const;

  std::string label(const tessera::FlowView& v, const tessera::Move& m) const;
  // Events (catan_events.cpp), built only when ctx.logging(): every seat's cards, and one
  // event for everyone per seat whose cards changed since `before` ("red gains 2 wood and
  // loses 1 fish"); returns how many it told. For changes the rules make public only.
  using Hands = std::array<CardCounts, kMaxSeats>;
  Hands hands(const tessera::Table& t) const;
  int log_hand_changes(tessera::FlowContext& ctx, const Hands& before) const;
  // The map of the view: each hex's outline with its terrain, number, q,r and the robber,
  // and the buildings and roads at the corners and sides the move texts name (catan_map.cpp).
  std::string map_text() const;
  // The effect of the progress card a choose frame is about, and its options: asked of Lua
  // when `fresh` (the decision's move list), then kept for that frame until a choice is
  // applied or the state is edited or rolled back (forget_derived).
  tessera::EffectId card_effect(const tessera::Frame& choose) const;
  const std::vector<tessera::EffectChoice>& card_options(const tessera::FlowView& v, bool fresh = false) const;
  void forget_derived() const override { card_choices_.valid = false; }
  std::string seat_name(int seat) const { return rules().colours[static_cast<std::size_t>(seat)]; }
  // Seats are their colours, as in the view and the events (catan_render.cpp).
  std::string player_name(int seat) const override;
  // The move words, then how corner and side ids name places on the map (catan_render.cpp).
  std::string legend(int viewer) const override;

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::HexMap> board_;
  tessera::Handle<tessera::Supply> cards_;
  tessera::Handle<tessera::Deck> development_;
  tessera::Handle<tessera::TurnOrder> turns_;
  tessera::Handle<tessera::Counters> progress_;
  struct Seat {
    tessera::Handle<tessera::Counters> tribe;
    tessera::Handle<tessera::Hand> hand;
  };
  std::vector<Seat> seats_;
  // scanned()'s cache: a copy of the game copies it, as it copies the board it was read
  // from (stamps are never 0).
  mutable Scan scan_cache_;
  // Each seat's face-down development cards by kind, counted again when its hand's stamp
  // changes (the turn asks after every move).
  struct Playable {
    std::uint64_t stamp = 0;
    std::array<int, 4> count{};
  };
  mutable std::array<Playable, kMaxSeats> playable_{};
  mutable std::uint64_t scan_stamp_ = 0;
  // route_length's last answer per seat and what it depends on: the seat's roads and which
  // of their ends stop a trail (a bit per road end). A change to the board changes one
  // seat's route most of the time; the others are answered from here.
  struct RouteMemo {
    int count = -1;
    std::array<std::int16_t, kMaxRoads> roads{};
    std::uint64_t stops = 0;
    int length = 0;
  };
  mutable std::array<RouteMemo, kMaxSeats> route_memo_;
  // card_options' answer for one choose frame. The list is made at the end of a move and the
  // choice is the next move, so the state between is the one the options were read from.
  struct CardChoices {
    tessera::Frame frame;
    std::vector<tessera::EffectChoice> options;
    bool valid = false;
  };
  mutable CardChoices card_choices_;
};

Piece piece_of(const std::string& text);
const char* piece_text(Piece p);

}  // namespace catan_inca
