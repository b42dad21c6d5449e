#include <catch2/catch.hpp>
#include <fstream>
#include <cmath>
#include <nlohmann/json.hpp>

#include "tessera/yaml_reader.hpp"
#include "support/build_paths.hpp"

using namespace tessera;
using Catch::Matchers::Contains;
using Catch::Matchers::Equals;
using Catch::Matchers::Matches;
using Catch::Matchers::StartsWith;

namespace {

const std::filesystem::path kData = std::filesystem::path(tessera::testing::kSourceDir) / "tests/yaml/data";

YamlDocument fixture(const std::string& name) { return load_yaml(kData / name, "tests/yaml/data/" + name); }

YamlNode parse(std::string_view text) { return parse_yaml(text, "inline.yaml").root; }

std::vector<std::string> keys_of(const YamlNode& map) {
  std::vector<std::string> keys;
  for (const auto& [key, value] : map.as_map()) keys.push_back(key);
  return keys;
}

std::vector<std::string> ids_of(const YamlNode& list) {
  std::vector<std::string> ids;
  for (const YamlNode& item : list.as_list()) ids.push_back(item.required<std::string>("id"));
  return ids;
}

}  // namespace

TEST_CASE("A YAML file loads with keys and items in file order and 1-based positions", "[yaml]") {
  YamlDocument doc = fixture("cards.yaml");
  CHECK(doc.file == "tests/yaml/data/cards.yaml");
  const YamlNode& root = doc.root;
  REQUIRE(root.is_map());
  CHECK(keys_of(root) == std::vector<std::string>{"deck", "cards"});
  CHECK(root.required<std::string>("deck") == "main");
  YamlNode cards = root.at("cards");
  CHECK(cards.is_list());
  CHECK(cards.size() == 3);
  CHECK(ids_of(cards) == std::vector<std::string>{"farm", "mill", "market"});
  YamlNode mill_vp = cards.at(1).at("vp");
  CHECK(mill_vp.is_scalar());
  CHECK(mill_vp.as<int>() == 3);
  CHECK(mill_vp.mark() == "tests/yaml/data/cards.yaml:10:9");
  CHECK(mill_vp.path() == "cards[1].vp");
  CHECK(mill_vp.file() == "tests/yaml/data/cards.yaml");
  CHECK(mill_vp.line() == 10);
  CHECK(mill_vp.column() == 9);
  CHECK(cards.at(0).mark() == "tests/yaml/data/cards.yaml:4:5");
  CHECK(cards.at(2).required<std::vector<std::string>>("tags") == std::vector<std::string>{"trade", "town"});
  CHECK(keys_of(cards.at(0).at("params")) == std::vector<std::string>{"resource", "amount"});
}

TEST_CASE("A YAML syntax error names the file, 1-based line and column and the parser's reason", "[yaml]") {
  CHECK_THROWS_AS(fixture("broken.yaml"), DataError);
  CHECK_THROWS_WITH(fixture("broken.yaml"),
                    Equals("tests/yaml/data/broken.yaml:3:3: end of sequence flow not found"));
  CHECK_THROWS_WITH(parse("a: 1\n\tb: 2\n"), Equals("inline.yaml:2:1: illegal tab when looking for indentation"));
  std::string deep = std::string(3000, '[') + std::string(3000, ']');
  CHECK_THROWS_WITH(parse(deep), Matches("inline\\.yaml:1:1: nested too deeply \\(more than [0-9]+ levels\\)"));
}

TEST_CASE("A missing YAML file is a DataError naming it", "[yaml]") {
  CHECK_THROWS_AS(fixture("absent.yaml"), DataError);
  CHECK_THROWS_WITH(fixture("absent.yaml"), Contains("tests/yaml/data/absent.yaml: no such file"));
  CHECK_THROWS_WITH(load_yaml(kData, "tests/yaml/data"), Contains("tests/yaml/data: not a regular file"));
}

