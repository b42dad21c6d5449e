// Draws a whole view(seat): the global components on the board (in the layout's `board`
// order, then the rest), each seat's components in its panel. Returns the registry of
// drawn parts for clicking.
import { el, clear } from "./dom.js";
import { rendererFor, NOT_DRAWN } from "./render/index.js";
import { seatColour } from "./render/common.js";
import { PartRegistry } from "./targets.js";

export function drawBoard({ view, layout, names, viewerSeat, toMove, seatKinds, boardNode, seatsNode }) {
  const registry = new PartRegistry();
  const hidden = new Set(layout.hide || []);
  const seatName = (s) => (s >= 0 && names && names[s]) || (s >= 0 ? `Seat ${s}` : "bank");
  const hintsOf = (name) => (layout.components && layout.components[name]) || {};

  const drawComponent = (name, comp, ownerSeat) => {
    const ctx = {
      name, hints: hintsOf(name), layout, seat: ownerSeat, seatName,
      register: (part, key, element, byId) => registry.add(name, part, key, element, byId, ownerSeat),
    };
    const figure = el("figure", { class: `component kind-${comp.kind}`, dataset: { component: name, kind: comp.kind } },
      el("figcaption", {}, hintsOf(name).label || name.replaceAll("_", " ")));
    figure.append(rendererFor(comp.kind)(comp, ctx));
    // The whole component is a part too, for moves that name a component (an expedition).
    registry.add(name, "component", name, figure, false, ownerSeat);
    return figure;
  };

  clear(boardNode);
  const global = view.global || {};
  const order = [...(layout.board || []).filter((n) => n in global),
    ...Object.keys(global).filter((n) => !(layout.board || []).includes(n))];
  for (const name of order) {
    const comp = global[name];
    if (!comp || NOT_DRAWN.has(comp.kind) || hidden.has(name)) continue;
    boardNode.append(drawComponent(name, comp, -1));
  }

  clear(seatsNode);
  (view.seats || []).forEach((components, seat) => {
    const header = el("header", { class: "seat-header" },
      el("span", { class: "seat-swatch", style: `background:${seatColour(layout, seat)}` }),
      el("strong", {}, seatName(seat)),
      seatKinds && seatKinds[seat] ? el("span", { class: "seat-kind" }, ` (${seatKinds[seat].kind})`) : null,
      seat === viewerSeat ? el("span", { class: "you" }, " you") : null,
      seat === toMove ? el("span", { class: "to-move-tag" }, " to move") : null);
    const panel = el("section", { class: seat === toMove ? "seat-panel to-move" : "seat-panel", dataset: { seat: String(seat) } }, header);
    registry.add("seats", "seat", String(seat), panel, false, seat);
    for (const [name, comp] of Object.entries(components || {})) {
      if (!comp || NOT_DRAWN.has(comp.kind) || hidden.has(name)) continue;
      panel.append(drawComponent(name, comp, seat));
    }
    seatsNode.append(panel);
  });
  return registry;
}
