// hand: cards the viewer may see face up; others' hidden cards (null in the redacted view)
// as one face-down card with a count. Parts "card" keyed by card id and by index.
import { svg, svgText } from "../dom.js";
import { cardShape, finish } from "./common.js";

export function renderHand(comp, ctx) {
  const root = svg("svg", { class: "kind-hand" });
  const cards = Array.isArray(comp.cards) ? comp.cards : [];
  const hidden = cards.filter((c) => c === null).length + (Array.isArray(comp.cards) ? 0 : (comp.size || comp.count || 0));
  const shown = cards.map((card, index) => ({ card, index })).filter((c) => c.card !== null);
  let x = 2;
  for (const { card, index } of shown) {
    const c = cardShape(x, 2, card, ctx.hints);
    if (comp.revealed && comp.revealed[index]) c.classList.add("revealed");  // for styling by a game's page
    ctx.register("card", String(card), c, true);
    ctx.register("card", String(index), c, false);
    root.append(c);
    x += 70;
  }
  if (hidden > 0) {
    const g = svg("g", { class: "hidden-count", dataset: { hiddenCount: String(hidden) } });
    g.append(cardShape(x, 2, null, ctx.hints));
    g.append(svgText(x + 32, 106, `${hidden} hidden`, { "text-anchor": "middle", class: "small" }));
    root.append(g);
    x += 70;
  }
  if (!shown.length && !hidden) {
    root.append(svgText(4, 16, "(empty)", { class: "small" }));
    return finish(root, 70, 24);
  }
  return finish(root, x + 2, 112);
}
