#include "web_rooms.hpp"

#include <algorithm>
#include <charconv>
#include <random>
#include <set>
#include <sstream>
#include <sys/stat.h>

#include "bots.hpp"
#include "file_writer.hpp"
#include "json_limits.hpp"
#include "json_text.hpp"
#include "legal_json.hpp"
#include "strict_fields.hpp"
#include "tessera/error.hpp"
#include "tessera/yaml_reader.hpp"
#include "web_request.hpp"

namespace tessera::host {

using json = nlohmann::json;

namespace {

constexpr std::size_t kEventsOnJoin = 50;  // steps of events a joining connection is told

std::string hex_of(std::uint64_t value) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = digits[value & 15];
  return out;
}

// Compares without stopping at the first difference, so timing tells nothing of a token.
bool same_secret(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// The protocol's response, or a WebError carrying its error.
json expect_ok(json response) {
  if (response.value("ok", false)) return response;
  const json& error = response["error"];
  throw WebError{error.value("code", "error"), error.value("message", "")};
}

}  // namespace

json web_layout(const PluginEntry& game) {
  const std::filesystem::path file = game.data_dir / "web.yaml";
  if (!std::filesystem::exists(file)) return json::object();
  const YamlDocument doc = load_yaml(file, "data/" + game.manifest.id + "/web.yaml");
  json layout = to_json(doc.root);
  if (!layout.is_object()) throw DataError(doc.file + ": expected a map of layout hints (sdk/docs/web-layout.md)");
  return layout;
}

std::string random_token() {
  std::random_device device;
  const std::uint64_t high = (std::uint64_t{device()} << 32) | device();
  const std::uint64_t low = (std::uint64_t{device()} << 32) | device();
  return hex_of(high) + hex_of(low);
}

BotAnswer run_bot_job(const PluginRegistry& registry, LoadedGames& loaded, const BotJob& job) {
  BotAnswer answer{job.room, job.steps, job.seat, std::nullopt, {}};
  try {
    const std::unique_ptr<LoadedGames::Lease> lease = loaded.lend(job.setup, job.setup.seed);
    Game& game = lease->game();
    game.set_state(job.state);
    // A search on several threads makes its other games itself, each on its own thread.
    std::unique_ptr<Bot> bot =
        make_bot(job.spec, job.seed, job.seat, game_maker(registry, job.setup.game, job.setup.players, job.setup.variants));
    bot->cap_time(ProtocolServer::kBotTimeCap);
    std::vector<Move> moves;
    game.legal_moves(moves);
    if (moves.empty()) throw Error("the bot's seat has no legal move");
    answer.action = game.move_text(moves[bot->choose(game, moves)]);
  } catch (const std::exception& e) {
    answer.error = e.what();
  }
  return answer;
}

WebRooms::WebRooms(const PluginRegistry& registry, std::filesystem::path state_dir, WebLimits limits, Report report)
    : registry_(registry), state_dir_(std::move(state_dir)), limits_(limits), report_(std::move(report)), lobby_(registry) {
  make_folder(state_dir_);
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(state_dir_))
    if (entry.path().extension() == ".json" && entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    try {
      if (rooms_.size() >= limits_.games_max) throw Error("the server holds its most games already");
      restore(file);
    } catch (const std::exception& e) {
      report_(file.string() + ": not restored: " + short_message(e.what()));
    }
  }
}

WebRooms::~WebRooms() {
  for (auto& [id, room] : rooms_) {
    try {
      if (room->unsaved) save(*room);
    } catch (const std::exception& e) {
      report_("room " + id + " not written at the end: " + short_message(e.what()));
    }
  }
}

std::vector<Outgoing> WebRooms::handle(ConnectionId from, std::string_view text, std::vector<BotJob>& bots) {
  json request;
  if (json refused = ProtocolServer::parse_request(text, request); !refused.is_null())
    return {Outgoing{from, json_text(error_message(refused["error"]["code"], refused["error"]["message"]))}};
  return handle_request(from, request, bots);
}

