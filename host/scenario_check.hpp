#pragma once
// A scenario's `expect` list (sdk/docs/scenarios.md, "Scenario tests"): checks run in order
// on the game the scenario starts, through the same doors as a client (legal, act, state).
#include <string>

#include "scenario_source.hpp"
#include "session.hpp"

namespace tessera::host {

// Runs the checks of source.document()["expect"] on `session`; returns how many ran.
// Throws DataError at the check's place (file:line:col) for the first that fails.
int run_expectations(Session& session, const ScenarioSource& source);

}  // namespace tessera::host