TEST_CASE("An empty YAML file gives a null root and a second document is refused", "[yaml]") {
  CHECK(parse("").is_null());
  CHECK(parse("# only a comment\n").is_null());
  CHECK_THROWS_WITH(parse("a: 1\n---\nb: 2\n"),
                    Equals("inline.yaml:2:1: a data file holds one YAML document; a second one starts here"));
}

TEST_CASE("An unknown key is an error at the key with the nearest known key suggested", "[yaml]") {
  YamlNode spaces = fixture("board_errors.yaml").root.at("spaces");
  CHECK_NOTHROW(spaces.at(0).allow_only({"id", "vp"}));
  CHECK_THROWS_WITH(spaces.at(1).allow_only({"id", "vp"}),
                    Equals("tests/yaml/data/board_errors.yaml:5:5: unknown key 'vpp' (did you mean 'vp'?)"));
  CHECK_THROWS_WITH(parse("colour: red\nzzz: 1\n").allow_only({"colour", "size"}),
                    Equals("inline.yaml:2:1: unknown key 'zzz' (known keys: colour, size)"));
  CHECK_THROWS_WITH(parse("- 1\n").allow_only({"a"}), Equals("inline.yaml:1:1: expected a map, got a list"));
}

TEST_CASE("A value of the wrong type is an error saying what was expected and found, at its position", "[yaml]") {
  YamlNode spaces = fixture("board_errors.yaml").root.at("spaces");
  CHECK_THROWS_AS(spaces.at(2).required<int>("vp"), DataError);
  CHECK_THROWS_WITH(spaces.at(2).required<int>("vp"),
                    Equals("tests/yaml/data/board_errors.yaml:7:9: expected an integer for 'vp', got 'x'"));
  CHECK_THROWS_WITH(spaces.at("x"), Equals("tests/yaml/data/board_errors.yaml:2:3: expected a map for 'spaces', got a list"));
  YamlNode doc = parse("n: \"3\"\nflag: yes\nlist: [1, 2]\nempty:\nratio: 1.5\nbig: 3000000000\n");
  CHECK_THROWS_WITH(doc.required<int>("n"), Equals("inline.yaml:1:4: expected an integer for 'n', got the string \"3\""));
  CHECK_THROWS_WITH(doc.required<bool>("flag"), Equals("inline.yaml:2:7: expected true or false for 'flag', got 'yes'"));
  CHECK_THROWS_WITH(doc.required<std::string>("list"), Equals("inline.yaml:3:7: expected a string for 'list', got a list"));
  CHECK_THROWS_WITH(doc.required<int>("empty"), Equals("inline.yaml:4:1: expected an integer for 'empty', got nothing (null)"));
  CHECK_THROWS_WITH(doc.required<int>("ratio"), Equals("inline.yaml:5:8: expected an integer for 'ratio', got '1.5'"));
  CHECK_THROWS_WITH(doc.required<int>("big"),
                    Equals("inline.yaml:6:6: expected an integer from -2147483648 to 2147483647 for 'big', got '3000000000'"));
  CHECK(doc.required<std::int64_t>("big") == 3000000000LL);
  CHECK_THROWS_WITH(doc.at("list").as<std::vector<bool>>(),
                    Equals("inline.yaml:3:8: expected true or false for 'list[0]', got '1'"));
  CHECK_THROWS_WITH(doc.at("list").at(std::size_t{5}),
                    Equals("inline.yaml:3:7: item 5 is out of range for 'list' (2 items)"));
}

TEST_CASE("A missing required key is an error at its map", "[yaml]") {
  YamlNode spaces = fixture("board_errors.yaml").root.at("spaces");
  CHECK_THROWS_WITH(spaces.at(3).required<int>("vp"),
                    Equals("tests/yaml/data/board_errors.yaml:8:5: missing required key 'vp' in 'spaces[3]'"));
  CHECK_THROWS_WITH(parse("a: 1\n").at("b"), Equals("inline.yaml:1:1: missing required key 'b'"));
}

