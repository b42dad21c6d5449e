// `tessera web` over a real socket on loopback: static files and what is refused, and the
// WebSocket's bounds (message size, rate, text only). A Beast client drives it.
#include <utility>  // before Boost 1.74's asio/awaitable.hpp, which uses std::exchange without it

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <catch2/catch.hpp>
#include <atomic>
#include <chrono>
#include <mutex>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "support/registry.hpp"
#include "support/temp_dir.hpp"
#include "web_server.hpp"

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using nlohmann::json;
using tcp = asio::ip::tcp;

namespace {

// A server on a free port of 127.0.0.1, serving `root`, run on a thread of its own.
struct RunningServer {
  explicit RunningServer(const std::filesystem::path& root, const std::filesystem::path& state)
      : RunningServer(options(root, state)) {}
  explicit RunningServer(tessera::host::WebOptions o)
      : server(tessera::testing::game_registry(), std::move(o), log), thread([this] { server.run(false); }) {}
  ~RunningServer() {
    server.stop();
    thread.join();
  }
  static tessera::host::WebOptions options(const std::filesystem::path& root, const std::filesystem::path& state) {
    tessera::host::WebOptions o;
    o.port = 0;
    o.web_root = root;
    o.state_dir = state;
    return o;
  }
  std::ostringstream log;
  tessera::host::WebServer server;
  std::thread thread;
};

// The status and body of one request with `target` sent as it is (no normalising).
std::pair<int, std::string> fetch(unsigned short port, const std::string& target, http::verb verb = http::verb::get) {
  asio::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> request{verb, target, 11};
  request.set(http::field::host, "127.0.0.1");
  http::write(stream, request);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(verb == http::verb::head);  // the answer to HEAD has a length and no body
  http::read(stream, buffer, parser);
  return {parser.get().result_int(), parser.get().body()};
}

struct Socket {
  explicit Socket(unsigned short port) : ws(io) {
    ws.next_layer().connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws.handshake("127.0.0.1", "/ws");
  }
  json ask(const std::string& text) {
    ws.text(true);
    ws.write(asio::buffer(text));
    return read();
  }
  json read() {
    beast::flat_buffer buffer;
    ws.read(buffer);
    return json::parse(beast::buffers_to_string(buffer.data()));
  }
  asio::io_context io;
  websocket::stream<tcp::socket> ws;
};

// A WebSocket client that reads frames as they come, to see how the server frames a message.
struct RawSocket {
  explicit RawSocket(unsigned short port) : socket(io) {
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    const std::string request =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    asio::write(socket, asio::buffer(request));
    // The answer's headers; what came after them is the first frame's beginning.
    pending.consume(asio::read_until(socket, pending, "\r\n\r\n"));
  }
  // A client frame is masked (here with a zero mask, which leaves the payload as it is).
  void send(const std::string& text) {
    std::string frame{'\x81'};
    if (text.size() < 126) {
      frame += static_cast<char>(0x80 | text.size());
    } else {
      frame += static_cast<char>(0x80 | 126);
      frame += static_cast<char>(text.size() >> 8);
      frame += static_cast<char>(text.size() & 0xff);
    }
    frame += std::string(4, '\0') + text;
    asio::write(socket, asio::buffer(frame));
  }
  struct Frame {
    bool final;
    int opcode;
    std::string payload;
  };
  Frame read_frame() {
    const std::string head = take(2);
    std::size_t n = static_cast<unsigned char>(head[1]) & 0x7f;
    const int extra = n == 126 ? 2 : n == 127 ? 8 : 0;
    if (extra) {
      n = 0;
      for (const char c : take(static_cast<std::size_t>(extra))) n = (n << 8) | static_cast<unsigned char>(c);
    }
    return {(static_cast<unsigned char>(head[0]) & 0x80) != 0, head[0] & 0x0f, take(n)};
  }
  std::string take(std::size_t n) {
    if (pending.size() < n) asio::read(socket, pending, asio::transfer_exactly(n - pending.size()));
    std::string out = beast::buffers_to_string(pending.data()).substr(0, n);
    pending.consume(n);
    return out;
  }
  asio::io_context io;
  tcp::socket socket;
  asio::streambuf pending;
};

}  // namespace