std::vector<Outgoing> WebRooms::handle_request(ConnectionId from, const json& request, std::vector<BotJob>& bots) {
  std::vector<Outgoing> out;
  json reply;
  try {
    if (!request.is_object()) throw WebError{"bad_request", "a request is a JSON object with \"cmd\""};
    reply = dispatch(from, request, out, bots);
  } catch (const WebError& e) {
    reply = error_message(e.code, e.what());
  } catch (const std::exception& e) {
    reply = error_message("error", e.what());
  }
  if (!reply.is_null() && request.is_object() && request.contains("id")) reply["id"] = request["id"];
  if (!reply.is_null()) out.insert(out.begin(), Outgoing{from, json_text(reply)});
  return out;
}

json WebRooms::dispatch(ConnectionId from, const json& request, std::vector<Outgoing>& out,
                        std::vector<BotJob>& bots) {
  const std::string cmd = text_field(request, "cmd", "a string");
  if (cmd == "games") {
    allow_only(request, {}, cmd);
    json games = expect_ok(lobby_.respond(json{{"cmd", "games"}}))["games"];
    return json{{"type", "games"}, {"games", games}};
  }
  if (cmd == "create") return cmd_create(request, bots);
  if (cmd == "join") return cmd_join(from, request, out);
  if (cmd == "act") {
    cmd_act(from, request, out, bots);
    return nullptr;  // the update is the answer
  }
  if (cmd == "undo") {
    allow_only(request, {}, cmd);
    cmd_undo(from, out);
    return nullptr;
  }
  if (cmd == "history") {
    allow_only(request, {}, cmd);
    return cmd_history(from);
  }
  if (cmd == "view_at") {
    cmd_view_at(from, request, out);
    return nullptr;
  }
  if (cmd == "open_log") return cmd_open_log(request);
  throw WebError{"unknown_command",
                 "unknown cmd '" + cmd + "'; known: games, create, join, act, undo, history, view_at, open_log, compare"};
}

WebRooms::Room& WebRooms::new_room(bool replay_only) {
  if (rooms_.size() >= limits_.games_max)
    throw WebError{"too_many_games", "the server holds " + std::to_string(limits_.games_max) +
                                         " games, its most (tessera web --games-max)"};
  std::string id;
  do id = random_token().substr(0, 16);
  while (rooms_.count(id));
  auto room = std::make_unique<Room>(registry_);
  room->id = id;
  room->replay_only = replay_only;
  return *rooms_.emplace(id, std::move(room)).first->second;
}

json WebRooms::cmd_create(const json& request, std::vector<BotJob>& bots) {
  allow_only(request, {"game", "players", "seed", "variants", "seats"}, "create");
  json start = request;
  start["cmd"] = "new";
  start.erase("id");
  if (!start.contains("seed")) start["seed"] = std::random_device{}();
  Room& room = new_room(false);
  try {
    expect_ok(room.game.respond(start));
  } catch (...) {
    const std::string id = room.id;  // not a reference into the room that erase destroys
    rooms_.erase(id);
    throw;
  }
  const Session& session = *room.game.running();  // just started: not parked
  std::vector<std::string> kinds = session.setup().seats;
  if (kinds.empty()) {
    kinds.assign(static_cast<std::size_t>(session.setup().players), "random");
    kinds[0] = "human";
  }
  json seats = json::array();
  for (std::size_t s = 0; s < kinds.size(); ++s) {
    Seat seat{kinds[s], kinds[s] == "human" ? random_token() : std::string()};
    json entry{{"seat", s}, {"kind", seat.kind}};
    if (!seat.token.empty()) entry["token"] = seat.token;
    seats.push_back(entry);
    room.seats.push_back(std::move(seat));
  }
  save(room);
  due_bot(room, bots);  // a bot may have the first decision
  park_if_idle(room);
  return json{{"type", "created"}, {"room", room.id}, {"seats", seats}};
}

json WebRooms::joined_message(Room& room, int seat) {
  const Session& session = *game_of(room).running();
  const Game& game = session.game();
  json names = json::array();
  json seats = json::array();
  for (int s = 0; s < game.table().players(); ++s) {
    names.push_back(game.player_name(s));
    seats.push_back(json{{"kind", room.seats[static_cast<std::size_t>(s)].kind}});
  }
  const PluginEntry& entry = registry_.game(session.setup().game);
  return json{{"type", "joined"},   {"room", room.id},         {"seat", seat},
              {"game", session.setup().game}, {"title", entry.manifest.title}, {"players", game.table().players()},
              {"names", names},     {"seats", seats},          {"layout", web_layout(entry)},
              {"replay_only", room.replay_only}};
}

