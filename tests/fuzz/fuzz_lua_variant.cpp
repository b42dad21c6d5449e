// libFuzzer target: a variant page (house rules in Lua) loaded into a game's script runtime
// and a few moves played. An input is the page's text; a first line "-- game: <id>" says
// which game (otherwise the tutorial). It is written into a scratch copy of the game's
// scripts as scripts/<game>/variants/fuzz.lua and a game with that variant is started.
// Checked: a page is refused with a tessera::Error or plays by the game contract
// (fuzz_support.hpp's play_some: a refused move changes nothing, and so on).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using tessera::fuzz::fail;

namespace {

std::string game_of(std::string_view text) {
  constexpr std::string_view kHeader = "-- game: ";
  if (text.substr(0, kHeader.size()) == kHeader) {
    const std::string_view rest = text.substr(kHeader.size());
    const std::string id(rest.substr(0, rest.find_first_of("\r\n")));
    for (const std::string& game : tessera::fuzz::fuzzed_games())
      if (game == id) return game;
  }
  return "tutorial";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string id = game_of(text);
  const tessera::fuzz::ScratchGame& scratch = tessera::fuzz::scratch_game(id);
  tessera::fuzz::write_file(scratch.script_dir / "variants" / "fuzz.lua", text);
  const PluginRegistry& registry = tessera::fuzz::registry();
  GameConfig config = registry.config(id, 2, /*seed=*/size);
  config.script_dir = scratch.script_dir;
  config.variants = {"fuzz"};
  try {
    auto game = registry.new_game(id, config);
    tessera::fuzz::play_some(*game, /*moves=*/12, text);
  } catch (const Error&) {
    return 0;  // refused with a message naming the script line
  } catch (const std::exception& e) {
    fail(std::string("a variant failed with an exception that is not a Tessera error: ") + e.what());
  }
  return 0;
}
