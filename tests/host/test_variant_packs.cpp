// Variant packs (tessera/variant_pack.hpp) through the `tessera` program: where packs are
// found and how `info` names their places, the missing-variant message, the scaffold that
// plays, pack -> install, and every kind of hostile archive refused with nothing changed.
#include <archive.h>
#include <archive_entry.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/host_process.hpp"
#include "support/temp_dir.hpp"
#include "tessera/game.hpp"
#include "tessera/table.hpp"
#include "support/build_paths.hpp"

namespace fs = std::filesystem;
using namespace tessera::testing;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A pack <folder>/<name>/ of the tutorial whose Lua page logs `line` when a round starts.
void write_pack(const fs::path& folder, const std::string& name, const std::string& title,
                const std::string& versions = "[\"1.*\"]", const std::string& game = "tutorial") {
  write_file(folder / name / "variant.yaml", "game: " + game + "\nversions: " + versions + "\ntitle: " + title +
                                                 "\ndescription: a test pack\nauthor: Tests\n");
  write_file(folder / name / "rules.lua",
             "hook(\"on_round_start\", function(ctx) ctx:get(\"goods\"):gain(0, \"coins\", 1) end)\n");
}

std::vector<std::pair<std::string, std::string>> user_env(const fs::path& xdg, const std::string& variant_path = "") {
  return {{"XDG_DATA_HOME", xdg.string()}, {"TESSERA_VARIANT_PATH", variant_path}};
}

// Every path under `root`, to compare a folder before and after a refused install.
std::vector<std::string> tree(const fs::path& root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
    out.push_back(fs::relative(it->path(), root).string());
  std::sort(out.begin(), out.end());
  return out;
}

// One archive entry as a hostile archive may hold it.
struct Entry {
  Entry(std::string path, std::string data = "", unsigned type = AE_IFREG, std::string link = "", bool hard = false)
      : path(std::move(path)), data(std::move(data)), type(type), link(std::move(link)), hard(hard) {}
  std::string path;
  std::string data;
  unsigned type;
  std::string link;  // a symbolic link's target
  bool hard;         // `link` is a hard link's target
};

void write_archive(const fs::path& file, const std::vector<Entry>& entries) {
  archive* a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  REQUIRE(archive_write_open_filename(a, file.c_str()) == ARCHIVE_OK);
  for (const Entry& e : entries) {
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, e.path.c_str());
    archive_entry_set_filetype(entry, e.type);
    archive_entry_set_perm(entry, 0644);
    if (e.hard) archive_entry_set_hardlink(entry, e.link.c_str());
    else if (!e.link.empty()) archive_entry_set_symlink(entry, e.link.c_str());
    archive_entry_set_size(entry, static_cast<la_int64_t>(e.data.size()));
    archive_write_header(a, entry);
    if (!e.data.empty()) archive_write_data(a, e.data.data(), e.data.size());
    archive_entry_free(entry);
  }
  archive_write_close(a);
  archive_write_free(a);
}

const std::string kManifest = "game: tutorial\nversions: [\"1.*\"]\ntitle: Hostile\n";

}  // namespace

TEST_CASE("Packs are found in --variant-dir, TESSERA_VARIANT_PATH and the user folder; info names each place",
          "[host][variants]") {
  TempDir dirs("variant_places");
  const fs::path flag = dirs.path / "flag", env = dirs.path / "env", xdg = dirs.path / "xdg";
  write_pack(flag, "from_flag", "From the flag");
  write_pack(env, "from_env", "From the environment");
  write_pack(xdg / "tessera/variants/tutorial", "from_user", "From the user folder");
  write_pack(env, "other_game", "Sardinia's", "[\"1.*\"]", "sardinia");  // not listed for the tutorial

  const HostRun run = run_tessera({"--variant-dir", flag.string(), "info", "tutorial"}, "", user_env(xdg, env.string()));
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(has(run.out, "from_flag  - From the flag: a test pack  [--variant-dir " + (flag / "from_flag").string() + "]"));
  CHECK(has(run.out, "from_env  - From the environment: a test pack  [TESSERA_VARIANT_PATH " + (env / "from_env").string() + "]"));
  CHECK(has(run.out, "from_user  - From the user folder: a test pack  [user folder " +
                         (xdg / "tessera/variants/tutorial/from_user").string() + "]"));
  CHECK(has(run.out, "  patronage  - "));  // the game's own stay
  CHECK(!has(run.out, "other_game"));

  // Each plays, through any command that takes --variant.
  for (const char* name : {"from_flag", "from_env", "from_user"}) {
    const HostRun sim = run_tessera({"--variant-dir", flag.string(), "simulate", "tutorial", "--variant", name, "-n", "2"},
                                    "", user_env(xdg, env.string()));
    INFO(name << sim.out << sim.err);
    CHECK(sim.exit_code == 0);
  }
  const HostRun json = run_tessera({"--variant-dir", flag.string(), "info", "tutorial", "--json"}, "", user_env(xdg));
  CHECK(has(json.out, "\"origin\": \"--variant-dir\""));
}

