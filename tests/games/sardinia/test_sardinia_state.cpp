// Sardinia refuses scenario edits its rules cannot use (check_state), names what is wrong and
// keeps its state; and its card options are Lua effects a variant script can replace.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "sardinia_support.hpp"
#include "tessera/error.hpp"
#include "support/build_paths.hpp"

using namespace tessera;
using namespace sardinia_test;

namespace {

// set_state(edited) is refused with a message containing `reason`; the state is unchanged.
void refuses(Game& g, const std::function<void(json&)>& fn, const std::string& reason) {
  const json before = state(g);
  json edited = before;
  fn(edited);
  try {
    g.set_state(edited);
    FAIL("accepted: " << reason);
  } catch (const DataError& e) {
    CHECK_THAT(e.what(), Catch::Contains(reason));
  }
  CHECK(state(g) == before);
}

}  // namespace

TEST_CASE("Sardinia refuses edited states its rules cannot use", "[sardinia]") {
  auto g = tessera::testing::new_game("sardinia", 3, 4);
  refuses(*g, [](json& s) { put(s, "nurra", kBlue, "settler"); s["global"]["board"]["pieces"][0]["owner"] = 1000000000; },
          "owner of pieces on nurra");
  refuses(*g, [](json& s) { s["global"]["board"]["pieces"].push_back({{"space", "nurra"}, {"owner", 0}, {"kind", "settler"}, {"count", 1}}); },
          "reserve and board must add up to 5 pieces");
  refuses(*g, [](json& s) { put(s, "port_olbia", kYellow, "settler"); }, "'settler' cannot stand on port_olbia");
  refuses(*g, [](json& s) { put(s, "nurra", kYellow, "ship"); }, "'ship' cannot stand on nurra");
  refuses(*g, [](json& s) { set_value(s["seats"][1]["reserve"], "fort", 4); },
          "seat 1 reserve fort: reserve and board must add up to 3 pieces");
  refuses(*g, [](json& s) { set_cards(s, kBlue, {"admiral", "admiral"}, {}); }, "'admiral' is not a card this seat can hold");
  refuses(*g, [](json& s) { set_cards(s, kBlue, {"jester"}, {}); }, "seat 1 hand: 'jester' is not one of the characters");
  refuses(*g, [](json& s) { s["global"]["fort_row"]["cards"][0] = "27"; }, "fort_row: '27' is not one of the fort_cards");
  refuses(*g, [](json& s) { s["global"]["fort_row"]["cards"][1] = s["global"]["fort_row"]["cards"][0]; },
          "the fort_cards are conserved");
  refuses(*g, [](json& s) { set_value(s["global"]["tokens"], "nurra", 6); }, "tokens.nurra must be 0..5");
  refuses(*g, [](json& s) { set_value(s["global"]["tokens"], "atlantis", 1); }, "tokens: no key 'atlantis' (keys: {provinces}); 'atlantis' is not one of the provinces");
  refuses(*g, [](json& s) { set_value(s["seats"][kBlue]["harvested"], "truffle", 1); },
          "seat 1 harvested: no key 'truffle' (keys: {token_types}); 'truffle' is not one of the token_types");
  refuses(*g, [](json& s) { set_value(s["global"]["progress"], "scorings", 12); }, "progress.scorings must be 0..11");
  refuses(*g, [](json& s) { choosing(s, kYellow, 7); }, "card must be 0..6");
  refuses(*g, [](json& s) { choosing(s, kYellow, 6); }, "the Guard has no options");
  // A march with no steps left, or more than a march has, would never end as the rules say.
  refuses(*g, [](json& s) {
    choosing(s, kYellow, 1);
    s["global"]["flow"]["frames"].push_back(frame("marching", kYellow, 0, {{"card", 1}, {"steps", 4}}));
  }, "steps must be 1..3");
  refuses(*g, [](json& s) {
    choosing(s, kYellow, 1);
    s["global"]["flow"]["frames"].push_back(frame("sailing", kYellow, 0, {{"card", 1}, {"sailed", 0}}));
  }, "card must be a card that sails");
  refuses(*g, [](json& s) { s["global"]["board"]["spaces"][22]["capacity"] = 5; }, "board: space 22 must be 'fort_1'");
  refuses(*g, [](json& s) { s["global"]["board"]["links"][0]["type"] = "sea"; }, "the land links must be those of the data");
  // A consistent edit is taken.
  json s = state(*g);
  put(s, "nurra", kBlue, "settler");
  g->set_state(s);
  CHECK(state(*g) == s);
}

