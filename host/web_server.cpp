#include "web_server.hpp"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <atomic>
#include <map>
#include <optional>

#include "host_environment.hpp"
#include "json_text.hpp"
#include "tessera/bounded_file.hpp"
#include "tessera/error.hpp"
#include "web_compare.hpp"
#include "web_request.hpp"

namespace tessera::host {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxStaticFileBytes = std::size_t{8} << 20;
constexpr std::size_t kMaxQueuedMessages = 2000;  // a client that reads nothing is closed
constexpr auto kHttpTimeout = std::chrono::seconds(30);

std::string content_type(const fs::path& file) {
  static const std::map<std::string, std::string> types{
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
      {".png", "image/png"},                 {".json", "application/json"},
      {".md", "text/plain; charset=utf-8"},  {".txt", "text/plain; charset=utf-8"}};
  const auto it = types.find(file.extension().string());
  return it == types.end() ? "application/octet-stream" : it->second;
}

// The file a request's target names inside `root`, or empty. A target is refused unless it
// is plain: letters, digits, '.', '_', '-' and '/', no empty or dot-only segment (so no
// percent escapes, no "..", no absolute path); and what it names, links followed, must be a
// regular file inside the root.
fs::path static_file(const fs::path& root, std::string_view target) {
  if (const auto cut = target.find_first_of("?#"); cut != std::string_view::npos) target = target.substr(0, cut);
  if (target.empty() || target[0] != '/') return {};
  std::string relative(target.substr(1));
  if (relative.empty()) relative = "index.html";
  if (relative.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") !=
      std::string::npos)
    return {};
  std::size_t start = 0;
  while (start <= relative.size()) {
    const std::size_t end = std::min(relative.find('/', start), relative.size());
    const std::string_view segment(relative.data() + start, end - start);
    if (segment.empty() || segment.find_first_not_of('.') == std::string_view::npos) return {};
    start = end + 1;
  }
  std::error_code ec;
  const fs::path canonical_root = fs::canonical(root, ec);
  if (ec) return {};
  const fs::path file = fs::canonical(canonical_root / relative, ec);
  if (ec || !fs::is_regular_file(file, ec)) return {};
  const auto [root_end, file_it] = std::mismatch(canonical_root.begin(), canonical_root.end(), file.begin(), file.end());
  if (root_end != canonical_root.end()) return {};
  return file;
}

}  // namespace

struct WebServer::Impl {
  struct HttpConnection;
  struct WsConnection;

  const PluginRegistry& registry;
  WebOptions options;
  std::ostream& log;
  // Declared before the io_context: the handlers it still holds when it is destroyed end
  // connections, which leave their room and the sockets' map.
  WebRooms rooms;
  std::size_t open_connections = 0;
  ConnectionId next_id = 1;
  std::map<ConnectionId, std::weak_ptr<WsConnection>> sockets;
  asio::io_context io{1};
  tcp::acceptor acceptor{io};
  // Games loaded for the bots' moves, one per bot thread and setup, for the 32 setups used last.
  LoadedGames loaded_games{registry, 32, 2};
  asio::thread_pool bot_pool{2};  // joined by ~WebServer before anything else goes
  // One comparison at a time (web_compare.hpp), for `comparing`, stopped by its deadline or
  // when that connection goes.
  asio::thread_pool compare_pool{1};  // joined by ~WebServer too
  std::atomic<bool> compare_stop{false};
  std::optional<ConnectionId> comparing;
  asio::steady_timer compare_deadline{io};

  Impl(const PluginRegistry& registry_, WebOptions options_, std::ostream& log_)
      : registry(registry_),
        options(std::move(options_)),
        log(log_),
        rooms(registry_, options.state_dir, options.limits,
              [this](const std::string& problem) { log << "tessera web: " << problem << std::endl; }) {}

