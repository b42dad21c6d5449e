// The plugin entry point of Age of Discovery: manifest, new games, validation.
#include "aod_game.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"

namespace aod {

class AodModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"age_of_discovery", "Age of Discovery", "1.0",
            "Invest in ships, expeditions and trade contracts (Phalanx/Mayfair 2007)", 2, 4};
  }

  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<AodGame>(load_engine(config), config.players, config.seed);
  }

  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      auto engine = load_engine(config);
      AodGame game(engine, config.players, config.seed);
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace aod

TESSERA_PLUGIN(aod::AodModule)
