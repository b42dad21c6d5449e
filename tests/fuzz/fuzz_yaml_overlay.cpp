// libFuzzer target: the YAML reader and the overlay merge, then a game loading the result.
// An input is a variant's data overlay for one data file of a game; a first line
// "# <game>/<file>.yaml" says which (otherwise a file of the tutorial). It is parsed
// (parse_yaml, to_json), merged over the game's file (merge_overlay), and then written into
// a scratch copy of the game's data as data/<game>/variants/fuzz/<file>, and a game with
// that variant is started and played a little. Checked: every refusal is a tessera::Error;
// a game that starts keeps the game contract (fuzz_support.hpp's play_some).
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <tuple>

#include "fuzz_support.hpp"
#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using tessera::fuzz::fail;

namespace {

struct Target {
  std::string game;
  std::string file;  // e.g. cards.yaml
};

// The data files of the fuzzed games, sorted: the targets of an overlay.
const std::vector<Target>& targets() {
  static const std::vector<Target> all = [] {
    std::vector<Target> out;
    for (const std::string& id : tessera::fuzz::fuzzed_games())
      for (const auto& e : fs::directory_iterator(tessera::fuzz::registry().game(id).data_dir))
        if (e.path().extension() == ".yaml") out.push_back({id, e.path().filename().string()});
    std::sort(out.begin(), out.end(), [](const Target& a, const Target& b) {
      return std::tie(a.game, a.file) < std::tie(b.game, b.file);
    });
    return out;
  }();
  return all;
}

const Target& target_of(std::string_view text) {
  if (text.substr(0, 2) == "# ") {
    const std::string_view first = text.substr(2, text.find('\n') - 2);
    for (const Target& t : targets())
      if (first == t.game + "/" + t.file) return t;
  }
  const auto& all = targets();
  return all[text.size() % all.size()];
}

// The game's own file, parsed once.
const YamlNode& base_of(const Target& t) {
  static std::map<std::string, YamlDocument> parsed;
  const std::string key = t.game + "/" + t.file;
  auto it = parsed.find(key);
  if (it == parsed.end())
    it = parsed.emplace(key, load_yaml(tessera::fuzz::registry().game(t.game).data_dir / t.file, "data/" + key)).first;
  return it->second.root;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const Target& t = target_of(text);
  const std::string name = "data/" + t.game + "/variants/fuzz/" + t.file;
  try {
    const YamlDocument overlay = parse_yaml(text, name);
    (void)to_json(overlay.root);
    (void)to_json(merge_overlay(base_of(t), overlay.root));
  } catch (const Error&) {
    return 0;  // refused with a message naming the place
  } catch (const std::exception& e) {
    fail(std::string("YAML failed with an exception that is not a Tessera error: ") + e.what());
  }
  const tessera::fuzz::ScratchGame& scratch = tessera::fuzz::scratch_game(t.game);
  const fs::path overlay_dir = scratch.data_dir / "variants" / "fuzz";
  fs::remove_all(overlay_dir);
  tessera::fuzz::write_file(overlay_dir / t.file, text);
  const PluginRegistry& registry = tessera::fuzz::registry();
  GameConfig config = registry.config(t.game, 2, /*seed=*/size);
  config.data_dir = scratch.data_dir;
  config.variants = {"fuzz"};
  try {
    auto game = registry.new_game(t.game, config);
    tessera::fuzz::play_some(*game, /*moves=*/6, text);
  } catch (const Error&) {
    return 0;
  } catch (const std::exception& e) {
    fail(std::string("a game with an overlay failed with an exception that is not a Tessera error: ") + e.what());
  }
  return 0;
}
