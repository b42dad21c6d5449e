// counters: name = value pairs in columns (hint `labels` renames keys, `only` picks some);
// numbered keys of one prefix (cs0, cs1, ... cs35) become one row of small cells, as a
// board's row of spaces; a hidden set shows how many values it holds. The hint `areas`
// draws keys as places on a board first (counter_areas.js); the keys left follow as a list.
import { svg, svgText } from "../dom.js";
import { finish } from "./common.js";
import { drawAreas } from "./counter_areas.js";

const NUMBERED = /^(.*?[^\d])(\d+)$/;
const MIN_ROW = 3;  // fewer numbered keys than this stay single values

export function renderCounters(comp, ctx) {
  const root = svg("svg", { class: "kind-counters" });
  if (!comp.values) {
    root.append(svgText(4, 14, `hidden (${comp.count ?? "?"})`, { class: "small" }));
    return finish(root, 120, 20);
  }
  const areas = Array.isArray(ctx.hints.areas) ? drawAreas(root, comp.values, ctx.hints.areas, ctx)
    : { width: 0, height: 0, shown: new Set() };
  let keys = Object.keys(comp.values).filter((k) => !areas.shown.has(k));
  if (ctx.hints.only) keys = keys.filter((k) => ctx.hints.only.includes(k));
  if (areas.height > 0) return drawList(root, keys, comp, ctx, areas.width, areas.height + 8);
  if (!keys.length) {
    root.append(svgText(4, 14, "(none)", { class: "small" }));
    return finish(root, 80, 20);
  }
  return drawList(root, keys, comp, ctx, 0, 0);
}

// The keys as `key: value` columns, then rows of numbered keys, from y = top.
function drawList(root, keys, comp, ctx, minWidth, top) {
  const labelOf = (key) => (ctx.hints.labels && ctx.hints.labels[key]) || key;
  const { rows, singles } = groupByPrefix(keys);

  const perColumn = ctx.hints.rows || 8;
  const colW = 150;
  singles.forEach((key, i) => {
    const x = Math.floor(i / perColumn) * colW + 4, y = top + (i % perColumn) * 16 + 13;
    const row = svgText(x, y, `${labelOf(key)}: ${comp.values[key]}`, { class: "small" });
    ctx.register("counter", key, row, true);
    root.append(row);
  });
  const columns = Math.ceil(singles.length / perColumn);
  let width = Math.max(minWidth, columns * colW), y = top + Math.min(singles.length, perColumn) * 16 + 8;

  const cell = 22, labelW = 110;
  for (const [prefix, members] of rows) {
    root.append(svgText(4, y + 15, labelOf(prefix), { class: "small head" }));
    members.forEach(({ key }, i) => {
      const x = labelW + i * cell, value = comp.values[key];
      const g = svg("g", { class: value ? "counter-cell set" : "counter-cell" },
        svg("rect", { x, y: y + 2, width: cell - 2, height: 18, rx: 3 }),
        svgText(x + (cell - 2) / 2, y + 15, value, { "text-anchor": "middle", class: "tiny" }),
        svg("title", {}, `${key} = ${value}`));
      ctx.register("counter", key, g, true);
      root.append(g);
    });
    width = Math.max(width, labelW + members.length * cell + 4);
    y += 24;
  }
  return finish(root, width, y + 4);
}

// Splits keys into rows of numbered keys sharing a prefix (in number order) and the rest.
function groupByPrefix(keys) {
  const byPrefix = new Map();
  for (const key of keys) {
    const match = NUMBERED.exec(key);
    if (!match) continue;
    const list = byPrefix.get(match[1]) || [];
    list.push({ key, index: Number(match[2]) });
    byPrefix.set(match[1], list);
  }
  const rows = [...byPrefix].filter(([, members]) => members.length >= MIN_ROW)
    .map(([prefix, members]) => [prefix, members.sort((a, b) => a.index - b.index)]);
  const inRows = new Set(rows.flatMap(([, members]) => members.map((m) => m.key)));
  return { rows, singles: keys.filter((k) => !inRows.has(k)) };
}
