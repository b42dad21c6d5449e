// counters: name = value pairs in columns (hint `labels` renames keys, `only` picks some);
// a hidden set shows how many values it holds.
import { svg, svgText } from "../dom.js";
import { finish } from "./common.js";

export function renderCounters(comp, ctx) {
  const root = svg("svg", { class: "kind-counters" });
  if (!comp.values) {
    root.append(svgText(4, 14, `hidden (${comp.count ?? "?"})`, { class: "small" }));
    return finish(root, 120, 20);
  }
  let keys = Object.keys(comp.values);
  if (ctx.hints.only) keys = keys.filter((k) => ctx.hints.only.includes(k));
  if (!keys.length) {
    root.append(svgText(4, 14, "(none)", { class: "small" }));
    return finish(root, 80, 20);
  }
  const perColumn = ctx.hints.rows || 8;
  const colW = 150;
  keys.forEach((key, i) => {
    const x = Math.floor(i / perColumn) * colW + 4, y = (i % perColumn) * 16 + 13;
    const label = (ctx.hints.labels && ctx.hints.labels[key]) || key;
    const row = svgText(x, y, `${label}: ${comp.values[key]}`, { class: "small" });
    ctx.register("counter", key, row, true);
    root.append(row);
  });
  const columns = Math.ceil(keys.length / perColumn);
  return finish(root, columns * colW, Math.min(keys.length, perColumn) * 16 + 6);
}
