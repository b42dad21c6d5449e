#pragma once
// WebRooms: the games of `tessera web` and who sits at them, without any networking
// (sdk/docs/web.md). A room is one game run by a ProtocolServer of its own, its seats (a
// human seat holds a secret token, a bot seat its spec), the connections joined to it and
// the events of its moves. A connection hears only what its seat may: view(seat), the legal
// moves when it is that seat's decision, and the events whose audience it is. Every room is
// kept in a file of the state folder after each move, so a restarted server resumes it.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "json_limits.hpp"
#include "loaded_games.hpp"
#include "protocol_server.hpp"
#include "tessera/plugin_registry.hpp"

namespace tessera::host {

using ConnectionId = std::uint64_t;

// A message for one connection.
struct Outgoing {
  ConnectionId to;
  std::string text;
};

// A bot's decision, self-contained so that it can be searched on another thread: the full
// state it decides in, and what is needed to make a game of its own to search on.
struct BotJob {
  std::string room;
  std::size_t steps = 0;  // the room's steps when asked: a reply to an older state is dropped
  int seat = 0;
  std::string spec;
  std::uint64_t seed = 0;
  SessionSetup setup;
  nlohmann::json state;
};

// Runs `job` (any thread): the text of the move the bot makes, or an error's words. The
// game it searches is lent by `loaded`.
struct BotAnswer {
  std::string room;
  std::size_t steps = 0;
  int seat = 0;
  std::optional<std::string> action;
  std::string error;
};
BotAnswer run_bot_job(const PluginRegistry& registry, LoadedGames& loaded, const BotJob& job);

// The most a room file may hold: its log as a JSON string (each byte of a log of
// kMaxLogBytes at most escaped to two) and a seat number per step, with room to spare.
inline constexpr std::size_t kMaxRoomFileBytes = 2 * kMaxLogBytes + 4 * kMaxLogSteps + (std::size_t{64} << 10);

struct WebLimits {
  std::size_t games_max = 1000;  // rooms held at once, restored ones included
};

class WebRooms {
 public:
  // What goes wrong that no client asked for, in words for the server's log: a room file that
  // does not load, or cannot be written.
  using Report = std::function<void(const std::string&)>;
  // Reads every room file of `state_dir` (made when missing); a file that does not load is
  // reported and left alone.
  WebRooms(const PluginRegistry& registry, std::filesystem::path state_dir, WebLimits limits, Report report);
  // Writes the rooms whose last bot moves are not on disk yet.
  ~WebRooms();
  WebRooms(const WebRooms&) = delete;
  WebRooms& operator=(const WebRooms&) = delete;

  // One message from `from`. Returns what to send, to whom; bot decisions now due are added
  // to `bots` (run them with run_bot_job, then hand the answer to bot_moved).
  std::vector<Outgoing> handle(ConnectionId from, std::string_view text, std::vector<BotJob>& bots);
  // The same for a message already read as JSON.
  std::vector<Outgoing> handle_request(ConnectionId from, const nlohmann::json& request, std::vector<BotJob>& bots);
  std::vector<Outgoing> bot_moved(const BotAnswer& answer, std::vector<BotJob>& bots);
  void disconnect(ConnectionId connection);
  // Writes the rooms whose last human move or undo is not on disk yet. handle_request leaves
  // that write to this call so that a server sends the move's updates before it waits on the
  // disk (a file's sync takes about 10 ms); the destructor writes whatever is left.
  void write_due();

  std::size_t room_count() const { return rooms_.size(); }
  // The rooms whose game is loaded (not parked).
  std::size_t loaded_count() const;
  // The events kept for joins, in every room (those of the last kEventsOnJoin steps).
  std::size_t event_count() const;
  // The bot decisions due in the restored rooms, for a server that has just started (once).
  std::vector<BotJob> pending_bots();

 private:
  struct Seat {
    std::string kind;   // "human" or a bot spec
    std::string token;  // human seats only
  };
  struct StoredEvent {
    std::size_t step;
    int audience;
    std::string text;
  };
  struct Room {
    std::string id;
    ProtocolServer game;
    std::vector<Seat> seats;
    std::vector<int> actors;  // the seat of each step
    std::vector<StoredEvent> events;
    bool replay_only = false;
    bool bot_due = false;     // a bot decision is being searched
    std::string parked_log;   // the log while parked (game holds no session)
    bool unsaved = false;     // moves since the file was last written
    bool write_due = false;   // a human's move or undo, to be written by write_due()
    std::chrono::steady_clock::time_point saved_at{};
    explicit Room(const PluginRegistry& registry) : game(registry) {}
  };
  struct Connection {
    std::string room;
    int seat = -1;
    std::size_t heard = 0;      // events of steps up to this one were sent
    std::optional<std::size_t> replay_step;  // view_at: looking at an earlier step
  };

  nlohmann::json dispatch(ConnectionId from, const nlohmann::json& request, std::vector<Outgoing>& out,
                          std::vector<BotJob>& bots);
  nlohmann::json cmd_create(const nlohmann::json& request, std::vector<BotJob>& bots);
  nlohmann::json cmd_join(ConnectionId from, const nlohmann::json& request, std::vector<Outgoing>& out);
  void cmd_act(ConnectionId from, const nlohmann::json& request, std::vector<Outgoing>& out,
               std::vector<BotJob>& bots);
  void cmd_undo(ConnectionId from, std::vector<Outgoing>& out);
  nlohmann::json cmd_history(ConnectionId from);
  void cmd_view_at(ConnectionId from, const nlohmann::json& request, std::vector<Outgoing>& out);
  nlohmann::json cmd_open_log(const nlohmann::json& request);

  // Applies `action` for `seat`; throws WebError when refused.
  void act(Room& room, int seat, const std::string& action);
  Room& joined_room(ConnectionId from, Connection** connection = nullptr);
  Room& new_room(bool replay_only);
  void broadcast(Room& room, std::vector<Outgoing>& out);
  nlohmann::json update_for(Room& room, Connection& connection);
  nlohmann::json joined_message(Room& room, int seat);
  // The room's game, replayed from its kept log first when the room was parked.
  ProtocolServer& game_of(Room& room);
  // Parks a room that no connection has joined and no bot is deciding for: its game and Lua
  // state are let go, its log kept as text, to be replayed when someone comes back. An open
  // game costs about 1 MB loaded and its log's size parked.
  void park_if_idle(Room& room);
  void due_bot(Room& room, std::vector<BotJob>& bots);
  void save(Room& room) const;
  void save_after_move(Room& room, int seat);
  // Marks the room for write_due().
  void write_soon(Room& room);
  void restore(const std::filesystem::path& file);

  const PluginRegistry& registry_;
  std::filesystem::path state_dir_;
  WebLimits limits_;
  Report report_;
  ProtocolServer lobby_;  // answers `games`
  std::map<std::string, std::unique_ptr<Room>, std::less<>> rooms_;
  std::map<ConnectionId, Connection> connections_;
  std::vector<BotJob> restored_bots_;  // the bots to move in restored rooms, for pending_bots
  std::vector<std::string> due_writes_;  // the rooms write_due() writes
};

// data/<game>/web.yaml as JSON ({} when the game has none): the page's layout hints
// (sdk/docs/web-layout.md). Throws DataError naming file:line:col when it does not read.
nlohmann::json web_layout(const PluginEntry& game);

// A fresh random token of 32 hex digits (128 bits).
std::string random_token();

}  // namespace tessera::host