TEST_CASE("Scalars convert to int, bool, double and string by the YAML 1.2 core rules", "[yaml]") {
  YamlNode doc = parse(
      "i: -42\nhex: 0x1F\noct: 0o17\nplus: +7\nt: true\nf: False\nd: 2.5\ne: 1e3\n"
      "inf: -.inf\nword: hello\nnum_text: 12\nq: 'quoted'\nblock: |\n  two\n  lines\nnames: [a, b]\n");
  CHECK(doc.required<int>("i") == -42);
  CHECK(doc.required<int>("hex") == 31);
  CHECK(doc.required<int>("oct") == 15);
  CHECK(doc.required<int>("plus") == 7);
  CHECK(doc.required<bool>("t") == true);
  CHECK(doc.required<bool>("f") == false);
  CHECK(doc.required<double>("d") == 2.5);
  CHECK(doc.required<double>("e") == 1000.0);
  CHECK(doc.required<double>("i") == -42.0);
  CHECK(std::isinf(doc.required<double>("inf")));
  CHECK(doc.required<double>("inf") < 0);
  CHECK(doc.required<std::string>("word") == "hello");
  CHECK(doc.required<std::string>("num_text") == "12");
  CHECK(doc.required<std::string>("q") == "quoted");
  CHECK(doc.at("q").is_quoted());
  CHECK_FALSE(doc.at("word").is_quoted());
  CHECK(doc.required<std::string>("block") == "two\nlines\n");
  CHECK(doc.required<std::vector<std::string>>("names") == std::vector<std::string>{"a", "b"});
  CHECK(doc.at("word").scalar() == "hello");
  CHECK_THROWS_WITH(doc.at("names").scalar(), Equals("inline.yaml:16:8: expected a scalar for 'names', got a list"));
}

TEST_CASE("Optional values fall back to the default when absent or null", "[yaml]") {
  YamlNode doc = parse("cost: 3\nnothing: ~\nname: Mill\n");
  CHECK(doc.optional<int>("cost", 0) == 3);
  CHECK(doc.optional<int>("vp", 1) == 1);
  CHECK(doc.optional<int>("nothing", 5) == 5);
  CHECK(doc.optional("name", "unnamed") == "Mill");
  CHECK(doc.optional("title", "unnamed") == "unnamed");
  CHECK(doc.has("cost"));
  CHECK_FALSE(doc.has("vp"));
  CHECK_FALSE(doc.find("vp").has_value());
  CHECK(doc.find("cost")->as<int>() == 3);
  CHECK_THROWS_WITH(parse("cost: lots\n").optional<int>("cost", 0),
                    Equals("inline.yaml:1:7: expected an integer for 'cost', got 'lots'"));
}

TEST_CASE("Duplicate keys, complex keys and unknown tags are refused when loading", "[yaml]") {
  CHECK_THROWS_WITH(parse("a: 1\nb: 2\na: 3\n"), Equals("inline.yaml:3:1: duplicate key 'a' (first at line 1)"));
  CHECK_THROWS_WITH(parse("? [1, 2]\n: x\n"), Contains("inline.yaml:1:3: a map key must be a scalar, not a list"));
  CHECK_THROWS_WITH(parse("a: !custom 3\n"),
                    Equals("inline.yaml:1:4: unsupported tag '!custom' (only !!str, !replace, !remove and !add are known)"));
  CHECK(parse("a: !!str 3\n").at("a").is_quoted());
}

TEST_CASE("Anchors and aliases are shared, and an alias bomb cannot exhaust memory", "[yaml]") {
  YamlNode doc = parse("base: &b {vp: 2}\ncopy: *b\n");
  CHECK(doc.at("copy").required<int>("vp") == 2);
  std::string bomb = "l0: &l0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 7; ++i)
    bomb += "l" + std::to_string(i) + ": &l" + std::to_string(i) + " [*l" + std::to_string(i - 1) + ", *l" +
            std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + ", *l" +
            std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + ", *l" +
            std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + ", *l" + std::to_string(i - 1) + "]\n";
  // l4 stands for 111,111 values: refused where it is written, before any loader walks it.
  CHECK_THROWS_WITH(parse(bomb), StartsWith("inline.yaml:5:5: stands for more than 100000 values"));
}