  void listen() {
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(options.bind, ec);
    if (ec) throw Error("tessera web: --bind " + options.bind + " is not an IP address");
    const tcp::endpoint endpoint(address, options.port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
      throw Error("tessera web: cannot listen on " + options.bind + ":" + std::to_string(options.port) + " (" +
                  ec.message() + ")");
  }

  void accept();
  void deliver(std::vector<Outgoing> messages);
  // Writes the rooms a request changed (WebRooms::write_due) from a handler of its own, run
  // after the handlers in the queue: the updates just delivered go out before the disk's sync.
  void write_rooms_after_sending();
  bool write_posted = false;
  void start_bots(std::vector<BotJob> jobs);
  void start_compare(ConnectionId from, const nlohmann::json& request);
};

// One HTTP connection: static files, or the upgrade to a WebSocket on /ws.
struct WebServer::Impl::HttpConnection : std::enable_shared_from_this<HttpConnection> {
  Impl& server;
  beast::tcp_stream stream;
  beast::flat_buffer buffer;
  std::optional<http::request_parser<http::string_body>> parser;
  http::response<http::string_body> response;

  HttpConnection(Impl& server_, tcp::socket socket) : server(server_), stream(std::move(socket)) {
    ++server.open_connections;
  }
  ~HttpConnection() { --server.open_connections; }

  void read() {
    parser.emplace();
    parser->header_limit(16 * 1024);
    parser->body_limit(16 * 1024);
    stream.expires_after(kHttpTimeout);
    http::async_read(stream, buffer, *parser,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec) return close();
    http::request<http::string_body> request = parser->release();
    if (websocket::is_upgrade(request)) {
      if (request.target() != "/ws") return reply(request, http::status::not_found, "no WebSocket here: use /ws\n");
      upgrade(std::move(request));
      return;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head)
      return reply(request, http::status::method_not_allowed, "only GET and HEAD\n");
    const fs::path file = static_file(server.options.web_root, std::string_view(request.target().data(), request.target().size()));
    if (file.empty()) return reply(request, http::status::not_found, "not found\n");
    const BoundedFile read = read_file_at_most(file, kMaxStaticFileBytes);
    if (read.status != BoundedFile::Status::Read) return reply(request, http::status::not_found, "not found\n");
    reply(request, http::status::ok, read.text, content_type(file));
  }

  void reply(const http::request<http::string_body>& request, http::status status, std::string body,
             const std::string& type = "text/plain; charset=utf-8") {
    response = {status, request.version()};
    response.set(http::field::server, "tessera");
    response.set(http::field::content_type, type);
    response.set(http::field::cache_control, "no-cache");
    response.set("X-Content-Type-Options", "nosniff");
    response.set("Content-Security-Policy",
                 "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'");
    if (status == http::status::method_not_allowed) response.set(http::field::allow, "GET, HEAD");
    response.keep_alive(request.keep_alive());
    response.content_length(body.size());
    if (request.method() != http::verb::head) response.body() = std::move(body);
    http::async_write(stream, response, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec || !self->response.keep_alive()) return self->close();
      self->read();
    });
  }

  void close() {
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  void upgrade(http::request<http::string_body> request);
};

// One WebSocket: the rooms' messages, a queue of replies written in turn, and the rate bound.
struct WebServer::Impl::WsConnection : std::enable_shared_from_this<WsConnection> {
  Impl& server;
  websocket::stream<beast::tcp_stream> ws;
  beast::flat_buffer buffer;
  ConnectionId id;
  std::deque<std::string> queue;
  double tokens = kMessageBurst;
  std::chrono::steady_clock::time_point refilled = std::chrono::steady_clock::now();
  int refusals = 0;
  bool closing = false;

  WsConnection(Impl& server_, tcp::socket socket) : server(server_), ws(std::move(socket)), id(server.next_id++) {
    ++server.open_connections;
  }
  ~WsConnection() {
    --server.open_connections;
    if (server.comparing == id) server.compare_stop = true;
    server.rooms.disconnect(id);
    server.sockets.erase(id);
  }

