// market: rows of face-up cards; parts "card" keyed by card id, "slot" by the index
// counted across rows (from the hint's `base`, 0 by default), and "slot" "row,col".
import { svg, svgText } from "../dom.js";
import { cardShape, finish } from "./common.js";

export function renderMarket(comp, ctx) {
  const root = svg("svg", { class: "kind-market" });
  const rows = comp.rows || [];
  let slot = 0, widest = 0;
  rows.forEach((row, r) => {
    row.forEach((card, c) => {
      const x = c * 70 + 2, y = r * 96 + 2;
      let g;
      if (card === null || card === "") {
        g = svg("g", {}, svg("rect", { x, y, width: 64, height: 88, rx: 6, class: "empty-slot" }));
      } else {
        g = cardShape(x, y, card, ctx.hints);
        ctx.register("card", String(card), g, true);
      }
      ctx.register("slot", String(slot + (ctx.hints.base || 0)), g, false);
      ctx.register("slot", `${r},${c}`, g, true);
      root.append(g);
      slot += 1;
    });
    widest = Math.max(widest, row.length);
  });
  if (!rows.length) root.append(svgText(4, 16, "(empty)", { class: "small" }));
  return finish(root, widest * 70 + 4, Math.max(rows.length * 96, 24));
}