TEST_CASE("to_json turns scalars into booleans, integers, floats or strings and keeps quoted strings", "[yaml]") {
  YamlNode doc = parse(
      "n: 3\nneg: -1\nx: 2.5\nb: true\ns: gain\nq: \"7\"\nqt: 'true'\nnull_value: ~\n"
      "list: [1, a, false]\nmap: {k: 0x10}\nhuge: 123456789012345678901234567890\nversion: 1.2.3\n");
  nlohmann::json j = to_json(doc);
  CHECK(j["n"] == 3);
  CHECK(j["n"].is_number_integer());
  CHECK(j["neg"] == -1);
  CHECK(j["x"] == 2.5);
  CHECK(j["b"] == true);
  CHECK(j["s"] == "gain");
  CHECK(j["q"] == "7");
  CHECK(j["q"].is_string());
  CHECK(j["qt"] == "true");
  CHECK(j["null_value"].is_null());
  CHECK(j["list"] == nlohmann::json::array({1, "a", false}));
  CHECK(j["map"] == nlohmann::json{{"k", 16}});
  CHECK(j["huge"].is_number_float());
  CHECK(j["huge"].get<double>() == Approx(1.2345678901234568e29));
  CHECK(j["version"] == "1.2.3");
  CHECK(to_json(parse("")).is_null());
}

TEST_CASE("An overlay merges maps key by key, replaces scalars and lists, and removes null keys", "[yaml]") {
  YamlNode base = parse("a: 1\nnested: {x: 1, y: 2}\nlist: [1, 2, 3]\ngone: yes\nkept: k\n");
  YamlNode overlay = parse_yaml("nested: {y: 20, z: 30}\nlist: [9]\ngone: ~\na: 5\nnew: n\n", "over.yaml").root;
  YamlNode merged = merge_overlay(base, overlay);
  CHECK(keys_of(merged) == std::vector<std::string>{"a", "nested", "list", "kept", "new"});
  CHECK(merged.required<int>("a") == 5);
  CHECK(keys_of(merged.at("nested")) == std::vector<std::string>{"x", "y", "z"});
  CHECK(merged.at("nested").required<int>("x") == 1);
  CHECK(merged.at("nested").required<int>("y") == 20);
  CHECK(merged.at("list").as<std::vector<int>>() == std::vector<int>{9});
  CHECK(merged.at("a").mark() == "over.yaml:4:4");
  CHECK(merged.at("kept").mark() == "inline.yaml:5:7");
  // The inputs are unchanged.
  CHECK(base.required<int>("a") == 1);
  CHECK(base.has("gone"));
  SECTION("removing a key the base lacks is an error at the overlay") {
    YamlNode bad = parse_yaml("a: 1\nmissing: ~\n", "over.yaml").root;
    CHECK_THROWS_WITH(merge_overlay(base, bad),
                      Equals("over.yaml:2:1: cannot remove 'missing': the base data has no such key"));
  }
  SECTION("!replace takes a map as it is") {
    YamlNode replace = parse_yaml("nested: !replace {z: 3}\n", "over.yaml").root;
    CHECK(keys_of(merge_overlay(base, replace).at("nested")) == std::vector<std::string>{"z"});
  }
  SECTION("an empty overlay changes nothing") {
    YamlNode same = merge_overlay(base, parse_yaml("# nothing yet\n", "over.yaml").root);
    CHECK(keys_of(same) == std::vector<std::string>{"a", "nested", "list", "gone", "kept"});
  }
  SECTION("an overlay value of another kind replaces the base value") {
    YamlNode other = parse_yaml("list: {k: 1}\na: [1]\n", "over.yaml").root;
    YamlNode m = merge_overlay(base, other);
    CHECK(m.at("list").is_map());
    CHECK(m.at("a").is_list());
  }
}

