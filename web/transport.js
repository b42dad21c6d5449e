// The page's one connection to the server: a WebSocket that reconnects, or a fixture
// replay for tests. Both offer send(obj) and onMessage / onOpen callbacks.

export class SocketTransport {
  constructor(url) {
    this.url = url;
    this.onMessage = () => {};
    this.onOpen = () => {};
    this.onStatus = () => {};
    this.status = "connecting";
    this.retryMs = 500;
    this.queue = [];
    this.connect();
  }

  connect() {
    this.socket = new WebSocket(this.url);
    this.socket.addEventListener("open", () => {
      this.retryMs = 500;
      this.status = "connected";
      this.onStatus(this.status);
      this.onOpen();
      for (const msg of this.queue.splice(0)) this.send(msg);
    });
    this.socket.addEventListener("message", (event) => {
      let msg;
      try { msg = JSON.parse(event.data); } catch { return; }
      this.onMessage(msg);
    });
    // A dropped socket comes back by itself; onOpen then joins the room again.
    this.socket.addEventListener("close", () => {
      this.status = "reconnecting";
      this.onStatus(this.status);
      setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, 8000);
    });
  }

  send(msg) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg));
    else this.queue.push(msg);
  }
}

// Replays tests/web/fixtures/<name>.json: {"messages":[joined, update, ...]} are delivered
// once the page has joined; what the page sends is kept in window.tesseraSent for tests.
export class FixtureTransport {
  constructor(name) {
    this.onMessage = () => {};
    this.onOpen = () => {};
    this.onStatus = () => {};
    this.status = "fixture";
    window.tesseraSent = [];
    // Tests hand the page further messages, as the server would.
    window.tesseraReceive = (msg) => this.onMessage(msg);
    // Relative to the page, so it works from the repository root (web/index.html) in tests.
    this.ready = fetch(new URL(`../tests/web/fixtures/${encodeURIComponent(name)}.json`, document.baseURI)).then((r) => r.json());
    setTimeout(() => { this.onStatus("fixture"); this.onOpen(); }, 0);
  }

  send(msg) {
    window.tesseraSent.push(msg);
    if (msg.cmd === "join") {
      this.ready.then((fixture) => {
        for (const m of fixture.messages) this.onMessage(m);
        document.body.dataset.fixtureLoaded = "yes";
      });
    } else if (msg.cmd === "games") {
      this.ready.then((fixture) => this.onMessage({ type: "games", games: fixture.games || [] }));
    }
  }
}
