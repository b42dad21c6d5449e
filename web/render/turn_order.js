// turn_order: the seats in playing order, the current one marked, and the round.
import { svg, svgText } from "../dom.js";
import { finish, inkOn, seatColour, shortName } from "./common.js";

export function renderTurnOrder(comp, ctx) {
  const root = svg("svg", { class: "kind-turn_order" });
  const order = comp.order || [];
  root.append(svgText(2, 22, `round ${comp.round ?? "?"}`, { class: "small" }));
  order.forEach((seat, i) => {
    const x = 70 + i * 90;
    const g = svg("g", {},
      svg("rect", { x, y: 4, width: 84, height: 26, rx: 5, fill: seatColour(ctx.layout, seat),
        class: seat === comp.current ? "turn current" : "turn" }),
      svgText(x + 42, 22, shortName(ctx.seatName(seat), 12), { "text-anchor": "middle", class: "on-colour",
        style: `fill:${inkOn(seatColour(ctx.layout, seat))}` }));
    if ((comp.pass_order || []).includes(seat)) g.classList.add("passed");
    ctx.register("seat", String(seat), g, false);
    root.append(g);
  });
  return finish(root, 70 + order.length * 90 + 4, 34);
}
