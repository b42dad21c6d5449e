// The table screen: board, seat panels, prompt, move list, choices of a click sequence,
// event log, refused move's reason, undo, outcome, and replay stepping.
import { el, clear } from "./dom.js";
import { BoardPainter } from "./board.js";
import { MoveSelector } from "./moves.js";

export class TableScreen {
  constructor(root, transport, { room, token }) {
    this.root = root;
    this.transport = transport;
    this.room = room;
    this.token = token;
    this.layout = {};
    this.joined = null;
    this.update = null;
    this.selector = null;
    this.historySteps = [];
    this.replayStep = null;
    this.build();
    transport.onOpen = () => this.join();
    transport.onMessage = (msg) => this.receive(msg);
    transport.onStatus = (status) => { this.statusNode.textContent = status; };
  }

  build() {
    this.titleNode = el("h1", {}, "Tessera");
    this.statusNode = el("span", { class: "status" }, this.transport.status || "connecting");
    this.promptNode = el("div", { class: "prompt", id: "prompt" });
    this.errorNode = el("div", { class: "error", id: "error", role: "alert" });
    this.outcomeNode = el("div", { class: "outcome", id: "outcome" });
    this.choicesNode = el("div", { class: "choices", id: "choices" });
    this.movesNode = el("ol", { class: "moves", id: "moves" });
    this.logNode = el("ol", { class: "log", id: "log" });
    this.boardNode = el("div", { class: "board", id: "board" });
    this.seatsNode = el("div", { class: "seats", id: "seats" });
    this.painter = new BoardPainter(this.boardNode, this.seatsNode);
    this.undoButton = el("button", { id: "undo", onclick: () => this.transport.send({ cmd: "undo" }) }, "Undo");
    this.replayBar = el("div", { class: "replay", id: "replay" });
    this.boardNode.addEventListener("click", (e) => this.boardClick(e));
    this.seatsNode.addEventListener("click", (e) => this.boardClick(e));
    clear(this.root).append(
      el("header", { class: "table-header" }, this.titleNode, this.statusNode,
        el("a", { href: "#", class: "lobby-link" }, "lobby")),
      el("div", { class: "table" },
        el("main", {}, this.promptNode, this.outcomeNode, this.boardNode, this.seatsNode),
        el("aside", {},
          this.errorNode, this.choicesNode,
          el("h2", {}, "Moves"), this.movesNode,
          el("div", { class: "tools" }, this.undoButton,
            el("button", { id: "replay-open", onclick: () => this.transport.send({ cmd: "history" }) }, "Replay")),
          this.replayBar,
          el("h2", {}, "Log"), this.logNode)));
  }

  join() {
    const msg = { cmd: "join", room: this.room };
    if (this.token) msg.token = this.token;
    this.transport.send(msg);
  }

  receive(msg) {
    if (msg.type === "joined") {
      this.joined = msg;
      this.layout = msg.layout || {};
      // A (re)join resends the recent events: start the log afresh.
      clear(this.logNode);
      this.undoButton.hidden = msg.seat < 0;  // spectators have no moves to take back
      this.titleNode.textContent = `${msg.title || msg.game} · room ${msg.room}` +
        (msg.seat >= 0 ? ` · ${this.seatName(msg.seat)}` : " · spectator");
    } else if (msg.type === "update") {
      this.showUpdate(msg);
    } else if (msg.type === "error") {
      this.errorNode.textContent = `${msg.code}: ${msg.message}`;
    } else if (msg.type === "history") {
      this.historySteps = msg.steps || [];
      this.showReplayBar();
    }
  }

  seatName(seat) {
    const names = this.joined && this.joined.names;
    return (names && names[seat]) || `Seat ${seat}`;
  }

  showUpdate(update) {
    // While stepping through a replay, live moves only add to the log; "Live" joins again.
    if (this.replayStep !== null && !update.replay) {
      this.appendEvents(update.events || []);
      return;
    }
    this.update = update;
    if (!update.replay) this.errorNode.textContent = "";
    const viewerSeat = this.joined ? this.joined.seat : update.seat;
    this.registry = this.painter.draw({
      view: update.view || {}, layout: this.layout, names: this.joined && this.joined.names,
      viewerSeat, toMove: update.to_move, seatKinds: this.joined && this.joined.seats,
    });
    const legal = update.replay ? [] : (update.legal || []);
    this.selector = new MoveSelector(legal, this.registry, this.layout, update.seat);
    this.showPrompt(update);
    this.showMoves(legal);
    this.showSelection();
    this.showOutcome(update);
    this.appendEvents(update.events || []);
    document.body.dataset.step = String(update.step);
  }

