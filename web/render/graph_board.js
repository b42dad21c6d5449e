// graph_board: spaces as nodes and links between them, pieces on spaces. Positions come
// from the hints (`positions: {space: [x, y]}`, in grid units of `scale` pixels); spaces
// without one are placed on a circle. Parts "space" keyed by space id.
import { svg, svgText } from "../dom.js";
import { finish, inkOn, pickColour, seatColour } from "./common.js";

export function renderGraphBoard(comp, ctx) {
  const spaces = comp.spaces || [];
  const scale = ctx.hints.scale || 60;
  const given = ctx.hints.positions || {};
  const unplaced = spaces.filter((s) => !given[s.id]);
  const place = new Map();
  let maxGX = 0;
  for (const s of spaces) if (given[s.id]) { place.set(s.id, given[s.id].map((v) => v * scale)); maxGX = Math.max(maxGX, given[s.id][0] * scale); }
  // A ring for the spaces the hints leave out, beside whatever the hints placed.
  const radius = Math.max(120, unplaced.length * 14);
  const ringX = place.size ? maxGX + radius + 80 : radius + 40;
  unplaced.forEach((s, i) => {
    const a = (2 * Math.PI * i) / Math.max(unplaced.length, 1) - Math.PI / 2;
    place.set(s.id, [ringX + radius * Math.cos(a), radius + 40 + radius * Math.sin(a)]);
  });
  const root = svg("svg", { class: "kind-graph_board" });
  const layer = svg("g");
  root.append(layer);
  for (const link of comp.links || []) {
    const a = place.get(link.a), b = place.get(link.b);
    if (!a || !b) continue;
    layer.append(svg("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: `link link-${safeClass(link.type)}` }));
  }
  const colourBy = ctx.hints.colour_by || "colour";
  const radiusOf = (s) => (ctx.hints.radius && ctx.hints.radius[spaceGroup(s)]) || 20;
  for (const s of spaces) {
    const [x, y] = place.get(s.id);
    const attrs = s.attributes || {};
    const colourKey = attrs[colourBy] ?? spaceGroup(s);
    const r = radiusOf(s);
    const g = svg("g", { class: "space" },
      svg("circle", { cx: x, cy: y, r, fill: pickColour(ctx.hints, colourKey), class: "space-shape" }),
      (ctx.hints.hide_names || []).includes(spaceGroup(s)) ? null
        : svgText(x, y - r - 3, attrs.name ?? s.id, { "text-anchor": "middle", class: "tiny space-name" }));
    if (attrs.vp !== undefined) g.append(svgText(x, y + 4, attrs.vp, { "text-anchor": "middle", class: "tiny" }));
    ctx.register("space", String(s.id), g, true);
    layer.append(g);
  }
  // Pieces: one small token per (owner, kind) with its count, round the space.
  const perSpace = new Map();
  for (const p of comp.pieces || []) {
    const at = place.get(p.space);
    if (!at) continue;
    const n = perSpace.get(p.space) || 0;
    perSpace.set(p.space, n + 1);
    const a = (n * Math.PI) / 3 + Math.PI / 6;
    const x = at[0] + 20 * Math.cos(a), y = at[1] + 20 * Math.sin(a);
    const label = `${String(p.kind || "").slice(0, 2)}${p.count > 1 ? p.count : ""}`;
    layer.append(svg("g", { class: "piece" },
      svg("circle", { cx: x, cy: y, r: 9, fill: seatColour(ctx.layout, p.owner) }),
      svgText(x, y + 3, label, { "text-anchor": "middle", class: "tiny on-colour", style: `fill:${inkOn(seatColour(ctx.layout, p.owner))}` }),
      svg("title", {}, `${p.kind} x${p.count} (${ctx.seatName(p.owner)})`)));
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const [x, y] of place.values()) {
    minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
  }
  if (!place.size) { minX = minY = 0; maxX = maxY = 40; }
  const pad = 40;
  layer.setAttribute("transform", `translate(${-minX + pad},${-minY + pad})`);
  return finish(root, maxX - minX + 2 * pad, maxY - minY + 2 * pad);
}

// The id's prefix before '_' ("port_olbia" -> "port"), a group when the data gives none.
function spaceGroup(space) {
  const id = String(space.id);
  return id.includes("_") ? id.split("_")[0] : "space";
}

function safeClass(text) {
  return String(text || "").replace(/[^a-z0-9_-]/gi, "");
}
