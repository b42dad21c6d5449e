// Effects declare the params they read; prepare() checks each use from the data against the
// declaration and names the YAML value at fault (effect_use.hpp, script_runtime.hpp).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "support/temp_dir.hpp"
#include "tessera/error.hpp"
#include "tessera/script_runtime.hpp"

using namespace tessera;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using nlohmann::json;

namespace {

// A runtime on one script file, "scripts/p/effects.lua".
struct Declared {
  explicit Declared(const std::string& script) : dir("effect_params"), runtime(dir.path, "scripts/p") {
    testing::write_file(dir.path / "effects.lua", script);
    runtime.run_file("effects.lua");
  }
  // prepare() of the use written as `yaml` (a map with effect and params), or its error.
  std::string refusal(const std::string& yaml) {
    const YamlDocument doc = parse_yaml(yaml, "data/p/cards.yaml");
    try {
      runtime.prepare(read_effect_use(doc.root));
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  }
  testing::TempDir dir;
  ScriptRuntime runtime;
};

constexpr const char* kTrade = R"(effect("trade", {
  params = {pay = {list = {enum = {"wood", "gem"}}}, gain = {map = {coins = {int = {0, 9}}, points = {type = "int", optional = true}}},
            note = {type = "string", optional = true}},
  apply = function(ctx, params) end,
})
effect("plain", function(ctx) end)
)";

}  // namespace

TEST_CASE("prepare checks a use's params against the effect's declaration, naming the YAML value", "[lua]") {
  Declared d(kTrade);
  CHECK(d.refusal("effect: trade\nparams: {pay: [wood, gem], gain: {coins: 3}}\n").empty());
  CHECK(d.refusal("effect: trade\nparams: {pay: [], gain: {coins: 0, points: 2}, note: ~}\n").empty());
  const std::string trade = "effect 'trade' (scripts/p/effects.lua:1) ";
  // (the use as written, the error it gets)
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"effect: trade\nparams: {pay: [wood, iron], gain: {coins: 3}}\n",
       "data/p/cards.yaml:2:22: " + trade + "param 'pay[1]' must be one of wood, gem, got 'iron'"},
      {"effect: trade\nparams: {pay: [wood], gain: {coins: 10}}\n",
       "data/p/cards.yaml:2:37: " + trade + "param 'gain.coins' must be an integer from 0 to 9, got 10"},
      {"effect: trade\nparams: {pay: [wood], gain: {coin: 1}}\n",
       "data/p/cards.yaml:2:36: " + trade + "reads no param 'gain.coin' (did you mean 'gain.coins'?)"},
      {"effect: trade\nparams: {pay: [wood], gain: {}}\n",
       "data/p/cards.yaml:2:29: " + trade + "needs param 'gain.coins' (an integer from 0 to 9)"},
      {"effect: trade\nparams: {pay: wood, gain: {coins: 1}}\n",
       "data/p/cards.yaml:2:15: " + trade + "param 'pay' must be a list of values of wood, gem, got 'wood'"},
      {"effect: trade\nparams: {pay: [wood], gain: {coins: 1}, note: 7}\n",
       "data/p/cards.yaml:2:47: " + trade + "param 'note' must be a string, got 7"},
      {"effect: trade\n", "data/p/cards.yaml:1:9: " + trade + "needs param 'gain' (a map of coins, points)"},
      {"effect: plain\nparams: {x: 1}\n",
       "data/p/cards.yaml:2:13: effect 'plain' (scripts/p/effects.lua:6) reads no param 'x' (it reads none)"},
      {"effect: plian\n", "data/p/cards.yaml:1:9: no script in scripts/p defines effect 'plian' (did you mean 'plain'?)"},
  };
  for (const auto& [yaml, error] : refused) {
    INFO(yaml);
    CHECK(d.refusal(yaml) == error);
  }
}

TEST_CASE("What the game adds to every use is merged after the check and may not be declared", "[lua]") {
  Declared d(kTrade);
  const YamlDocument doc = parse_yaml("effect: plain\n", "data/p/cards.yaml");
  CHECK_NOTHROW(d.runtime.prepare(read_effect_use(doc.root), json{{"economy", 3}}));
  const YamlDocument trade = parse_yaml("effect: trade\nparams: {pay: [wood], gain: {coins: 1}}\n", "data/p/cards.yaml");
  CHECK_THROWS_WITH(d.runtime.prepare(read_effect_use(trade.root), json{{"note", "x"}}),
                    Contains("declares param 'note', which the game gives every use of it"));
}

TEST_CASE("A malformed params declaration is refused at its effect() line", "[lua]") {
  const auto refused = [](const std::string& decl) {
    try {
      Declared d("\neffect('e', {params = " + decl + ", apply = function() end})\n");
    } catch (const ScriptError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK_THAT(refused("{n = 'integer'}"), Contains("scripts/p/effects.lua:2: effect 'e': param 'n': unknown type 'integer'"));
  CHECK_THAT(refused("{n = {int = {5, 1}}}"), Contains("param 'n': {int = {lo, hi}} needs lo <= hi"));
  CHECK_THAT(refused("{n = {int = {1}, enum = {'a'}}}"), Contains("param 'n': expected exactly one type"));
  CHECK_THAT(refused("{n = {optional = 'yes', type = 'int'}}"), Contains("param 'n': optional must be true or false"));
  CHECK_THAT(refused("{m = {map = {k = 'word'}}}"), Contains("param 'm.k': unknown type 'word'"));
  CHECK_THAT(refused("'int'"), Contains("effect 'e': params must be a table of param names and types"));
  CHECK(refused("{n = {int = {1}}, s = {type = 'string', optional = true}, l = {list = 'any'}}").empty());
}
