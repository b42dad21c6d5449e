// Variant files that lead outside the game's folder: a variant script,
// an overlay file or an overlay folder that is a link elsewhere is refused, never read, and
// no error message echoes more than a short excerpt of a file.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "json_text.hpp"
#include "protocol_server.hpp"
#include "support/temp_dir.hpp"

using nlohmann::json;
using namespace tessera::testing;
namespace fs = std::filesystem;

namespace {

const std::string kSecret = "TOP SECRET 7f3a";

json ask(tessera::host::ProtocolServer& server, const json& request) {
  return json::parse(server.handle_line(request.dump()));
}

}  // namespace

TEST_CASE("Variant scripts and overlays that are links leading outside the game are refused unread", "[host][hostile]") {
  ScratchGameRoot root("tutorial", "variant_links");
  TempDir outside("outside_the_game");
  write_file(outside.path / "secret.lua", "-- " + kSecret + "\n" + kSecret + " is not Lua\n");
  write_file(outside.path / "secret.yaml", "market: {slots: 4}\n" + kSecret + ": [\n");
  write_file(outside.path / "folder/game.yaml", "market: {slots: 4}\n" + kSecret + ": [\n");
  fs::create_symlink(outside.path / "secret.lua", root.scripts() / "variants/leak_script.lua");
  write_file(root.scripts() / "variants/leak_overlay.lua", "-- Leak overlay\n");
  fs::create_directories(root.data() / "variants/leak_overlay");
  fs::create_symlink(outside.path / "secret.yaml", root.data() / "variants/leak_overlay/game.yaml");
  write_file(root.scripts() / "variants/leak_folder.lua", "-- Leak folder\n");
  fs::create_directories(root.data() / "variants");
  fs::create_directory_symlink(outside.path / "folder", root.data() / "variants/leak_folder");
  // A link that stays inside the game's folder is fine.
  write_file(root.scripts() / "lib/inside.lua", "-- Inside: a variant kept in lib/\n");
  fs::create_symlink(root.scripts() / "lib/inside.lua", root.scripts() / "variants/inside.lua");

  const auto registry = root.registry();
  tessera::host::ProtocolServer server(*registry);
  for (const char* variant : {"leak_script", "leak_overlay", "leak_folder"}) {
    INFO(variant);
    const json reply = ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"variants", {variant}}});
    REQUIRE(reply["ok"] == false);
    const std::string message = reply["error"]["message"];
    CHECK(message.find("leads outside the game's") != std::string::npos);
    CHECK(message.find(kSecret) == std::string::npos);
  }
  CHECK(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"variants", {"inside"}}})["ok"] == true);
  const json games = ask(server, {{"cmd", "games"}});
  CHECK(games.dump().find(kSecret) == std::string::npos);  // no description read from the link
}

TEST_CASE("An error about a user file quotes only a short excerpt of it", "[host][hostile]") {
  ScratchGameRoot root("tutorial", "long_error");
  write_file(root.scripts() / "variants/long_line.lua", "-- Long line\nx = '" + std::string(20'000, 'A') + "\n");
  const auto registry = root.registry();
  tessera::host::ProtocolServer server(*registry);
  const json reply = ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"variants", {"long_line"}}});
  REQUIRE(reply["ok"] == false);
  const std::string message = reply["error"]["message"];
  CHECK(message.find("scripts/tutorial/variants/long_line.lua:2:") != std::string::npos);
  CHECK(message.size() <= tessera::host::kMaxMessageBytes + 3);
}
