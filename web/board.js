// Draws a whole view(seat): the global components on the board (in the layout's `board`
// order, then the rest), each seat's components in its panel. Returns the registry of
// drawn parts for clicking.
//
// A component's drawing depends only on its view, the layout and the seat names, so a
// BoardPainter keeps each drawing with the view it was drawn from: a move redraws only the
// components it changed (a CATAN road redraws the map, a trade only two hands), which keeps
// the time from a move to the board shown short. A kind with an updater (render/index.js)
// redraws only the parts of its drawing that changed (a road: one edge of the map).
import { el, syncChildren } from "./dom.js";
import { rendererFor, NOT_DRAWN, UPDATERS } from "./render/index.js";
import { inkOn, seatColour } from "./render/common.js";
import { readFacts, renderFacts } from "./render/facts.js";
import { hintsFor } from "./hints.js";
import { PartRegistry } from "./targets.js";

export class BoardPainter {
  constructor(boardNode, seatsNode) {
    this.boardNode = boardNode;
    this.seatsNode = seatsNode;
    this.drawn = new Map();  // "<seat>/<name>" -> {text, figure, parts}
    this.panels = [];  // per seat: {section, header, headerText}
    this.layout = null;
    this.names = null;
  }

  draw({ view, layout, names, viewerSeat, toMove, seatKinds }) {
    // A new layout or new seat names (a join) may change every drawing.
    if (layout !== this.layout || names !== this.names) {
      this.drawn.clear();
      this.panels = [];
    }
    this.layout = layout;
    this.names = names;
    this.players = view.players ?? (view.seats || []).length;
    const registry = new PartRegistry();
    const hidden = new Set(layout.hide || []);
    const drawable = (name, comp) => comp && !NOT_DRAWN.has(comp.kind) && !hidden.has(name);
    const kept = new Map();

    const global = view.global || {};
    const order = [...(layout.board || []).filter((n) => n in global),
      ...Object.keys(global).filter((n) => !(layout.board || []).includes(n))];
    // Another component a drawing shows facts of (hint `facts`): the seat's own, else global.
    const source = (name, seat) => (seat >= 0 && (view.seats || [])[seat] && view.seats[seat][name]) || global[name] || null;
    const boardFigures = order.filter((name) => drawable(name, global[name]))
      .map((name) => this.figure(name, global[name], -1, registry, kept, source));
    syncChildren(this.boardNode, boardFigures);

    const panels = (view.seats || []).map((components, seat) => {
      const panel = this.panel(seat, seatKinds && seatKinds[seat], seat === viewerSeat, seat === toMove);
      registry.adopt(panel.parts);
      const figures = Object.entries(components || {}).filter(([name, comp]) => drawable(name, comp))
        .map(([name, comp]) => this.figure(name, comp, seat, registry, kept, source));
      syncChildren(panel.section, [panel.header, ...figures]);
      return panel.section;
    });
    syncChildren(this.seatsNode, panels);
    this.drawn = kept;  // components gone from the view are dropped
    this.panels.length = panels.length;
    return registry;
  }

  // A seat's panel, kept between updates; its header is drawn again when it says otherwise.
  panel(seat, kind, isViewer, isToMove) {
    let panel = this.panels[seat];
    if (!panel) {
      const section = el("section", { class: "seat-panel", dataset: { seat: String(seat) } });
      const parts = new PartRegistry();
      parts.add("seats", "seat", String(seat), section, false, seat);
      panel = this.panels[seat] = { section, parts: parts.entries, header: null, headerText: null };
    }
    const headerText = JSON.stringify([kind && kind.kind, isViewer, isToMove]);
    if (panel.headerText !== headerText) {
      panel.header = el("header", { class: "seat-header" },
        el("span", { class: "seat-swatch", style: `background:${seatColour(this.layout, seat)}` }),
        el("strong", {}, this.seatName(seat)),
        kind ? el("span", { class: "seat-kind" }, ` (${kind.kind})`) : null,
        isViewer ? el("span", { class: "you" }, " you") : null,
        isToMove ? el("span", { class: "to-move-tag" }, " to move") : null);
      panel.headerText = headerText;
      panel.section.classList.toggle("to-move", isToMove);
    }
    return panel;
  }

  seatName(seat) {
    return (seat >= 0 && this.names && this.names[seat]) || (seat >= 0 ? `Seat ${seat}` : "bank");
  }

  // The component's figure: the one drawn before when its view (and facts) are unchanged,
  // else a new one.
  figure(name, comp, ownerSeat, registry, kept, source) {
    const slot = `${ownerSeat}/${name}`;
    const hints = hintsFor(this.layout, name);
    const facts = hints.facts ? readFacts(hints.facts, source(hints.facts.component, ownerSeat)) : null;
    const text = facts ? JSON.stringify([comp, facts]) : JSON.stringify(comp);
    let drawing = this.drawn.get(slot);
    if (drawing && drawing.text !== text && !facts) drawing = this.update(drawing, name, comp, ownerSeat, text);
    if (!drawing || drawing.text !== text) drawing = this.paint(name, comp, ownerSeat, text, facts);
    registry.adopt(drawing.parts);
    kept.set(slot, drawing);
    return drawing.figure;
  }

  // What a renderer is given: the hints, the layout, and where its parts are registered.
  context(name, ownerSeat, parts) {
    const hints = hintsFor(this.layout, name);
    return {
      name, hints, layout: this.layout, seat: ownerSeat, players: this.players, seatName: (s) => this.seatName(s),
      register: (part, key, element, byId) => parts.add(name, part, key, element, byId, ownerSeat),
    };
  }

  paint(name, comp, ownerSeat, text, facts) {
    const parts = new PartRegistry();
    const ctx = this.context(name, ownerSeat, parts);
    // `frame: card` draws the figure as a card, in the hint's `colour`.
    const frame = ctx.hints.frame ? ` frame-${String(ctx.hints.frame).replace(/[^a-z0-9_-]/gi, "")}` : "";
    const figure = el("figure", {
      class: `component kind-${comp.kind}${frame}`, dataset: { component: name, kind: comp.kind },
      style: ctx.hints.colour ? `--frame-colour:${ctx.hints.colour};--frame-ink:${inkOn(ctx.hints.colour)}` : null,
    }, el("figcaption", {}, ctx.hints.label || name.replaceAll("_", " ")));
    if (facts) figure.append(renderFacts(facts));
    const drawing = rendererFor(comp.kind)(comp, ctx);
    figure.append(drawing);
    // The whole component is a part too, for moves that name a component (an expedition).
    parts.add(name, "component", name, figure, false, ownerSeat);
    return { text, figure, drawing, kind: comp.kind, parts: parts.entries };
  }

  // The drawing brought up to date in place by its kind's updater, or null.
  update(before, name, comp, ownerSeat, text) {
    const updater = UPDATERS[comp.kind];
    if (!updater || before.kind !== comp.kind) return null;
    const parts = new PartRegistry();
    if (!updater(before.drawing, comp, this.context(name, ownerSeat, parts))) return null;
    parts.add(name, "component", name, before.figure, false, ownerSeat);
    return { ...before, text, parts: parts.entries };
  }
}
