// The plugin entry point of Santa Maria: manifest, new games, validation.
#include "sm_game.hpp"
#include "tessera/error.hpp"
#include "tessera/plugin.hpp"

namespace santa_maria {

class SmModule : public tessera::GameModule {
 public:
  tessera::Manifest manifest() const override {
    return {"santa_maria", "Santa Maria", "1.0",
            "Grow a colony on a 6x6 grid, activate it with dice and coins (Aporta Games 2017); 1 player = solo", 1, 4};
  }

  std::unique_ptr<tessera::Game> new_game(const tessera::GameConfig& config) const override {
    return std::make_unique<SmGame>(load_engine(config), config.players, config.seed);
  }

  std::vector<std::string> validate(const tessera::GameConfig& config) const override {
    std::vector<std::string> problems;
    try {
      // The engine depends on the player count (one player adds the solo variant, its
      // scripts and its schema overlay), so each count gets its own, as new_game does.
      const Rules rules = load_rules(config.data_dir, "data/santa_maria", config.variants);
      for (int players = rules.min_players; players <= rules.max_players; ++players) {
        tessera::GameConfig each = config;
        each.players = players;
        SmGame game(load_engine(each), players, config.seed);
      }
    } catch (const std::exception& e) {
      problems.push_back(e.what());
    }
    return problems;
  }
};

}  // namespace santa_maria

TESSERA_PLUGIN(santa_maria::SmModule)