json WebRooms::cmd_join(ConnectionId from, const json& request, std::vector<Outgoing>& out) {
  allow_only(request, {"room", "token"}, "join");
  const std::string id = text_field(request, "room", "a room id");
  const auto it = rooms_.find(id);
  if (it == rooms_.end()) throw WebError{"no_room", "no room '" + id + "' on this server"};
  Room& room = *it->second;
  int seat = -1;
  if (request.contains("token")) {
    const std::string token = text_field(request, "token", "a seat's token");
    for (std::size_t s = 0; s < room.seats.size(); ++s)
      if (!room.seats[s].token.empty() && same_secret(room.seats[s].token, token)) seat = static_cast<int>(s);
    if (seat < 0) throw WebError{"bad_token", "that token is no seat's of room '" + id + "'"};
  }
  Connection& connection = connections_[from];
  const std::string left = connection.room;  // a connection that joins again may leave a room
  connection = Connection{room.id, seat, 0, std::nullopt};
  if (const auto before = rooms_.find(left); before != rooms_.end() && left != room.id) park_if_idle(*before->second);
  const std::size_t steps = game_of(room).running()->steps();
  connection.heard = steps > kEventsOnJoin ? steps - kEventsOnJoin : 0;
  out.push_back(Outgoing{from, json_text(joined_message(room, seat))});
  out.push_back(Outgoing{from, json_text(update_for(room, connection))});
  return nullptr;
}

WebRooms::Room& WebRooms::joined_room(ConnectionId from, Connection** connection) {
  const auto it = connections_.find(from);
  if (it == connections_.end()) throw WebError{"not_joined", "join a room first ({\"cmd\":\"join\",...})"};
  const auto room = rooms_.find(it->second.room);
  if (room == rooms_.end()) throw WebError{"no_room", "the room is gone"};
  if (connection) *connection = &it->second;
  return *room->second;
}

void WebRooms::act(Room& room, int seat, const std::string& action) {
  ProtocolServer& game = game_of(room);
  const std::size_t before = game.running()->steps();
  json response = expect_ok(game.respond(json{{"cmd", "act"}, {"action", action}, {"as", seat}}));
  const std::size_t step = game.running()->steps();
  if (step == before) return;
  room.actors.push_back(seat);
  for (const json& e : response["events"])
    room.events.push_back(StoredEvent{step, e["audience"].get<int>(), e["text"].get<std::string>()});
  // Only the events a join still tells are kept: a connection at the table hears each event
  // as it comes, so a long game's room does not grow with its events.
  const std::size_t oldest_told = step > kEventsOnJoin ? step - kEventsOnJoin : 0;
  room.events.erase(room.events.begin(), std::find_if(room.events.begin(), room.events.end(),
                                                      [&](const StoredEvent& e) { return e.step > oldest_told; }));
  save_after_move(room, seat);
}

// A human's move is written as soon as its updates are sent (write_due). Bots playing on write
// their moves every kBotSaveInterval and when they stop (bot_moved, park_if_idle, ~WebRooms):
// a file written per bot move made 100 bot games wait on the disk. A bot move not yet written
// is made again alike after a restart (its seed is the game's seed and the step).
void WebRooms::save_after_move(Room& room, int seat) {
  constexpr auto kBotSaveInterval = std::chrono::milliseconds(250);
  room.unsaved = true;
  if (room.seats[static_cast<std::size_t>(seat)].kind == "human") return write_soon(room);
  if (std::chrono::steady_clock::now() - room.saved_at >= kBotSaveInterval) save(room);
}

void WebRooms::write_soon(Room& room) {
  room.unsaved = true;
  if (!room.write_due) due_writes_.push_back(room.id);
  room.write_due = true;
}

void WebRooms::write_due() {
  for (const std::string& id : due_writes_)
    if (const auto it = rooms_.find(id); it != rooms_.end() && it->second->write_due && it->second->game.running())
      save(*it->second);
  due_writes_.clear();
}

