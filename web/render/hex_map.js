// hex_map: flat-topped hexes at axial (q, r) (r grows southward), with terrain, number,
// piece and owner; every corner ("q,r,E|W") and edge ("q,r,N|NE|SE") of the drawn hexes,
// spelt as core/src/hex_map.cpp spells them, so a move's word finds its place.
import { svg, svgText } from "../dom.js";
import { finish, pickColour, seatColour } from "./common.js";

const SQRT3 = Math.sqrt(3);

// The canonical keys of a hex's six corners and six sides (hex_map.cpp corner_keys/edge_keys).
function cornerKeys(q, r) {
  return [[q, r, "E"], [q + 1, r, "W"], [q - 1, r + 1, "E"], [q, r, "W"], [q - 1, r, "E"], [q + 1, r - 1, "W"]];
}
function edgeKeys(q, r) {
  return [[q, r, "N"], [q, r, "NE"], [q, r, "SE"], [q, r + 1, "N"], [q - 1, r + 1, "NE"], [q - 1, r, "SE"]];
}

export function renderHexMap(comp, ctx) {
  const s = ctx.hints.size || 34;
  const centre = (q, r) => [1.5 * s * q, SQRT3 * s * (r + q / 2)];
  const cornerPoint = (q, r, dir) => {
    const [x, y] = centre(q, r);
    return dir === "E" ? [x + s, y] : [x - s, y];
  };
  // A side's two ends, by the direction it faces from hex (q, r).
  const edgeEnds = (q, r, dir) => {
    const [x, y] = centre(q, r);
    const h = (SQRT3 / 2) * s;
    if (dir === "N") return [[x - s / 2, y - h], [x + s / 2, y - h]];
    if (dir === "NE") return [[x + s / 2, y - h], [x + s, y]];
    return [[x + s, y], [x + s / 2, y + h]];
  };
  const hexes = comp.hexes || [];
  const byId = (list) => new Map((list || []).map((site) => [site.id, site]));
  const corners = byId(comp.corners), edges = byId(comp.edges);
  const cornerIds = new Map(), edgeIds = new Map();
  for (const hex of hexes) {
    for (const [q, r, d] of cornerKeys(hex.q, hex.r)) cornerIds.set(`${q},${r},${d}`, [q, r, d]);
    for (const [q, r, d] of edgeKeys(hex.q, hex.r)) edgeIds.set(`${q},${r},${d}`, [q, r, d]);
  }
  for (const id of corners.keys()) if (!cornerIds.has(id)) cornerIds.set(id, parseSite(id));
  for (const id of edges.keys()) if (!edgeIds.has(id)) edgeIds.set(id, parseSite(id));

  const root = svg("svg", { class: "kind-hex_map" });
  const layer = svg("g");
  root.append(layer);
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const hex of hexes) {
    const [x, y] = centre(hex.q, hex.r);
    minX = Math.min(minX, x - s); maxX = Math.max(maxX, x + s);
    minY = Math.min(minY, y - s); maxY = Math.max(maxY, y + s);
    const points = [0, 60, 120, 180, 240, 300].map((a) => {
      const rad = (a * Math.PI) / 180;
      return `${x + s * Math.cos(rad)},${y + s * Math.sin(rad)}`;
    }).join(" ");
    const g = svg("g", { class: "hex" },
      svg("polygon", { points, fill: pickColour(ctx.hints, hex.terrain), class: "hex-shape" }));
    const terrainLabel = String((ctx.hints.labels && ctx.hints.labels[hex.terrain]) ?? hex.terrain ?? "");
    g.append(svgText(x, y - s * 0.45, terrainLabel.slice(0, 9), { "text-anchor": "middle", class: "tiny" }));
    if (hex.number) {
      g.append(svg("circle", { cx: x, cy: y + 2, r: 10, class: "hex-number-disc" }));
      g.append(svgText(x, y + 6, hex.number, { "text-anchor": "middle",
        class: hex.number === 6 || hex.number === 8 ? "hex-number hot" : "hex-number" }));
    }
    if (hex.piece) {
      g.append(svgText(x, y + s * 0.62, hex.piece, { "text-anchor": "middle", class: "tiny piece-text",
        fill: hex.owner >= 0 ? seatColour(ctx.layout, hex.owner) : null }));
    }
    ctx.register("hex", `${hex.q},${hex.r}`, g, true);
    layer.append(g);
  }
  for (const [id, [q, r, d]] of edgeIds) {
    const [[x1, y1], [x2, y2]] = edgeEnds(q, r, d);
    const site = edges.get(id);
    const g = svg("g", { class: site && site.piece ? "edge occupied" : "edge" },
      svg("line", { x1, y1, x2, y2, class: "edge-hit" }));
    if (site && site.piece) {
      g.append(svg("line", { x1, y1, x2, y2, class: "edge-piece", stroke: seatColour(ctx.layout, site.owner) }));
    }
    ctx.register("edge", id, g, true);
    layer.append(g);
  }
  for (const [id, [q, r, d]] of cornerIds) {
    const [x, y] = cornerPoint(q, r, d);
    const site = corners.get(id);
    const g = svg("g", { class: site && site.piece ? "corner occupied" : "corner" });
    g.append(svg("circle", { cx: x, cy: y, r: 7, class: "corner-hit" }));
    if (site && site.piece) {
      const big = /city/i.test(site.piece);
      g.append(svg("rect", { x: x - (big ? 8 : 6), y: y - (big ? 8 : 6), width: big ? 16 : 12, height: big ? 16 : 12,
        rx: 2, class: "corner-piece", fill: seatColour(ctx.layout, site.owner) }));
      g.append(svg("title", {}, `${site.piece} (${ctx.seatName(site.owner)})`));
    }
    ctx.register("corner", id, g, true);
    layer.append(g);
  }
  if (!hexes.length) { minX = minY = 0; maxX = maxY = 40; }
  layer.setAttribute("transform", `translate(${-minX + 10},${-minY + 10})`);
  return finish(root, maxX - minX + 20, maxY - minY + 20);
}

function parseSite(id) {
  const [q, r, d] = String(id).split(",");
  return [Number(q), Number(r), d];
}
