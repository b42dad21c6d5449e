// deck: each pile with its size; a face-up pile also shows its cards (top last).
import { svg, svgText } from "../dom.js";
import { cardShape, finish } from "./common.js";

export function renderDeck(comp, ctx) {
  const root = svg("svg", { class: "kind-deck" });
  let x = 2, maxHeight = 110;
  for (const pile of comp.piles || []) {
    const g = svg("g", { transform: `translate(${x},2)` });
    g.append(cardShape(0, 0, null, ctx.hints, 56, 78));
    const size = pile.size ?? (Array.isArray(pile.cards) ? pile.cards.length : 0);
    g.append(svgText(28, 94, `${pile.name}: ${size}`, { "text-anchor": "middle", class: "small" }));
    ctx.register("pile", String(pile.name), g, true);
    root.append(g);
    x += 80;
    if (pile.face_up && Array.isArray(pile.cards)) {
      const shown = pile.cards.slice(-6);
      shown.forEach((card, i) => {
        const c = cardShape(x + i * 22, 0, card, ctx.hints, 56, 78);
        if (card !== null) ctx.register("card", String(card), c, true);
        root.append(c);
      });
      if (shown.length) x += (shown.length - 1) * 22 + 70;
    }
  }
  return finish(root, x + 4, maxHeight);
}