TEST_CASE("A pack of the same name in a later place is shadowed, and info says which", "[host][variants]") {
  TempDir dirs("variant_shadow");
  const fs::path first = dirs.path / "first", later = dirs.path / "later", xdg = dirs.path / "xdg";
  write_pack(first, "house", "First");
  write_pack(later, "house", "Later");
  write_pack(first, "patronage", "Not the game's");  // the game's own variant wins
  const HostRun run = run_tessera({"--variant-dir", first.string(), "--variant-dir", later.string(), "info", "tutorial"},
                                  "", user_env(xdg));
  INFO(run.out << run.err);
  CHECK(has(run.out, "house  - First: a test pack"));
  CHECK(has(run.out, "    shadows --variant-dir " + (later / "house").string() + " (not played)"));
  CHECK(has(run.out, "    shadows --variant-dir " + (first / "patronage").string() + " (not played)"));
  CHECK(!has(run.out, "Later"));
}

TEST_CASE("A missing variant's message lists every place looked in", "[host][variants]") {
  TempDir dirs("variant_missing");
  const fs::path flag = dirs.path / "flag", env = dirs.path / "env", xdg = dirs.path / "xdg";
  const HostRun run = run_tessera({"--variant-dir", flag.string(), "simulate", "tutorial", "--variant", "underdog"}, "",
                                  user_env(xdg, env.string()));
  INFO(run.err);
  CHECK(run.exit_code == 1);
  CHECK(has(run.err, "no variant 'underdog'"));
  CHECK(has(run.err, "scripts/tutorial/variants (game)"));
  CHECK(has(run.err, "data/tutorial/variants (game)"));
  CHECK(has(run.err, flag.string() + " (--variant-dir)"));
  CHECK(has(run.err, env.string() + " (TESSERA_VARIANT_PATH)"));
  CHECK(has(run.err, (xdg / "tessera/variants/tutorial").string() + " (user folder)"));
}

TEST_CASE("A pack whose manifest is wrong or does not fit the game is named with the reason, not played",
          "[host][variants]") {
  TempDir dirs("variant_unfit");
  const fs::path xdg = dirs.path / "xdg", user = xdg / "tessera/variants/tutorial";
  write_pack(user, "future", "Future", "[\"2.*\"]");
  write_file(user / "typo/variant.yaml", "game: tutorial\nversions: [\"1.*\"]\ntitel: Typo\n");
  const HostRun info = run_tessera({"info", "tutorial"}, "", user_env(xdg));
  INFO(info.out);
  CHECK(has(info.out, "future  [user folder " + (user / "future").string() + "]  - not playable: "));
  CHECK(has(info.out, "fits versions 2.* of game 'tutorial', not the installed version 1.0"));
  CHECK(has(info.out, (user / "typo/variant.yaml").string() + ":3:1"));
  const HostRun play = run_tessera({"simulate", "tutorial", "--variant", "future"}, "", user_env(xdg));
  CHECK(play.exit_code == 1);
  CHECK(has(play.err, "fits versions 2.*"));
  CHECK(run_tessera({"validate", "tutorial"}, "", user_env(xdg)).exit_code == 1);
}

