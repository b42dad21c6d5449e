// The plugin entry point of Lantern Market: manifest, new games, validation.
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"
#include "tutorial_game.hpp"

namespace tutorial {

class TutorialModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"tutorial", "Lantern Market (tutorial)", "1.0",
            "The SDK's example: dice, a market, a renown track and Lua card effects", 2, 4};
  }

  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<TutorialGame>(load_engine(config), config.players, config.seed);
  }

  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      auto engine = load_engine(config);
      // A game must also set up cleanly for this player count.
      TutorialGame game(engine, config.players, config.seed);
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace tutorial

TESSERA_PLUGIN(tutorial::TutorialModule)
