// supply: a table of resources by seat, with the bank; a seat whose holdings are hidden
// (null in the redacted view) shows its total only. Parts "resource" keyed by id.
import { svg, svgText } from "../dom.js";
import { finish, pickColour, shortName } from "./common.js";

export function renderSupply(comp, ctx) {
  const root = svg("svg", { class: "kind-supply" });
  const resources = comp.resources || [];
  const holdings = comp.holdings || [];
  const totals = comp.totals || [];
  const colW = 64, rowH = 20, firstW = 90;
  holdings.forEach((_, seat) => root.append(svgText(firstW + seat * colW, 14, shortName(ctx.seatName(seat), 9), { class: "small head" })));
  root.append(svgText(firstW + holdings.length * colW, 14, "bank", { class: "small head" }));
  resources.forEach((res, i) => {
    const y = 20 + i * rowH;
    const row = svg("g", {},
      svg("rect", { x: 0, y, width: firstW - 6, height: rowH - 3, rx: 3, fill: pickColour(ctx.hints, res.id) }),
      svgText(4, y + 13, (ctx.hints.labels && ctx.hints.labels[res.id]) || res.id, { class: "small" }));
    ctx.register("resource", String(res.id), row, true);
    root.append(row);
    holdings.forEach((held, seat) => {
      const text = held === null ? "·" : held[i];
      root.append(svgText(firstW + seat * colW, y + 13, text, { class: "small" }));
    });
    root.append(svgText(firstW + holdings.length * colW, y + 13, res.bank < 0 ? "∞" : res.bank, { class: "small" }));
  });
  const y = 20 + resources.length * rowH;
  root.append(svgText(4, y + 13, "total", { class: "small head" }));
  totals.forEach((t, seat) => root.append(svgText(firstW + seat * colW, y + 13, t, { class: "small head" })));
  return finish(root, firstW + (holdings.length + 1) * colW, y + rowH + 2);
}
