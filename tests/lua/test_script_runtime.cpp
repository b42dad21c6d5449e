#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "lua_harness.hpp"
#include "tessera/error.hpp"

using namespace tessera;
using lua_test::Harness;
using nlohmann::json;

TEST_CASE("An effect changes counters through ctx with its params", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  CHECK(h.runtime.has_effect("gain"));
  CHECK_FALSE(h.runtime.has_effect("lose"));
  h.apply("gain", {{"amount", 3}}, /*seat=*/1);
  h.apply("gain", {{"amount", 4}}, /*seat=*/1);
  CHECK(h.coins(1) == 7);
  CHECK(h.coins(0) == 0);
}

TEST_CASE("Counters methods get, set, add and entries work from Lua", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.apply("counters_api");
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == json{{"after", 5}, {"round", 5}, {"unset", 0}, {"all", {{"round", 5}}}});
  CHECK(h.table.get<Counters>("flow").get("round") == 5);
}

TEST_CASE("A counters change that would overflow an int is refused", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.table.get<Counters>("flow").set("round", 1);
  CHECK_THROWS_WITH(h.apply("overflow"), Catch::StartsWith("scripts/test/effects.lua:93: counters 'flow': round + 2147483647 overflows"));
  CHECK(h.table.get<Counters>("flow").get("round") == 1);
}

TEST_CASE("effect_names lists every effect sorted", "[lua]") {
  Harness h;
  h.runtime.run_file("limits.lua");
  CHECK(h.runtime.effect_names() == std::vector<std::string>{"bomb_concat", "bomb_rep", "bomb_table", "bomb_under_pcall",
                                                             "pattern_bomb", "pattern_bomb_method",
                                                             "patterns_in_reason", "small", "spin",
                                                             "spin_under_pcall"});
}

TEST_CASE("An effect with options offers choices and applies the chosen one", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.table.get<Counters>("bank", 1).set("coins", 5);
  const EffectId steal = h.runtime.prepare("steal", {{"amount", 3}});
  const EffectId gain = h.runtime.prepare("gain", {{"amount", 1}});
  CHECK(h.runtime.has_options(steal));
  CHECK_FALSE(h.runtime.has_options(gain));

  CallContext ctx{0, &h.events};
  const auto choices = h.runtime.options(steal, h.table, ctx);
  REQUIRE(choices.size() == 1);
  CHECK(choices[0].id == "1");
  CHECK(choices[0].label == "Steal from seat 1");

  h.runtime.apply(steal, h.table, ctx, choices[0].id);
  CHECK(h.coins(0) == 3);
  CHECK(h.coins(1) == 2);
  REQUIRE(h.events.size() == 1);
  CHECK(h.events[0].text == "seat 0 steals 3 from seat 1");
  CHECK(h.events[0].audience == kSpectator);

  CHECK_THROWS_WITH(h.runtime.options(gain, h.table, ctx),
                    "effect 'gain' (defined at scripts/test/effects.lua:4) has no options function");
}

TEST_CASE("Plain string options have an id equal to their label", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  const auto choices = h.options("plain_choices");
  REQUIRE(choices.size() == 2);
  CHECK(choices[0].id == "left");
  CHECK(choices[0].label == "left");
  CHECK(choices[1].id == "right");
  h.apply("plain_choices", json::object(), 0, "right");
  CHECK(h.reports == std::vector<json>{"right"});
}

