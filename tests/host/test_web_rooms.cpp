// The rooms of `tessera web`, without a network: seats and tokens, what each connection
// hears, bots, undo, and rooms kept across a restart; and the typed legal moves and the
// speaking seat (`as`) that serve shares with them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "protocol_server.hpp"
#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "web_rooms.hpp"

using nlohmann::json;
using tessera::host::BotJob;
using tessera::host::ConnectionId;
using tessera::host::Outgoing;
using tessera::host::ProtocolServer;
using tessera::host::WebLimits;
using tessera::host::WebRooms;

namespace {

json ask(ProtocolServer& server, const json& request) { return json::parse(server.handle_line(request.dump())); }

// A WebRooms with the messages it sent, by connection, and the bot decisions it asked for.
struct Rooms {
  explicit Rooms(const std::filesystem::path& dir, WebLimits limits = {})
      : rooms(tessera::testing::game_registry(), dir, limits,
              [this](const std::string& problem) { problems.push_back(problem); }) {}
  tessera::host::LoadedGames loaded{tessera::testing::game_registry(), 4, 1};
  std::vector<json> send(ConnectionId from, const json& message) {
    std::vector<json> replies;
    for (const Outgoing& o : rooms.handle(from, message.dump(), bots)) {
      heard[o.to].push_back(json::parse(o.text));
      if (o.to == from) replies.push_back(json::parse(o.text));
    }
    rooms.write_due();  // as the server does once the replies are sent
    return replies;
  }
  // Runs the bot decisions due, and those they lead to, until a human decides.
  void run_bots() {
    while (!bots.empty()) {
      const BotJob job = bots.front();
      bots.erase(bots.begin());
      std::vector<BotJob> next;
      for (const Outgoing& o : rooms.bot_moved(run_bot_job(tessera::testing::game_registry(), loaded, job), next))
        heard[o.to].push_back(json::parse(o.text));
      bots.insert(bots.end(), next.begin(), next.end());
    }
  }
  json last(ConnectionId c, const std::string& type) const {
    const auto& messages = heard.at(c);
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    FAIL("no " << type << " message to connection " << c);
    return {};
  }
  std::vector<std::string> problems;
  WebRooms rooms;
  std::vector<BotJob> bots;
  std::map<ConnectionId, std::vector<json>> heard;
};

json create(Rooms& r, const json& game) {
  json request = game;
  request["cmd"] = "create";
  const auto replies = r.send(100, request);
  REQUIRE(replies.size() == 1);
  REQUIRE(replies[0]["type"] == "created");
  return replies[0];
}

}  // namespace

TEST_CASE("serve's legal moves carry each parameter's type, domain, value and word", "[host][web]") {
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
  REQUIRE(ask(server, {{"cmd", "act"}, {"action", "roll"}})["ok"] == true);
  const json actions = ask(server, {{"cmd", "legal"}})["actions"];
  CHECK(actions[0] == json::parse(R"({"text":"work 0","label":"Work with die 0 (6): +3 coins","move":"work",
        "params":[{"name":"die","type":"index","domain":"dice","value":0,"word":"0"}]})"));
  CHECK(actions[1]["params"][1] == json::parse(R"({"name":"slot","type":"index","domain":"market_slots","value":0,"word":"0"})"));

  // CATAN's roads name an edge by its id: the word is the id, the value its index.
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "catan_inca"}, {"players", 3}, {"seed", 5}})["ok"] == true);
  json road;
  for (int i = 0; i < 400 && road.is_null(); ++i) {
    const json legal = ask(server, {{"cmd", "legal"}});
    for (const json& a : legal["actions"])
      if (a["move"] == "build_road") road = a;
    const json bot = ask(server, {{"cmd", "bot"}, {"spec", "random"}});
    REQUIRE(ask(server, {{"cmd", "act"}, {"action", bot["action"]}})["ok"] == true);
  }
  REQUIRE_FALSE(road.is_null());
  const json at = road["params"][0];
  CHECK(at["name"] == "at");
  CHECK(at["type"] == "id");
  CHECK(at["domain"] == "edges");
  CHECK(road["text"] == "build_road " + at["word"].get<std::string>());
  CHECK(at["value"].is_number_integer());
}