TEST_CASE("tessera web sends a long update as one WebSocket frame", "[host][web]") {
  // Fragments of 4 KiB were written one after another, each once the last one's write had
  // completed: behind the room file's sync, and after the browser's delayed ACK.
  tessera::testing::TempDir dir("web_server_frames");
  tessera::testing::write_file(dir.path / "web" / "index.html", "page");
  RunningServer s(dir.path / "web", dir.path / "state");
  Socket a(s.server.port());
  const json created = a.ask(R"({"cmd":"create","game":"catan_inca","players":3,"seats":["human","human","human"]})");
  REQUIRE(created["type"] == "created");
  RawSocket raw(s.server.port());
  raw.send(json{{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][0]["token"]}}.dump());
  CHECK(json::parse(raw.read_frame().payload)["type"] == "joined");
  const RawSocket::Frame update = raw.read_frame();
  CHECK(update.opcode == 1);
  CHECK(update.final);
  CHECK(update.payload.size() > 4096);
  CHECK(json::parse(update.payload)["type"] == "update");
}

TEST_CASE("tessera web serves the page's files and nothing outside its folder", "[host][web]") {
  tessera::testing::TempDir dir("web_server_files");
  const auto root = dir.path / "web";
  tessera::testing::write_file(root / "index.html", "<!doctype html>page");
  tessera::testing::write_file(root / "render" / "a.js", "export const a = 1;");
  tessera::testing::write_file(dir.path / "secret.txt", "secret");
  std::filesystem::create_symlink(dir.path / "secret.txt", root / "link.txt");
  RunningServer s(root, dir.path / "state");
  const unsigned short port = s.server.port();

  CHECK(fetch(port, "/") == std::pair<int, std::string>{200, "<!doctype html>page"});
  CHECK(fetch(port, "/render/a.js?v=2").first == 200);
  for (const std::string target : {"/../secret.txt", "/%2e%2e/secret.txt", "/render/../../secret.txt", "//etc/passwd",
                                   "/link.txt", "/render/", "/missing.js", "/.", "/render/./a.js", "secret.txt"})
    CHECK(fetch(port, target).first == 404);
  CHECK(fetch(port, "/", http::verb::post).first == 405);
  CHECK(fetch(port, "/", http::verb::delete_).first == 405);
  CHECK(fetch(port, "/", http::verb::head).first == 200);
}

TEST_CASE("tessera web's WebSocket: the rooms' messages, and what one connection may send", "[host][web]") {
  tessera::testing::TempDir dir("web_server_socket");
  tessera::testing::write_file(dir.path / "web" / "index.html", "page");
  RunningServer s(dir.path / "web", dir.path / "state");
  Socket a(s.server.port());
  const json games = a.ask(R"({"cmd":"games","id":4})");
  CHECK(games["type"] == "games");
  CHECK(games["id"] == 4);
  CHECK(a.ask("{oops")["code"] == "parse_error");
  CHECK(a.ask(R"({"cmd":"games","cmd":"games"})")["code"] == "parse_error");

  // A move in one connection reaches the other connection of the room.
  const json created = a.ask(R"({"cmd":"create","game":"tutorial","players":2,"seats":["human","human"]})");
  REQUIRE(created["type"] == "created");
  Socket b(s.server.port());
  CHECK(a.ask(json{{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][0]["token"]}}.dump())["type"] ==
        "joined");
  CHECK(a.read()["type"] == "update");
  CHECK(b.ask(json{{"cmd", "join"}, {"room", created["room"]}, {"token", created["seats"][1]["token"]}}.dump())["seat"] ==
        1);
  CHECK(b.read()["legal"].empty());
  CHECK(a.ask(R"({"cmd":"act","action":"roll"})")["step"] == 1);
  CHECK(b.read()["step"] == 1);

  // Binary frames are refused; a message over the bound closes the socket (1009, too big).
  a.ws.binary(true);
  a.ws.write(asio::buffer(std::string(R"({"cmd":"games"})")));
  CHECK(a.read()["code"] == "bad_request");
  Socket big(s.server.port());
  big.ws.text(true);
  big.ws.write(asio::buffer(std::string(tessera::host::kMaxWebMessageBytes + 1, ' ')));
  beast::flat_buffer rest;
  beast::error_code ec;
  big.ws.read(rest, ec);
  CHECK(ec == websocket::error::closed);
  CHECK(big.ws.reason().code == websocket::close_code::too_big);

  // More than the burst at once: past it, only what the rate refills meanwhile is answered;
  // the rest is refused with rate_limited. (A cheap message, so that a slow build, such as
  // the sanitized one, still sends faster than the rate.)
  Socket fast(s.server.port());
  fast.ws.text(true);
  const int sent = static_cast<int>(tessera::host::kMessageBurst) + tessera::host::kRefusalsBeforeClose - 10;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < sent; ++i) fast.ws.write(asio::buffer(std::string(R"({"cmd":"history"})")));
  int limited = 0;
  for (int i = 0; i < sent; ++i) limited += fast.read().value("code", "") == "rate_limited";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double answered_at_most = tessera::host::kMessageBurst + tessera::host::kMessagesPerSecond * seconds + 1;
  INFO(limited << " of " << sent << " refused in " << seconds << " s");
  CHECK(limited >= sent - answered_at_most);
  CHECK(limited <= sent - static_cast<int>(tessera::host::kMessageBurst));

  // Sustained abuse: after kRefusalsBeforeClose refusals the server closes the socket.
  Socket flood(s.server.port());
  flood.ws.text(true);
  for (int i = 0; i < 400; ++i) flood.ws.write(asio::buffer(std::string(R"({"cmd":"history"})")));
  beast::flat_buffer buffer;
  beast::error_code closed;
  while (!closed) {
    flood.ws.read(buffer, closed);
    buffer.consume(buffer.size());
  }
  CHECK(closed == websocket::error::closed);
  CHECK(flood.ws.reason().code == websocket::close_code::policy_error);
}

