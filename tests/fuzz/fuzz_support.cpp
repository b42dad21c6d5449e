#include "fuzz_support.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

namespace tessera::fuzz {

namespace fs = std::filesystem;

namespace {

// Scratch folders live as long as the process; removed by an atexit handler.
std::vector<fs::path>& scratch_roots() {
  static std::vector<fs::path> roots;
  return roots;
}

void remove_scratch_roots() {
  for (const fs::path& root : scratch_roots()) {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
}

}  // namespace

const PluginRegistry& registry() {
  static PluginRegistry* r = [] {
    auto* made = new PluginRegistry({TESSERA_FUZZ_PLUGIN_DIR}, {TESSERA_SOURCE_DIR});
    made->scan();
    for (const std::string& id : fuzzed_games()) made->game(id);  // fails loudly when one is missing
    return made;
  }();  // never destroyed: games may live until exit
  return *r;
}

const std::vector<std::string>& fuzzed_games() {
  static const std::vector<std::string> games{"tutorial", "sardinia", "age_of_discovery"};
  return games;
}

const ScratchGame& scratch_game(const std::string& id) {
  static std::map<std::string, ScratchGame> made;
  auto it = made.find(id);
  if (it != made.end()) return it->second;
  const fs::path root = fs::temp_directory_path() / ("tessera_fuzz_" + id + "_" + std::to_string(::getpid()));
  if (scratch_roots().empty()) std::atexit(remove_scratch_roots);
  scratch_roots().push_back(root);
  fs::remove_all(root);
  const PluginEntry& entry = registry().game(id);
  ScratchGame game{root / "data" / id, root / "scripts" / id};
  fs::create_directories(root / "data");
  fs::create_directories(root / "scripts");
  fs::copy(entry.data_dir, game.data_dir, fs::copy_options::recursive);
  if (!entry.script_dir.empty()) fs::copy(entry.script_dir, game.script_dir, fs::copy_options::recursive);
  fs::create_directories(game.script_dir / "variants");
  return made.emplace(id, game).first->second;
}

void write_file(const fs::path& file, std::string_view text) {
  fs::create_directories(file.parent_path());
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!out) fail("cannot write " + file.string());
}

void fail(const std::string& what) {
  std::fprintf(stderr, "\ntessera fuzz check failed: %s\n", what.c_str());
  std::abort();
}

void play_some(Game& game, int moves, std::string_view choices) {
  std::vector<Move> legal;
  for (int i = 0; i < moves && !game.is_over(); ++i) {
    for (int seat = -1; seat < game.table().players(); ++seat) {
      (void)game.render(seat);
      (void)game.table().view(seat);
    }
    const std::vector<Action> actions = game.legal_actions();
    if (actions.empty()) fail("the game is not over but seat " + std::to_string(game.seat_to_move()) + " has no move");
    const std::size_t pick =
        choices.empty() ? 0 : static_cast<unsigned char>(choices[static_cast<std::size_t>(i) % choices.size()]);
    const Action& chosen = actions[pick % actions.size()];
    const nlohmann::json before = game.table().to_json();
    const ApplyResult r = game.apply(chosen.text);
    if (!r.ok) {
      if (r.error.empty()) fail("legal move '" + chosen.text + "' was refused without a reason");
      if (game.table().to_json() != before) fail("refused move '" + chosen.text + "' changed the state: " + r.error);
      return;  // a house rule may refuse every move; the game stays where it was
    }
  }
}

}  // namespace tessera::fuzz
