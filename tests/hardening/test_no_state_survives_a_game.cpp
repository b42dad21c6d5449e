// State carried from one game to the next. A variant that kept state in
// a main chunk's local (an upvalue) or in a table made while loading made game N depend on
// game N-1 in `simulate` (one Lua state per job): its logs did not replay, and `--jobs 1`
// and `--jobs 2` played different games. Each game now starts from a fresh Lua state
// (ScriptRuntime::begin_game), so every log replays and both runs write the same bytes.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"

using namespace tessera;
using namespace tessera::host;

namespace {

// House rules of the tutorial that try to carry something from one call to the next, each
// changing the game with it: the coins a hook pays, the coins or spice an effect gives.
const std::map<std::string, std::string> kHostile = {
    {"upvalue_hook", "-- upvalue_hook: every 5th action it ever saw pays a coin\n"
                     "local actions = 0\n"
                     "hook('on_action', function(ctx, arg)\n"
                     "  actions = actions + 1\n"
                     "  if actions % 5 == 0 then ctx:get('goods'):gain(ctx.seat, 'coins', 1) end\n"
                     "end)\n"},
    {"upvalue_filter", "-- upvalue_filter: which moves are legal depends on the filter calls it ever saw\n"
                       "local calls = 0\n"
                       "hook('legal_filter', function(ctx, action)\n"
                       "  calls = calls + 1\n"
                       "  return calls % 4 ~= 0 or action.text == 'end' or action.text == 'roll'\n"
                       "end)\n"},
    {"upvalue_effect", "-- upvalue_effect: every other coin gain it ever made gains one more\n"
                       "local gains = 0\n"
                       "wrap_effect('gain_coins', function(base, ctx, params, choice)\n"
                       "  gains = gains + 1\n"
                       "  base(ctx, {amount = params.amount + gains % 2}, choice)\n"
                       "end)\n"},
    {"load_table", "-- load_table: a table made while loading counts the actions of each seat\n"
                   "local seen = {total = 0, by_seat = {}}\n"
                   "hook('on_action', function(ctx, arg)\n"
                   "  seen.total = seen.total + 1\n"
                   "  seen.by_seat[arg.seat] = (seen.by_seat[arg.seat] or 0) + 1\n"
                   "  if seen.total % 7 == 3 then ctx:get('goods'):gain(arg.seat, 'spice', 1) end\n"
                   "end)\n"},
    {"module_table", "-- module_table: a required module's table, a metatable and the params table\n"
                     "local tally = require('lib.tally')\n"
                     "local box = setmetatable({}, {uses = 0})\n"
                     "wrap_effect('gain_spice', function(base, ctx, params, choice)\n"
                     "  tally.n = tally.n + 1\n"
                     "  getmetatable(box).uses = getmetatable(box).uses + 1\n"
                     "  params.amount = params.amount + (tally.n + getmetatable(box).uses) % 3\n"
                     "  base(ctx, params, choice)\n"
                     "end)\n"},
};

// Simulates `games` games on `jobs` threads into logs/; returns each log's bytes by file name.
std::map<std::string, std::string> simulate(const PluginRegistry& registry, const GameChoice& choice, int games,
                                            int jobs, const std::filesystem::path& logs) {
  SimulateOptions options;
  options.choice = choice;
  options.games = games;
  options.jobs = jobs;
  options.json = true;
  options.log_dir = logs.string();
  std::ostringstream out, err;
  INFO(err.str());
  REQUIRE(run_simulate(registry, options, out, err) == 0);
  std::map<std::string, std::string> texts;
  for (const auto& entry : std::filesystem::directory_iterator(logs)) {
    std::ifstream in(entry.path(), std::ios::binary);
    texts[entry.path().filename().string()] = std::string(std::istreambuf_iterator<char>(in), {});
  }
  return texts;
}

// `--jobs 1` and `--jobs 2` write the same bytes, and every log replays.
void check_same_games_and_replays(const PluginRegistry& registry, const GameChoice& choice, int games,
                                  const std::filesystem::path& logs) {
  const auto one = simulate(registry, choice, games, 1, logs / "one");
  const auto two = simulate(registry, choice, games, 2, logs / "two");
  CHECK(one.size() == static_cast<std::size_t>(games));
  for (const auto& [name, text] : one) {
    INFO(name);
    CHECK(two.count(name) == 1);
    CHECK((two.count(name) && two.at(name) == text));
    std::ostringstream out;
    CHECK(run_replay(registry, (logs / "one" / name).string(), out) == 0);
  }
  std::filesystem::remove_all(logs);
}

}  // namespace

TEST_CASE("House rules that keep state in upvalues or load-time tables play the same games on one job or two, and their logs replay", "[hardening][lua]") {
  testing::ScratchGameRoot root("tutorial", "no_state_survives");
  testing::write_file(root.scripts() / "lib" / "tally.lua", "return {n = 0}\n");
  for (const auto& [name, text] : kHostile) testing::write_file(root.scripts() / "variants" / (name + ".lua"), text);
  const auto registry = root.registry();
  testing::TempDir logs("no_state_survives_logs");
  for (const auto& [name, text] : kHostile) {
    INFO("variant " << name);
    check_same_games_and_replays(*registry, GameChoice{"tutorial", 3, 1, {name}}, 6, logs.path);
  }
}

TEST_CASE("Every shipped game and variant plays the same games on one job or two, and its logs replay", "[hardening][lua]") {
  const PluginRegistry& registry = testing::game_registry();
  testing::TempDir logs("shipped_jobs_logs");
  for (const PluginEntry* entry : registry.games()) {
    const std::string& id = entry->manifest.id;
    std::vector<std::vector<std::string>> plays = {{}};
    for (const std::string& name : registry.variants(id)) {
      std::vector<std::string> variants = registry.variant_partners(id, name);
      variants.insert(variants.begin(), name);
      plays.push_back(variants);
    }
    for (const auto& variants : plays) {
      const int players = variants.empty() ? 0 : registry.variant_players(id, variants.front()).first;
      INFO(id << " with " << variants.size() << " variants, first " << (variants.empty() ? "-" : variants.front()));
      check_same_games_and_replays(registry, GameChoice{id, players, 1, variants}, 4, logs.path);
    }
  }
}
