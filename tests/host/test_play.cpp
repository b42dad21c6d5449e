// `tessera play` driven by scripted input: commands, undo, did-you-mean, refusals, --load,
// bots that fail, colours, and the games' legends.
#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.hpp"
#include "legend_sections.hpp"
#include "play_input.hpp"
#include "protocol_server.hpp"
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

// Plays `game` on seed `seed` with `seats` (none: play's default), reading `input`.
std::string play_game(const std::string& game, int players, std::vector<std::string> seats, const std::string& input,
                      bool human_default = false, std::uint64_t seed = 5) {
  PlayOptions options;
  options.choice = {game, players, seed, {}};
  options.seats = std::move(seats);
  options.human_default = human_default;
  std::istringstream in(input);
  std::ostringstream out;
  REQUIRE(run_play(game_registry(), options, in, out) == 0);
  return out.str();
}

// The text of the first line of `out` that starts with `start`, without `start`.
std::string line_after(const std::string& out, const std::string& start) {
  const std::size_t at = out.find(start);
  if (at == std::string::npos) return "";
  const std::size_t from = at + start.size();
  return out.substr(from, out.find('\n', from) - from);
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
  CHECK(out.find("refused: 'work 0' is not a legal move now: ") != std::string::npos);
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
                    Catch::Contains("Seat 0 (random) chose 'roll', which failed") && Catch::Contains("sabotaged") &&
                        Catch::Contains("the game stops"));
  CHECK(out.str().find("refused") == std::string::npos);

  SECTION("a human's move that a broken house rule fails ends the game too, with the seat, move and error") {
    TempDir dir("play_broken_rule");
    options.seats = {"human", "random"};
    options.log_path = (dir.path / "game.json").string();
    std::istringstream lines("roll\nroll\nroll\nquit\n");
    std::ostringstream shown;
    CHECK_THROWS_WITH(run_play(*registry, options, lines, shown),
                      Catch::Contains("Seat 0 (human) chose 'roll', which failed: ") &&
                          Catch::Contains("sabotaged") && Catch::Contains("the game stops"));
    // Asked once, not again and again with the traceback; the log is still written.
    CHECK(count(shown.str(), "1. Roll the lantern dice") == 1);
    CHECK(shown.str().find("game stopped") == std::string::npos);
    CHECK(std::filesystem::exists(dir.path / "game.json"));
  }
  SECTION("a move merely refused by the rules lets the human choose again") {
    options.seats = {"human", "random"};
    std::istringstream lines("work 0\nquit\n");
    std::ostringstream shown;
    REQUIRE(run_play(*registry, options, lines, shown) == 0);
    CHECK(shown.str().find("refused: 'work 0' is not a legal move now") != std::string::npos);
    CHECK(count(shown.str(), "1. Roll the lantern dice") == 2);
    CHECK(shown.str().find("game stopped") != std::string::npos);
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
    // A mark in the margin would read as the input prompt.
    CHECK(game->render(seat).find("\n> ") == std::string::npos);
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

TEST_CASE("A move that is not legal now is refused with the rules' reason, in play's words", "[play]") {
  // Not a move of this decision: whose decision it is, its prompt and its moves.
  const std::string out = play("work 0\nquit\n");
  CHECK(line_after(out, "refused: ") ==
        "'work 0' is not a legal move now: it is Seat 0's decision 'Roll the lantern dice' (moves: roll), which "
        "offers no work");
  CHECK(out.find("ask for the list") == std::string::npos);
  CHECK(count(out, "1. Roll the lantern dice   [roll]") == 2);  // the list again

  SECTION("a move the decision offers, but not with these parameters: the nearest legal ones") {
    auto game = tessera::testing::new_game("tutorial", 2, 5);
    REQUIRE(game->apply("roll").ok);
    REQUIRE(game->apply("work 0").ok);  // die 0 is spent
    std::vector<std::string> work;
    for (const auto& a : game->legal_actions())
      if (a.text.rfind("work ", 0) == 0) work.push_back(a.text);
    REQUIRE(!work.empty());
    const std::string missing = "work 0";
    const tessera::ApplyResult r = game->apply(missing);
    CHECK_FALSE(r.failed);  // the rules refused it: the seat may choose again
    CHECK(r.error == "'" + missing + "' is not a legal move now: the legal work moves nearest to it are " +
                         work.front() + (work.size() > 1 ? ", " + work[1] : std::string()) +
                         (work.size() > 2 ? ", " + work[2] : std::string()));
  }
  SECTION("serve gives the same reason, under illegal_action") {
    ProtocolServer server(game_registry());
    REQUIRE(nlohmann::json::parse(server.handle_line(R"({"cmd":"new","game":"tutorial","players":2,"seed":5})"))["ok"]);
    const auto answer = nlohmann::json::parse(server.handle_line(R"({"cmd":"act","action":"work 0"})"));
    CHECK(answer["error"]["code"] == "illegal_action");
    CHECK(answer["error"]["message"] == line_after(out, "refused: "));
  }
}

TEST_CASE("A move's name with a bad parameter is named as that move, with what the parameter must be", "[play]") {
  const std::string out = play("roll\nwork 99\nquit\n");
  CHECK(line_after(out, "refused: ").find("'work 99' is the move work with a bad <die>: '99'; it must be a number "
                                          "from 0 to ") == 0);
  CHECK(out.find("neither a move") == std::string::npos);

  SECTION("Sardinia's fortify with a space that is no fort space") {
    const std::string sardinia = play_game("sardinia", 2, {"human", "random"}, "fortify 99\nquit\n");
    const std::string reason = line_after(sardinia, "refused: ");
    CHECK(reason.find("'fortify 99' is the move fortify with a bad <space>: unknown fort space '99' (did you mean '9'?); "
                      "it must be an id of fort_spaces: ") == 0);
  }
  SECTION("too few words") {
    CHECK(line_after(play("roll\nbuy 0\nquit\n"), "refused: ").find("'buy 0' is the move buy with too few words: it "
                                                                    "is typed buy <die> <slot>") == 0);
  }
}

TEST_CASE("play without --seats seats one human and random bots when stdin is a terminal", "[play]") {
  const std::string human = play_game("tutorial", 3, {}, "quit\n", /*human_default=*/true);
  CHECK(human.find("You play Seat 0; the other seats are random bots (--seats chooses who sits where).\n") !=
        std::string::npos);
  CHECK(human.find("Seat 0 (you) to move: Roll the lantern dice") != std::string::npos);
  // Not a terminal: every seat is a random bot, and the game is played to its end.
  const std::string bots = play_game("tutorial", 3, {}, "", /*human_default=*/false);
  CHECK(bots.find("You play") == std::string::npos);
  CHECK(bots.find("Seat 0 (random): ") != std::string::npos);
  CHECK(bots.find("=== Game over ===") != std::string::npos);
}

TEST_CASE("rules inside play prints the game's rules summary", "[play]") {
  const std::string out = play("rules\nquit\n");
  std::ostringstream rules;
  REQUIRE(run_rules(game_registry(), "tutorial", rules) == 0);
  CHECK(out.find(rules.str()) != std::string::npos);
  CHECK(out.find("# Lantern Market") != std::string::npos);
}

TEST_CASE("Each bot move is printed once, even in a game that records its moves as events", "[play][catan_inca]") {
  // CATAN records every move as an event "red: <label>"; seat 2 is the human, so the two bots
  // move first.
  const std::string out = play_game("catan_inca", 3, {"random", "random", "human"}, "quit\n");
  std::istringstream lines(out);
  std::string line, previous;
  int bot_moves = 0;
  while (std::getline(lines, line)) {
    const std::size_t bot = previous.find(" (random): ");
    if (bot != std::string::npos && previous.find(' ') == bot) {
      ++bot_moves;
      CHECK(line != "    " + previous.substr(0, bot) + ": " + previous.substr(bot + 11));
    }
    previous = line;
  }
  CHECK(bot_moves > 0);
}

TEST_CASE("The seat to move is marked apart from the one input prompt", "[play]") {
  const std::string out = play("quit\n");
  CHECK(out.find("Seat 0 (you) to move: Roll the lantern dice\n") != std::string::npos);
  CHECK(count(out, "your move (number, text or help): ") == 1);
  SECTION("two humans are asked by name") {
    CHECK(play("quit\n", {"human", "human"}).find("Seat 0's move (number, text or help): ") != std::string::npos);
  }
}

TEST_CASE("help's example move is one of the current game's legal moves", "[play]") {
  const std::string tutorial = play("help\nroll\nhelp\nquit\n");
  CHECK(tutorial.find("(here '1' or 'Roll' for [roll])") != std::string::npos);
  CHECK(tutorial.find("March Anglona Nurra") == std::string::npos);
  // After the roll, a move of the most words on offer then (three: buy or adjust).
  const std::size_t second = tutorial.rfind("(here '");
  const std::string example = tutorial.substr(second, tutorial.find('\n', second) - second);
  CHECK(tessera::split_words(example.substr(example.find('[') + 1)).size() == 3);
  const std::string text = example.substr(example.find('[') + 1, example.find(']') - example.find('[') - 1);
  CHECK(tutorial.find("   [" + text + "]\n") != std::string::npos);  // on the list shown
  const std::string catan = play_game("catan_inca", 3, {"human", "random", "random"}, "help\nquit\n");
  CHECK(catan.find("March Anglona Nurra") == std::string::npos);
  CHECK(catan.find("(here '") != std::string::npos);
}

TEST_CASE("A legend's sections keep their blank lines and are known apart by title and place", "[play]") {
  // A blank line belongs to the section above it: were it a section of its own (an empty
  // title), it would count as changed at every decision and bring the lines below it again.
  const auto sections = tessera::host::legend_sections(
      "Map:\n  a b\n\n  c d\nCodes:\n  x\nMap:\n\n  e\n  indented first\n");
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].text == "Map:\n  a b\n\n  c d\n");
  CHECK(sections[1].text == "Codes:\n  x\n");
  CHECK(sections[2].text == "Map:\n\n  e\n  indented first\n");
  CHECK(sections[0].key != sections[2].key);  // the same title twice: two sections
  // Lines before the first title make a section of their own; a last line may lack its '\n'.
  const auto loose = tessera::host::legend_sections("  loose\n\nTitle\n  end");
  REQUIRE(loose.size() == 2);
  CHECK(loose[0].text == "  loose\n\n");
  CHECK(loose[1].text == "Title\n  end");
}