void WebRooms::cmd_act(ConnectionId from, const json& request, std::vector<Outgoing>& out,
                       std::vector<BotJob>& bots) {
  allow_only(request, {"action"}, "act");
  const std::string action = text_field(request, "action", "a move's text");
  Connection* connection = nullptr;
  Room& room = joined_room(from, &connection);
  if (room.replay_only) throw WebError{"not_your_turn", "this room replays a saved game: no moves are made in it"};
  if (connection->seat < 0) throw WebError{"not_your_turn", "a spectator makes no moves"};
  if (connection->replay_step) throw WebError{"not_your_turn", "you are looking at an earlier step: go back to the game first"};
  act(room, connection->seat, action);
  broadcast(room, out);
  due_bot(room, bots);
}

void WebRooms::cmd_undo(ConnectionId from, std::vector<Outgoing>& out) {
  Connection* connection = nullptr;
  Room& room = joined_room(from, &connection);
  const int seat = connection->seat;
  if (room.replay_only || seat < 0) throw WebError{"cannot_undo", "only a seat at the table takes back its moves"};
  for (std::size_t s = 0; s < room.seats.size(); ++s)
    if (static_cast<int>(s) != seat && room.seats[s].kind == "human")
      throw WebError{"cannot_undo", "a move is taken back only in a game against bots alone"};
  const auto last = std::find(room.actors.rbegin(), room.actors.rend(), seat);
  if (last == room.actors.rend()) throw WebError{"cannot_undo", "you have made no move to take back"};
  const std::size_t keep = static_cast<std::size_t>(room.actors.rend() - last) - 1;
  ProtocolServer& game = game_of(room);
  game.run(game.running()->replayed(registry_, keep));
  room.actors.resize(keep);
  room.events.erase(std::remove_if(room.events.begin(), room.events.end(),
                                   [keep](const StoredEvent& e) { return e.step > keep; }),
                    room.events.end());
  for (auto& [id, c] : connections_)
    if (c.room == room.id) c.heard = std::min(c.heard, keep);
  write_soon(room);
  broadcast(room, out);
}

json WebRooms::cmd_history(ConnectionId from) {
  Room& room = joined_room(from);
  const Session& session = *game_of(room).running();
  json steps = json::array();
  for (std::size_t i = 0; i < session.steps(); ++i) {
    const json& step = session.step_list()[i];
    json entry{{"step", i + 1}, {"seat", i < room.actors.size() ? room.actors[i] : -1}};
    entry["text"] = step.contains("action") ? step["action"].get<std::string>() : std::string("(a scenario edit)");
    steps.push_back(entry);
  }
  return json{{"type", "history"}, {"steps", steps}};
}

void WebRooms::cmd_view_at(ConnectionId from, const json& request, std::vector<Outgoing>& out) {
  allow_only(request, {"step"}, "view_at");
  Connection* connection = nullptr;
  Room& room = joined_room(from, &connection);
  const auto it = request.find("step");
  if (it == request.end() || !it->is_number_integer())
    throw WebError{"bad_request", "\"step\" must be a step number (0 for the start)"};
  const std::size_t total = game_of(room).running()->steps();
  const long long step = it->get<long long>();
  if (step < 0 || static_cast<std::size_t>(step) > total)
    throw WebError{"bad_request", "step " + std::to_string(step) + " is not one of 0.." + std::to_string(total)};
  connection->replay_step = static_cast<std::size_t>(step) == total && !room.replay_only
                                ? std::nullopt
                                : std::optional<std::size_t>(static_cast<std::size_t>(step));
  out.push_back(Outgoing{from, json_text(update_for(room, *connection))});
}

json WebRooms::cmd_open_log(const json& request) {
  allow_only(request, {"log"}, "open_log");
  if (!request.contains("log")) throw WebError{"bad_request", "missing \"log\" (a saved game log)"};
  Room& room = new_room(true);
  try {
    expect_ok(room.game.respond(json{{"cmd", "load"}, {"log", request["log"]}}));
  } catch (...) {
    const std::string id = room.id;  // not a reference into the room that erase destroys
    rooms_.erase(id);
    throw;
  }
  const Session& session = *room.game.running();
  for (int s = 0; s < session.game().table().players(); ++s)
    room.seats.push_back(Seat{session.setup().seats.empty() ? "human" : session.setup().seats[static_cast<std::size_t>(s)], {}});
  room.actors.assign(session.steps(), -1);
  save(room);
  park_if_idle(room);
  return json{{"type", "created"}, {"room", room.id}, {"seats", json::array()}};
}