  appendEvents(events) {
    for (const event of events) {
      this.logNode.append(el("li", {}, el("span", { class: "step" }, `${event.step}. `), event.text));
    }
    // Scrolled in the next frame: reading the height now would lay the page out at once,
    // before the rest of the update is drawn, and once more for the frame.
    if (events.length && !this.logScrollDue) {
      this.logScrollDue = true;
      requestAnimationFrame(() => {
        this.logScrollDue = false;
        this.logNode.scrollTop = this.logNode.scrollHeight;
      });
    }
  }

  showPrompt(update) {
    const who = update.over ? "Game over" : `${this.seatName(update.to_move)} to move`;
    const replay = update.replay ? ` (replay, step ${update.step})` : "";
    clear(this.promptNode).append(el("strong", {}, who + replay), update.over ? "" : `: ${update.prompt || ""}`);
  }

  showMoves(legal) {
    clear(this.movesNode);
    if (!legal.length) {
      this.movesNode.append(el("li", { class: "none" }, "(no moves for you now)"));
      return;
    }
    for (const entry of legal) {
      this.movesNode.append(el("li", {},
        el("button", { class: "move", onclick: () => this.send(entry) },
          el("span", { class: "label" }, entry.label || entry.text), " ",
          el("code", {}, entry.text))));
    }
  }

  // Highlights the next click's targets; offers buttons when clicks no longer decide.
  showSelection() {
    for (const node of this.root.querySelectorAll(".target, .picked")) node.classList.remove("target", "picked");
    for (const node of this.selector.picks) node.classList.add("picked");
    for (const node of this.selector.highlighted()) node.classList.add("target");
    clear(this.choicesNode);
    const done = this.selector.completed();
    if (!this.selector.picks.length) return;
    this.choicesNode.append(el("div", {}, "Choose:"));
    for (const entry of done) {
      this.choicesNode.append(el("button", { class: "choice", onclick: () => this.send(entry) }, entry.label || entry.text));
    }
    this.choicesNode.append(el("button", { class: "cancel", onclick: () => { this.selector.reset(); this.showSelection(); } }, "Cancel"));
  }

  boardClick(event) {
    if (!this.selector) return;
    const node = event.target.closest(".target");
    if (!node) return;
    const result = this.selector.click(node);
    if (result && result.send) this.send(result.send);
    else this.showSelection();
  }

  send(entry) {
    this.errorNode.textContent = "";
    this.transport.send({ cmd: "act", action: entry.text });
    if (this.selector) { this.selector.reset(); this.showSelection(); }
  }

  showOutcome(update) {
    clear(this.outcomeNode);
    if (!update.over || !update.outcome) return;
    const { scores = [], winners = [], breakdown = [] } = update.outcome;
    const list = el("ol", { class: "scores", start: 0 });
    scores.forEach((score, seat) => list.append(el("li", { class: winners.includes(seat) ? "winner" : "" },
      `${this.seatName(seat)}: ${score}${winners.includes(seat) ? " (wins)" : ""}`,
      breakdown[seat] ? el("span", { class: "breakdown" }, ` (${breakdown[seat]})`) : null)));
    this.outcomeNode.append(el("h2", {}, "Outcome"), list);
  }

  showReplayBar() {
    const last = this.historySteps.length;
    if (this.replayStep === null) this.replayStep = last;
    const go = (n) => {
      this.replayStep = Math.max(0, Math.min(last, n));
      this.transport.send({ cmd: "view_at", step: this.replayStep });
      render();
    };
    const render = () => {
      const current = this.historySteps[this.replayStep - 1];
      clear(this.replayBar).append(
        el("button", { id: "replay-back", onclick: () => go(this.replayStep - 1) }, "◀"),
        el("span", { class: "replay-step" }, ` step ${this.replayStep} / ${last} `),
        el("button", { id: "replay-forward", onclick: () => go(this.replayStep + 1) }, "▶"),
        el("button", { id: "replay-live", onclick: () => { this.replayStep = null; clear(this.replayBar); this.join(); } }, "Live"),
        current ? el("div", { class: "replay-move" }, `${this.seatName(current.seat)}: ${current.label || current.text}`) : null);
    };
    render();
  }
}
