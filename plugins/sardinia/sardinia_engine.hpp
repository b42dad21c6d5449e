#pragma once
// What every Sardinia game of one configuration shares: the rules data, the script runtime
// with the variants loaded, the flow, and each card's options bound to the move, the target
// generator and the prepared Lua effect that carry them out. One per thread (the runtime is
// not thread-safe); clones and rematches share it.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sardinia_board_scan.hpp"
#include "sardinia_rules.hpp"
#include "tessera/flow_rules.hpp"
#include "tessera/graph_board.hpp"
#include "tessera/plugin.hpp"
#include "tessera/script_runtime.hpp"
#include "tessera/state_schema.hpp"

namespace sardinia {

class SardiniaGame;

// A card option kind the plugin carries out natively: the move of the same name offers the
// targets `targets` makes, and applying it runs the option's Lua effect with the choice
// `choice` makes (board spaces as text); `then` (optional) continues the action.
struct OptionKind {
  std::string_view id;
  void (SardiniaGame::*targets)(const tessera::FlowView&, const BoardScan&, int move,
                                tessera::MoveSink&) const;
  std::string (SardiniaGame::*choice)(const tessera::FlowView&, const tessera::Move&) const;
  void (SardiniaGame::*then)(tessera::FlowContext&, const tessera::Move&) = nullptr;
};

// The option kinds the plugin carries out (sardinia_options.cpp), and the one named `id`, or
// null when the plugin has none (then a Lua move carries it out).
std::span<const OptionKind> option_kinds();
const OptionKind* find_option_kind(std::string_view id);

struct Engine {
  Rules rules;
  std::unique_ptr<tessera::ScriptRuntime> scripts;
  std::unique_ptr<tessera::FlowRules> flow;
  // What a state holds (data/sardinia/schema.yaml), with the card lists of the data.
  std::shared_ptr<tessera::StateSchema> schema;
  // The board as the data draws it, without pieces: every game starts from a copy.
  std::unique_ptr<tessera::GraphBoard> board;
  // An option of a card as the plugin carries it out; options of Lua moves are not here.
  struct BoundOption {
    int move = -1;
    const OptionKind* kind = nullptr;
    tessera::EffectId effect = -1;
  };
  std::vector<std::vector<BoundOption>> card_options;  // by card index, in the card's order
  struct Moves {
    int play, decline, copy, sail, march;
  } moves{};
  struct Steps {
    int play, option, sailing, marching, guard, extra_play, row_choice;
  } steps{};
  // A turn is an auto step of nobody's: its hooks announce the turn's events for its seat.
  struct Events {
    int turn_started, turn_ended, province_scored;
  } events{};
};

// Loads the rules (with the variants' data overlays), the state schema, the scripts and the
// flow for `config`;
// throws tessera::Error naming file and line.
std::shared_ptr<Engine> load_engine(const tessera::GameConfig& config);

}  // namespace sardinia