json WebRooms::update_for(Room& room, Connection& connection) {
  const Session& now = *game_of(room).running();
  std::unique_ptr<Session> earlier;
  if (connection.replay_step) earlier = now.replayed(registry_, *connection.replay_step);
  const Session& shown = earlier ? *earlier : now;
  const Game& game = shown.game();
  const int seat = connection.seat;
  json update{{"type", "update"},
              {"room", room.id},
              {"step", shown.steps()},
              {"seat", seat},
              {"to_move", game.seat_to_move()},
              {"prompt", game.decision().prompt},
              {"over", game.is_over()},
              {"outcome", game.is_over() ? outcome_json(game) : json(nullptr)},
              {"view", game.table().view(seat)},
              {"text", game.render(seat)},
              {"replay", earlier != nullptr || room.replay_only}};
  const bool deciding = !earlier && !room.replay_only && seat >= 0 && !game.is_over() && game.seat_to_move() == seat;
  update["legal"] = deciding ? legal_json(game) : json::array();
  json events = json::array();
  if (!earlier) {
    for (const StoredEvent& e : room.events)
      if (e.step > connection.heard && (e.audience == kSpectator || e.audience == seat))
        events.push_back(json{{"step", e.step}, {"text", e.text}});
    connection.heard = now.steps();
  }
  update["events"] = events;
  return update;
}

void WebRooms::broadcast(Room& room, std::vector<Outgoing>& out) {
  for (auto& [id, connection] : connections_)
    if (connection.room == room.id && !connection.replay_step)
      out.push_back(Outgoing{id, json_text(update_for(room, connection))});
}

void WebRooms::due_bot(Room& room, std::vector<BotJob>& bots) {
  if (room.replay_only) return;
  ProtocolServer& running = game_of(room);
  const Session& session = *running.running();
  const Game& game = session.game();
  if (game.is_over()) return;
  const int seat = game.seat_to_move();
  if (seat < 0 || room.seats[static_cast<std::size_t>(seat)].kind == "human") return;
  // Seeded as serve's `bot` is: by the game's seed and the steps so far.
  bots.push_back(BotJob{room.id, session.steps(), seat, room.seats[static_cast<std::size_t>(seat)].kind,
                        session.setup().seed + 0x9e3779b97f4a7c15ULL * (session.steps() + 1), session.setup(),
                        expect_ok(running.respond(json{{"cmd", "state"}}))["state"]});
  room.bot_due = true;
}

std::vector<Outgoing> WebRooms::bot_moved(const BotAnswer& answer, std::vector<BotJob>& bots) {
  std::vector<Outgoing> out;
  const auto it = rooms_.find(answer.room);
  if (it == rooms_.end()) return out;
  Room& room = *it->second;
  room.bot_due = false;
  if (game_of(room).running()->steps() != answer.steps) {  // the game moved on (an undo)
    park_if_idle(room);
    return out;
  }
  try {
    if (!answer.action) throw WebError{"error", answer.error};
    act(room, answer.seat, *answer.action);
  } catch (const WebError& e) {
    // A bot that cannot move (a broken house rule) leaves the game waiting; everyone is told why.
    const std::string message = room.seats[static_cast<std::size_t>(answer.seat)].kind + " at seat " +
                                std::to_string(answer.seat) + " could not move: " + e.what();
    for (const auto& [id, connection] : connections_)
      if (connection.room == room.id) out.push_back(Outgoing{id, json_text(error_message("bot_failed", message))});
    park_if_idle(room);
    return out;
  }
  broadcast(room, out);
  due_bot(room, bots);
  if (!room.bot_due && room.unsaved) save(room);
  park_if_idle(room);
  return out;
}

std::vector<BotJob> WebRooms::pending_bots() { return std::move(restored_bots_); }

void WebRooms::disconnect(ConnectionId connection) {
  const auto it = connections_.find(connection);
  if (it == connections_.end()) return;
  const std::string room = it->second.room;
  connections_.erase(it);
  if (const auto r = rooms_.find(room); r != rooms_.end()) park_if_idle(*r->second);
}

