// The lobby: choose a game, players, variants and each seat (human or a bot spec with
// options), create the room, then show each human seat's link and the spectator link.
// Also opens a saved game log as a replay room, and judges a house rule (compare.js).
import { el, clear } from "./dom.js";
import { CompareForm } from "./compare.js";

const BOTS = ["human", "random", "greedy", "mcts", "ismcts"];

export class LobbyScreen {
  constructor(root, transport) {
    this.root = root;
    this.transport = transport;
    this.games = [];
    transport.onOpen = () => transport.send({ cmd: "games" });
    transport.onMessage = (msg) => this.receive(msg);
    transport.onStatus = (status) => { if (this.statusNode) this.statusNode.textContent = status; };
    this.statusNode = el("span", { class: "status" }, this.transport.status || "connecting");
    this.formNode = el("form", { class: "lobby-form", onsubmit: (e) => { e.preventDefault(); this.create(); } });
    this.resultNode = el("div", { class: "links", id: "links" });
    this.errorNode = el("div", { class: "error", role: "alert" });
    const logInput = el("input", { type: "file", accept: ".json,application/json", id: "open-log" });
    logInput.addEventListener("change", () => this.openLog(logInput.files[0]));
    this.compare = new CompareForm(transport);
    clear(root).append(
      el("header", { class: "table-header" }, el("h1", {}, "Tessera"), this.statusNode),
      el("section", { class: "lobby" }, el("h2", {}, "New game"), this.formNode, this.errorNode, this.resultNode,
        el("h2", {}, "Replay a saved game"), el("label", {}, "Game log: ", logInput)),
      this.compare.node);
  }

  receive(msg) {
    if (this.compare.receive(msg)) return;
    if (msg.type === "games") {
      this.games = msg.games || [];
      this.showForm();
      this.compare.showGames(this.games);
    } else if (msg.type === "created") {
      this.showLinks(msg);
    } else if (msg.type === "error") {
      this.errorNode.textContent = `${msg.code}: ${msg.message}`;
    }
  }

  showForm() {
    this.gameSelect = el("select", { id: "game" }, this.games.map((g) => el("option", { value: g.id }, `${g.title} (${g.id})`)));
    this.playersInput = el("input", { type: "number", id: "players", min: 1, max: 8 });
    this.variantsNode = el("div", { class: "variants" });
    this.seatsNode = el("div", { class: "seat-choices" });
    this.gameSelect.addEventListener("change", () => this.gameChanged());
    this.playersInput.addEventListener("change", () => this.showSeats());
    clear(this.formNode).append(
      el("label", {}, "Game ", this.gameSelect),
      el("label", {}, "Players ", this.playersInput),
      this.variantsNode, this.seatsNode,
      el("button", { type: "submit", id: "create" }, "Create"));
    this.gameChanged();
  }

  game() {
    return this.games.find((g) => g.id === this.gameSelect.value) || this.games[0];
  }

  gameChanged() {
    const game = this.game();
    if (!game) return;
    this.playersInput.min = game.min_players;
    this.playersInput.max = game.max_players;
    this.playersInput.value = Math.max(game.min_players, Math.min(2, game.max_players));
    clear(this.variantsNode);
    for (const variant of game.variants || []) {
      this.variantsNode.append(el("label", { title: variant.description || "" },
        el("input", { type: "checkbox", value: variant.name, class: "variant" }), ` ${variant.name}`));
    }
    this.showSeats();
  }

  showSeats() {
    const players = Number(this.playersInput.value);
    clear(this.seatsNode);
    for (let seat = 0; seat < players; seat++) {
      const kind = el("select", { class: "seat-kind" }, BOTS.map((b) => el("option", { value: b }, b)));
      kind.value = seat === 0 ? "human" : "random";
      const options = el("input", { class: "seat-options", placeholder: "bot options, e.g. iterations=500" });
      // Only bots take options (sdk/docs/bots.md).
      const showOptions = () => { options.hidden = kind.value === "human"; };
      kind.addEventListener("change", showOptions);
      showOptions();
      this.seatsNode.append(el("div", { class: "seat-choice" }, `Seat ${seat} `, kind, " ", options));
    }
  }

  create() {
    const seats = [...this.seatsNode.querySelectorAll(".seat-choice")].map((row) => {
      const kind = row.querySelector(".seat-kind").value;
      const options = row.querySelector(".seat-options").value.trim();
      return kind !== "human" && options ? `${kind}:${options}` : kind;
    });
    const variants = [...this.variantsNode.querySelectorAll(".variant:checked")].map((v) => v.value);
    this.errorNode.textContent = "";
    this.transport.send({ cmd: "create", game: this.game().id, players: seats.length, variants, seats });
  }

  openLog(file) {
    if (!file) return;
    file.text().then((text) => {
      let log;
      try { log = JSON.parse(text); } catch { this.errorNode.textContent = "not a JSON game log"; return; }
      this.transport.send({ cmd: "open_log", log });
    });
  }

  showLinks(created) {
    const base = `${location.origin}${location.pathname}`;
    const list = el("ul", {});
    for (const seat of created.seats || []) {
      if (!seat.token) {
        list.append(el("li", {}, `Seat ${seat.seat}: ${seat.kind}`));
        continue;
      }
      const href = `${base}#room=${encodeURIComponent(created.room)}&token=${encodeURIComponent(seat.token)}`;
      list.append(el("li", {}, `Seat ${seat.seat} (human): `, el("a", { href, class: "seat-link" }, href)));
    }
    const spectator = `${base}#room=${encodeURIComponent(created.room)}`;
    list.append(el("li", {}, "Spectators: ", el("a", { href: spectator, class: "spectator-link" }, spectator)));
    clear(this.resultNode).append(el("h2", {}, `Room ${created.room}`), list);
  }
}
