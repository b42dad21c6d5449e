// The plugin entry point of CATAN: Rise of the Inkas: manifest, new games, validation.
#include "catan_game.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"

namespace catan_inca {

class CatanModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"catan_inca", "CATAN: Rise of the Inkas", "1.0",
            "Klaus & Benjamin Teuber, 2018: three tribes one after another, goods, declines and thickets", 3, 4};
  }
  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<CatanGame>(load_engine(config), config.players, config.seed);
  }
  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      auto engine = load_engine(config);
      CatanGame game(engine, config.players, config.seed);
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace catan_inca

TESSERA_PLUGIN(catan_inca::CatanModule)
