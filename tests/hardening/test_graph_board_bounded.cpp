// A graph board's spaces hold a bounded number of attributes and piece stacks, with bounded
// texts, whoever writes them: the component (GraphBoard::kMaxAttributes, kMaxStacks,
// kMaxTextBytes), a loaded or edited state (the error names the JSON path) and a script
// (the error names its line; the move is refused and the state stays).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/registry.hpp"
#include "support/scenario.hpp"
#include "tessera/error.hpp"
#include "tessera/graph_board.hpp"

using namespace tessera;
using nlohmann::json;
using tessera::testing::state;

TEST_CASE("A graph board space holds at most kMaxAttributes attributes and kMaxStacks stacks", "[hardening][core]") {
  GraphBoard board("b");
  const int a = board.add_space("a");
  const int b = board.add_space("b");
  for (int i = 0; i < GraphBoard::kMaxAttributes; ++i) board.set_attribute(a, "k" + std::to_string(i), i);
  CHECK_THROWS_WITH(board.set_attribute(a, "one_more", 1), Catch::Contains("the most a space may have"));
  board.set_attribute(a, "k0", std::string("changed"));  // a key it has may change
  board.set_attribute(b, "other", 1);                     // other spaces have room of their own
  CHECK_THROWS_WITH(board.set_attribute(b, std::string(300, 'k'), 1), Catch::Contains("at most 256 bytes"));
  CHECK_THROWS_WITH(board.set_attribute(b, "name", std::string(300, 't')), Catch::Contains("at most 256 bytes"));
  for (int i = 0; i < GraphBoard::kMaxStacks; ++i) board.add_pieces(a, kNobody, "kind" + std::to_string(i));
  CHECK_THROWS_WITH(board.add_pieces(a, 0, "kind0"), Catch::Contains("stacks of pieces"));
  board.add_pieces(a, kNobody, "kind0", 2);  // a stack it has may grow
  CHECK_THROWS_WITH(board.add_pieces(b, 0, std::string(300, 'p')), Catch::Contains("at most 256 bytes"));
}

TEST_CASE("A state with too many attributes on a board space is refused naming the JSON path", "[hardening][core]") {
  auto g = tessera::testing::new_game("sardinia", 2, 1);
  const json before = state(*g);
  json edited = before;
  json& attributes = edited["global"]["board"]["spaces"][0]["attributes"];
  for (int i = 0; i < GraphBoard::kMaxAttributes; ++i) attributes["extra" + std::to_string(i)] = i;
  CHECK_THROWS_WITH(g->set_state(edited), Catch::Contains("spaces[0].attributes.") &&
                                              Catch::Contains("the most a space may have"));
  CHECK(state(*g) == before);
  edited = before;
  edited["global"]["board"]["spaces"][0]["attributes"]["name"] = std::string(1000, 'n');
  CHECK_THROWS_WITH(g->set_state(edited), Catch::Contains("at most 256 bytes"));
  CHECK(state(*g) == before);
}

TEST_CASE("A script adding attributes or stacks past the bound refuses the move at its line", "[hardening][lua]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"board_attributes", "for i = 1, 1000 do ctx:get('board'):set_attribute(0, 'k' .. i, i) end"},
      {"board_stacks", "for i = 1, 1000 do ctx:get('board'):add_pieces(0, -1, 'p' .. i) end"},
  };
  for (const auto& [name, body] : cases) {
    INFO(name);
    auto game = tessera::testing::new_game_with_scripts(
        "sardinia", 2, 1, {{name, "hook('on_action', function(ctx, arg)\n" + body + "\nend)\n"}});
    std::vector<Move> moves;
    game->legal_moves(moves);
    const json before = state(*game);
    const ApplyResult r = game->apply(moves.front());
    CHECK_FALSE(r.ok);
    CHECK_THAT(r.error, Catch::Matchers::StartsWith("scripts/sardinia/variants/" + name + ".lua:2: "));
    CHECK(state(*game) == before);
  }
}