TEST_CASE("A serve request may say which seat it speaks for; a move out of turn changes nothing", "[host][web]") {
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
  const json before = ask(server, {{"cmd", "state"}});
  const json refused = ask(server, {{"cmd", "act"}, {"action", "roll"}, {"as", 1}});
  CHECK(refused["error"]["code"] == "not_your_turn");
  CHECK(refused["error"]["message"] == "it is Seat 0's decision, not Seat 1's");
  CHECK(ask(server, {{"cmd", "state"}}) == before);
  CHECK(ask(server, {{"cmd", "legal"}, {"as", 1}})["actions"].empty());
  CHECK(ask(server, {{"cmd", "legal"}, {"as", 0}})["actions"].size() == 1);
  CHECK(ask(server, {{"cmd", "act"}, {"action", "roll"}, {"as", 2}})["error"]["code"] == "bad_request");
  CHECK(ask(server, {{"cmd", "act"}, {"action", "roll"}, {"as", 0}})["ok"] == true);
}

TEST_CASE("A room: seat tokens, the seat's own view and moves, spectators, refusals", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_1");
  Rooms r(dir.path);
  const json created = create(r, {{"game", "tutorial"}, {"players", 2}, {"seed", 3}, {"seats", {"human", "random"}}});
  const std::string room = created["room"];
  const std::string token = created["seats"][0]["token"];
  CHECK(token.size() == 32);
  CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
  CHECK_FALSE(created["seats"][1].contains("token"));

  // A token one digit off (the random token may itself start with '0').
  const std::string wrong = (token[0] == '0' ? "1" : "0") + token.substr(1);
  CHECK(r.send(1, {{"cmd", "join"}, {"room", room}, {"token", wrong}})[0]["code"] == "bad_token");
  CHECK(r.send(1, {{"cmd", "join"}, {"room", "nope"}})[0]["code"] == "no_room");
  CHECK(r.send(1, {{"cmd", "act"}, {"action", "roll"}})[0]["code"] == "not_joined");
  const auto joined = r.send(1, {{"cmd", "join"}, {"room", room}, {"token", token}});
  REQUIRE(joined.size() == 2);
  CHECK(joined[0]["type"] == "joined");
  CHECK(joined[0]["seat"] == 0);
  CHECK(joined[0]["title"] == "Lantern Market (tutorial)");
  CHECK(joined[0]["seats"] == json::parse(R"([{"kind":"human"},{"kind":"random"}])"));
  CHECK(joined[1]["legal"].size() == 1);
  r.send(2, {{"cmd", "join"}, {"room", room}});  // a spectator
  CHECK(r.last(2, "joined")["seat"] == -1);
  CHECK(r.last(2, "update")["legal"].empty());
  CHECK(r.send(2, {{"cmd", "act"}, {"action", "roll"}})[0]["code"] == "not_your_turn");

  const auto refused = r.send(1, {{"cmd", "act"}, {"action", "work 0"}});
  REQUIRE(refused.size() == 1);
  CHECK(refused[0]["code"] == "illegal_action");
  CHECK(refused[0]["message"].get<std::string>().find("Roll the lantern dice") != std::string::npos);

  r.send(1, {{"cmd", "act"}, {"action", "roll"}});
  const json seen = r.last(1, "update");
  CHECK(seen["step"] == 1);
  CHECK(seen["events"][0]["text"].get<std::string>().rfind("seat 0 rolls", 0) == 0);
  CHECK(r.last(2, "update")["step"] == 1);  // the spectator is told too
  CHECK(r.last(2, "update")["view"] == r.last(2, "update")["view"]);
  CHECK(r.send(1, {{"cmd", "flip"}})[0]["code"] == "unknown_command");
  CHECK(r.send(1, {{"cmd", "act"}, {"action", "roll"}, {"extra", 1}})[0]["code"] == "bad_request");
  CHECK(r.send(1, json::array())[0]["code"] == "bad_request");
  CHECK(r.rooms.handle(1, "{not json", r.bots).at(0).text.find("parse_error") != std::string::npos);
}

