#include "tessera/game_module.hpp"

#include "tessera/script_runtime.hpp"

namespace tessera {

std::unique_ptr<ScriptRuntime> make_game_scripts(const GameConfig& config, const std::string& game) {
  auto scripts = std::make_unique<ScriptRuntime>(config.script_dir, "scripts/" + game);
  scripts->use_data(config.data_dir, "data/" + game, config.variants);
  return scripts;
}

}  // namespace tessera