TEST_CASE("A legend part is shown again only when it changed", "[play][sardinia]") {
  auto game = tessera::testing::new_game("sardinia", 2, 5);
  const std::string legend = game->legend(game->decision().seat);
  const std::string codes_line = "  An anglona (port castelsardo)";
  REQUIRE(legend.find(codes_line) != std::string::npos);
  // Shown with the first decision; not with the list again nor at the next decision.
  const std::string out = play_game("sardinia", 2, {"human", "random"}, "moves\n1\nmoves\nquit\n");
  CHECK(count(out, "Seat 0 (you) to move: ") + count(out, "yellow (you) to move: ") >= 2);
  CHECK(count(out, codes_line) == 1);
  // On request, all of it.
  const std::string asked = play_game("sardinia", 2, {"human", "random"}, "legend\nquit\n");
  CHECK(count(asked, codes_line) == 2);
}

TEST_CASE("A move of a step that waits below the decision is refused as coming after it", "[play]") {
  // The tutorial's card questions (Tax Collector, Caravan) are asked on top of the turn's
  // step that offers work, buy, adjust and end.
  std::unique_ptr<tessera::Game> asked;
  for (std::uint64_t seed = 1; seed < 40 && !asked; ++seed) {
    auto game = tessera::testing::new_game("tutorial", 2, seed);
    tessera::testing::play_randomly(*game, seed, 100000, [&](const tessera::Game& g) {
      if (!asked && !g.is_over() && g.legal_actions().front().text.rfind("choose ", 0) == 0) asked = g.clone();
    });
  }
  REQUIRE(asked);
  const std::string seat = asked->player_name(asked->decision().seat);
  const tessera::ApplyResult r = asked->apply("end");
  CHECK_FALSE(r.failed);
  CHECK(r.error.find("'end' is not a legal move now: " + seat + "'s decision '" + asked->decision().prompt +
                     "' (moves: choose) comes first; end belongs to " + seat +
                     "'s decision 'Use a die, adjust one, or end your turn', after it") == 0);
}