TEST_CASE("An overlay merges lists of maps with ids item by item", "[yaml]") {
  YamlDocument base = fixture("cards.yaml");
  YamlDocument overlay = fixture("variants/rich.yaml");
  YamlNode merged = merge_overlay(base.root, overlay.root);
  CHECK(keys_of(merged) == std::vector<std::string>{"cards", "start_coins"});
  CHECK(merged.required<int>("start_coins") == 10);
  YamlNode cards = merged.at("cards");
  CHECK(ids_of(cards) == std::vector<std::string>{"mill", "market", "castle"});
  CHECK(cards.at(0).required<int>("vp") == 4);
  CHECK(cards.at(0).required<int>("cost") == 5);
  CHECK(cards.at(1).required<int>("vp") == 2);
  SECTION("an error in a value from the overlay names the overlay file's position") {
    CHECK_THROWS_WITH(cards.at(2).required<int>("vp"),
                      Equals("tests/yaml/data/variants/rich.yaml:10:9: expected an integer for 'vp', got 'many'"));
  }
  SECTION("a list without ids is replaced") {
    YamlNode m = merge_overlay(base.root, parse_yaml("cards: [a, b]\n", "over.yaml").root);
    CHECK(m.at("cards").as<std::vector<std::string>>() == std::vector<std::string>{"a", "b"});
    YamlNode emptied = merge_overlay(base.root, parse_yaml("cards: []\n", "over.yaml").root);
    CHECK(emptied.at("cards").size() == 0);
  }
  SECTION("a !replace item replaces the base item with its id") {
    YamlNode m = merge_overlay(base.root, parse_yaml("cards:\n  - !replace {id: mill, vp: 9}\n", "over.yaml").root);
    CHECK(keys_of(m.at("cards").at(1)) == std::vector<std::string>{"id", "vp"});
    CHECK(m.at("cards").at(1).required<int>("vp") == 9);
  }
  SECTION("removing an absent id is an error at the overlay") {
    CHECK_THROWS_WITH(merge_overlay(base.root, parse_yaml("cards:\n  - !remove {id: keep}\n", "over.yaml").root),
                      Equals("over.yaml:2:5: cannot remove id 'keep': the base list has no such item"));
  }
  SECTION("a !remove item holds only its id") {
    CHECK_THROWS_WITH(
        merge_overlay(base.root, parse_yaml("cards:\n  - !remove {id: farm, vp: 1}\n", "over.yaml").root),
        Equals("over.yaml:2:24: a !remove item holds only its id"));
  }
  SECTION("!remove elsewhere is an error") {
    CHECK_THROWS_WITH(merge_overlay(base.root, parse_yaml("deck: !remove {id: x}\n", "over.yaml").root),
                      Equals("over.yaml:1:7: !remove only applies to an item (with an id) of a list merged by id"));
  }
  SECTION("an id the base lacks is refused unless the item says !add") {
    CHECK_THROWS_WITH(merge_overlay(base.root, parse_yaml("cards:\n  - {id: milll, vp: 9}\n", "over.yaml").root),
                      Equals("over.yaml:2:10: no item with id 'milll' in the base list to change (did you mean "
                             "'mill'?); to add one, tag it: - !add {id: milll, ...}"));
    YamlNode added = merge_overlay(base.root, parse_yaml("cards:\n  - !add {id: milll, vp: 9}\n", "over.yaml").root);
    CHECK(ids_of(added.at("cards")) == std::vector<std::string>{"farm", "mill", "market", "milll"});
  }
  SECTION("!add of an id the base has is refused") {
    CHECK_THROWS_WITH(merge_overlay(base.root, parse_yaml("cards:\n  - !add {id: mill}\n", "over.yaml").root),
                      Catch::StartsWith("over.yaml:2:5: cannot add id 'mill': the base list has it already (line "));
  }
  SECTION("!add elsewhere is an error") {
    CHECK_THROWS_WITH(merge_overlay(base.root, parse_yaml("deck: !add {id: x}\n", "over.yaml").root),
                      Equals("over.yaml:1:7: !add only applies to an item (with an id) of a list merged by id"));
  }
  SECTION("duplicate ids in the overlay are refused") {
    CHECK_THROWS_WITH(
        merge_overlay(base.root, parse_yaml("cards:\n  - {id: mill}\n  - {id: mill}\n", "over.yaml").root),
        Equals("over.yaml:3:10: duplicate id 'mill' in a list merged by id (first at line 2)"));
  }
}