  void accept(http::request<http::string_body> request) {
    // An update is one frame, written in one go: as 4 KiB fragments (Beast's default) each
    // fragment after the first waited for the last one's write to complete, behind whatever
    // the server does next (a room file's sync). Without Nagle's algorithm, a message's last
    // short TCP segment does not wait for the browser's delayed ACK (40 ms on Linux).
    ws.auto_fragment(false);
    beast::error_code ignored;
    ws.next_layer().socket().set_option(tcp::no_delay(true), ignored);
    ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws.read_message_max(kMaxWebMessageBytes);
    ws.async_accept(request, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->server.sockets[self->id] = self;
      self->read();
    });
  }

  void read() {
    ws.async_read(buffer, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  // A token bucket: kMessageBurst at once, kMessagesPerSecond sustained.
  bool within_rate() {
    const auto now = std::chrono::steady_clock::now();
    tokens = std::min(kMessageBurst, tokens + std::chrono::duration<double>(now - refilled).count() * kMessagesPerSecond);
    refilled = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }

  void on_read(beast::error_code ec) {
    // Closed, broken, or a message over kMaxWebMessageBytes (Beast closes the socket with
    // code 1009, too big): the destructor leaves the room.
    if (ec) return;
    const std::string text = beast::buffers_to_string(buffer.data());
    buffer.consume(buffer.size());
    if (!ws.got_text()) {
      send(R"({"type":"error","code":"bad_request","message":"send JSON in text messages"})");
    } else if (!within_rate()) {
      send(R"({"type":"error","code":"rate_limited","message":"too many messages: at most )" +
           std::to_string(static_cast<int>(kMessagesPerSecond)) + R"( a second"})");
      if (++refusals >= kRefusalsBeforeClose) return close(websocket::close_code::policy_error);
    } else {
      nlohmann::json request;
      if (const nlohmann::json refused = ProtocolServer::parse_request(text, request); !refused.is_null()) {
        send(json_text(error_message(refused["error"]["code"], refused["error"]["message"])));
      } else if (request.is_object() && request.value("cmd", nlohmann::json()) == "compare") {
        server.start_compare(id, request);
      } else {
        std::vector<BotJob> bots;
        server.deliver(server.rooms.handle_request(id, request, bots));
        server.start_bots(std::move(bots));
        server.write_rooms_after_sending();
      }
    }
    read();
  }

  void send(std::string text) {
    if (closing) return;
    if (queue.size() >= kMaxQueuedMessages) return close(websocket::close_code::policy_error);
    queue.push_back(std::move(text));
    if (queue.size() == 1) write();
  }

  void write() {
    ws.text(true);
    ws.async_write(asio::buffer(queue.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->queue.pop_front();
      if (!self->queue.empty()) self->write();
    });
  }

  void close(websocket::close_code code) {
    if (closing) return;
    closing = true;
    ws.async_close(code, [self = shared_from_this()](beast::error_code) {});
  }
};

void WebServer::Impl::HttpConnection::upgrade(http::request<http::string_body> request) {
  stream.expires_never();
  auto socket = std::make_shared<WsConnection>(server, stream.release_socket());
  socket->accept(std::move(request));
}

void WebServer::Impl::accept() {
  acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
      if (open_connections >= options.connections_max) {
        beast::error_code ignored;
        socket.close(ignored);  // the bound of open connections (--connections-max)
      } else {
        std::make_shared<HttpConnection>(*this, std::move(socket))->read();
      }
    }
    accept();
  });
}

void WebServer::Impl::deliver(std::vector<Outgoing> messages) {
  for (Outgoing& message : messages)
    if (const auto it = sockets.find(message.to); it != sockets.end())
      if (const auto socket = it->second.lock()) socket->send(std::move(message.text));
}