TEST_CASE("Sardinia: the declared schema refuses undeclared keys, values out of range, unknown and duplicated cards",
          "[sardinia]") {
  // data/sardinia/schema.yaml, checked before check_state; the variant deals reserve fort cards.
  auto g = tessera::testing::new_game("sardinia", 3, 4, {"alternative_guard"});
  refuses(*g, [](json& s) { set_value(s["seats"][kBlue]["score"], "bonus", 1); },
          "seat 1 score: no key 'bonus' (keys: vp, provinces, agriculture)");
  refuses(*g, [](json& s) { set_value(s["seats"][kBlue]["reserve"], "wizard", 0); }, "seat 1 reserve: no key 'wizard'");
  refuses(*g, [](json& s) { set_value(s["seats"][kPurple]["score"], "vp", -1); }, "seat 2 score.vp must be 0..200000, not -1");
  refuses(*g, [](json& s) { set_value(s["seats"][kYellow]["harvested"], "olive", 1000000000); },
          "seat 0 harvested.olive must be 0..1000");
  refuses(*g, [](json& s) { set_value(s["global"]["progress"], "scorings", -1); }, "progress.scorings must be 0..1000");
  refuses(*g, [](json& s) {
    s["seats"][kBlue]["played"]["cards"] = {"jester"};
    s["seats"][kBlue]["played"]["revealed"] = {true};
  }, "seat 1 played: 'jester' is not one of the characters");
  refuses(*g, [](json& s) { s["seats"][kPurple]["fort_reserve"]["cards"][0] = "0"; },
          "seat 2 fort_reserve: '0' is not one of the fort_cards");
  // Each fort card is in exactly one place: not also in the deck, and not gone.
  refuses(*g, [](json& s) {
    s["global"]["fort_deck"]["piles"][0]["cards"].push_back(s["seats"][kYellow]["fort_reserve"]["cards"][0]);
  }, "the fort_cards are conserved");
  refuses(*g, [](json& s) {
    s["global"]["fort_row"]["cards"].erase(0);
    s["global"]["fort_row"]["revealed"].erase(0);
  }, "the fort_cards are conserved");
}

TEST_CASE("A Sardinia house rule can replace what a card option does", "[sardinia]") {
  // The Farmer's effect is Lua named in the data, so a variant script that redefines
  // `harvest` changes the game without recompiling. The house rule lives in a scratch copy of
  // the scripts so that it is not shipped.
  namespace fs = std::filesystem;
  const auto& registry = tessera::testing::game_registry();
  const PluginEntry& entry = registry.game("sardinia");
  const fs::path scratch = fs::path(tessera::testing::kBuildDir) / "sardinia_house_rule";
  fs::remove_all(scratch);
  fs::copy(entry.script_dir, scratch, fs::copy_options::recursive);
  std::ofstream(scratch / "variants" / "rich_harvest.lua") << R"(
effect("harvest", function(ctx, params, choice)
  local board = ctx:get("board")
  local province = board:id(tonumber(choice))
  ctx:get("tokens"):set(province, 0)
  ctx:get("score", ctx.seat):add("vp", 10)
  ctx:get("score", ctx.seat):add("agriculture", 10)
end)
)";
  GameConfig config = registry.config("sardinia", 3, 1);
  config.script_dir = scratch;
  config.variants = {"rich_harvest"};
  auto g = entry.module->new_game(config);
  edit(*g, [](json& s) {
    put(s, "port_castelsardo", kYellow, "ship");
    put(s, "anglona", kYellow, "settler");
    set_value(s["global"]["tokens"], "anglona", kOlive);
    set_cards(s, kYellow, {"farmer"}, {});
    my_turn(s, kYellow);
  });
  REQUIRE(g->apply("play farmer").ok);
  REQUIRE(g->apply("harvest anglona").ok);
  CHECK(score(*g, kYellow) == 10);
  CHECK(state(*g)["global"]["tokens"]["values"]["anglona"] == 0);
  fs::remove_all(scratch);
}

