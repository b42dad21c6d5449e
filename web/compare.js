// "Judge a house rule": the lobby's form for `tessera compare` (sdk/docs/web.md). It asks
// the server to play the base game and each chosen variant on the same seeds with bots
// that do not search, and shows the report compare --report writes (summary, table, plots)
// in a sandboxed frame: the report is the server's own page, run with no script at all.
import { el, clear } from "./dom.js";

const SEATS = ["random", "greedy"];
const REQUEST_ID = "compare";

export class CompareForm {
  constructor(transport) {
    this.transport = transport;
    this.games = [];
    this.formNode = el("form", { class: "compare-form", id: "compare-form", onsubmit: (e) => { e.preventDefault(); this.start(); } });
    this.statusNode = el("div", { class: "compare-status", id: "compare-status", role: "status" });
    this.reportNode = el("div", { class: "compare-report" });
    this.node = el("section", { class: "compare" },
      el("h2", {}, "Judge a house rule"),
      el("p", { class: "hint" }, "Plays the game as it is and with each chosen variant on the same seeds, every bot in every seat, and shows what changed significantly."),
      this.formNode, this.statusNode, this.reportNode);
  }

  // Whether `msg` is this form's: compare_started, compare_report, or an error about it.
  receive(msg) {
    if (msg.type === "compare_started") {
      this.startedAt = performance.now();
      this.statusNode.textContent = `Playing ${msg.games} games per arm of ${msg.game}…`;
      return true;
    }
    if (msg.type === "compare_report") {
      this.showReport(msg);
      return true;
    }
    if (msg.type === "error" && msg.id === REQUEST_ID) {
      this.statusNode.textContent = `${msg.code}: ${msg.message}`;
      this.button.disabled = false;
      return true;
    }
    return false;
  }

  showGames(games) {
    this.games = games.filter((g) => (g.variants || []).length > 0);
    if (this.games.length === 0) {
      clear(this.formNode).append(el("p", {}, "No game on this server has a variant to judge."));
      return;
    }
    this.gameSelect = el("select", { id: "compare-game" }, this.games.map((g) => el("option", { value: g.id }, `${g.title} (${g.id})`)));
    this.playersInput = el("input", { type: "number", id: "compare-players", min: 1, max: 8 });
    this.gamesInput = el("input", { type: "number", id: "compare-games", min: 2, max: 1000, value: 200 });
    this.variantsNode = el("div", { class: "variants", id: "compare-variants" });
    this.seatsNode = el("div", { class: "seat-choices", id: "compare-seats" });
    this.button = el("button", { type: "submit", id: "compare-start" }, "Compare");
    this.gameSelect.addEventListener("change", () => this.gameChanged());
    this.playersInput.addEventListener("change", () => this.showSeats());
    clear(this.formNode).append(
      el("label", {}, "Game ", this.gameSelect),
      el("label", {}, "Players ", this.playersInput),
      el("label", {}, "Games per arm ", this.gamesInput),
      el("div", { class: "hint" }, "Variants, each compared with the base game:"), this.variantsNode,
      this.seatsNode, this.button);
    this.gameChanged();
  }

  game() {
    return this.games.find((g) => g.id === this.gameSelect.value) || this.games[0];
  }

  gameChanged() {
    const game = this.game();
    this.playersInput.min = game.min_players;
    this.playersInput.max = game.max_players;
    this.playersInput.value = Math.max(game.min_players, Math.min(2, game.max_players));
    clear(this.variantsNode);
    for (const variant of game.variants) {
      this.variantsNode.append(el("label", { title: variant.description || "" },
        el("input", { type: "checkbox", value: variant.name, class: "compare-variant" }), ` ${variant.name}`));
    }
    this.showSeats();
  }

  showSeats() {
    clear(this.seatsNode);
    for (let seat = 0; seat < Number(this.playersInput.value); seat++) {
      const kind = el("select", { class: "compare-seat" }, SEATS.map((b) => el("option", { value: b }, b)));
      this.seatsNode.append(el("div", { class: "seat-choice" }, `Seat ${seat} `, kind));
    }
  }

  start() {
    const variants = [...this.variantsNode.querySelectorAll(".compare-variant:checked")].map((v) => v.value);
    if (variants.length === 0) {
      this.statusNode.textContent = "Choose at least one variant to compare with the base game.";
      return;
    }
    const seats = [...this.seatsNode.querySelectorAll(".compare-seat")].map((s) => s.value);
    this.button.disabled = true;
    this.statusNode.textContent = "Asking the server…";
    this.transport.send({ cmd: "compare", id: REQUEST_ID, game: this.game().id, players: seats.length,
      games: Number(this.gamesInput.value), variants, seats });
  }

  showReport(msg) {
    const seconds = this.startedAt ? ((performance.now() - this.startedAt) / 1000).toFixed(1) : null;
    this.statusNode.textContent = `${msg.games} games per arm of ${msg.game}` + (seconds ? ` in ${seconds} s.` : ".");
    this.button.disabled = false;
    // sandbox with no permission: no script, no form, an origin of its own.
    const frame = el("iframe", { class: "compare-frame", id: "compare-frame", sandbox: "", title: `compare report: ${msg.game}` });
    frame.srcdoc = msg.html;
    clear(this.reportNode).append(frame);
  }
}
