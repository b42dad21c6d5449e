// Hostile YAML: aliases that expand without end, oversized files and
// counts that would make millions of things are refused with the file, line and column.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol_server.hpp"
#include "support/temp_dir.hpp"
#include "tessera/yaml_reader.hpp"

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using nlohmann::json;
using namespace tessera;
using namespace tessera::testing;

namespace {

// Ten aliases of the previous anchor on each line: level n stands for about 10^n values.
std::string alias_bomb(int levels) {
  std::string text = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int n = 1; n < levels; ++n) {
    const std::string prev = "*l" + std::to_string(n - 1);
    text += "l" + std::to_string(n) + ": &l" + std::to_string(n) + " [";
    for (int i = 0; i < 10; ++i) text += (i ? ", " : "") + prev;
    text += "]\n";
  }
  return text;
}

// The error code and message of starting the tutorial with one variant whose data and
// script files the test wrote into a scratch copy of the game.
json start_with_variant(const ScratchGameRoot& root, const std::string& variant) {
  const auto registry = root.registry();
  host::ProtocolServer server(*registry);
  const json reply = json::parse(server.handle_line(json{{"cmd", "new"}, {"game", "tutorial"}, {"variants", {variant}}}.dump()));
  return reply["ok"] == true ? json{{"code", "ok"}, {"message", ""}} : reply["error"];
}

}  // namespace

TEST_CASE("Aliases that expand past the limit are refused at the value that stands for too much", "[yaml][hostile]") {
  CHECK_NOTHROW(parse_yaml(alias_bomb(4), "data/x/small.yaml"));  // 11,111 values: fine
  CHECK_THROWS_WITH(parse_yaml(alias_bomb(9), "data/x/bomb.yaml"),
                    StartsWith("data/x/bomb.yaml:5:") && Contains("more than 100000 values once its aliases are expanded"));
}