TEST_CASE("Options of the wrong shape are refused with clear messages", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  const std::string at = "scripts/test/effects.lua:33: options() of effect 'shaped_choices'";
  auto shaped = [&](json result) { return h.options("shaped_choices", {{"result", result}}); };
  CHECK_THROWS_WITH(shaped(5), Catch::StartsWith(at + " must return an array of choices, got a number"));
  CHECK_THROWS_WITH(shaped(json::array({true})),
                    Catch::StartsWith(at + ": choice 1 must be a string or a table {id = ..., label = ...}, got a boolean"));
  CHECK_THROWS_WITH(shaped(json::array({"a", {{"label", "B"}}})),
                    Catch::StartsWith(at + ": choice 2 needs an id (a string or an integer), got a nil"));
  CHECK_THROWS_WITH(shaped(json::array({{{"id", "a"}, {"label", 3}}})),
                    Catch::StartsWith(at + ": the label of choice 1 must be a string, got a number"));
  CHECK_THROWS_WITH(shaped(json::array({"two words"})),
                    Catch::StartsWith(at + ": id 'two words' of choice 1 must be non-empty and without spaces"));
  CHECK_THROWS_WITH(shaped(json::array({"a", "a"})), Catch::StartsWith(at + ": id 'a' is offered twice"));
  CHECK_THROWS_WITH(shaped(json::array({"a", "b", "c", "d", "e", "f", "g", "h", "i", "e"})),
                    Catch::StartsWith(at + ": id 'e' is offered twice"));
  json many = json::array();
  for (int i = 0; i < 1'001; ++i) many.push_back("c" + std::to_string(i));
  CHECK_THROWS_WITH(shaped(many), Catch::StartsWith(at + " offers 1001 choices, more than 1000"));
  CHECK_THROWS_WITH(shaped(json::array({std::string(257, 'x')})),
                    Catch::StartsWith(at + ": choice 1 has an id over 256 bytes or a label over 4096 bytes"));
  CHECK_THROWS_WITH(shaped(json::array({{{"id", "a"}, {"label", std::string(4'097, 'y')}}})),
                    Catch::StartsWith(at + ": choice 1 has an id over 256 bytes"));
  CHECK_THROWS_AS(shaped(5), ScriptError);
  const auto ok = shaped(json::array({{{"id", 7}}, "x"}));
  REQUIRE(ok.size() == 2);
  CHECK(ok[0].id == "7");
  CHECK(ok[0].label == "7");
  CHECK(shaped(json::array()).empty());
}

TEST_CASE("options() gets a read-only ctx", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  CHECK_THROWS_WITH(h.options("set_in_options"),
                    Catch::StartsWith("scripts/test/effects.lua:39: options() may not change the state"));
  CHECK_THROWS_WITH(h.options("roll_in_options"),
                    Catch::StartsWith("scripts/test/effects.lua:44: options() may not change the state"));
  CHECK(h.table.get<Counters>("flow").get("round") == 0);
  CHECK(h.table.rng() == Rng(42));
}

TEST_CASE("A component handle kept past its call raises a clear error", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.apply("keep_handle");
  CHECK_THROWS_WITH(h.apply("use_kept_handle"),
                    Catch::StartsWith("scripts/test/effects.lua:49: component handle used outside its call"));
  // Also in a copy of the table: the handle names nothing there either.
  Table copy = h.table;
  CallContext ctx{0, nullptr};
  CHECK_THROWS_AS(h.runtime.apply(h.runtime.prepare("use_kept_handle", json::object()), copy, ctx), ScriptError);
}

TEST_CASE("ctx:roll and ctx:shuffle follow the table's seed", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  Rng expected(42);
  h.apply("rolls", {{"n", 5}, {"faces", 6}});
  json rolls = json::array();
  for (int i = 0; i < 5; ++i) rolls.push_back(expected.between(1, 6));
  REQUIRE(h.reports.size() == 1);
  CHECK(h.reports[0] == rolls);

  h.apply("shuffle", {{"n", 9}});
  std::vector<int> items = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  expected.shuffle(items);
  REQUIRE(h.reports.size() == 2);
  CHECK(h.reports[1] == json(items));
  CHECK(h.table.rng() == expected);

  Harness again;
  again.runtime.run_file("effects.lua");
  again.apply("rolls", {{"n", 5}, {"faces", 6}});
  again.apply("shuffle", {{"n", 9}});
  CHECK(again.reports == h.reports);
}

TEST_CASE("ctx gives the seat, the player count and a log", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.apply("ctx_fields", json::object(), /*seat=*/1);
  CHECK(h.reports == std::vector<json>{{{"seat", 1}, {"players", 2}, {"text", "ctx"}}});
  REQUIRE(h.events.size() == 2);
  CHECK(h.events[0].text == "for everyone");
  CHECK(h.events[0].audience == kSpectator);
  CHECK(h.events[1].text == "for seat 1");
  CHECK(h.events[1].audience == 1);
  CHECK_THROWS_WITH(h.apply("set_ctx_field"), Catch::StartsWith("scripts/test/effects.lua:109: ctx has no fields to set"));
  CHECK_THROWS_WITH(h.apply("dot_call"),
                    Catch::StartsWith("scripts/test/effects.lua:110: bad argument #1 to 'get' (ctx (call methods as ctx:name(...)) expected, got string)"));
}

TEST_CASE("Handles know their component and check its kind", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.apply("handle_info");
  CHECK(h.reports[0] == json{"bank", "counters", 1, "pile", "test_pile", -1, "counters 'bank' of seat 1",
                             "test_pile 'pile'", true, false, true});
  CHECK_THROWS_WITH(h.apply("counters_method_on_pile"),
                    Catch::StartsWith("scripts/test/effects.lua:88: component 'pile' is a test_pile, not a counters"));
  CHECK_THROWS_WITH(h.apply("missing_component"),
                    Catch::StartsWith("scripts/test/effects.lua:91: seat 1 has no component named 'nothing'"));
  CHECK_THROWS_WITH(h.apply("bad_seat"),
                    Catch::StartsWith("scripts/test/effects.lua:92: seat 7 is not a seat of this table (2 players)"));
}

TEST_CASE("A script error carries file, line and a traceback naming the effect", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  try {
    h.apply("fail_deep");
    FAIL("no error");
  } catch (const ScriptError& e) {
    const std::string message = e.what();
    CHECK(message ==
          "scripts/test/lib/util.lua:5: boom\n"
          "stack traceback:\n"
          "\t[C]: in function 'error'\n"
          "\tscripts/test/lib/util.lua:5: in field 'fail'\n"
          "\tscripts/test/effects.lua:64: in function <scripts/test/effects.lua:63>\n"
          "\t[host]: apply of effect 'fail_deep' (defined at scripts/test/effects.lua:63)");
  }
  CHECK_THROWS_WITH(h.apply("error_table"),
                    Catch::StartsWith("scripts/test/effects.lua:112: (error object is a table value)"));
}

TEST_CASE("prepare refuses an unknown effect and reuses ids for equal params", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  CHECK_THROWS_WITH(h.runtime.prepare("gian", json::object()),
                    "no script in scripts/test defines effect 'gian' (did you mean 'gain'?)");
  const EffectId a = h.runtime.prepare("gain", {{"amount", 1}});
  CHECK(h.runtime.prepare("gain", {{"amount", 1}}) == a);
  CHECK(h.runtime.prepare("gain", {{"amount", 2}}) != a);
  CallContext ctx{0, nullptr};
  CHECK_THROWS_WITH(h.runtime.apply(99, h.table, ctx), "effect id 99 was not made by prepare() of this runtime");
}

TEST_CASE("effect() and hook() are refused during a call", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  CHECK_THROWS_WITH(h.apply("define_late"),
                    Catch::StartsWith("scripts/test/effects.lua:114: effect() may only be called while a script loads"));
  CHECK_FALSE(h.runtime.has_effect("late"));
}

TEST_CASE("An effect table with an unknown field is refused", "[lua]") {
  Harness h;
  CHECK_THROWS_WITH(h.runtime.run_file("bad/effect_fields.lua"),
                    Catch::StartsWith("scripts/test/bad/effect_fields.lua:1: effect 'typo': unknown field aply"));
}

TEST_CASE("An unknown hook name is refused with the script line and the known hooks", "[lua]") {
  Harness h;
  CHECK_THROWS_WITH(h.runtime.run_file("bad/unknown_hook.lua"),
                    Catch::StartsWith("scripts/test/bad/unknown_hook.lua:2: unknown hook 'on_turn_start' (known hooks: "
                                      "on_setup, on_round_start, on_action, on_round_end, final_scoring, legal_filter)"));
  CallContext ctx{0, nullptr};
  CHECK_THROWS_WITH(h.runtime.run_hook("on_turn_start", h.table, ctx, json::object()),
                    Catch::StartsWith("unknown hook 'on_turn_start' (known hooks: on_setup,"));
}

TEST_CASE("A script that does not compile names its file and line", "[lua]") {
  Harness h;
  CHECK_THROWS_WITH(h.runtime.run_file("bad/syntax.lua"),
                    Catch::StartsWith("scripts/test/bad/syntax.lua:3: ')' expected near 'return'"));
  CHECK_THROWS_WITH(h.runtime.run_file("nothing.lua"), "scripts/test/nothing.lua: cannot open the script file");
  CHECK_THROWS_WITH(h.runtime.run_file("../escape.lua"),
                    "run_file('../escape.lua'): expected a path inside the script folder");
}

TEST_CASE("Hooks run in registration order on the same table", "[lua]") {
  Harness h;
  h.runtime.run_file("hooks.lua");
  CHECK(h.runtime.has_hook("on_round_end"));
  CHECK_FALSE(h.runtime.has_hook("on_setup"));
  CHECK_FALSE(h.runtime.has_hook("on_turn_start"));
  CallContext ctx{0, nullptr};
  h.runtime.run_hook("on_round_end", h.table, ctx, {{"round", 2}});
  CHECK(h.reports == std::vector<json>{"first 2", "second 2 ends=1"});
  h.runtime.run_hook("on_setup", h.table, ctx, nullptr);  // nothing registered: nothing runs
  CHECK(h.reports.size() == 2);
}

TEST_CASE("legal_filter drops an action any filter refuses", "[lua]") {
  Harness h;
  h.runtime.run_file("hooks.lua");
  CallContext ctx{0, nullptr};
  CHECK(h.runtime.keeps(h.table, ctx, Action{"buy 3", "Buy", {}}));
  CHECK_FALSE(h.runtime.keeps(h.table, ctx, Action{"pass", "Pass", {}}));
  CHECK_FALSE(h.runtime.keeps(h.table, ctx, Action{"move 1", "Forbidden move", {}}));

  Harness bad;
  bad.runtime.run_file("bad/filter_returns_number.lua");
  CHECK_THROWS_WITH(bad.runtime.keeps(bad.table, ctx, Action{"pass", "Pass", {}}),
                    Catch::StartsWith("scripts/test/bad/filter_returns_number.lua:2: legal_filter must return true, "
                                      "false or nothing, got a number"));
}

TEST_CASE("Native functions are reachable through ctx:call", "[lua]") {
  Harness h;
  h.runtime.register_function("sum", [](Table& table, const CallContext& ctx, const NativeArgs& args) {
    table.get<Counters>("flow").add("calls", 1);
    int total = ctx.seat * 100;
    for (int i = 0; i < args.size(); ++i) {
      const json a = args[i];
      total += a.is_array() ? a[0].get<int>() + a[1].get<int>() : a.get<int>();
    }
    return json(total);
  });
  h.runtime.register_function("refuse", [](Table&, const CallContext&, const NativeArgs& args) -> json {
    throw RuleError("not enough " + std::string(args.string(0, "what")));
  });
  h.runtime.run_file("effects.lua");
  h.apply("native_sum", json::object(), /*seat=*/1);
  CHECK(h.reports == std::vector<json>{110});
  CHECK(h.table.get<Counters>("flow").get("calls") == 1);
  CHECK_THROWS_WITH(h.apply("native_missing"),
                    Catch::StartsWith("scripts/test/effects.lua:98: ctx:call: no native function named 'nope' "
                                      "(registered: refuse, report, sum)"));
  CHECK_THROWS_WITH(h.apply("native_throws"),
                    Catch::StartsWith("scripts/test/effects.lua:100: ctx:call('refuse'): not enough coins"));
}

TEST_CASE("A native reads integers, strings and count tables straight from Lua, refusing other types", "[lua]") {
  Harness h;
  h.runtime.register_query("typed", [](const Table&, const CallContext&, const NativeArgs& args) {
    long long total = args.integer(0, "the number") * 1000 + static_cast<long long>(args.string(1, "the name").size());
    args.for_each_count(2, "the counts", [&total](std::string_view name, long long n) { total += name == "b" ? n * 10 : n; });
    return json(total);
  });
  h.runtime.run_file("effects.lua");
  h.apply("native_typed");
  CHECK(h.reports == std::vector<json>{3000 + 4 + 1 + 200});
  CHECK_THROWS_WITH(h.apply("native_typed_not_integer"),
                    Catch::Contains("ctx:call('typed'): the number must be an integer, not a number"));
  CHECK_THROWS_WITH(h.apply("native_typed_not_string"),
                    Catch::Contains("ctx:call('typed'): the name must be a string, not a number"));
  CHECK_THROWS_WITH(h.apply("native_typed_bad_table"),
                    Catch::Contains("ctx:call('typed'): the counts must be a table {name = integer}"));
  CHECK_THROWS_WITH(h.apply("native_typed_missing"), Catch::Contains("ctx:call('typed'): the name is missing (argument 2)"));
  // An argument a native reads as JSON becomes a host copy, outside the Lua memory cap: bounded.
  CHECK_THROWS_WITH(h.apply("native_huge_json"), Catch::Contains("a value passed to the host holds more than 100000 values"));
  CHECK(h.reports.size() == 1);
}

TEST_CASE("A mutating native is refused in read-only calls, a query is allowed", "[lua]") {
  Harness h;
  h.runtime.register_function("touch", [](Table&, const CallContext&, const NativeArgs&) { return json(); });
  h.runtime.run_file("effects.lua");
  CHECK_THROWS_WITH(h.options("touch_in_options"),
                    Catch::StartsWith("scripts/test/effects.lua:117: options() may not change the state "
                                      "(ctx:call('touch') may; a plugin offers read-only natives with register_query)"));
  CHECK_THROWS_WITH(h.options("log_in_options"),
                    Catch::StartsWith("scripts/test/effects.lua:121: options() may not change the state"));
  h.table.get<Counters>("flow").set("round", 4);
  CHECK(h.options("query_in_options").size() == 1);
  CHECK(h.reports == std::vector<json>{4});
  CHECK(h.events.empty());
}

TEST_CASE("A variant overrides an effect, also for ids prepared before", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  const EffectId gain = h.runtime.prepare("gain", {{"amount", 3}});
  const std::size_t effects = h.runtime.effect_names().size();
  CallContext ctx{0, nullptr};
  h.runtime.apply(gain, h.table, ctx);
  CHECK(h.coins(0) == 3);
  h.runtime.run_variant("double_gain");
  h.runtime.apply(gain, h.table, ctx);
  CHECK(h.coins(0) == 9);
  CHECK(h.runtime.effect_names().size() == effects);
}

TEST_CASE("list_variants names the variant files sorted; run_variant refuses others", "[lua]") {
  CHECK(ScriptRuntime::list_variants(lua_test::script_dir()) == std::vector<std::string>{"double_gain", "memory", "no_pass"});
  CHECK(ScriptRuntime::list_variants(lua_test::script_dir() / "lib").empty());
  Harness h;
  CHECK_THROWS_WITH(h.runtime.run_variant("no_such"),
                    "unknown variant 'no_such' (variants in scripts/test/variants: double_gain, memory, no_pass)");
  CHECK_THROWS_AS(h.runtime.run_variant("../effects"), ScriptError);
  h.runtime.run_variant("no_pass");
  CallContext ctx{0, nullptr};
  CHECK_FALSE(h.runtime.keeps(h.table, ctx, Action{"pass", "Pass", {}}));
}

TEST_CASE("A native function may run another effect; the outer call's handles stay valid", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  const EffectId bump = h.runtime.prepare("bump_round", json::object());
  h.runtime.register_function("nested", [&](Table& table, const CallContext& ctx, const NativeArgs&) {
    h.runtime.apply(bump, table, ctx);
    return json();
  });
  h.apply("outer");
  CHECK(h.reports == std::vector<json>{1});
  CHECK(h.table.get<Counters>("flow").get("outer") == 2);
  CHECK(h.table.get<Counters>("flow").get("round") == 1);
}

TEST_CASE("A ctx kept past its call cannot be used while a script loads", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  h.apply("keep_ctx");
  CHECK_THROWS_WITH(h.runtime.run_file("bad/use_ctx_at_load.lua"),
                    Catch::StartsWith("scripts/test/bad/use_ctx_at_load.lua:2: ctx:get used outside an effect or hook call"));
}

TEST_CASE("An effect's label function labels its choices only when asked", "[lua]") {
  Harness h;
  h.runtime.run_file("effects.lua");
  const EffectId lazy = h.runtime.prepare("lazy_labels", {{"steps", 2}});
  CallContext ctx{0, &h.events};
  const auto choices = h.runtime.options(lazy, h.table, ctx);
  REQUIRE(choices.size() == 3);
  CHECK(choices[0].label.empty());  // not made by options()
  CHECK(h.runtime.choice_label(lazy, h.table, ctx, choices[0]) == "go north (2 steps)");
  CHECK(h.runtime.choice_label(lazy, h.table, ctx, choices[1]) == "go south");
  CHECK_THROWS_WITH(h.runtime.choice_label(lazy, h.table, ctx, choices[2]),
                    Catch::Contains("label() of effect 'lazy_labels' must return a string for choice 'east', got a number"));
}
