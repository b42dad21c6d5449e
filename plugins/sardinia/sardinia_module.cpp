// The plugin entry point of Sardinia: manifest, new games, validation.
#include "sardinia_game.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"

namespace sardinia {

class SardiniaModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"sardinia", "Sardinia", "1.0", "Area control on Sardinia with seven character cards (Stefan Dorra)", 2, 4};
  }

  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<SardiniaGame>(load_engine(config), config.players, config.seed);
  }

  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      auto engine = load_engine(config);
      SardiniaGame game(engine, config.players, config.seed);
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace sardinia

TESSERA_PLUGIN(sardinia::SardiniaModule)