TEST_CASE("tessera web judges a house rule: checked, one comparison at a time, stopped in time, a report page",
          "[host][web]") {
  tessera::testing::TempDir dir("web_server_compare");
  tessera::testing::write_file(dir.path / "web" / "index.html", "page");
  RunningServer s(dir.path / "web", dir.path / "state");
  Socket a(s.server.port());
  const auto refused = [&](const json& request) {
    const json answer = a.ask(request.dump());
    INFO(request.dump() << " -> " << answer.dump());
    CHECK(answer["type"] == "error");
    CHECK(answer["code"] == "bad_request");
    return answer.value("message", "");
  };
  const json tutorial{{"cmd", "compare"}, {"game", "tutorial"}, {"variants", {"patronage"}}, {"games", 40}};
  const auto with = [](json request, const json& changes) {
    request.update(changes);
    return request;
  };
  CHECK_THAT(refused(with(tutorial, {{"game", "chess"}})), Catch::Contains("chess"));
  CHECK_THAT(refused(with(tutorial, {{"variants", {"nope"}}})), Catch::Contains("nope"));
  CHECK_THAT(refused(with(tutorial, {{"variants", json::array()}})), Catch::Contains("at least one variant"));
  CHECK_THAT(refused(with(tutorial, {{"games", 5000}})), Catch::Contains("from 2 to 1000"));
  CHECK_THAT(refused(with(tutorial, {{"players", 9}})), Catch::Contains("player"));
  CHECK_THAT(refused(with(tutorial, {{"seats", {"mcts", "random"}}})), Catch::Contains("searching bots"));
  CHECK_THAT(refused(with(tutorial, {{"seats", {"random"}}})), Catch::Contains("seats"));
  CHECK_THAT(refused(with(tutorial, {{"plot", "/etc"}})), Catch::Contains("plot"));

  // A comparison answers at once that it started, then with its report; a second one asked
  // meanwhile is refused as busy.
  a.ws.text(true);
  a.ws.write(asio::buffer(with(tutorial, {{"games", 1000}, {"seats", {"greedy", "random"}}, {"id", 7}}).dump()));
  const json started = a.read();
  CHECK(started["type"] == "compare_started");
  CHECK(started["games"] == 1000);
  Socket b(s.server.port());
  CHECK(b.ask(tutorial.dump())["code"] == "busy");
  const json report = a.read();
  INFO(report.dump().substr(0, 400));
  REQUIRE(report["type"] == "compare_report");
  CHECK(report["id"] == 7);
  CHECK(report["games"] == 1000);
  CHECK(!report["summary"].get<std::string>().empty());
  const std::string html = report["html"];
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("patronage") != std::string::npos);

  // A page that goes away stops its comparison (CATAN with greedy bots: minutes if played):
  // the next one is soon taken.
  const json catan{{"cmd", "compare"}, {"game", "catan_inca"}, {"players", 3}, {"variants", {"variable_board"}},
                   {"games", 1000}, {"seats", {"greedy", "greedy", "greedy"}}};
  {
    Socket gone(s.server.port());
    CHECK(gone.ask(catan.dump())["type"] == "compare_started");
  }
  const auto asked = std::chrono::steady_clock::now();
  json next;
  while ((next = b.ask(with(tutorial, {{"games", 10}}).dump())).value("code", "") == "busy" &&
         std::chrono::steady_clock::now() - asked < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  CHECK(next["type"] == "compare_started");
  CHECK(b.read()["type"] == "compare_report");

  // Past its time a comparison is stopped and says so.
  auto short_time = RunningServer::options(dir.path / "web", dir.path / "state2");
  short_time.compare_time = std::chrono::seconds(1);
  RunningServer hurried(short_time);
  Socket c(hurried.server.port());
  CHECK(c.ask(catan.dump())["type"] == "compare_started");
  const json stopped = c.read();
  CHECK(stopped["code"] == "compare_stopped");
  CHECK_THAT(stopped["message"].get<std::string>(), Catch::Contains("1 s"));
}

