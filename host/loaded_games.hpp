#pragma once
// LoadedGames: games kept loaded between the bot moves of `tessera web`. Making a game reads
// its YAML and Lua (milliseconds); a rematch of a loaded game reuses what was read and starts
// a fresh script state (ScriptRuntime::begin_game), so a bot's move costs the search alone.
// A loaded game is lent to one thread at a time (a script runtime is not thread-safe);
// at most `setups_max` setups are kept, the least recently used going first.
#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "session.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::host {

class LoadedGames {
 public:
  LoadedGames(const PluginRegistry& registry, std::size_t setups_max, std::size_t per_setup_max);

  // A fresh game of `setup`'s game, players and variants with `seed`, made from a loaded game
  // lent for as long as the returned game lives (the two share a script runtime).
  class Lease {
   public:
    Lease(LoadedGames& owner, std::string key, std::unique_ptr<Game> loaded, std::uint64_t seed);
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease();
    Game& game() { return *game_; }

   private:
    LoadedGames& owner_;
    std::string key_;
    std::unique_ptr<Game> loaded_;
    std::unique_ptr<Game> game_;
  };
  std::unique_ptr<Lease> lend(const SessionSetup& setup, std::uint64_t seed);

  std::size_t kept() const;  // loaded games idle now

 private:
  struct Idle {
    std::string key;
    std::vector<std::unique_ptr<Game>> games;
  };
  void give_back(const std::string& key, std::unique_ptr<Game> game);

  const PluginRegistry& registry_;
  const std::size_t setups_max_;
  const std::size_t per_setup_max_;
  mutable std::mutex lock_;
  std::list<Idle> idle_;  // most recently used first
};

}  // namespace tessera::host
