// A house rule may write anything its Lua can reach into
// any component of any game — unknown ids, values at the ends of their ranges, seats that
// are not at the table, duplicated cards, a turn order without a seat — and the host never
// crashes: each move is taken or refused with a message, a refused move changes nothing, a
// state a move leaves is one a `set` would accept, and the game still answers (legal moves,
// every seat's view, the scores so far). What the schema cannot say, the game's own check
// catches before its C++ reads the state (ScriptRuntime::Scope). CI runs this under ASan.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <random>

#include "support/registry.hpp"
#include "support/scenario.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::new_game_with_scripts;
using tessera::testing::state;

namespace {

// Writes a script can make into a component of `kind` (`c` is its handle).
const std::vector<std::string>& writes_of(const std::string& kind) {
  static const std::map<std::string, std::vector<std::string>> writes = {
      {"counters",
       {"c:set('zz_unknown', 5)", "for k, v in pairs(c:entries()) do c:set(k, -2147483647) end",
        "for k, v in pairs(c:entries()) do c:set(k, 2147483647) end", "for k, v in pairs(c:entries()) do c:add(k, 1) end",
        "for k, v in pairs(c:entries()) do c:set(k, 0) end", "for k, v in pairs(c:entries()) do c:add(k, -1) end",
        "for k, v in pairs(c:entries()) do c:set(k, v * 2 + 1) end"}},
      {"deck",
       {"c:put_top(0, 'zz_unknown')", "c:put_top(0, '')", "c:put_top(99, 'x')", "c:put_bottom(0, string.rep('y', 300))",
        "local x = c:draw(0); c:put_top(0, x); c:put_top(0, x)", "for i = 1, 3 do c:draw(0) end"}},
      {"hand", {"c:add('zz_unknown')", "c:add_all({'a', 'b', 'c'})", "c:set_limit(0)", "c:add('')"}},
      {"market", {"c:place(0, 0, 'zz_unknown')", "c:place(99, 99, 'x')"}},
      {"supply", {"c:set(0, 0, 2147483647)", "c:set(0, 99, 1)", "c:set(99, 0, 1)", "c:set(0, 0, 0)"}},
      {"turn_order",
       {"c:set_current(99)", "c:set_order({})", "c:set_order({0})", "c:set_round(2147483647)", "c:set_start_player(-5)",
        "c:set_current((c:current() + 1) % 2)"}},
      {"dice_pool", {"c:set(0, 0)", "c:set(0, 99)", "c:set_tag(0, string.rep('t', 1000))", "c:set(0, 6)"}},
      {"track", {"c:place(0, 9999)", "c:place(99, 0)", "c:place(0, -1)", "c:place(0, 0, 2147483647)", "c:place(1, 3)"}},
      {"hex_map",
       {"c:set_hex(0, {terrain = 'zz', number = 99, piece = 'zz', owner = 99})", "c:set_corner(0, {owner = 99, piece = 'city'})",
        "c:set_edge(0, {owner = -7, piece = 'zz'})",
        "for i = 0, 200 do pcall(c.set_corner, c, i, {owner = 0, piece = 'settlement'}) end",
        "for i = 0, 200 do pcall(c.set_edge, c, i, {owner = 1, piece = 'road'}) end"}},
      {"square_grid", {"c:set_cell(0, 0, {type = 'zz', piece = 'zz', owner = 99})", "c:set_cell(999, 0, {})", "c:set_cell(0, 0, {owner = 1})"}},
      {"graph_board",
       {"c:add_pieces(0, 99, 'zz', 1000000)", "c:add_pieces(0, 0, 'ship', 50)", "c:set_capacity(0, 0)",
        "c:set_attribute(0, 'x', string.rep('a', 5000))", "c:add_pieces(1, 1, 'settler', 1)"}},
  };
  static const std::vector<std::string> none;
  const auto found = writes.find(kind);
  return found == writes.end() ? none : found->second;
}

// One write (each under pcall, so a refused write does not stop the others) into a random
// choice of the game's components; `seat` is the Lua expression of the seat's components.
std::string vandal_writes(const json& start, std::mt19937& rng, const std::string& seat) {
  std::string body;
  auto add = [&](const json& components, const std::string& handle_args) {
    for (const auto& [name, c] : components.items()) {
      if (!c.is_object() || !c.contains("kind") || rng() % 3 != 0) continue;
      const auto& writes = writes_of(c["kind"]);
      if (writes.empty()) continue;
      body += "  pcall(function() local c = ctx:get('" + name + "'" + handle_args + ") " + writes[rng() % writes.size()] +
              " end)\n";
    }
  };
  add(start["global"], "");
  add(start["seats"][0], ", " + seat);
  return body;
}

// An on_action hook that writes on even seats.
std::string vandal_script(const json& start, std::mt19937& rng) {
  return "hook('on_action', function(ctx, arg)\n if ctx.seat % 2 == 0 then\n" + vandal_writes(start, rng, "ctx.seat") +
         " end\nend)\n";
}

}  // namespace