ProtocolServer& WebRooms::game_of(Room& room) {
  if (!room.game.running()) {
    room.game.run(Session::from_log_text(registry_, room.parked_log, "the log of room " + room.id));
    room.parked_log.clear();
  }
  return room.game;
}

std::size_t WebRooms::event_count() const {
  std::size_t n = 0;
  for (const auto& [id, room] : rooms_) n += room->events.size();
  return n;
}

std::size_t WebRooms::loaded_count() const {
  return static_cast<std::size_t>(
      std::count_if(rooms_.begin(), rooms_.end(), [](const auto& r) { return r.second->game.running() != nullptr; }));
}

void WebRooms::park_if_idle(Room& room) {
  if (!room.game.running() || room.bot_due) return;
  for (const auto& [id, connection] : connections_)
    if (connection.room == room.id) return;
  if (room.unsaved) save(room);
  room.parked_log = json_text(room.game.running()->log());
  room.game.run(nullptr);
}

// A room file holds the game log as one JSON string, read back by the log's own reader and
// bounds, and who made each move as one string ("0,1,-1"): so a room whose log fits the log's
// bounds always fits the file's (kMaxRoomFileBytes), and the server reads what it wrote.
void WebRooms::save(Room& room) const {
  room.unsaved = false;
  room.write_due = false;
  room.saved_at = std::chrono::steady_clock::now();
  json seats = json::array();
  for (const Seat& s : room.seats) seats.push_back(json{{"kind", s.kind}, {"token", s.token}});
  std::string actors;
  for (const int seat : room.actors) actors += (actors.empty() ? "" : ",") + std::to_string(seat);
  const json file{{"tessera_web_room", 1}, {"room", room.id}, {"replay_only", room.replay_only}, {"seats", seats},
                  {"actors", actors},      {"log", json_text(room.game.running()->log())}};  // saved only while loaded
  const std::filesystem::path path = state_dir_ / (room.id + ".json");
  try {
    write_file(path, json_text(file));
    ::chmod(path.c_str(), 0600);  // it holds the seats' tokens
  } catch (const Error& e) {
    // The game goes on in memory; the file keeps its last whole state (file_writer.hpp).
    report_(short_message(e.what()) + " (room " + room.id + " is not kept on disk until a write succeeds)");
  }
}

void WebRooms::restore(const std::filesystem::path& file) {
  const json data = parse_bounded_json(read_bounded_file(file.string(), kMaxRoomFileBytes));
  allow_only_fields(data, {"tessera_web_room", "room", "replay_only", "seats", "actors", "log"}, "a room file");
  if (data.value("tessera_web_room", 0) != 1) throw DataError("not a room file of this version (tessera_web_room: 1)");
  const std::string id = data.at("room").get<std::string>();
  if (id.size() != 16 || id.find_first_not_of("0123456789abcdef") != std::string::npos || rooms_.count(id) ||
      file.stem() != id)
    throw DataError("room id '" + short_message(id) + "' is not the file's name or not a room id");
  auto room = std::make_unique<Room>(registry_);
  room->id = id;
  room->replay_only = data.at("replay_only").get<bool>();
  room->game.run(Session::from_log_text(registry_, data.at("log").get<std::string>(), file.string() + ": log"));
  const Session& session = *room->game.running();
  const int players = session.setup().players;
  for (const json& s : data.at("seats")) room->seats.push_back(Seat{s.at("kind").get<std::string>(), s.at("token").get<std::string>()});
  std::istringstream actors(data.at("actors").get<std::string>());
  for (std::string word; std::getline(actors, word, ',');) {
    int seat = players;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), seat);
    if (error != std::errc() || end != word.data() + word.size() || seat < -1 || seat >= players)
      throw DataError("actors: '" + short_message(word) + "' is not a seat of this game");
    room->actors.push_back(seat);
  }
  if (room->seats.size() != static_cast<std::size_t>(players) || room->actors.size() != session.steps())
    throw DataError("the seats or moves of the room do not match its log");
  Room& restored = *rooms_.emplace(id, std::move(room)).first->second;
  due_bot(restored, restored_bots_);  // a bot to move keeps its room loaded
  park_if_idle(restored);
}

}  // namespace tessera::host