TEST_CASE("A pack's Lua page and data overlay are what the game plays", "[host][variants]") {
  TempDir dirs("variant_runs");
  const fs::path packs = dirs.path / "packs", xdg = dirs.path / "xdg";
  write_pack(packs, "broken", "Broken");
  write_file(packs / "broken/rules.lua", "hook(\"on_setup\", function(ctx) error(\"pack page ran\") end)\n");
  const HostRun page = run_tessera({"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", "broken"}, "", user_env(xdg));
  CHECK(page.exit_code == 1);
  CHECK(has(page.err, (packs / "broken/rules.lua").string() + ":1: pack page ran"));
  write_pack(packs, "bad_overlay", "Bad overlay");
  write_file(packs / "bad_overlay/data/cards.yaml", "cards: [\n");
  const HostRun overlay = run_tessera({"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", "bad_overlay"}, "",
                                      user_env(xdg));
  CHECK(overlay.exit_code == 1);
  CHECK(has(overlay.err, (packs / "bad_overlay/data/cards.yaml").string() + ":"));
}

TEST_CASE("variant new scaffolds a pack whose own test validates and plays it", "[host][variants]") {
  TempDir dirs("variant_new");
  const fs::path xdg = dirs.path / "xdg";
  const HostRun made = run_tessera({"variant", "new", "tutorial", "last_gets_two", "--out", dirs.path.string()}, "", user_env(xdg));
  INFO(made.out << made.err);
  REQUIRE(made.exit_code == 0);
  for (const char* file : {"variant.yaml", "rules.lua", "test.sh"}) CHECK(fs::exists(dirs.path / "last_gets_two" / file));
  const std::string tessera = (fs::path(tessera::testing::kBuildDir) / "bin/tessera").string();
  const std::string test = "TESSERA=" + tessera + " XDG_DATA_HOME=" + xdg.string() + " " +
                           (dirs.path / "last_gets_two/test.sh").string() + " > " + (dirs.path / "out.txt").string() + " 2>&1";
  CHECK(std::system(test.c_str()) == 0);
  // The test fails when the rule is broken.
  write_file(dirs.path / "last_gets_two/rules.lua", "hook(\"on_round_start\", function(ctx) error(\"broken rule\") end)\n");
  CHECK(std::system(test.c_str()) != 0);
  // A second scaffold of the same name, or of a name the game has, is refused.
  CHECK(run_tessera({"variant", "new", "tutorial", "last_gets_two", "--out", dirs.path.string()}, "", user_env(xdg)).exit_code == 1);
  CHECK(run_tessera({"variant", "new", "tutorial", "patronage", "--out", dirs.path.string()}, "", user_env(xdg)).exit_code == 1);
  CHECK(run_tessera({"variant", "new", "tutorial", "Bad-Name", "--out", dirs.path.string()}, "", user_env(xdg)).exit_code == 1);
}

TEST_CASE("variant pack then variant install puts the pack in the user folder, where it plays", "[host][variants]") {
  TempDir dirs("variant_round_trip");
  const fs::path xdg = dirs.path / "xdg";
  write_pack(dirs.path / "src", "shared_rule", "Shared");
  write_file(dirs.path / "src/shared_rule/data/cards.yaml", "cards:\n  - id: tax_collector\n    params: {amount: 1}\n");
  const fs::path archive = dirs.path / "shared_rule.tar.gz";
  write_file(dirs.path / "src/shared_rule/test.sh", "#!/bin/sh\nexit 0\n");
  fs::permissions(dirs.path / "src/shared_rule/test.sh", fs::perms::owner_exec, fs::perm_options::add);
  REQUIRE(run_tessera({"variant", "pack", (dirs.path / "src/shared_rule").string(), "--out", archive.string()}).exit_code == 0);
  // The same pack gives the same bytes.
  const fs::path again = dirs.path / "again.tar.gz";
  REQUIRE(run_tessera({"variant", "pack", (dirs.path / "src/shared_rule").string(), "--out", again.string()}).exit_code == 0);
  auto bytes = [](const fs::path& file) {
    std::ostringstream text;
    text << std::ifstream(file, std::ios::binary).rdbuf();
    return text.str();
  };
  CHECK(bytes(archive) == bytes(again));
  const HostRun install = run_tessera({"variant", "install", archive.string()}, "", user_env(xdg));
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const fs::path target = xdg / "tessera/variants/tutorial/shared_rule";
  CHECK(tree(target) == tree(dirs.path / "src/shared_rule"));
  CHECK((fs::status(target / "test.sh").permissions() & fs::perms::owner_exec) != fs::perms::none);
  CHECK(has(run_tessera({"info", "tutorial"}, "", user_env(xdg)).out, "[user folder " + target.string() + "]"));
  CHECK(run_tessera({"simulate", "tutorial", "--variant", "shared_rule", "-n", "2"}, "", user_env(xdg)).exit_code == 0);
  // Installed once; again only with --replace.
  CHECK(run_tessera({"variant", "install", archive.string()}, "", user_env(xdg)).exit_code == 1);
  CHECK(run_tessera({"variant", "install", archive.string(), "--replace"}, "", user_env(xdg)).exit_code == 0);
  CHECK(tree(xdg / "tessera/variants/tutorial") == std::vector<std::string>{"shared_rule", "shared_rule/data",
                                                                               "shared_rule/data/cards.yaml",
                                                                               "shared_rule/rules.lua", "shared_rule/test.sh",
                                                                               "shared_rule/variant.yaml"});
}

