#include "loaded_games.hpp"

#include <utility>

namespace tessera::host {
namespace {

// The setups that load alike: game, players and variants (the seed and seats do not matter).
std::string key_of(const SessionSetup& setup) {
  std::string key = setup.game + '\n' + std::to_string(setup.players);
  for (const std::string& variant : setup.variants) key += '\n' + variant;
  return key;
}

}  // namespace

LoadedGames::LoadedGames(const PluginRegistry& registry, std::size_t setups_max, std::size_t per_setup_max)
    : registry_(registry), setups_max_(setups_max), per_setup_max_(per_setup_max) {}

std::unique_ptr<LoadedGames::Lease> LoadedGames::lend(const SessionSetup& setup, std::uint64_t seed) {
  const std::string key = key_of(setup);
  std::unique_ptr<Game> loaded;
  {
    const std::lock_guard<std::mutex> guard(lock_);
    for (Idle& idle : idle_)
      if (idle.key == key && !idle.games.empty()) {
        loaded = std::move(idle.games.back());
        idle.games.pop_back();
        break;
      }
  }
  if (!loaded) loaded = registry_.new_game(setup.game, registry_.config(setup.game, setup.players, 1, setup.variants));
  return std::make_unique<Lease>(*this, key, std::move(loaded), seed);
}

void LoadedGames::give_back(const std::string& key, std::unique_ptr<Game> game) {
  const std::lock_guard<std::mutex> guard(lock_);
  auto it = idle_.begin();
  while (it != idle_.end() && it->key != key) ++it;
  if (it == idle_.end()) {
    idle_.push_front(Idle{key, {}});
    if (idle_.size() > setups_max_) idle_.pop_back();
  } else {
    idle_.splice(idle_.begin(), idle_, it);
  }
  if (idle_.front().games.size() < per_setup_max_) idle_.front().games.push_back(std::move(game));
}

std::size_t LoadedGames::kept() const {
  const std::lock_guard<std::mutex> guard(lock_);
  std::size_t n = 0;
  for (const Idle& idle : idle_) n += idle.games.size();
  return n;
}

LoadedGames::Lease::Lease(LoadedGames& owner, std::string key, std::unique_ptr<Game> loaded, std::uint64_t seed)
    : owner_(owner), key_(std::move(key)), loaded_(std::move(loaded)), game_(loaded_->rematch(seed)) {}

LoadedGames::Lease::~Lease() {
  game_.reset();  // before the loaded game goes back: they share a script runtime
  owner_.give_back(key_, std::move(loaded_));
}

}  // namespace tessera::host
