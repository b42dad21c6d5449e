// No silent failures: what a house rule gets wrong is refused when the game
// is made (the registry's new_game and validate), naming the file and line and the reason, on
// the shipped games' real data and scripts; what only fails in play, `validate --play` finds.
#include <catch2/catch.hpp>
#include <sstream>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "support/temp_dir.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using namespace tessera::testing;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::StartsWith;

namespace {

// The message of the error new_game raises for `variant` of `root`'s game, or "" when the
// game is made.
std::string refusal(const ScratchGameRoot& root, const std::string& variant, int players = 2) {
  const auto registry = root.registry();
  try {
    registry->new_game(root.id, registry->config(root.id, players, 1, {variant}));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// A data-only variant: one overlay file.
void overlay(const ScratchGameRoot& root, const std::string& variant, const std::string& file, const std::string& text) {
  write_file(root.data() / "variants" / variant / file, text);
}

// run_validate's exit code and report for the tutorial with more Lua variants (name, page).
std::pair<int, std::string> validate_with(const std::vector<std::pair<std::string, std::string>>& pages, int play_games) {
  ScratchGameRoot root("tutorial", "refuse_" + pages.front().first);
  for (const auto& [variant, script] : pages) write_file(root.scripts() / "variants" / (variant + ".lua"), script);
  const auto registry = root.registry();
  std::ostringstream out;
  const int code = host::run_validate(*registry, "tutorial", out, play_games);
  return {code, out.str()};
}

}  // namespace

TEST_CASE("An overlay of a file the game never reads is refused by new_game and validate", "[refusals]") {
  ScratchGameRoot root("sardinia", "refuse_unread");
  overlay(root, "typo", "gmae.yaml", "constants: {hand_size: 9}\n");
  const std::string expected =
      "data/sardinia/variants/typo/gmae.yaml: game 'sardinia' reads no gmae.yaml, so this overlay would change nothing";
  CHECK(refusal(root, "typo") == expected);
  const auto registry = root.registry();
  CHECK_THAT(registry->validate("sardinia", registry->config("sardinia", 2, 1, {"typo"})),
             Catch::Matchers::VectorContains(expected));
}

TEST_CASE("An overlay item whose id the base lacks is refused unless it says !add", "[refusals]") {
  ScratchGameRoot root("age_of_discovery", "refuse_unknown_id");
  overlay(root, "typo", "cards.yaml", "missions:\n  - {id: m2_halff, players: 2, effect: mission, params: {type: all}}\n");
  CHECK(refusal(root, "typo") ==
        "data/age_of_discovery/variants/typo/cards.yaml:2:10: no item with id 'm2_halff' in the base list to change "
        "(did you mean 'm2_half'?); to add one, tag it: - !add {id: m2_halff, ...}");
  overlay(root, "extra", "cards.yaml", "missions:\n  - !add {id: m2_extra, players: 2, effect: mission, params: {type: all}}\n");
  CHECK(refusal(root, "extra").empty());
  overlay(root, "twice", "cards.yaml", "missions:\n  - !add {id: m2_half, players: 2, effect: mission, params: {type: all}}\n");
  CHECK_THAT(refusal(root, "twice"), StartsWith("data/age_of_discovery/variants/twice/cards.yaml:2:5: cannot add id "
                                                "'m2_half': the base list has it already"));
}

TEST_CASE("A hook the game never fires is refused at the hook() line", "[refusals]") {
  ScratchGameRoot root("tutorial", "refuse_hook");
  write_file(root.scripts() / "variants/late.lua", "-- Late: a hook Lantern Market never fires\nhook(\"on_round_end\", function(ctx) end)\n");
  CHECK_THAT(refusal(root, "late"),
             StartsWith("scripts/tutorial/variants/late.lua:2: this game never fires hook 'on_round_end' (it fires: "));
}

TEST_CASE("Effect params the effect does not read, lacks or cannot take are refused at the YAML value", "[refusals]") {
  SECTION("tutorial: a card's params") {
    ScratchGameRoot root("tutorial", "refuse_params_tutorial");
    overlay(root, "gems", "cards.yaml", "cards:\n  - id: spice_trader\n    params: !replace {gems: 2}\n");
    CHECK(refusal(root, "gems") ==
          "data/tutorial/variants/gems/cards.yaml:3:29: effect 'gain_spice' (scripts/tutorial/effects.lua:14) reads "
          "no param 'gems' (it reads: amount)");
    overlay(root, "two", "cards.yaml", "cards:\n  - id: spice_trader\n    params: {amount: two}\n");
    CHECK(refusal(root, "two") ==
          "data/tutorial/variants/two/cards.yaml:3:22: effect 'gain_spice' (scripts/tutorial/effects.lua:14) param "
          "'amount' must be an integer of at least 0, got 'two'");
    overlay(root, "none", "cards.yaml", "cards:\n  - id: spice_trader\n    params: ~\n");
    CHECK_THAT(refusal(root, "none"), Equals("data/tutorial/cards.yaml:9:13: effect 'gain_spice' "
                                             "(scripts/tutorial/effects.lua:14) needs param 'amount' (an integer of at "
                                             "least 0)"));
    overlay(root, "misnamed", "cards.yaml", "cards:\n  - id: spice_trader\n    effect: gain_spcie\n");
    CHECK(refusal(root, "misnamed") == "data/tutorial/variants/misnamed/cards.yaml:3:13: no script in "
                                       "scripts/tutorial defines effect 'gain_spcie' (did you mean 'gain_spice'?)");
  }
  SECTION("Santa Maria: a building's production") {
    ScratchGameRoot root("santa_maria", "refuse_params_sm");
    overlay(root, "gem_two", "colony.yaml",
            "buildings:\n  - id: B_GEM\n    effects: [{effect: gain, params: {gem: two}}]\n");
    CHECK_THAT(refusal(root, "gem_two"), StartsWith("data/santa_maria/variants/gem_two/colony.yaml:3:44: effect 'gain' ("));
    CHECK_THAT(refusal(root, "gem_two"), Contains("param 'gem' must be an integer from 0 to 100, got 'two'"));
    overlay(root, "gems", "colony.yaml", "buildings:\n  - id: B_GEM\n    effects: [{effect: gain, params: {gems: 2}}]\n");
    CHECK_THAT(refusal(root, "gems"), StartsWith("data/santa_maria/variants/gems/colony.yaml:3:45: effect 'gain' ("));
    CHECK_THAT(refusal(root, "gems"), Contains("reads no param 'gems' (did you mean 'gem'?)"));
  }
  SECTION("Madeira: a tile's amount given to an effect that reads none") {
    ScratchGameRoot root("madeira", "refuse_params_madeira");
    overlay(root, "rich_bishop", "cards.yaml", "favors:\n  - {id: bishop, amount: 2}\n");
    CHECK_THAT(refusal(root, "rich_bishop"),
               StartsWith("data/madeira/variants/rich_bishop/cards.yaml:2:26: effect 'pp_per_city' ("));
    CHECK_THAT(refusal(root, "rich_bishop"), Contains("reads no param 'amount' (it reads none)"));
  }
  SECTION("Sardinia: an option's piece") {
    ScratchGameRoot root("sardinia", "refuse_params_sardinia");
    overlay(root, "boat", "cards.yaml",
            "character_cards:\n  - id: admiral\n    options:\n      - {id: launch, effect: place_piece, params: {piece: boat, verb: launches a}}\n");
    CHECK_THAT(refusal(root, "boat"), StartsWith("data/sardinia/variants/boat/cards.yaml:4:59: effect 'place_piece' ("));
    CHECK_THAT(refusal(root, "boat"),
               Contains("param 'piece' must be one of ship, settler, chaplain, fort, settlement, got 'boat'"));
  }
  SECTION("CATAN: a progress card's number out of range") {
    ScratchGameRoot root("catan_inca", "refuse_params_catan");
    overlay(root, "no_roads", "development.yaml", "cards:\n  - {id: road_building, params: {roads: 0}}\n");
    CHECK_THAT(refusal(root, "no_roads", 3),
               StartsWith("data/catan_inca/variants/no_roads/development.yaml:2:41: effect 'road_building' ("));
    CHECK_THAT(refusal(root, "no_roads", 3), Contains("param 'roads' must be an integer of at least 1, got 0"));
  }
  SECTION("Age of Discovery: a mission type") {
    ScratchGameRoot root("age_of_discovery", "refuse_params_aod");
    overlay(root, "most", "cards.yaml", "missions:\n  - {id: m2_half, params: {type: most}}\n");
    CHECK_THAT(refusal(root, "most"), Contains("param 'type' must be one of presence, half, majority, all, got 'most'"));
  }
}

TEST_CASE("A variant that wraps or replaces an effect keeps its declaration or declares its own", "[refusals]") {
  ScratchGameRoot root("tutorial", "refuse_wraps");
  // windfall wraps gain_coins without a declaration: the game's stands.
  overlay(root, "windfall", "game.yaml", "renown:\n  triggers:\n    - {space: 10, effect: gain_coins, params: {amount: lots}}\n");
  CHECK_THAT(refusal(root, "windfall"), Contains("param 'amount' must be an integer of at least 0, got 'lots'"));
  // A wrap that declares its own params takes them, and only them.
  write_file(root.scripts() / "variants/bonus.lua",
             "-- Bonus: gain_coins takes a bonus\n"
             "wrap_effect('gain_coins', {params = {amount = 'int', bonus = {int = {0, 5}, optional = true}},\n"
             "  apply = function(base, ctx, params, choice) base(ctx, {amount = params.amount + (params.bonus or 0)}, choice) end})\n");
  overlay(root, "bonus", "game.yaml",
          "renown:\n  triggers:\n    - {space: 10, when: pass, effect: gain_coins, params: {amount: 3, bonus: 2}}\n"
          "    - {space: 15, when: reach, effect: gain_spice, params: {amount: 2}}\n"
          "    - {space: 20, when: pass, effect: gain_spice, params: {amount: 1}}\n");
  CHECK(refusal(root, "bonus").empty());
  overlay(root, "bonus", "game.yaml", "renown:\n  triggers:\n    - {space: 10, effect: gain_coins, params: {amount: 3, bonus: 9}}\n");
  CHECK_THAT(refusal(root, "bonus"), Contains("effect 'gain_coins' (scripts/tutorial/variants/bonus.lua:2) param "
                                              "'bonus' must be an integer from 0 to 5, got 9"));
  // A malformed declaration is refused at its effect() line.
  write_file(root.scripts() / "variants/sloppy.lua",
             "-- Sloppy\neffect('sloppy', {params = {amount = 'integer'}, apply = function() end})\n");
  CHECK_THAT(refusal(root, "sloppy"),
             StartsWith("scripts/tutorial/variants/sloppy.lua:2: effect 'sloppy': param 'amount': unknown type 'integer'"));
}

TEST_CASE("validate --play reports the first run-time error of a variant with its players, seed and move", "[refusals]") {
  const std::string boom = "-- Boom: ending a turn fails\n"
                           "hook('on_action', function(ctx, arg) if arg.text == 'end' then error('boom') end end)\n";
  CHECK(validate_with({{"boom", boom}}, /*play_games=*/0).first == 0);  // nothing wrong until it is played
  const auto [code, report] = validate_with({{"boom", boom}}, /*play_games=*/2);
  CHECK(code == 1);
  CHECK_THAT(report, Contains("tutorial (variant boom), 2 players, seed 1, move "));
  CHECK_THAT(report, Contains(": end): the legal move was refused: scripts/tutorial/variants/boom.lua:2: boom"));
  CHECK_THAT(report, !Contains("tutorial (variant boom), 3 players"));  // the first error only
  CHECK_THAT(report, !Contains("base game"));
  CHECK_THAT(report, Contains("tutorial: 1 problem(s)"));
}

TEST_CASE("validate --play reports an on_setup hook that fails for one player count only", "[refusals]") {
  const auto [code, report] =
      validate_with({{"four", "-- Four: breaks the set-up of a 4-player game\n"
                              "hook('on_setup', function(ctx) if ctx.players == 4 then error('no room for four') end end)\n"}},
                    /*play_games=*/1);
  CHECK(code == 1);
  CHECK_THAT(report, Contains("variant four: scripts/tutorial/variants/four.lua:2: no room for four"));
}

TEST_CASE("validate --play plays a variant with the variants its page says it combines with", "[refusals]") {
  // Each alone is fine; together they clash on the first move.
  const std::string left = "-- Left\n-- with: right\nLEFT = true\n";
  const std::string right = "-- Right\nhook('on_action', function(ctx, arg) if LEFT then error('left and right clash') end end)\n";
  const auto [code, report] = validate_with({{"left", left}, {"right", right}}, /*play_games=*/1);
  CHECK(code == 1);
  CHECK_THAT(report, Contains("tutorial (variants left+right), 2 players, seed 1, move 1 (seat 0: roll): the legal move "
                              "was refused: scripts/tutorial/variants/right.lua:2: left and right clash"));
  CHECK_THAT(report, !Contains("(variant left)"));
  CHECK_THAT(report, !Contains("(variant right)"));
  const auto [ghost_code, ghost] = validate_with({{"lonely", "-- Lonely\n-- with: ghost\n"}}, /*play_games=*/0);
  CHECK(ghost_code == 1);
  CHECK_THAT(ghost, Contains("variant lonely: scripts/tutorial/variants/lonely.lua:2: with: 'ghost' is no other variant "
                             "of the game (available: "));
}