TEST_CASE("Bots move by themselves, undo takes back the human's move and theirs, history and view_at", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_2");
  Rooms r(dir.path);
  const json created = create(r, {{"game", "tutorial"}, {"players", 2}, {"seed", 3}, {"seats", {"human", "random"}}});
  r.send(1, {{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][0]["token"]}});
  // Seat 0 plays its first legal move until seat 1 (the bot) is to move, then the bot plays.
  for (int i = 0; i < 50 && r.bots.empty(); ++i)
    r.send(1, {{"cmd", "act"}, {"action", r.last(1, "update")["legal"][0]["text"]}});
  REQUIRE(r.bots.size() == 1);
  const std::size_t human_steps = r.last(1, "update")["step"];
  r.run_bots();
  const json after = r.last(1, "update");
  CHECK(after["step"] > human_steps);
  CHECK(after["to_move"] == 0);

  const json history = r.send(1, {{"cmd", "history"}})[0];
  CHECK(history["steps"].size() == after["step"]);
  CHECK(history["steps"][0] == json::parse(R"({"step":1,"seat":0,"text":"roll"})"));
  r.send(1, {{"cmd", "view_at"}, {"step", 1}});
  CHECK(r.last(1, "update")["step"] == 1);
  CHECK(r.last(1, "update")["replay"] == true);
  CHECK(r.last(1, "update")["legal"].empty());
  CHECK(r.send(1, {{"cmd", "act"}, {"action", "roll"}})[0]["code"] == "not_your_turn");
  r.send(1, {{"cmd", "view_at"}, {"step", after["step"]}});  // back to the game
  CHECK(r.last(1, "update")["replay"] == false);

  r.send(1, {{"cmd", "undo"}});
  const json undone = r.last(1, "update");
  CHECK(undone["step"] == human_steps - 1);
  CHECK(undone["to_move"] == 0);
}

TEST_CASE("In a CATAN room no connection hears another seat's hidden cards", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_3");
  Rooms r(dir.path);
  const json created =
      create(r, {{"game", "catan_inca"}, {"players", 3}, {"seed", 9}, {"seats", {"human", "human", "random"}}});
  for (int seat = 0; seat < 2; ++seat)
    r.send(1 + seat, {{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][seat]["token"]}});
  r.run_bots();
  int moves = 0;
  for (; moves < 600; ++moves) {
    const json a = r.last(1, "update"), b = r.last(2, "update");
    if (a["over"] == true) break;
    const ConnectionId mover = a["legal"].empty() ? 2 : 1;
    const json& legal = (mover == 1 ? a : b)["legal"];
    REQUIRE_FALSE(legal.empty());
    r.send(mover, {{"cmd", "act"}, {"action", legal[moves % legal.size()]["text"]}});
    r.run_bots();
  }
  CHECK(moves > 100);
  for (int seat = 0; seat < 2; ++seat) {
    int updates = 0;
    for (const json& m : r.heard[static_cast<ConnectionId>(1 + seat)]) {
      if (m["type"] != "update") continue;
      ++updates;
      const json& holdings = m["view"]["global"]["cards"]["holdings"];
      for (int other = 0; other < 3; ++other) {
        CHECK(holdings[other].is_null() == (other != seat));
        const json& hand = m["view"]["seats"][other]["hand"];
        if (other != seat)  // another seat's hand: its face-down cards come as null
          for (std::size_t i = 0; i < hand["cards"].size(); ++i) {
            INFO("seat " << seat << " sees seat " << other << "'s hand " << hand.dump());
            CHECK((hand["revealed"][i] == true || hand["cards"][i].is_null()));
          }
      }
    }
    CHECK(updates > 50);
  }
}