TEST_CASE("House rules that write anything anywhere never crash a game: moves are taken or refused, refusals change nothing", "[hardening][lua]") {
  for (const std::string game_id : {"tutorial", "sardinia", "age_of_discovery", "santa_maria", "madeira", "catan_inca"}) {
    const json start = state(*tessera::testing::new_game(game_id, 3, 1));
    for (int round = 0; round < 24; ++round) {
      std::mt19937 rng(static_cast<unsigned>(round));
      const std::string script = vandal_script(start, rng);
      INFO(game_id << ", round " << round << ":\n" << script);
      auto game = new_game_with_scripts(game_id, 3, static_cast<std::uint64_t>(round) + 1, {{"vandal", script}});
      int refused = 0;
      for (int i = 0; i < 80 && !game->is_over() && refused < 6; ++i) {
        std::vector<Move> moves;
        game->legal_moves(moves);
        REQUIRE_FALSE(moves.empty());
        const json before = state(*game);
        const ApplyResult r = game->apply(moves[rng() % moves.size()]);
        if (!r.ok) {
          ++refused;
          CHECK_FALSE(r.error.empty());
          CHECK(state(*game) == before);
        } else {
          // What a move leaves, a `set` of the whole state must accept: the same checks.
          CHECK_NOTHROW(game->set_state(state(*game)));
        }
        for (int seat = -1; seat < 3; ++seat) CHECK_FALSE(game->render(seat).empty());
        CHECK(game->score_so_far().size() == 3);
      }
    }
  }
}

TEST_CASE("A house rule's on_setup writes are checked before the set-up's C++ reads them", "[hardening][lua]") {
  for (const std::string game_id : {"tutorial", "sardinia", "age_of_discovery", "santa_maria", "madeira", "catan_inca"}) {
    const json start = state(*tessera::testing::new_game(game_id, 3, 1));
    int refused = 0;
    for (int round = 0; round < 12; ++round) {
      std::mt19937 rng(static_cast<unsigned>(round));
      const std::string script = "hook('on_setup', function(ctx)\n" + vandal_writes(start, rng, "0") + "end)\n";
      INFO(game_id << ", round " << round << ":\n" << script);
      std::unique_ptr<Game> game;
      try {
        game = new_game_with_scripts(game_id, 3, static_cast<std::uint64_t>(round) + 1, {{"vandal", script}});
      } catch (const std::exception& e) {
        // Refused at the hook that wrote, with its file and line, not later by the game; or,
        // for a conservation or a derived value the set-up left broken, at the line of the write.
        CHECK_THAT(e.what(), (Catch::Contains("hook on_setup (defined at") && Catch::Contains("vandal.lua:1)")) ||
                                 Catch::StartsWith("scripts/" + game_id + "/variants/vandal.lua:"));
        ++refused;
        continue;
      }
      CHECK_NOTHROW(game->set_state(state(*game)));
      std::vector<Move> moves;
      game->legal_moves(moves);
      CHECK_FALSE(moves.empty());
    }
    CHECK(refused > 0);
  }
}

// A game's own check may loop over a counters component; a house rule that declares keys
// of its own there (a schema overlay, as sdk/docs/flow.md says) must still be able to play,
// unless the component is keyed by ids, where the overlay is refused when the game loads.
TEST_CASE("A house rule's own counter keys, declared in a schema overlay, are accepted in every counters component of plain keys", "[hardening][lua]") {
  int played = 0, refused = 0;
  for (const std::string game_id : {"tutorial", "sardinia", "age_of_discovery", "santa_maria", "madeira", "catan_inca"}) {
    const json start = state(*tessera::testing::new_game(game_id, 3, 1));
    for (const auto& [where, handle_args] : {std::pair{"global", ""}, std::pair{"seats", ", ctx.seat"}}) {
      const json& components = where == std::string("global") ? start["global"] : start["seats"][0];
      for (const auto& [name, c] : components.items()) {
        if (!c.is_object() || c.value("kind", "") != "counters" || name == "flow") continue;
        const std::string block = where == std::string("global") ? "components" : "per_seat";
        const std::string overlay = block + ":\n  " + name + ":\n    keys: {house_*: [0, 9]}\n";
        const std::string script = "hook('on_action', function(ctx, arg)\n  ctx:get('" + name + "'" + handle_args +
                                   "):set('house_' .. ctx.seat, 9)\nend)\n";
        INFO(game_id << " " << block << "." << name);
        std::unique_ptr<Game> game;
        try {
          game = new_game_with_scripts(game_id, 3, 7, {{"house", script}}, {{"variants/house/schema.yaml", overlay}});
        } catch (const DataError& e) {
          CHECK_THAT(e.what(), Catch::Contains("variants/house/schema.yaml:3:") && Catch::Contains("is keyed by ids"));
          ++refused;
          continue;
        }
        ++played;
        for (int i = 0; i < 8 && !game->is_over(); ++i) {
          std::vector<Move> moves;
          game->legal_moves(moves);
          const ApplyResult r = game->apply(moves.front());
          INFO(r.error);
          REQUIRE(r.ok);
          CHECK_NOTHROW(game->set_state(state(*game)));
        }
      }
    }
  }
  CHECK(played > 10);
  CHECK(refused == 6);  // Age of Discovery's tally, placed and reservations, Santa Maria's port, Sardinia's tokens and harvested
}
