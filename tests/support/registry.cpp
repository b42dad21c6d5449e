#include "support/registry.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <unistd.h>

#include "tessera/rng.hpp"

namespace tessera::testing {

namespace {

// A scratch folder of this test process: ctest runs test cases in parallel processes, and
// two of them may edit the same game with the same variant name.
std::filesystem::path scratch_folder(const std::string& name) {
  return std::filesystem::path(TESSERA_BUILD_DIR) / (name + "." + std::to_string(::getpid()));
}

}  // namespace

const PluginRegistry& game_registry() {
  static PluginRegistry* registry = [] {
    auto* r = new PluginRegistry({TESSERA_GAME_PLUGIN_DIR}, {TESSERA_SOURCE_DIR});
    r->scan();
    return r;
  }();  // never destroyed: games made by tests may live until exit
  return *registry;
}

std::unique_ptr<Game> new_game(const std::string& id, int players, std::uint64_t seed,
                               std::vector<std::string> variants) {
  const PluginRegistry& registry = game_registry();
  return registry.new_game(id, registry.config(id, players, seed, std::move(variants)));
}

std::size_t play_randomly(Game& game, std::uint64_t seed, std::size_t max_actions,
                          const std::function<void(const Game&)>& check) {
  Rng rng(seed);
  std::size_t count = 0;
  while (!game.is_over()) {
    REQUIRE(count < max_actions);
    auto actions = game.legal_actions();
    REQUIRE_FALSE(actions.empty());
    const auto& chosen = actions[rng.below(actions.size())];
    ApplyResult r = game.apply(chosen.text);
    if (!r.ok) FAIL("legal action '" << chosen.text << "' refused: " << r.error);
    ++count;
    if (check) check(game);
  }
  return count;
}

}  // namespace tessera::testing

namespace tessera::testing {

void arrange(Game& game, const std::string& pointer, const nlohmann::json& value) {
  nlohmann::json state = game.table().to_json();
  state[nlohmann::json::json_pointer(pointer)] = value;
  REQUIRE_NOTHROW(game.set_state(state));
}

std::vector<std::string> legal_texts(const Game& game) {
  std::vector<std::string> out;
  for (const auto& a : game.legal_actions()) out.push_back(a.text);
  return out;
}

std::vector<std::string> problems_with_edited_data(const std::string& id, int players, const std::string& file,
                                                   const std::string& from, const std::string& to) {
  namespace fs = std::filesystem;
  const PluginRegistry& registry = game_registry();
  const PluginEntry& entry = registry.game(id);
  const fs::path scratch = scratch_folder(id + "_edited_data");
  fs::remove_all(scratch);
  fs::copy(entry.data_dir, scratch, fs::copy_options::recursive);
  std::stringstream text;
  text << std::ifstream(scratch / file).rdbuf();
  std::string s = text.str();
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  s.replace(at, from.size(), to);
  std::ofstream(scratch / file, std::ios::trunc) << s;
  GameConfig config = registry.config(id, players, 1);
  config.data_dir = scratch;
  auto problems = entry.module->validate(config);
  fs::remove_all(scratch);
  return problems;
}

std::unique_ptr<Game> new_game_with_scripts(const std::string& id, int players, std::uint64_t seed,
                                            const std::vector<std::pair<std::string, std::string>>& variants,
                                            const std::vector<std::pair<std::string, std::string>>& data_files) {
  namespace fs = std::filesystem;
  const PluginRegistry& registry = game_registry();
  const fs::path scratch = scratch_folder(id + "_scripts_" + (variants.empty() ? "none" : variants.front().first));
  fs::remove_all(scratch);
  fs::copy(registry.game(id).script_dir, scratch, fs::copy_options::recursive);
  GameConfig config = registry.config(id, players, seed);
  config.script_dir = scratch;
  fs::create_directories(scratch / "variants");  // a game may ship without variants
  for (const auto& [name, lua] : variants) {
    std::ofstream(scratch / "variants" / (name + ".lua"), std::ios::trunc) << lua;
    config.variants.push_back(name);
  }
  const fs::path data_scratch = scratch.string() + "_data";
  if (!data_files.empty()) {
    fs::remove_all(data_scratch);
    fs::copy(registry.game(id).data_dir, data_scratch, fs::copy_options::recursive);
    config.data_dir = data_scratch;
    for (const auto& [path, text] : data_files) {
      fs::create_directories((data_scratch / path).parent_path());
      std::ofstream(data_scratch / path, std::ios::trunc) << text;
    }
  }
  struct Cleanup {
    fs::path dir, data;
    ~Cleanup() {
      fs::remove_all(dir);
      fs::remove_all(data);
    }
  } cleanup{scratch, data_files.empty() ? fs::path() : data_scratch};
  return registry.new_game(id, config);
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const auto& p : problems)
    if (p.find(text) != std::string::npos) return true;
  return false;
}

}  // namespace tessera::testing