TEST_CASE("variant install refuses each hostile or unfit archive and leaves the user folder as it was",
          "[host][variants][hostile]") {
  TempDir dirs("variant_hostile");
  const fs::path xdg = dirs.path / "xdg";
  write_pack(xdg / "tessera/variants/tutorial", "kept", "Kept");
  const std::vector<std::string> before = tree(xdg);
  std::vector<Entry> many{{"many/", "", AE_IFDIR}, {"many/variant.yaml", kManifest}};
  for (int i = 0; i < 300; ++i) many.push_back({"many/f" + std::to_string(i) + ".yaml", "x: 1\n"});
  const struct {
    const char* what;
    std::vector<Entry> entries;
    const char* reason;
  } cases[] = {
      {"dot-dot", {{"evil/variant.yaml", kManifest}, {"evil/../../escaped.lua", "x"}}, "(..)"},
      {"absolute", {{"/tmp/tessera_escaped.lua", "x"}}, "absolute path"},
      {"symlink", {{"evil/variant.yaml", kManifest}, {"evil/rules.lua", "", AE_IFLNK, "/etc/passwd"}}, "a link"},
      {"hard link", {{"evil/variant.yaml", kManifest}, {"evil/rules.lua", "", AE_IFREG, "/etc/passwd", true}}, "a link"},
      {"device", {{"evil/variant.yaml", kManifest}, {"evil/dev", "", AE_IFCHR}}, "special file"},
      {"too big", {{"big/variant.yaml", kManifest}, {"big/rules.lua", std::string(9u << 20, '-')}}, "bytes unpacked"},
      {"too many", many, "entries"},
      {"two folders", {{"a/variant.yaml", kManifest}, {"b/rules.lua", "x"}}, "outside the pack's folder"},
      {"wrong game", {{"w/variant.yaml", "game: no_such_game\nversions: [\"1.*\"]\ntitle: W\n"}}, "not installed"},
      {"wrong version", {{"w/variant.yaml", "game: tutorial\nversions: [\"9.*\"]\ntitle: W\n"}}, "other than the installed 1.0"},
      {"no manifest", {{"w/rules.lua", "x"}}, "no valid variant.yaml"},
      {"own name", {{"patronage/variant.yaml", kManifest}}, "its own variant"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    const fs::path archive = dirs.path / "hostile.tar.gz";
    write_archive(archive, c.entries);
    const HostRun run = run_tessera({"variant", "install", archive.string()}, "", user_env(xdg));
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(has(run.err, c.reason));
    CHECK(tree(xdg) == before);
    CHECK(!fs::exists("/tmp/tessera_escaped.lua"));
    CHECK(!fs::exists(xdg / "tessera/escaped.lua"));
  }
  write_file(dirs.path / "not_an_archive.tar.gz", "hello");
  CHECK(run_tessera({"variant", "install", (dirs.path / "not_an_archive.tar.gz").string()}, "", user_env(xdg)).exit_code == 1);
  CHECK(tree(xdg) == before);
}

TEST_CASE("Two variants that wrap the same effect are refused together unless one declares the other", "[host][variants]") {
  TempDir dirs("variant_clash");
  const fs::path packs = dirs.path / "packs", xdg = dirs.path / "xdg";
  auto write_doubler = [&](const std::string& after) {
    write_file(packs / "doubler/variant.yaml",
               "game: tutorial\nversions: [\"1.*\"]\ntitle: Doubler\n" + (after.empty() ? "" : "after: [" + after + "]\n"));
    write_file(packs / "doubler/rules.lua",
               "wrap_effect(\"gain_coins\", function(base, ctx, params, choice)\n"
               "  base(ctx, { amount = params.amount * 2 }, choice)\nend)\n");
  };
  write_doubler("");
  const std::vector<std::string> both{"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", "windfall",
                                      "--variant", "doubler", "-n", "1"};
  const HostRun clash = run_tessera(both, "", user_env(xdg));
  INFO(clash.err);
  CHECK(clash.exit_code == 1);
  CHECK(has(clash.err, "variants 'windfall' and 'doubler' both replace or wrap effect 'gain_coins'"));
  // Each alone plays.
  CHECK(run_tessera({"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", "doubler", "-n", "1"}, "",
                    user_env(xdg)).exit_code == 0);

  write_doubler("windfall");
  const HostRun declared = run_tessera(both, "", user_env(xdg));
  INFO(declared.err);
  CHECK(declared.exit_code == 0);
  // The declared order holds whichever order the command line gives.
  const HostRun reversed = run_tessera({"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", "doubler",
                                        "--variant", "windfall", "-n", "1"}, "", user_env(xdg));
  CHECK(reversed.exit_code == 0);
}

namespace {

// A pack <folder>/<name>/ of the tutorial with data overlays only: `files` maps a data file's
// name to its overlay; `after` is the manifest's `after:` list.
void write_data_pack(const fs::path& folder, const std::string& name, const std::vector<std::pair<std::string, std::string>>& files,
                     const std::string& after = "") {
  write_file(folder / name / "variant.yaml", "game: tutorial\nversions: [\"1.*\"]\ntitle: " + name + "\n" +
                                                 (after.empty() ? "" : "after: [" + after + "]\n"));
  for (const auto& [file, text] : files) write_file(folder / name / "data" / file, text);
}

// Seat 0's coins at the start of a tutorial game with `variants`, through `tessera serve`.
int start_coins(const fs::path& packs, const fs::path& xdg, const std::vector<std::string>& variants) {
  nlohmann::json request{{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 1}, {"variants", variants}};
  const HostRun run = run_tessera({"--variant-dir", packs.string(), "serve"}, request.dump() + "\n{\"cmd\":\"state\"}\n",
                                  user_env(xdg));
  INFO(run.out << run.err);
  const std::string last = run.out.substr(run.out.rfind('\n', run.out.size() - 2) + 1);
  const nlohmann::json state = nlohmann::json::parse(last);
  REQUIRE(state.contains("state"));
  return state["state"]["global"]["goods"]["holdings"][0][0].get<int>();
}

}  // namespace

TEST_CASE("Two variants whose data overlays write the same place are refused together unless one declares the other",
          "[host][variants]") {
  TempDir dirs("variant_overlay_clash");
  const fs::path packs = dirs.path / "packs", xdg = dirs.path / "xdg";
  auto play = [&](const std::string& a, const std::string& b) {
    return run_tessera({"--variant-dir", packs.string(), "simulate", "tutorial", "--variant", a, "--variant", b, "-n", "1"},
                       "", user_env(xdg));
  };
  // Two ways to change a turn: no roll, or two rolls.
  write_data_pack(packs, "step_a", {{"flow.yaml", "steps:\n  turn:\n    steps: [use_dice]\n"}});
  write_data_pack(packs, "step_b", {{"flow.yaml", "steps:\n  turn:\n    steps: [roll_dice, roll_dice, use_dice]\n"}});
  write_data_pack(packs, "cost_a", {{"cards.yaml", "cards:\n  - {id: tax_collector, cost: 3}\n"}});
  write_data_pack(packs, "cost_b", {{"cards.yaml", "cards:\n  - id: tax_collector\n    cost: 5\n"}});
  write_data_pack(packs, "no_tax", {{"cards.yaml", "cards:\n  - !remove {id: tax_collector}\n"}});
  write_data_pack(packs, "renamed", {{"cards.yaml", "cards:\n  - {id: tax_collector, name: Tax Man}\n"}});

  SECTION("the same flow step's key") {
    const HostRun run = play("step_a", "step_b");
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(has(run.err, "variants 'step_a' and 'step_b' both write flow.yaml at steps.turn.steps: 'step_a' changes "
                       "steps.turn.steps (" + (packs / "step_a/data/flow.yaml").string() + ":3:12) and 'step_b' changes "
                       "steps.turn.steps (" + (packs / "step_b/data/flow.yaml").string() + ":3:12)"));
    CHECK(has(run.err, "unless one declares the other (after: [step_a] in step_b's variant.yaml"));
  }
  SECTION("the same card's cost") {
    const HostRun run = play("cost_a", "cost_b");
    INFO(run.err);
    CHECK(run.exit_code == 1);
    CHECK(has(run.err, "variants 'cost_a' and 'cost_b' both write cards.yaml at cards[id: tax_collector].cost"));
    CHECK(has(run.err, (packs / "cost_a/data/cards.yaml").string() + ":2:31"));
    CHECK(has(run.err, (packs / "cost_b/data/cards.yaml").string() + ":3:11"));
  }
  SECTION("a card one removes and the other changes, in either order") {
    const HostRun removed_first = play("no_tax", "cost_a");
    CHECK(removed_first.exit_code == 1);
    CHECK(has(removed_first.err, "variants 'no_tax' and 'cost_a' both write cards.yaml at cards[id: tax_collector]: "
                                 "'no_tax' removes cards[id: tax_collector]"));
    const HostRun changed_first = play("cost_a", "no_tax");
    CHECK(changed_first.exit_code == 1);
    CHECK(has(changed_first.err, "'cost_a' changes cards[id: tax_collector].cost"));
  }
  SECTION("different keys of the same card are played together") {
    const HostRun run = play("cost_a", "renamed");
    INFO(run.err);
    CHECK(run.exit_code == 0);
  }
  SECTION("a declared order is played, the declared-later one winning whatever the command line's order") {
    write_data_pack(packs, "coins_5", {{"game.yaml", "start:\n  coins: 5\n"}});
    write_data_pack(packs, "coins_7", {{"game.yaml", "start:\n  coins: 7\n"}});
    CHECK(play("coins_5", "coins_7").exit_code == 1);
    write_data_pack(packs, "coins_7", {{"game.yaml", "start:\n  coins: 7\n"}}, "coins_5");
    CHECK(play("coins_5", "coins_7").exit_code == 0);
    CHECK(start_coins(packs, xdg, {"coins_5", "coins_7"}) == 7);
    CHECK(start_coins(packs, xdg, {"coins_7", "coins_5"}) == 7);
    write_data_pack(packs, "coins_5", {{"game.yaml", "start:\n  coins: 5\n"}}, "coins_7");
    write_data_pack(packs, "coins_7", {{"game.yaml", "start:\n  coins: 7\n"}});
    CHECK(start_coins(packs, xdg, {"coins_5", "coins_7"}) == 5);
  }
}

TEST_CASE("A game's variant page that declares another with '-- with:' is applied after it, its overlays winning",
          "[host][variants]") {
  tessera::testing::ScratchGameRoot root("tutorial", "variant_with_order");
  write_file(root.data() / "variants/early/game.yaml", "start:\n  coins: 5\n");
  write_file(root.data() / "variants/late/game.yaml", "start:\n  coins: 7\n");
  write_file(root.scripts() / "variants/early.lua", "-- Early: 5 coins at the start.\n");
  write_file(root.scripts() / "variants/late.lua", "-- Late: 7 coins at the start.\n");
  auto coins = [&](const std::vector<std::string>& variants) {
    const auto registry = root.registry();
    const auto game = registry->new_game("tutorial", registry->config("tutorial", 2, 1, variants));
    return game->table().to_json()["global"]["goods"]["holdings"][0][0].get<int>();
  };
  CHECK_THROWS_WITH(coins({"early", "late"}), Catch::Contains("variants 'early' and 'late' both write game.yaml at start.coins"));
  write_file(root.scripts() / "variants/late.lua", "-- Late: 7 coins at the start.\n-- with: early\n");
  CHECK(coins({"early", "late"}) == 7);
  CHECK(coins({"late", "early"}) == 7);
}
