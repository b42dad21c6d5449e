// ctx:data(name): scripts read the game's YAML data, with the variants' overlays, and can
// change none of it.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/temp_dir.hpp"
#include "tessera/error.hpp"
#include "tessera/script_runtime.hpp"

using namespace tessera;
using nlohmann::json;

namespace {

// A game folder with data/board.yaml (and a variant overlay of it) and a script folder whose
// effect `look` runs `body` and reports what it returns.
struct DataGame {
  explicit DataGame(const std::string& body, std::vector<std::string> variants = {})
      : dir("game_data"), runtime(dir.path / "scripts", "scripts/test") {
    testing::write_file(dir.path / "data" / "board.yaml",
                        "size: 6\nports:\n  - {id: north, links: [1, 2]}\n  - {id: south, links: [3]}\n"
                        "names: {b: 2, a: 1, c: 3}\n");
    testing::write_file(dir.path / "data" / "variants" / "wide" / "board.yaml", "size: 8\n");
    testing::write_file(dir.path / "data" / "notes.txt", "not yaml\n");
    testing::write_file(dir.path / "data" / "web.yaml", "board: [size]\n");  // the host's, not offered
    testing::write_file(dir.path / "scripts" / "look.lua",
                        "effect('look', function(ctx) ctx:call('report', (function() " + body + " end)()) end)\n");
    runtime.register_query("report", [this](const Table&, const CallContext&, const NativeArgs& args) {
      reports.push_back(args[0]);
      return json();
    });
    runtime.use_data(dir.path / "data", "data/test", std::move(variants));
    runtime.run_file("look.lua");
  }
  json look() {
    CallContext ctx{0, nullptr};
    runtime.apply(runtime.prepare("look", json::object()), table, ctx);
    return reports.back();
  }
  testing::TempDir dir;
  ScriptRuntime runtime;
  Table table{2, 1};
  std::vector<json> reports;
};

}  // namespace

TEST_CASE("ctx:data reads a data file as nested tables: index, length, ipairs and ordered pairs", "[lua]") {
  CHECK(DataGame("return ctx:data('board').size").look() == 6);
  CHECK(DataGame("local p = ctx:data('board').ports; return {#p, p[1].id, p[1].links[2], #p[2].links}").look() ==
        json{2, "north", 2, 1});
  CHECK(DataGame("local out = {}; for i, p in ipairs(ctx:data('board').ports) do out[i] = p.id end; return out").look() ==
        json{"north", "south"});
  CHECK(DataGame("local out = {}; for k, v in pairs(ctx:data('board').names) do out[#out + 1] = k .. v end; return out")
            .look() == json{"a1", "b2", "c3"});
  // The same view each time: a script may compare or key by it.
  CHECK(DataGame("local d = ctx:data('board'); return d == ctx:data('board') and d.ports == ctx:data('board').ports")
            .look() == true);
}

TEST_CASE("ctx:data gives the data with the overlays of the variants in play", "[lua]") {
  CHECK(DataGame("return ctx:data('board').size", {"wide"}).look() == 8);
  CHECK(DataGame("return #ctx:data('board').ports", {"wide"}).look() == 2);
}

TEST_CASE("ctx:data refuses every write, so nothing carries over to the next call", "[lua]") {
  for (const char* write : {"ctx:data('board').size = 7", "ctx:data('board').ports[1].id = 'x'",
                            "rawset(ctx:data('board'), 'size', 7)", "setmetatable(ctx:data('board'), {})",
                            "table.insert(ctx:data('board').ports, 1)"}) {
    INFO(write);
    DataGame game(std::string(write) + "; return 0");
    CHECK_THROWS_AS(game.look(), ScriptError);
    CHECK(game.runtime.has_effect("look"));
  }
  DataGame game("return {getmetatable(ctx:data('board')), ctx:data('board').size}");
  CHECK(game.look() == json{"read-only data", 6});
}

TEST_CASE("ctx:data names the files a game has when asked for another, and reads nothing outside", "[lua]") {
  for (const char* name : {"boards", "../board", "notes", "board.yaml", "", "Board", "web", "bo\\255ard\\n"}) {
    INFO(name);
    DataGame game(std::string("return ctx:data('") + name + "')");
    CHECK_THROWS_WITH(game.look(), Catch::Contains("data/test has no data file") && Catch::Contains("(it has: board)"));
  }
  testing::TempDir dir("game_data_bare");
  testing::write_file(dir.path / "d.lua", "effect('d', function(ctx) return ctx:data('board') end)\n");
  ScriptRuntime runtime(dir.path, "scripts/test");
  runtime.run_file("d.lua");
  Table table(2, 1);
  CallContext ctx{0, nullptr};
  CHECK_THROWS_WITH(runtime.apply(runtime.prepare("d", json::object()), table, ctx),
                    Catch::Contains("this game offers its scripts no data files"));
}

TEST_CASE("ctx:data reads the files as the game loads: a broken one is an error then, a later edit changes nothing", "[lua]") {
  testing::TempDir dir("game_data_broken");
  testing::write_file(dir.path / "data" / "board.yaml", "size: [1\n");
  ScriptRuntime runtime(dir.path, "scripts/test");
  CHECK_THROWS_WITH(runtime.use_data(dir.path / "data", "data/test", {}), Catch::Contains("data/test/board.yaml:"));
  DataGame game("return ctx:data('board').size");
  testing::write_file(game.dir.path / "data" / "board.yaml", "size: 9\n");
  std::filesystem::remove_all(game.dir.path / "data");
  CHECK(game.look() == 6);
}
