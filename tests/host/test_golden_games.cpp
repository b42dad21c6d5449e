// Every game, at every player count, replays a committed seeded random game move for move:
// each move is legal where it was played, chosen from as many legal moves as then, and the
// game ends with the same scores and winners. A change of rules, flow or RNG use shows up
// here; a change of how the state is written or drawn does not, so a redesign of the engine
// is checked against the same games played before it.
//
// After an intended rule change, write the records again (and read the diff):
//   TESSERA_WRITE_GOLDEN=1 build/bin/tessera_tests "Every game replays its golden games*"
#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "support/build_paths.hpp"
#include "support/registry.hpp"
#include "tessera/rng.hpp"

namespace {

// Two seeds: a random game can be short (a Santa Maria seat that retreats at once).
constexpr std::uint64_t kSeeds[] = {7, 8};

std::string record_path(const std::string& game, int players, std::uint64_t seed) {
  return std::string(tessera::testing::kSourceDir) + "/tests/golden/games/" + game + "-" + std::to_string(players) +
         "p-seed" + std::to_string(seed) + ".txt";
}

std::string outcome_line(const tessera::Game& game) {
  const tessera::Outcome o = game.outcome();
  std::string line = "outcome: scores";
  for (int s : o.scores) line += " " + std::to_string(s);
  line += "; winners";
  for (int w : o.winners) line += " " + std::to_string(w);
  return line;
}

// A seeded uniform-random game, one line a move: the number of legal moves, a tab, the move.
std::string play_record(const std::string& id, int players, std::uint64_t seed) {
  auto game = tessera::testing::new_game(id, players, seed);
  tessera::Rng rng(seed);
  std::ostringstream out;
  out << "# " << id << ", " << players << " players, seed " << seed
      << ": a seeded random game (tests/host/test_golden_games.cpp)\n";
  while (!game->is_over()) {
    const auto actions = game->legal_actions();
    REQUIRE_FALSE(actions.empty());
    const std::string text = actions[rng.below(actions.size())].text;
    out << actions.size() << '\t' << text << '\n';
    REQUIRE(game->apply(text).ok);
  }
  out << outcome_line(*game) << '\n';
  return out.str();
}

void replay_record(const std::string& id, int players, std::uint64_t seed, std::istream& in) {
  auto game = tessera::testing::new_game(id, players, seed);
  std::string line;
  std::getline(in, line);  // the heading
  int number = 1;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("outcome:", 0) == 0) {
      REQUIRE(game->is_over());
      CHECK(outcome_line(*game) == line);
      return;
    }
    INFO("line " << number << ": " << line);
    const auto tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    REQUIRE_FALSE(game->is_over());
    CHECK(game->legal_actions().size() == std::stoul(line.substr(0, tab)));
    const tessera::ApplyResult result = game->apply(line.substr(tab + 1));
    REQUIRE(result.ok);
  }
  FAIL("the record has no outcome line");
}

}  // namespace

TEST_CASE("Every game replays its golden games at every player count", "[golden]") {
  const bool write = std::getenv("TESSERA_WRITE_GOLDEN") != nullptr;
  for (const tessera::PluginEntry* entry : tessera::testing::game_registry().games()) {
    const std::string& id = entry->manifest.id;
    for (int players = entry->manifest.min_players; players <= entry->manifest.max_players; ++players)
      for (std::uint64_t seed : kSeeds) {
        DYNAMIC_SECTION(id << " with " << players << " players, seed " << seed) {
          const std::string path = record_path(id, players, seed);
          if (write) {
            std::ofstream(path) << play_record(id, players, seed);
            continue;
          }
          std::ifstream in(path);
          INFO(path);
          REQUIRE(in);
          replay_record(id, players, seed, in);
        }
      }
  }
}