TEST_CASE("A Sardinia house rule can add a card option with a Lua move and a data overlay, without C++", "[sardinia]") {
  // The option is named in an overlay of cards.yaml; a Lua move of the same name, offered in
  // the step `option`, makes its targets and carries it out.
  namespace fs = std::filesystem;
  const auto& registry = tessera::testing::game_registry();
  const PluginEntry& entry = registry.game("sardinia");
  const fs::path scratch = fs::path(tessera::testing::kBuildDir) / "sardinia_new_option";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  fs::copy(entry.data_dir, scratch / "data", fs::copy_options::recursive);
  fs::copy(entry.script_dir, scratch / "scripts", fs::copy_options::recursive);
  fs::create_directories(scratch / "data" / "variants" / "smugglers");
  std::ofstream(scratch / "data" / "variants" / "smugglers" / "cards.yaml") << R"(
character_cards:
  - id: admiral
    options:
      - !add {id: smuggle}
)";
  std::ofstream(scratch / "scripts" / "variants" / "smugglers.lua") << R"(
move("smuggle", {
  steps = {"option"},
  legal = function(ctx, step)
    return ctx:call("has_option", step.card, "smuggle") and ctx:get("reserve", ctx.seat):get("ship") > 0
  end,
  apply = function(ctx, move)
    ctx:get("score", ctx.seat):add("vp", 1)
    ctx:get("score", ctx.seat):add("agriculture", 1)
  end,
})
)";
  GameConfig config = registry.config("sardinia", 3, 1);
  config.data_dir = scratch / "data";
  config.script_dir = scratch / "scripts";
  config.variants = {"smugglers"};
  auto g = entry.module->new_game(config);
  edit(*g, [](json& s) {
    set_cards(s, kYellow, kAllCards, {});
    my_turn(s, kYellow);
  });
  REQUIRE(g->apply("play commander").ok);
  CHECK_FALSE(has(tessera::testing::legal_texts(*g), "smuggle"));
  edit(*g, [](json& s) {
    set_cards(s, kYellow, kAllCards, {});
    my_turn(s, kYellow);
  });
  REQUIRE(g->apply("play admiral").ok);
  CHECK(has(tessera::testing::legal_texts(*g), "launch olbia"));
  REQUIRE(g->apply("smuggle").ok);
  CHECK(score(*g, kYellow) == 1);
  CHECK(g->decision().seat == kBlue);
  fs::remove_all(scratch);
}

TEST_CASE("Sardinia fires the hooks it declares: every round's start and end, and the final scoring", "[sardinia]") {
  namespace fs = std::filesystem;
  const auto& registry = tessera::testing::game_registry();
  const PluginEntry& entry = registry.game("sardinia");
  const fs::path scratch = fs::path(tessera::testing::kBuildDir) / "sardinia_hooks";
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  fs::copy(entry.script_dir, scratch / "scripts", fs::copy_options::recursive);
  fs::copy(entry.data_dir, scratch / "data", fs::copy_options::recursive);
  std::ofstream(scratch / "scripts" / "variants" / "count_hooks.lua") << R"(
for _, name in ipairs({"on_round_start", "on_round_end", "final_scoring"}) do
  hook(name, function(ctx) ctx:get("progress"):add("count_" .. name, 1) end)
end
)";
  // The variant's own keys, declared in its schema overlay.
  fs::create_directories(scratch / "data" / "variants" / "count_hooks");
  std::ofstream(scratch / "data" / "variants" / "count_hooks" / "schema.yaml")
      << "components:\n  progress:\n    keys: {\"count_*\": [0, 1000]}\n";
  GameConfig config = registry.config("sardinia", 3, 2);
  config.script_dir = scratch / "scripts";
  config.data_dir = scratch / "data";
  config.variants = {"count_hooks"};
  auto g = entry.module->new_game(config);
  CHECK(tessera::testing::counter(*g, "progress", "count_on_round_start") == 1);
  tessera::testing::play_randomly(*g, 3);
  REQUIRE(g->is_over());
  CHECK(tessera::testing::counter(*g, "progress", "count_on_round_start") == 11);
  CHECK(tessera::testing::counter(*g, "progress", "count_on_round_end") == 11);
  CHECK(tessera::testing::counter(*g, "progress", "count_final_scoring") == 1);
  fs::remove_all(scratch);
}