TEST_CASE("Rooms are kept in the state folder and come back; a broken room file is reported and skipped",
          "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_4");
  std::string room, token;
  {
    Rooms r(dir.path);
    const json created = create(r, {{"game", "tutorial"}, {"players", 2}, {"seats", {"human", "human"}}});
    room = created["room"];
    token = created["seats"][1]["token"];
    r.send(1, {{"cmd", "join"}, {"room", room}, {"token", created["seats"][0]["token"]}});
    r.send(1, {{"cmd", "act"}, {"action", "roll"}});
  }
  const auto file = dir.path / (room + ".json");
  CHECK((std::filesystem::status(file).permissions() & std::filesystem::perms::others_read) ==
        std::filesystem::perms::none);
  {
    Rooms r(dir.path);
    CHECK(r.problems.empty());
    CHECK(r.rooms.room_count() == 1);
    const auto joined = r.send(1, {{"cmd", "join"}, {"room", room}, {"token", token}});
    CHECK(joined[0]["seat"] == 1);
    CHECK(joined[1]["step"] == 1);
  }
  // A room file whose moves do not match its log, and one that is not JSON.
  json data = json::parse(std::ifstream(file));
  data["actors"] = data["actors"].get<std::string>() + ",0";
  std::ofstream(file) << data.dump();
  std::ofstream(dir.path / "0123456789abcdef.json") << "{";
  Rooms r(dir.path);
  CHECK(r.rooms.room_count() == 0);
  REQUIRE(r.problems.size() == 2);
  CHECK(r.problems[0].find("0123456789abcdef.json: not restored") != std::string::npos);
  CHECK(r.problems[1].find("the seats or moves of the room do not match its log") != std::string::npos);
}

// Bot moves are written in batches while bots play on (web_rooms.cpp, save_after_move):
// none may be missing from the file once the bots stop or the server does.
TEST_CASE("Bot moves are in the room file when the bots stop, and when the server stops mid-game", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_bot_saves");
  const json bots_only = {{"game", "tutorial"}, {"players", 2}, {"seats", {"random", "random"}}};
  const auto step_on_disk = [&](const std::string& room) {
    Rooms r(dir.path);
    const auto joined = r.send(1, {{"cmd", "join"}, {"room", room}});
    REQUIRE(joined.size() == 2);
    return joined[1];
  };
  std::string played, stopped;
  json end;
  {
    Rooms r(dir.path);
    played = create(r, bots_only)["room"];
    r.run_bots();  // to the end of the game, in well under the batch interval
    r.send(1, {{"cmd", "join"}, {"room", played}});
    end = r.last(1, "update");
    REQUIRE(end["over"] == true);
    // Only the events of the last 50 steps are kept for joins (a tutorial step tells at most 3).
    REQUIRE(end["step"] > 100);
    CHECK(r.rooms.event_count() <= 3 * 50);
    stopped = create(r, bots_only)["room"];
    for (int moves = 0; moves < 3; ++moves) {
      const BotJob job = r.bots.back();
      r.bots.pop_back();
      r.rooms.bot_moved(run_bot_job(tessera::testing::game_registry(), r.loaded, job), r.bots);
    }
    REQUIRE(r.bots.size() == 1);  // the server stops with the fourth move due
  }
  const json replayed = step_on_disk(played);
  CHECK(replayed["step"] == end["step"]);
  CHECK(replayed["over"] == true);
  CHECK(step_on_disk(stopped)["step"] == 3);
}

TEST_CASE("A server holds at most --games-max rooms", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_5");
  Rooms r(dir.path, WebLimits{1});
  create(r, {{"game", "tutorial"}});
  CHECK(r.send(1, {{"cmd", "create"}, {"game", "tutorial"}})[0]["code"] == "too_many_games");
  CHECK(r.send(1, {{"cmd", "create"}, {"game", "chess"}})[0]["code"] == "too_many_games");
}

