// A variant's behaviour is a function of the seed and the moves only.
// pairs() order over string keys (a per-state hash seed), addresses in tostring(), table.sort
// with ties and globals kept from one game to the next made `simulate` logs fail to replay
// and `--jobs 1` and `--jobs 2` disagree.
#include <catch2/catch.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"

using namespace tessera;
using namespace tessera::host;
using tessera::testing::new_game_with_scripts;

namespace {

// Coins depend on everything Lua leaves to chance: the order pairs() visits string keys,
// an address in tostring() and string.format, and the order table.sort leaves ties in.
constexpr const char* kDrift = R"lua(-- drift: a house rule built on what Lua leaves to chance
local names = {"amber", "basil", "cedar", "delta", "ember", "fjord", "gamma", "heron"}
hook("on_action", function(ctx, arg)
  local bag = {}
  for i, n in ipairs(names) do bag[n .. arg.text] = i end
  local first
  for _, v in pairs(bag) do first = first or v end
  local second = next(bag, next(bag))
  local address = tostring({}) .. string.format("%s", function() end)
  local hex = address:match("0x(%x+)")
  local ranked = {}
  for i = 1, 150 do ranked[i] = {key = i % 3, id = i} end
  table.sort(ranked, function(a, b) return a.key < b.key end)
  local roll = first + #second + (hex and tonumber(hex:sub(-3), 16) or 0) + ranked[1].id + ranked[60].id
  if roll % 2 == 1 then ctx:get("goods"):gain(ctx.seat, "coins", 1) end
end)
)lua";

nlohmann::json simulate(const PluginRegistry& registry, int jobs, const std::filesystem::path& logs) {
  SimulateOptions options;
  options.choice = {"tutorial", 3, 5, {"drift"}};
  options.games = 6;
  options.jobs = jobs;
  options.json = true;
  options.log_dir = logs.string();
  std::ostringstream out, err;
  REQUIRE(run_simulate(registry, options, out, err) == 0);
  return nlohmann::json::parse(out.str());
}

std::string refusal_of(const std::string& name, const std::string& body) {
  auto game = new_game_with_scripts("tutorial", 2, 1, {{name, "hook('on_action', function(ctx, arg)\n" + body + "\nend)\n"}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  const ApplyResult r = game->apply(moves.front());
  return r.ok ? "" : r.error;
}

}  // namespace

TEST_CASE("A variant that reads pairs order, addresses and sort ties plays the same games on one job or two, and its logs replay", "[hardening][lua]") {
  testing::ScratchGameRoot root("tutorial", "drift");
  testing::write_file(root.scripts() / "variants" / "drift.lua", kDrift);
  const auto registry = root.registry();
  testing::TempDir logs("drift_logs");
  const nlohmann::json one = simulate(*registry, 1, logs.path / "one");
  const nlohmann::json two = simulate(*registry, 2, logs.path / "two");
  CHECK(one["actions"] == two["actions"]);
  CHECK(one["score_mean"] == two["score_mean"]);
  int replayed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(logs.path / "two")) {
    std::ostringstream out;
    INFO(entry.path());
    CHECK(run_replay(*registry, entry.path().string(), out) == 0);
    ++replayed;
  }
  CHECK(replayed == 6);
}

TEST_CASE("Nothing a call does carries over to later calls: globals and library tables are frozen, weak tables refused", "[hardening][lua]") {
  CHECK_THAT(refusal_of("frozen_global", "count = (count or 0) + 1"),
             Catch::Matchers::StartsWith("scripts/tutorial/variants/frozen_global.lua:2: global 'count' may not be set during a call"));
  CHECK_THAT(refusal_of("frozen_library", "string.calls = 1"), Catch::Matchers::Contains("string field 'calls' may not be set"));
  CHECK_THAT(refusal_of("frozen_existing", "math.pi = 3"), Catch::Matchers::Contains("math field 'pi' may not be set"));
  CHECK_THAT(refusal_of("frozen_rawset", "rawset(_ENV, 'x', 1)"), Catch::Matchers::Contains("rawset on the environment"));
  CHECK_THAT(refusal_of("frozen_meta", "setmetatable(_ENV, {})"), Catch::Matchers::Contains("protected metatable"));
  CHECK_THAT(refusal_of("frozen_strmeta", "getmetatable('').__index.x = 1"), Catch::Matchers::Contains("attempt to index"));
  CHECK_THAT(refusal_of("weak_table", "setmetatable({}, {__mode = 'k'})"), Catch::Matchers::Contains("weak tables"));
  CHECK_THAT(refusal_of("format_address", "local s = string.format('%p', {})"), Catch::Matchers::Contains("%p shows a memory address"));
  CHECK_THAT(refusal_of("table_keys", "for k in pairs({[{}] = 1}) do end"), Catch::Matchers::Contains("pairs/next over a table with table keys"));
  // While a script loads it may still define globals and extend the libraries.
  CHECK(refusal_of("load_time_globals", "") == "");
}

TEST_CASE("pairs and next visit numbers, then strings in byte order, then booleans; tostring shows no address", "[hardening][lua]") {
  const std::string lua = R"(
hook('on_action', function(ctx, arg)
  local t = {zeta = 1, [true] = 2, alpha = 3, [10] = 4, [2] = 5, beta = 6, [false] = 7, [1.5] = 8}
  local seen = {}
  for k in pairs(t) do seen[#seen + 1] = tostring(k) end
  local walked, k = {}, next(t)
  while k ~= nil do walked[#walked + 1] = tostring(k); k = next(t, k) end
  local text = table.concat(seen, ",") .. "|" .. table.concat(walked, ",") .. "|" .. tostring({}) .. "|" .. tostring(print or type)
  ctx:log(text)
end)
)";
  auto game = new_game_with_scripts("tutorial", 2, 1, {{"key_order", lua}});
  std::vector<Move> moves;
  game->legal_moves(moves);
  const ApplyResult r = game->apply(moves.front());
  REQUIRE(r.ok);
  std::vector<std::string> texts;
  for (const Event& e : r.events) texts.push_back(e.text);
  CHECK_THAT(texts, Catch::Matchers::VectorContains(
                        std::string("1.5,2,10,alpha,beta,zeta,false,true|1.5,2,10,alpha,beta,zeta,false,true|table|function")));
}

TEST_CASE("validate --play replays random games: a count kept in a main chunk's local no longer reaches the next game", "[hardening][lua]") {
  testing::ScratchGameRoot root("tutorial", "validate_play");
  // A local of the script's main chunk is no global: nothing refuses it, but each game
  // starts on a fresh Lua state, so the games replay (it used to be reported, seed 2).
  testing::write_file(root.scripts() / "variants" / "memory.lua",
                      "-- memory: pays a coin on every 50th action it ever saw\n"
                      "local seen = {n = 0}\n"
                      "hook('on_action', function(ctx, arg)\n"
                      "  seen.n = seen.n + 1\n"
                      "  if seen.n % 50 == 0 then ctx:get('goods'):gain(ctx.seat, 'coins', 1) end\n"
                      "end)\n");
  testing::write_file(root.scripts() / "variants" / "drift.lua", kDrift);
  const auto registry = root.registry();
  std::ostringstream out;
  CHECK(run_validate(*registry, "tutorial", out, /*play_games=*/3) == 0);
  const std::string report = out.str();
  CHECK_THAT(report, !Catch::Matchers::Contains("depend on something besides the seed and the moves"));
  CHECK_THAT(report, !Catch::Matchers::Contains("variant memory"));
  CHECK_THAT(report, !Catch::Matchers::Contains("variant drift"));
}
