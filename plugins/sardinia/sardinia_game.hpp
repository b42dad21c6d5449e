#pragma once
// Sardinia (Stefan Dorra; a re-theme of Kreta): the flow of a game — setup, one character card
// per turn with its options as decisions, the Guard's extra plays, scoring, fort-row advance and
// the return of the played cards, the end after the 11th scoring.
// Rules: /shared/rules/sardinia.md; data: data/sardinia.
//
// Decisions: "play <card>"; then the card's options ("launch <port>", "sail <from> <to>",
// "recruit <province>", "march <from> <to>", "ordain <province>", "travel <province>",
// "harvest <province>", "fortify <space>", "build <province>", "copy <card>") or "pass";
// a started Sail or March continues with further moves or "done"; extra plays after a
// first-card Guard are "play <card>" or "decline"; the Guard player then answers "keep" or
// "replace". All state lives in the Table.
//
// The alternative Guard variant (scripts/sardinia/variants/alternative_guard.lua, rules 8.1)
// deals the reserve fort cards, sets flow "alt_guard" and filters the Guard; with that flag the
// row choice is "keep" (and study: then "return <card>" of the two reserve cards), "replace" or
// "replace reserve".
#include <memory>

#include "sardinia_rules.hpp"
#include "tessera/counters.hpp"
#include "tessera/deck.hpp"
#include "tessera/game_base.hpp"
#include "tessera/graph_board.hpp"
#include "tessera/hand.hpp"
#include "tessera/plugin.hpp"
#include "tessera/turn_order.hpp"

namespace sardinia {

// Shared by every game of one configuration (clones share it).
struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::vector<std::vector<tessera::EffectId>> option_effects;  // [card][option]
};

std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

class SardiniaGame : public tessera::GameBase {
 public:
  SardiniaGame(std::shared_ptr<Engine> engine, int players, std::uint64_t seed);

  std::unique_ptr<tessera::Game> clone() const override { return std::make_unique<SardiniaGame>(*this); }
  std::unique_ptr<tessera::Game> rematch(std::uint64_t seed) const override;
  tessera::Decision decision() const override;
  tessera::Outcome outcome() const override;
  // Board by province (VP, token, pieces, port), forts, fort row, scores and reserves, the
  // played cards of everyone and the viewer's own hand.
  std::string render(int viewer) const override;

  // flow "phase".
  enum Phase { kTurn = 0, kOption = 1, kSailing = 2, kMarching = 3, kExtra = 4, kRowChoice = 5, kOver = 6, kStudy = 7 };
  // Action codes (Action::args[0]).
  enum Code {
    kPlay, kPass, kDone, kDecline, kLaunch, kSail, kRecruit, kMarch, kOrdain, kTravel, kHarvest, kFortify, kBuild,
    kCopy, kKeep, kReplace, kReplaceReserve, kReturn
  };

  // Board spaces: provinces first (rule indices), then ports, then fort spaces.
  int port_space(int port) const { return static_cast<int>(rules().provinces.size()) + port; }
  int fort_space(int fort) const {
    return static_cast<int>(rules().provinces.size() + rules().ports.size()) + fort;
  }
  // Province pieces (chaplains, settlers, settlements of everyone) in a province.
  int province_count(int province) const;
  // Whether `seat` is blocked in `province` by another player's chaplain.
  bool blocked(int seat, int province) const;
  // Influence of `seat` in `province` (6.1).
  int influence(int seat, int province) const;
  int reserve(int seat, PieceKind kind) const;
  int vp(int seat) const;

 protected:
  std::vector<tessera::Action> generate_actions() const override;
  void perform(const tessera::Action& action, std::vector<tessera::Event>& events) override;
  void check_state() const override;

 private:
  const Rules& rules() const { return engine_->rules; }
  int flow(std::string_view key) const { return table().get(flow_).get(key); }
  void set_flow(std::string_view key, int value) { state().get(flow_).set(key, value); }
  int port_capacity() const;
  int ships_in_port(int port, int owner) const;

  void add_play_actions(int seat, bool extra, std::vector<tessera::Action>& out) const;
  void add_card_actions(int seat, int card, std::vector<tessera::Action>& out) const;
  void add_sail_actions(int seat, std::vector<tessera::Action>& out) const;
  void add_march_actions(int seat, std::vector<tessera::Action>& out) const;

  // Carries out option `option` (an id of the current card's options) through its Lua effect.
  void run_option(std::string_view option, const std::string& choice, std::vector<tessera::Event>& events);
  void play(int seat, int card, std::vector<tessera::Event>& events);
  void finish_card(std::vector<tessera::Event>& events);
  void next_extra(int after, std::vector<tessera::Event>& events);
  void score_head(std::vector<tessera::Event>& events);
  void end_round(std::vector<tessera::Event>& events);
  void add_vp(int seat, std::string_view part, int amount);

  std::shared_ptr<Engine> engine_;
  tessera::Handle<tessera::Counters> flow_;
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