TEST_CASE("A saved log opens as a room to step through, where no move is made", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_open_log");
  ProtocolServer server(tessera::testing::game_registry());
  REQUIRE(ask(server, {{"cmd", "new"}, {"game", "tutorial"}, {"players", 2}, {"seed", 3}})["ok"] == true);
  REQUIRE(ask(server, {{"cmd", "act"}, {"action", "roll"}})["ok"] == true);
  REQUIRE(ask(server, {{"cmd", "act"}, {"action", "work 0"}})["ok"] == true);
  const json log = ask(server, {{"cmd", "save"}})["log"];

  Rooms r(dir.path);
  const json created = r.send(1, {{"cmd", "open_log"}, {"log", log}})[0];
  REQUIRE(created["type"] == "created");
  CHECK(created["seats"].empty());
  r.send(1, {{"cmd", "join"}, {"room", created["room"]}});
  CHECK(r.last(1, "joined")["replay_only"] == true);
  const json end = r.last(1, "update");
  CHECK(end["step"] == 2);
  CHECK(end["replay"] == true);
  CHECK(end["legal"].empty());
  r.send(1, {{"cmd", "view_at"}, {"step", 1}});
  CHECK(r.last(1, "update")["step"] == 1);
  CHECK(r.send(1, {{"cmd", "view_at"}, {"step", 3}})[0]["code"] == "bad_request");
  CHECK(r.send(1, {{"cmd", "act"}, {"action", "work 1"}})[0]["code"] == "not_your_turn");
  json broken = log;
  broken["steps"][0]["action"] = "work 9";
  CHECK(r.send(1, {{"cmd", "open_log"}, {"log", broken}})[0]["code"] == "bad_data");
  CHECK(r.rooms.room_count() == 1);
}

TEST_CASE("A human's move is written to the room file after its updates are handed out, by write_due",
          "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_write_due");
  Rooms r(dir.path);
  const json created = create(r, {{"game", "tutorial"}, {"players", 2}, {"seats", {"human", "human"}}});
  const std::string room = created["room"];
  r.send(1, {{"cmd", "join"}, {"room", room}, {"token", created["seats"][0]["token"]}});
  const auto actors = [&] { return json::parse(std::ifstream(dir.path / (room + ".json")))["actors"].get<std::string>(); };
  std::vector<BotJob> bots;
  const auto out = r.rooms.handle(1, R"({"cmd":"act","action":"roll"})", bots);
  REQUIRE(!out.empty());
  CHECK(json::parse(out.back().text)["step"] == 1);
  CHECK(actors().empty());  // the server sends the update first: the disk's sync waits
  r.rooms.write_due();
  CHECK(actors() == "0");
}

TEST_CASE("A room file that cannot be written is reported, and the game goes on", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_unwritable");
  Rooms r(dir.path);
  const json created = create(r, {{"game", "tutorial"}, {"players", 2}, {"seats", {"human", "human"}}});
  const std::string room = created["room"];
  std::filesystem::remove(dir.path / (room + ".json"));
  std::filesystem::create_directory(dir.path / (room + ".json"));  // write_file refuses a folder
  r.send(1, {{"cmd", "join"}, {"room", room}, {"token", created["seats"][0]["token"]}});
  r.send(1, {{"cmd", "act"}, {"action", "roll"}});
  CHECK(r.last(1, "update")["step"] == 1);
  REQUIRE(r.problems.size() == 1);
  CHECK(r.problems[0].find(room + ".json") != std::string::npos);
  CHECK(r.problems[0].find("is not kept on disk until a write succeeds") != std::string::npos);
}

TEST_CASE("A room nobody is at is parked as its log, and comes back as it was", "[host][web]") {
  tessera::testing::TempDir dir("web_rooms_parked");
  Rooms r(dir.path);
  const json created = create(r, {{"game", "catan_inca"}, {"players", 3}, {"seed", 4}, {"seats", {"human", "random", "random"}}});
  create(r, {{"game", "tutorial"}, {"players", 2}});
  // CATAN's start player is rolled: when it is a bot, its room is loaded while the bot decides.
  CHECK(r.rooms.loaded_count() == r.bots.size());
  r.run_bots();
  CHECK(r.rooms.loaded_count() == 0);
  r.send(1, {{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][0]["token"]}});
  CHECK(r.rooms.loaded_count() == 1);
  for (int i = 0; i < 5; ++i) {
    r.send(1, {{"cmd", "act"}, {"action", r.last(1, "update")["legal"][0]["text"]}});
    r.run_bots();
  }
  const json before = r.last(1, "update");
  r.rooms.disconnect(1);
  CHECK(r.rooms.loaded_count() == 0);
  r.send(2, {{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][0]["token"]}});
  const json after = r.last(2, "update");
  CHECK(after["step"] == before["step"]);
  CHECK(after["view"] == before["view"]);
  CHECK(after["legal"] == before["legal"]);
  CHECK(r.send(2, {{"cmd", "history"}})[0]["steps"].size() == before["step"]);
}