TEST_CASE("Edit distance counts edits and swaps and suggests only near names", "[yaml]") {
  CHECK(edit_distance("vpp", "vp") == 1);
  CHECK(edit_distance("cots", "cost") == 1);
  CHECK(edit_distance("", "abc") == 3);
  CHECK(edit_distance("kitten", "sitting") == 3);
  CHECK(nearest_name("colr", {"color", "size"}) == std::optional<std::string>("color"));
  CHECK(nearest_name("effcet", {"effect", "params"}) == std::optional<std::string>("effect"));
  CHECK_FALSE(nearest_name("zzz", {"color", "size"}).has_value());
}

TEST_CASE("A node's error carries its position and a default node has none", "[yaml]") {
  YamlNode doc = parse("a:\n  b: 1\n");
  CHECK(std::string(doc.at("a").at("b").error("too small").what()) == "inline.yaml:2:6: too small");
  CHECK(doc.at("a").at("b").path() == "a.b");
  YamlNode none;
  CHECK(none.is_null());
  CHECK(none.mark().empty());
  CHECK(std::string(none.error("no place").what()) == "no place");
}

TEST_CASE("optional_at_least falls back when absent and refuses values below the minimum", "[yaml]") {
  const YamlNode root = parse("seats: 0\nrounds: 5\n");
  CHECK(root.optional_at_least("rounds", 3, 1) == 5);
  CHECK(root.optional_at_least("missing", 3, 1) == 3);
  CHECK_THROWS_WITH(root.optional_at_least("seats", 2, 1), "inline.yaml:1:8: 'seats' must be at least 1");
}

TEST_CASE("A data file loads with the overlays of the variants that have one, in order", "[yaml]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(tessera::testing::kBuildDir) / "yaml_overlays";
  fs::remove_all(dir);
  fs::create_directories(dir / "variants/rich");
  fs::create_directories(dir / "variants/poor");
  std::ofstream(dir / "game.yaml") << "coins: 3\nrounds: 5\nspice: 0\n";
  std::ofstream(dir / "variants/rich/game.yaml") << "coins: 10\n";
  std::ofstream(dir / "variants/poor/game.yaml") << "spice: 1\nrounds: x\n";
  const YamlNode plain = load_with_overlays(dir, "data/g", "game.yaml", {});
  CHECK(plain.required<int>("coins") == 3);
  const YamlNode both = load_with_overlays(dir, "data/g", "game.yaml", {"rich", "quiet", "poor"});  // quiet: no overlay
  CHECK(both.required<int>("coins") == 10);
  CHECK(both.required<int>("spice") == 1);
  // A value from an overlay names the overlay's file.
  CHECK_THROWS_WITH(both.required<int>("rounds"), Catch::StartsWith("data/g/variants/poor/game.yaml:2:9:"));
  fs::remove_all(dir);
}

