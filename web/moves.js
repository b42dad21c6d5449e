// Making a move by clicks. Each legal entry's parameters that have a drawn target are its
// clicks, in order; after each click only the entries whose next click matches stay. One
// entry left with all its clicks made is sent; several left with no further click are
// offered as buttons.
import { clicksForEntry } from "./targets.js";

export class MoveSelector {
  constructor(legal, registry, layout, mover = null) {
    this.entries = legal.map((entry) => ({ entry, clicks: clicksForEntry(entry, registry, layout, mover) }));
    this.picks = [];
  }

  matching(picks = this.picks) {
    return this.entries.filter((e) => e.clicks.length >= picks.length &&
      picks.every((element, i) => e.clicks[i].has(element)));
  }

  // The elements a next click may hit.
  highlighted() {
    const out = new Set();
    for (const e of this.matching()) {
      const next = e.clicks[this.picks.length];
      if (next) for (const element of next) out.add(element);
    }
    return out;
  }

  // Entries the clicks so far complete (offered as buttons when more than one is left).
  completed() {
    if (!this.picks.length) return [];
    return this.matching().filter((e) => e.clicks.length === this.picks.length).map((e) => e.entry);
  }

  // A click on element: returns {send: entry} when it decides the move, else null.
  click(element) {
    const picks = [...this.picks, element];
    const left = this.matching(picks);
    if (!left.length) return null;
    this.picks = picks;
    if (left.length === 1 && left[0].clicks.length === picks.length) {
      this.picks = [];
      return { send: left[0].entry };
    }
    return null;
  }

  reset() {
    this.picks = [];
  }
}