// The issue's load goal: 100 games played by bots at once, each watched over its own
// WebSocket; every watcher hears every step after it joined, once and in order, to the end.
TEST_CASE("tessera web plays 100 bot games at once, every update to every watcher in order", "[host][web]") {
  tessera::testing::TempDir dir("web_server_load");
  tessera::testing::write_file(dir.path / "web" / "index.html", "page");
  RunningServer s(dir.path / "web", dir.path / "state");
  constexpr int kGames = 100;
  const std::vector<std::pair<std::string, int>> games{{"tutorial", 2}, {"sardinia", 3}, {"santa_maria", 2}, {"madeira", 2}};
  std::mutex lock;
  std::vector<std::string> problems;
  std::atomic<int> watched_updates{0};
  std::atomic<int> running{0};
  std::atomic<int> most_running{0};
  const auto watch = [&](int index) {
    const std::string& game = games[static_cast<std::size_t>(index) % games.size()].first;
    const int players = games[static_cast<std::size_t>(index) % games.size()].second;
    const auto report = [&](const std::string& what) {
      const std::lock_guard<std::mutex> guard(lock);
      problems.push_back(game + " #" + std::to_string(index) + ": " + what);
    };
    try {
      Socket socket(s.server.port());
      const json created = socket.ask(json{{"cmd", "create"}, {"game", game}, {"players", players},
                                           {"seed", 100 + index}, {"seats", std::vector<std::string>(players, "random")}}
                                          .dump());
      if (created["type"] != "created") return report("not created: " + created.dump());
      if (socket.ask(json{{"cmd", "join"}, {"room", created["room"]}}.dump())["type"] != "joined")
        return report("not joined");
      most_running = std::max(most_running.load(), ++running);
      int last = -1;
      while (true) {
        const json update = socket.read();
        if (update["type"] != "update") return report("heard " + update.dump().substr(0, 200));
        const int step = update["step"];
        if (last >= 0 && step != last + 1)
          return report("step " + std::to_string(step) + " after step " + std::to_string(last));
        last = step;
        ++watched_updates;
        if (update["over"] == true) break;
      }
      --running;
      const json history = socket.ask(R"({"cmd":"history"})");
      if (history["steps"].size() != static_cast<std::size_t>(last))
        report("the game ended at step " + std::to_string(last) + ", its history has " + std::to_string(history["steps"].size()));
    } catch (const std::exception& e) {
      report(e.what());
    }
  };
  std::vector<std::thread> watchers;
  for (int i = 0; i < kGames; ++i) watchers.emplace_back(watch, i);
  for (std::thread& t : watchers) t.join();
  INFO(watched_updates << " updates watched; at most " << most_running << " games running at once");
  CHECK(problems == std::vector<std::string>{});
  CHECK(most_running >= kGames / 2);  // the games really overlapped
  CHECK(watched_updates > kGames * 10);
}
