// The plugin entry point of Madeira: manifest, new games, validation.
#include "madeira_game.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"

namespace madeira {

class MadeiraModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"madeira", "Madeira", "1.0", "Dice drafting, characters and buildings on Madeira for the Portuguese Crown", 2, 4};
  }
  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<MadeiraGame>(load_engine(config), config.players, config.seed);
  }
  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      auto engine = load_engine(config);
      MadeiraGame game(engine, config.players, config.seed);
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace madeira

TESSERA_PLUGIN(madeira::MadeiraModule)
