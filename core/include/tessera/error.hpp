#pragma once
// The error types every layer throws. Each one carries a message that names the place
// (file:line:col for data, file:line for scripts) and what was expected.
#include <stdexcept>
#include <string>

namespace tessera {

// Base of all Tessera errors; `what()` is the full, user-facing message.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A requested move or component operation breaks a rule ("not enough coins").
// Game::apply turns it into a refusal and leaves the state unchanged.
class RuleError : public Error {
 public:
  using Error::Error;
};

// Malformed or inconsistent game data (YAML, JSON state, save files).
class DataError : public Error {
 public:
  using Error::Error;
};

// A Lua script failed: syntax, runtime error, budget or memory cap exceeded.
class ScriptError : public Error {
 public:
  using Error::Error;
};

// A plugin could not be loaded or used.
class PluginError : public Error {
 public:
  using Error::Error;
};

}  // namespace tessera