TEST_CASE("Two variants whose overlays write the same place of a data file are refused together, naming both",
          "[yaml][variants]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(tessera::testing::kBuildDir) / "yaml_overlay_clashes";
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "cards.yaml") << "cards:\n  - {id: mill, cost: 3, vp: 1}\n  - {id: farm, cost: 2}\n"
                                       "flow:\n  turn: {kind: seat, moves: [buy]}\nlimits: [1, 2]\n";
  auto overlay = [&](const std::string& variant, const std::string& text) {
    fs::create_directories(dir / "variants" / variant);
    std::ofstream(dir / "variants" / variant / "cards.yaml") << text;
  };
  auto load = [&](const std::string& a, const std::string& b) {
    return load_with_overlays(dir, "data/g", "cards.yaml", {a, b});
  };
  overlay("cheap", "cards:\n  - {id: mill, cost: 1}\n");
  overlay("dear", "cards:\n  - id: mill\n    cost: 5\n");
  overlay("rich", "cards:\n  - {id: mill, vp: 4}\n");
  overlay("no_mill", "cards:\n  - !remove {id: mill}\n");
  overlay("new_mill", "cards:\n  - !replace {id: mill, cost: 9}\n");
  overlay("two_moves", "flow:\n  turn: {moves: [buy, sell]}\n");
  overlay("auto_turn", "flow:\n  turn: !replace {kind: auto}\n");
  overlay("no_flow", "flow:\n");
  overlay("limits", "limits: [3]\n");
  overlay("more_limits", "limits: [4]\n");
  overlay("empty", "");

  SECTION("the same key of the same item, with both places") {
    CHECK_THROWS_WITH(load("cheap", "dear"),
                      "variants 'cheap' and 'dear' both write cards.yaml at cards[id: mill].cost: 'cheap' changes "
                      "cards[id: mill].cost (data/g/variants/cheap/cards.yaml:2:22) and 'dear' changes cards[id: mill].cost "
                      "(data/g/variants/dear/cards.yaml:3:11); they are not played together unless one declares the other "
                      "(after: [cheap] in dear's variant.yaml, or a '-- with:' line of a game's variant)");
  }
  SECTION("a change inside what the other removes or replaces, whichever comes first") {
    CHECK_THROWS_WITH(load("no_mill", "cheap"), Contains("both write cards.yaml at cards[id: mill]: 'no_mill' removes "
                                                         "cards[id: mill] (data/g/variants/no_mill/cards.yaml:2:"));
    CHECK_THROWS_WITH(load("cheap", "no_mill"), Contains("'cheap' changes cards[id: mill].cost"));
    CHECK_THROWS_WITH(load("rich", "new_mill"), Contains("'new_mill' replaces cards[id: mill]"));
    CHECK_THROWS_WITH(load("two_moves", "auto_turn"), Contains("both write cards.yaml at flow.turn: 'two_moves' changes flow.turn.moves"));
    CHECK_THROWS_WITH(load("no_flow", "two_moves"), Contains("'no_flow' removes flow ("));
    CHECK_THROWS_WITH(load("limits", "more_limits"), Contains("both write cards.yaml at limits"));
  }
  SECTION("different keys of the same item merge, as does an empty overlay") {
    const YamlNode merged = load("cheap", "rich");
    CHECK(merged.at("cards").at(std::size_t{0}).required<int>("cost") == 1);
    CHECK(merged.at("cards").at(std::size_t{0}).required<int>("vp") == 4);
    CHECK(load("empty", "dear").at("cards").at(std::size_t{0}).required<int>("cost") == 5);
    CHECK_NOTHROW(load("two_moves", "limits"));
    // The same value at the same place: the two agree, nothing is undone.
    overlay("cheap_too", "cards: [{id: mill, cost: 1}]\n");
    CHECK(load("cheap", "cheap_too").at("cards").at(std::size_t{0}).required<int>("cost") == 1);
  }
  fs::remove_all(dir);
}

TEST_CASE("Within a DataLoadMemo a data file with its overlays is read once; another variant list reads again", "[yaml]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(tessera::testing::kBuildDir) / "yaml_memo";
  fs::remove_all(dir);
  fs::create_directories(dir / "variants/rich");
  std::ofstream(dir / "game.yaml") << "coins: 3\n";
  std::ofstream(dir / "variants/rich/game.yaml") << "coins: 10\n";
  {
    const DataLoadMemo memo;
    CHECK(load_with_overlays(dir, "data/g", "game.yaml", {}).required<int>("coins") == 3);
    std::ofstream(dir / "game.yaml", std::ios::trunc) << "coins: 4\n";
    CHECK(load_with_overlays(dir, "data/g", "game.yaml", {}).required<int>("coins") == 3);  // the first reading
    CHECK(load_with_overlays(dir, "data/g", "game.yaml", {"rich"}).required<int>("coins") == 10);
    {
      const DataLoadMemo inner;  // a scope of its own reads afresh
      CHECK(load_with_overlays(dir, "data/g", "game.yaml", {}).required<int>("coins") == 4);
    }
  }
  CHECK(load_with_overlays(dir, "data/g", "game.yaml", {}).required<int>("coins") == 4);  // no memo: the file now
  fs::remove_all(dir);
}
