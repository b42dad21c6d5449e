#pragma once
// Sardinia (Stefan Dorra; a re-theme of Kreta): the game on the core's flow engine.
// Rules: /shared/rules/sardinia.md; data: data/sardinia; flow: data/sardinia/flow.yaml.
//
// The flow (rounds, turns, the Guard's extra plays, the scoring, the row choice) is declared
// in flow.yaml; this class holds the natives it names — the card play, the targets of each
// card option kind (sardinia_options.cpp), the scoring and the row — plus set-up, outcome,
// the terminal view and the check of edited states. What an option does to the table is the
// Lua effect named in cards.yaml (scripts/sardinia/characters.lua).
//
// The alternative Guard variant (rules 8.1) is Lua only: scripts/sardinia/variants/
// alternative_guard.lua deals the reserve fort cards, filters the Guard and replaces the row
// choice with its three options.
#include <array>
#include <memory>

#include "sardinia_engine.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/flow_game.hpp"
#include "tessera/graph_board.hpp"
#include "tessera/hand.hpp"
#include "tessera/turn_order.hpp"

namespace sardinia {

class SardiniaGame : public tessera::FlowGame {
 public:
  SardiniaGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<SardiniaGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Outcome outcome() const override;
  std::vector<int> score_so_far() const override;
  // The map of provinces and fort spaces with each province's VP, token, pieces and port
  // beside it, forts, fort row, scores and reserves, the played cards of everyone and the
  // viewer's own hand (sardinia_render.cpp).
  std::string render(int viewer) const override;
  // The move words, then the provinces' map codes (data/sardinia/game.yaml's layout) with
  // their ids to type, and what each fort space touches (sardinia_render.cpp).
  std::string legend(int viewer) const override;
  // Seats are their colours ("yellow"), as in the view and the events.
  std::string player_name(int seat) const override;

  // The natives flow.yaml names; load_engine registers them.
  static void register_natives(Engine& engine);

  // Board spaces: provinces first (rule indices), then ports, then fort spaces.
  int port_space(int port) const { return static_cast<int>(rules().provinces.size()) + port; }
  int fort_space(int fort) const {
    return static_cast<int>(rules().provinces.size() + rules().ports.size()) + fort;
  }
  // Influence (6.1) of every seat in every province, at [seat * provinces + province], from
  // one pass over the board's pieces.
  std::vector<int> influence() const;
  int reserve(int seat, PieceKind kind) const;
  int vp(int seat) const;

  // One read of the board for the targets of `seat`.
  BoardScan scan(int seat) const;
  // The targets of each option kind, as moves of kind `move` (sardinia_options.cpp).
  void launch_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void sail_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void recruit_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void march_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void ordain_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void travel_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void harvest_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void fortify_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  void build_targets(const tessera::FlowView& view, const BoardScan& board, int move, tessera::MoveSink& out) const;
  // The choice an option's effect gets: the board spaces the move names ("<space>", "<from> <to>").
  std::string one_province(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string two_provinces(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string one_port(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string two_ports(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string chaplain_to(const tessera::FlowView& view, const tessera::Move& move) const;
  std::string one_fort_space(const tessera::FlowView& view, const tessera::Move& move) const;
  // Steps from `from` to every province over land (-1: unreachable). With a scan, provinces
  // blocked for its seat are reached but not passed (5.1); without, nothing blocks.
  using Distances = std::array<int, kMaxProvinces>;
  void land_distances(int from, const BoardScan* board, Distances& dist) const;
  using SettlerMap = std::array<bool, kMaxProvinces>;  // by province: holds an own settler
  // What follows a Sail or a March: the second ship, the steps left.
  void after_sail(tessera::FlowContext& ctx, const tessera::Move& move);
  void after_march(tessera::FlowContext& ctx, const tessera::Move& move);

 protected:
  void check_state() const override;
  // A seat's VP: the VP of its province scorings and of its agriculture tokens.
  void derive(tessera::Table& t) const override;

 private:
  const Rules& rules() const { return engine_->rules; }
  int scorings() const { return table().get(progress_).get("scorings"); }
  int port_capacity() const;
  int ships_in_port(int port, int owner) const;
  const std::string& colour(int seat) const { return rules().colours[static_cast<std::size_t>(seat)]; }
  // The card an option, sailing or marching frame is about (its first parameter).
  int frame_card(const tessera::Frame& frame) const { return frame.p[0]; }

  void hand_cards(const tessera::FlowView& view, bool extra, tessera::MoveSink& out) const;
  void card_options(const tessera::FlowView& view, tessera::MoveSink& out) const;
  void play(tessera::FlowContext& ctx, const tessera::Move& move);
  void copy(tessera::FlowContext& ctx, const tessera::Move& move);
  void run_option(tessera::FlowContext& ctx, const tessera::Move& move);
  void offer_extra_play(tessera::FlowContext& ctx);
  void score_head(tessera::FlowContext& ctx);
  void keep(tessera::FlowContext& ctx);
  void replace(tessera::FlowContext& ctx);
  void begin_round(tessera::FlowContext& ctx);
  void end_round(tessera::FlowContext& ctx);
  void hook(tessera::FlowContext& ctx, std::string_view name, int seat, const nlohmann::json& arg);
  void add_vp(tessera::Table& table, int seat, std::string_view part, int amount) const;
  void check_frames() const;

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> progress_;  // "scorings": province scorings done
  tessera::Handle<tessera::GraphBoard> board_;
  tessera::Handle<tessera::Counters> tokens_;  // province id -> token type index + 1 (0: taken)
  tessera::Handle<tessera::Hand> row_;         // the fort row, face-down cards hidden
  tessera::Handle<tessera::Deck> forts_;       // pile "draw": the fort deck
  tessera::Handle<tessera::TurnOrder> turns_;
  struct Seat {
    tessera::Handle<tessera::Counters> reserve, score, harvested;
    tessera::Handle<tessera::Hand> hand, played, fort_reserve;  // fort_reserve: alternative Guard only
  };
  std::vector<Seat> seats_;
};

}  // namespace sardinia