void WebServer::Impl::write_rooms_after_sending() {
  if (write_posted) return;
  write_posted = true;
  asio::post(io, [this] {
    write_posted = false;
    rooms.write_due();
  });
}

void WebServer::Impl::start_bots(std::vector<BotJob> jobs) {
  for (BotJob& job : jobs)
    asio::post(bot_pool, [this, job = std::move(job)] {
      BotAnswer answer = run_bot_job(registry, loaded_games, job);
      asio::post(io, [this, answer = std::move(answer)] {
        std::vector<BotJob> next;
        deliver(rooms.bot_moved(answer, next));
        start_bots(std::move(next));
      });
    });
}

void WebServer::Impl::start_compare(ConnectionId from, const nlohmann::json& request) {
  auto answer = [&](nlohmann::json message) {
    if (request.contains("id")) message["id"] = request["id"];
    deliver({Outgoing{from, json_text(message)}});
  };
  if (comparing)
    return answer(error_message("busy", "a comparison is running on this server: one at a time; try again when it ends"));
  CompareOptions compare;
  try {
    compare = web_compare_options(registry, request);
  } catch (const WebError& e) {
    return answer(error_message(e.code, e.what()));
  }
  comparing = from;
  compare_stop = false;
  answer(nlohmann::json{{"type", "compare_started"}, {"game", compare.choice.game}, {"games", compare.games}});
  compare_deadline.expires_after(options.compare_time);
  compare_deadline.async_wait([this](beast::error_code ec) {
    if (!ec) compare_stop = true;
  });
  asio::post(compare_pool, [this, from, compare = std::move(compare), id = request.value("id", nlohmann::json())] {
    nlohmann::json report = run_web_compare(registry, compare, compare_stop, options.compare_time);
    if (!id.is_null()) report["id"] = id;
    asio::post(io, [this, from, text = json_text(report)] {
      comparing.reset();
      compare_deadline.cancel();
      deliver({Outgoing{from, text}});
    });
  });
}

WebServer::WebServer(const PluginRegistry& registry, WebOptions options, std::ostream& log) {
  impl_ = std::make_unique<Impl>(registry, std::move(options), log);
  impl_->listen();
}

WebServer::~WebServer() {
  impl_->compare_stop = true;
  impl_->compare_pool.join();
  impl_->bot_pool.stop();
  impl_->bot_pool.join();
}

unsigned short WebServer::port() const { return impl_->acceptor.local_endpoint().port(); }

void WebServer::run(bool signals) {
  asio::signal_set stop_signals(impl_->io);
  if (signals) {
    stop_signals.add(SIGINT);
    stop_signals.add(SIGTERM);
    stop_signals.async_wait([this](beast::error_code ec, int) {
      if (!ec) stop();
    });
  }
  impl_->accept();
  impl_->start_bots(impl_->rooms.pending_bots());
  impl_->io.run();
}

int run_web(const PluginRegistry& registry, WebOptions options, std::ostream& out, std::ostream& log) {
  if (options.web_root.empty()) options.web_root = web_root(program_path());
  if (options.state_dir.empty()) options.state_dir = web_state_dir();
  if (options.state_dir.empty()) throw Error("tessera web: no folder to keep games in: give --state-dir");
  if (!fs::is_regular_file(options.web_root / "index.html"))
    throw Error("tessera web: no page in " + options.web_root.string() + " (index.html): give --web-root");
  WebServer server(registry, options, log);
  const std::string host = options.bind.find(':') != std::string::npos ? "[" + options.bind + "]" : options.bind;
  out << "tessera web: http://" << host << ":" << server.port() << "/ (games kept in " << options.state_dir.string()
      << ")" << std::endl;
  server.run(true);
  return 0;
}

void WebServer::stop() {
  asio::post(impl_->io, [this] {
    beast::error_code ignored;
    impl_->acceptor.close(ignored);
    impl_->io.stop();
  });
}

}  // namespace tessera::host
