// dice_pool: each die with its value, faces and colour; parts "die" keyed by index.
import { svg, svgText } from "../dom.js";
import { finish, pickColour, seatColour } from "./common.js";

export function renderDicePool(comp, ctx) {
  const dice = comp.dice || [];
  const size = 40;
  const root = svg("svg", { class: "kind-dice_pool" });
  dice.forEach((die, i) => {
    const g = svg("g", { transform: `translate(${i * (size + 8) + 2},2)` },
      svg("rect", { width: size, height: size, rx: 7, class: "die", fill: pickColour(ctx.hints, die.color || "white"),
        stroke: die.holder >= 0 ? seatColour(ctx.layout, die.holder) : null }),
      svgText(size / 2, size / 2 + 7, die.value, { "text-anchor": "middle", class: "die-value" }),
      svgText(size / 2, size + 12, `d${die.faces}`, { "text-anchor": "middle", class: "small" }));
    ctx.register("die", String(i), g, false);
    root.append(g);
  });
  return finish(root, dice.length * (size + 8) + 4, size + 18);
}