TEST_CASE("A long text aliased many times is refused by its expanded size", "[yaml][hostile]") {
  std::string text = "big: &big " + std::string(200'000, 'a') + "\nmany: [";
  for (int i = 0; i < 30; ++i) text += (i ? ", " : "") + std::string("*big");
  text += "]\n";
  CHECK_THROWS_WITH(parse_yaml(text, "data/x/text.yaml"),
                    StartsWith("data/x/text.yaml:2:7: ") && Contains("bytes of text once its aliases are expanded"));
}

TEST_CASE("More aliases than the limit are refused where the one too many stands", "[yaml][hostile]") {
  std::string text = "one: &one 1\nmany:\n";
  for (std::size_t i = 0; i <= kMaxYamlAliases; ++i) text += "  - *one\n";
  CHECK_THROWS_WITH(parse_yaml(text, "data/x/aliases.yaml"), StartsWith("data/x/aliases.yaml:") &&
                                                               Contains("more than 1000 aliases in one data file"));
}

TEST_CASE("A data file larger than the limit is refused before it is parsed", "[yaml][hostile]") {
  TempDir dir("yaml_size");
  write_file(dir.path / "big.yaml", "x: " + std::string(kMaxYamlFileBytes, 'a') + "\n");
  CHECK_THROWS_WITH(load_yaml(dir.path / "big.yaml", "data/x/big.yaml"),
                    StartsWith("data/x/big.yaml: ") && Contains("more than the 1048576"));
}

TEST_CASE("A variant overlay of aliases is refused when the game starts, naming its place", "[yaml][hostile]") {
  ScratchGameRoot root("tutorial", "overlay_bomb");
  write_file(root.scripts() / "variants/bomb.lua", "-- Bomb: an overlay of aliases\n");
  write_file(root.data() / "variants/bomb/game.yaml", alias_bomb(9) + "market: !replace {slots: *l8}\n");
  const json error = start_with_variant(root, "bomb");
  CHECK(error["code"] == "bad_data");
  CHECK_THAT(error["message"].get<std::string>(), StartsWith("data/tutorial/variants/bomb/game.yaml:5:"));
}

TEST_CASE("Counts in data are bounded one by one and per file", "[yaml][hostile]") {
  ScratchGameRoot root("tutorial", "huge_counts");
  SECTION("sixty million copies of a card") {
    write_file(root.scripts() / "variants/many_cards.lua", "-- Many cards\n");
    write_file(root.data() / "variants/many_cards/cards.yaml", "cards:\n  - id: herald\n    count: 60000000\n");
    const json error = start_with_variant(root, "many_cards");
    CHECK(error["code"] == "bad_data");
    CHECK(error["message"] ==
          "data/tutorial/variants/many_cards/cards.yaml:3:12: 'count' must be at most 10000 (the largest count a data "
          "file may give)");
  }
  SECTION("thirty million dice") {
    write_file(root.scripts() / "variants/many_dice.lua", "-- Many dice\n");
    write_file(root.data() / "variants/many_dice/game.yaml", "dice: {count: 30000000}\n");
    const json error = start_with_variant(root, "many_dice");
    CHECK(error["code"] == "bad_data");
    CHECK_THAT(error["message"].get<std::string>(), StartsWith("data/tutorial/variants/many_dice/game.yaml:1:15: "));
  }
  SECTION("many cards of the largest count") {
    std::string cards = "cards:\n";
    for (int i = 0; i < 11; ++i)
      cards += "  - !add {id: extra_" + std::to_string(i) + ", cost: 1, count: 10000, effect: gain_coins, params: {amount: 1}}\n";
    write_file(root.scripts() / "variants/many_kinds.lua", "-- Many kinds\n");
    write_file(root.data() / "variants/many_kinds/cards.yaml", cards);
    const json error = start_with_variant(root, "many_kinds");
    CHECK(error["code"] == "bad_data");
    CHECK_THAT(error["message"].get<std::string>(),
               StartsWith("data/tutorial/variants/many_kinds/cards.yaml:") && Contains("add up to more than 100000"));
  }
  SECTION("a count within the limits still plays") {
    write_file(root.scripts() / "variants/more_dice.lua", "-- More dice\n");
    write_file(root.data() / "variants/more_dice/game.yaml", "dice: {count: 4}\n");
    CHECK(start_with_variant(root, "more_dice")["code"] == "ok");
  }
}

TEST_CASE("A stray ',' where a value should start is refused at its place, not read for ever", "[yaml][hostile]") {
  // yaml-cpp 0.7 reports these as an endless run of empty documents at the ','; reading all
  // documents then allocated until the host ran out of memory (found by fuzz_yaml_overlay).
  CHECK_THROWS_WITH(parse_yaml(",", "data/x/comma.yaml"), "data/x/comma.yaml:1:1: ',' cannot start a value here");
  CHECK_THROWS_WITH(parse_yaml("&a ,", "data/x/anchor.yaml"), "data/x/anchor.yaml:1:4: ',' cannot start a value here");
  CHECK_THROWS_WITH(parse_yaml("%YAML 1.2\n,", "data/x/directive.yaml"),
                    "data/x/directive.yaml:2:1: ',' cannot start a value here");
  CHECK_THROWS_WITH(parse_yaml("# a comment\n  progress:\n, 1]}\n", "data/x/overlay.yaml"),
                    "data/x/overlay.yaml:3:1: ',' cannot start a value here");
  // A second document is named as one, at its '---', whatever follows it.
  CHECK_THROWS_WITH(parse_yaml("a: 1\n---\n,\n", "data/x/second.yaml"),
                    "data/x/second.yaml:2:1: a data file holds one YAML document; a second one starts here");
  CHECK_THROWS_WITH(parse_yaml("a: 1\n---\nb: 2\n", "data/x/two.yaml"),
                    "data/x/two.yaml:2:1: a data file holds one YAML document; a second one starts here");
}

TEST_CASE("An alias inside the value its anchor names is refused, not followed for ever", "[yaml][hostile]") {
  // yaml-cpp makes such an alias a cycle of nodes; converting it recursed until the stack ran out.
  CHECK_THROWS_WITH(parse_yaml("a: &x [ *x ]", "data/x/list.yaml"),
                    "data/x/list.yaml:1:4: an alias cannot stand for a value that contains it (its anchor is at line 1)");
  CHECK_THROWS_WITH(parse_yaml("a: &x {b: *x}", "data/x/map.yaml"),
                    "data/x/map.yaml:1:8: an alias cannot stand for a value that contains it (its anchor is at line 1)");
  CHECK_THROWS_WITH(parse_yaml("a:\n  - 1\n  - &y [2, [*y]]\n", "data/x/deep.yaml"),
                    "data/x/deep.yaml:3:12: an alias cannot stand for a value that contains it (its anchor is at line 3)");
  // An alias after its anchor's value has ended is a plain shared value.
  CHECK(to_json(parse_yaml("a: &x [1]\nb: [*x, *x]\n", "data/x/shared.yaml").root) ==
        json::parse(R"({"a": [1], "b": [[1], [1]]})"));
}
