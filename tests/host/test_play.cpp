// `tessera play` driven by scripted input: commands, undo, did-you-mean, refusals, --load,
// bots that fail, colours, and the games' legends.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "play_input.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "terminal_paint.hpp"
#include "tessera/error.hpp"

using namespace tessera::host;
using tessera::testing::game_registry;
using tessera::testing::TempDir;

namespace {

// Plays with `seats` on seed 5 of the tutorial (2 players), reading `input`.
std::string play(const std::string& input, std::vector<std::string> seats = {"human", "random"},
                 const std::string& load = "") {
  PlayOptions options;
  if (load.empty()) options.choice = {"tutorial", 2, 5, {}};
  options.load_path = load;
  options.seats = std::move(seats);
  std::istringstream in(input);
  std::ostringstream out;
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  return out.str();
}

nlohmann::json read_json(const std::filesystem::path& file) { return nlohmann::json::parse(std::ifstream(file)); }

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("help lists the commands, how to enter moves and the legend of the moves", "[play]") {
  const std::string out = play("help\nquit\n");
  CHECK(out.find("Enter a move by its number in the list or by the text in [brackets]") != std::string::npos);
  for (const char* command : {"undo", "board, redraw", "moves, list", "save FILE", "quit, q", "legend, key, map"})
    CHECK(out.find(command) != std::string::npos);
  // The legend comes from the game's flow.yaml: the words of the move on offer and its doc.
  CHECK(out.find("roll: roll the lantern dice that are in the pool") != std::string::npos);
  CHECK(out.find("game stopped") != std::string::npos);
}

TEST_CASE("Moves are taken by number or by text in any case and spacing", "[play]") {
  const std::string out = play("  ROLL \nWork   0\nquit\n");
  CHECK(out.find("Seat 0 (you): Roll the lantern dice") != std::string::npos);
  CHECK(out.find("Seat 0 (you): Work with die 0") != std::string::npos);
  // What each move produced follows it.
  CHECK(out.find("    seat 0 rolls ") != std::string::npos);
  CHECK(out.find("    seat 0 works for ") != std::string::npos);
}

TEST_CASE("A refused input gives the reason, the move list again and the nearest moves", "[play]") {
  const std::string out = play("rol\n9\nwork 0\nhlep\nquit\n");
  CHECK(out.find("refused: 'rol' is neither a move of this game nor a command") != std::string::npos);
  CHECK(out.find("refused: 'work 0' is not a legal action now") != std::string::npos);
  CHECK(out.find("did you mean 'roll'?") != std::string::npos);
  CHECK(out.find("no move 9: choose 1-1") != std::string::npos);
  CHECK(out.find("did you mean 'help'?") != std::string::npos);
  // Shown first, then again after each of the three refusals.
  CHECK(count(out, "1. Roll the lantern dice   [roll]") == 4);

  SECTION("a line too long to be a move is refused unread, and play goes on") {
    const std::string long_line = play(std::string(10'000'000, 'x') + "\nroll\nquit\n");
    CHECK(long_line.find("refused: a line holds at most 1024 bytes") != std::string::npos);
    CHECK(long_line.find("seat 0 rolls") != std::string::npos);
  }

  SECTION("a near miss of a longer move suggests it") {
    const std::string later = play("roll\nwrok 1\nquit\n");
    CHECK(later.find("did you mean 'work 1'") != std::string::npos);
  }
}

TEST_CASE("near_misses ranks prefixes, then few edits", "[play]") {
  const std::vector<std::string> moves{"work 0", "work 1", "buy 2 2", "end", "adjust 0 up"};
  CHECK(near_misses(moves, "WORK") == std::vector<std::string>{"work 0", "work 1"});
  CHECK(near_misses(moves, "ned") == std::vector<std::string>{"end"});
  CHECK(near_misses(moves, "adjsut 0 up") == std::vector<std::string>{"adjust 0 up"});
  CHECK(near_misses(moves, "zzzzzz").empty());
}

TEST_CASE("undo takes back to the human's previous decision and the bots replay identically", "[play]") {
  TempDir dir("play_undo");
  const auto file = [&](const char* name) { return (dir.path / name).string(); };
  const std::string out = play("roll\nsave " + file("before.json") + "\nend\nsave " + file("after.json") +
                               "\nundo\nsave " + file("undone.json") + "\nend\nsave " + file("again.json") + "\nquit\n");
  CHECK(out.find("undone: ") != std::string::npos);
  // Back to the same state, from the seed and the moves before it...
  CHECK(read_json(dir.path / "undone.json") == read_json(dir.path / "before.json"));
  // ... and the bot, as it was then, plays its turn again the same way.
  CHECK(read_json(dir.path / "again.json") == read_json(dir.path / "after.json"));
  CHECK(read_json(dir.path / "after.json")["steps"].size() > read_json(dir.path / "before.json")["steps"].size() + 1);

  SECTION("there is nothing to undo before the first decision") {
    CHECK(play("undo\nquit\n").find("nothing to undo") != std::string::npos);
  }
}

TEST_CASE("board and moves show the view and the list again", "[play]") {
  const std::string out = play("board\nmoves\nquit\n");
  CHECK(count(out, "Market:") == 2);
  CHECK(count(out, "1. Roll the lantern dice") == 3);
}

TEST_CASE("play --load with the seats named continues a saved game exactly as the game it came from", "[play]") {
  TempDir dir("play_load");
  const std::string mid = (dir.path / "mid.json").string();
  const std::string whole = (dir.path / "whole.json").string();
  const std::string loaded = (dir.path / "loaded.json").string();
  const std::string rest = "roll\nend\nroll\nwork 0\nend\n";
  play("roll\nend\nsave " + mid + "\n" + rest + "save " + whole + "\nquit\n");
  // --seats names the bot, so it re-makes its recorded decisions and goes on as it did.
  const std::string out = play(rest + "save " + loaded + "\nquit\n", {"human", "random"}, mid);
  CHECK(out.find("mid.json: ") != std::string::npos);
  CHECK(read_json(loaded) == read_json(whole));

  SECTION("without --seats the log's bot goes on from the position loaded, not re-run") {
    const std::string fresh = (dir.path / "fresh.json").string();
    const std::string unnamed = play(rest + "save " + fresh + "\nquit\n", {}, mid);
    CHECK(unnamed.find("the log's bots go on from here") != std::string::npos);
    CHECK(read_json(fresh)["seats"] == read_json(whole)["seats"]);
  }

  SECTION("the log's game must be the one named") {
    PlayOptions options;
    options.choice.game = "sardinia";
    options.load_path = mid;
    std::istringstream in;
    std::ostringstream sink;
    CHECK_THROWS_WITH(run_play(game_registry(), options, in, sink), Catch::Contains("a game of tutorial, not sardinia"));
  }
  SECTION("undo reaches back past the load") {
    const std::string undone = (dir.path / "undone.json").string();
    const std::string before = (dir.path / "before.json").string();
    play("roll\nsave " + before + "\nend\nundo\nsave " + undone + "\nquit\n", {}, mid);
    CHECK(read_json(undone) == read_json(before));
  }
}

TEST_CASE("play --load does not run the searches a log's seats name unless --seats names them", "[play][hardening]") {
  TempDir dir("load_heavy_bots");
  const std::string mid = (dir.path / "mid.json").string();
  {
    PlayOptions options;
    options.choice = {"tutorial", 2, 5, {}};
    options.seats = {"human", "random"};
    std::istringstream in("roll\nend\nroll\nend\nsave " + mid + "\nquit\n");
    std::ostringstream out;
    REQUIRE(run_play(game_registry(), options, in, out) == 0);
  }
  // The same log as if its second seat had been the heaviest search a spec may ask for.
  nlohmann::json log = nlohmann::json::parse(std::ifstream(mid));
  log["seats"] = {"human", "ismcts:iterations=10000000,threads=2"};
  std::ofstream(mid) << log.dump(1) << "\n";

  PlayOptions options;
  options.load_path = mid;
  std::istringstream in("quit\n");
  std::ostringstream out;
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  // Searching again at each recorded bot decision took minutes.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  CHECK_THAT(out.str(), Catch::Contains("steps replayed") && Catch::Contains("name the seats with --seats"));
}

TEST_CASE("A bot whose move is refused ends play at once with the seat, move and reason", "[play]") {
  tessera::testing::ScratchGameRoot root("tutorial", "play_refused_bot");
  tessera::testing::write_file(root.scripts() / "variants" / "sabotage.lua",
                               "-- Sabotage: every move fails.\n"
                               "hook(\"on_action\", function(ctx, action) error(\"sabotaged\") end)\n");
  const auto registry = root.registry();
  PlayOptions options;
  options.choice = {"tutorial", 2, 5, {"sabotage"}};
  options.seats = {"random", "random"};
  std::istringstream in;
  std::ostringstream out;
  CHECK_THROWS_WITH(run_play(*registry, options, in, out),
                    Catch::Contains("Seat 0 (random) chose 'roll', which was refused") && Catch::Contains("sabotaged") &&
                        Catch::Contains("the game stops"));
  CHECK(out.str().find("refused") == std::string::npos);

  SECTION("a human's refused move is shown with its reason, and the game goes on asking") {
    options.seats = {"human", "random"};
    std::istringstream lines("roll\nquit\n");
    std::ostringstream shown;
    REQUIRE(run_play(*registry, options, lines, shown) == 0);
    CHECK(shown.str().find("refused: ") != std::string::npos);
    CHECK(shown.str().find("sabotaged") != std::string::npos);
    CHECK(count(shown.str(), "1. Roll the lantern dice") == 2);
  }
}

TEST_CASE("Colours paint each seat's names the same everywhere, and only when asked", "[play]") {
  const Painter on(true, {"Seat 0", "blue"});
  CHECK(on.text("seat 0 pays; Seat 0 (you)") == "\x1b[34mseat 0\x1b[0m pays; \x1b[34mSeat 0\x1b[0m \x1b[1m(you)\x1b[0m");
  CHECK(on.text("blue builds; blueprint") == "\x1b[34mblue\x1b[0m builds; blueprint");
  CHECK(on.text("Seat 10") == "Seat 10");
  const Painter off(false, {"Seat 0", "blue"});
  CHECK(off.text("seat 0 and blue (you)") == "seat 0 and blue (you)");

  PlayOptions options;
  options.choice = {"tutorial", 2, 5, {}};
  options.seats = {"human", "random"};
  options.color = true;
  std::istringstream in("quit\n");
  std::ostringstream out;
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  CHECK(out.str().find("\x1b[34mSeat 0\x1b[0m \x1b[1m(you)\x1b[0m") != std::string::npos);
  CHECK(play("quit\n").find('\x1b') == std::string::npos);
}

TEST_CASE("Every game marks the viewer's seat (you) and explains its move words", "[play]") {
  for (const char* id : {"tutorial", "sardinia", "age_of_discovery", "santa_maria", "madeira", "catan_inca"}) {
    INFO(id);
    auto game = tessera::testing::new_game(id, 3, 1);
    const int seat = game->decision().seat;
    CHECK(game->render(seat).find("(you)") != std::string::npos);
    CHECK(game->render(tessera::kOmniscient).find("(you)") == std::string::npos);
    CHECK(game->legend(seat).find("Move words:\n") == 0);
    // The legend can be drawn at every decision of a game.
    tessera::testing::play_randomly(*game, 7, 100000, [](const tessera::Game& g) {
      if (!g.is_over()) CHECK(g.legend(g.decision().seat).find("Move words:\n") == 0);
    });
  }
}

TEST_CASE("Sardinia's legend keys the map's province codes and what each fort space touches", "[play][sardinia]") {
  auto game = tessera::testing::new_game("sardinia", 2, 1);
  const std::string legend = game->legend(0);
  CHECK(game->render(0).find("Map (codes are provinces") != std::string::npos);
  CHECK(legend.find("  An anglona (port castelsardo)") != std::string::npos);
  CHECK(legend.find("14: planargia marghine arborea marmilla") != std::string::npos);
  CHECK(legend.find("26: campidano sulcis") != std::string::npos);
  CHECK(game->player_name(1) == "blue");
}

TEST_CASE("Santa Maria's legend explains building codes and draws the tiles", "[play][santa_maria]") {
  auto game = tessera::testing::new_game("santa_maria", 2, 1);
  const int seat = game->decision().seat;
  const std::string offer = game->legend(seat);
  CHECK(offer.find("TR_WJ3C: pay wood + gem for 3 coins") != std::string::npos);
  CHECK(offer.find("Tiles on offer, turned 0") != std::string::npos);
  // Buying a tile asks where to place it: the legend then draws it in each way it turns.
  std::string expand;
  for (const auto& a : game->legal_actions())
    if (a.text.rfind("expand ", 0) == 0) expand = a.text;
  REQUIRE(!expand.empty());
  REQUIRE(game->apply(expand).ok);
  const std::string place = game->legend(seat);
  CHECK(place.find("Tile " + expand.substr(7) + " by how it is turned") != std::string::npos);
  CHECK(place.find("turned 0") != std::string::npos);
  CHECK(place.find("turned 90") != std::string::npos);
  CHECK(place.find("[*") != std::string::npos);
}

TEST_CASE("CATAN's legend says where the map draws the places the moves name", "[play][catan_inca]") {
  auto game = tessera::testing::new_game("catan_inca", 3, 1);
  CHECK(game->player_name(0) == "red");
  const std::string legend = game->legend(game->decision().seat);
  CHECK(legend.find("  a hex is its q,r; a corner is q,r,W or q,r,E, the left or right point of hex q,r, e.g. ") !=
        std::string::npos);
  CHECK(legend.find("  FOR forest (wood)") != std::string::npos);
}

TEST_CASE("Age of Discovery's legend reads its ids from the data", "[play][age_of_discovery]") {
  auto game = tessera::testing::new_game("age_of_discovery", 2, 1);
  const std::string legend = game->legend(0);
  CHECK(legend.find("  ships: colour_<transport><copy>, red_") != std::string::npos);
  CHECK(legend.find("  flagships: flag_<colour>_<colour>, flag_red_yellow = carries 1-3 of red or yellow") !=
        std::string::npos);
  CHECK(legend.find("    5: 1 turn 7, 2 turns 10, 3 turns 13") != std::string::npos);
}

TEST_CASE("A house rule's move brings its doc to the legend", "[play][tutorial]") {
  auto game = tessera::testing::new_game("tutorial", 2, 5, {"second_chance"});
  REQUIRE(game->apply("roll").ok);
  const std::string legend = game->legend(game->decision().seat);
  CHECK(legend.find("  reroll: pay 2 coins to re-roll the dice still in the pool, once per game\n") != std::string::npos);
}
