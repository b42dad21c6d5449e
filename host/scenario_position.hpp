#pragma once
// A scenario's `turn: {seat: blue, step: main}` or `at: {step: phase_c}`: the flow frames
// that put the game at the start of that step as the flow would reach it. The frames on
// the way from the start step are kept where the state already has them; the others are
// made as their parent would push them (a sequence's cursor past the step, a queue's cursor
// past the seat, the seat's parameters inherited), and the step itself is left new, so that
// loading the state runs its entry and then the stack to a decision (flow.md).
#include <nlohmann/json.hpp>

#include "scenario_source.hpp"
#include "tessera/game.hpp"

namespace tessera::host {

// Rewrites state["global"]["flow"]["frames"] (and a queue's current seat) for the scenario's
// `key` ("turn" or "at"). DataError at the scenario's place for an unknown step or seat, a
// step the start step never reaches, or a seat step without a seat.
void enter_step(const Game& game, nlohmann::json& state, const ScenarioSource& source, const char* key);

}  // namespace tessera::host
