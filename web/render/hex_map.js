// hex_map: flat-topped hexes at axial (q, r) (r grows southward), with terrain, number,
// piece and owner; every corner ("q,r,E|W") and edge ("q,r,N|NE|SE") of the drawn hexes,
// spelt as core/src/hex_map.cpp spells them, so a move's word finds its place.
//
// A map has some 150 sites and a move changes one or two: updateHexMap redraws only the
// sites whose view changed, in the drawing already shown (a CATAN road redraws one edge).
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

function parseSite(id) {
  const [q, r, d] = String(id).split(",");
  return [Number(q), Number(r), d];
}

// Where things are drawn, for hexes of size `s`.
function geometry(s) {
  const centre = (q, r) => [1.5 * s * q, SQRT3 * s * (r + q / 2)];
  return {
    s,
    centre,
    cornerPoint(q, r, dir) {
      const [x, y] = centre(q, r);
      return dir === "E" ? [x + s, y] : [x - s, y];
    },
    // A side's two ends, by the direction it faces from hex (q, r).
    edgeEnds(q, r, dir) {
      const [x, y] = centre(q, r);
      const h = (SQRT3 / 2) * s;
      if (dir === "N") return [[x - s / 2, y - h], [x + s / 2, y - h]];
      if (dir === "NE") return [[x + s / 2, y - h], [x + s, y]];
      return [[x + s, y], [x + s / 2, y + h]];
    },
  };
}

// Every site of the map in drawing order (hexes, then edges over them, then corners on
// top): {key, part, id, data, at}. `data` is the site's view (undefined: an empty site).
function sitesOf(comp) {
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
  const sites = hexes.map((hex) => ({ key: `hex ${hex.q},${hex.r}`, part: "hex", id: `${hex.q},${hex.r}`, data: hex }));
  for (const [id, at] of edgeIds) sites.push({ key: `edge ${id}`, part: "edge", id, data: edges.get(id), at });
  for (const [id, at] of cornerIds) sites.push({ key: `corner ${id}`, part: "corner", id, data: corners.get(id), at });
  return sites;
}

function drawHex(hex, geo, ctx) {
  const s = geo.s;
  const [x, y] = geo.centre(hex.q, hex.r);
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
  return g;
}

function drawEdge([q, r, d], site, geo, ctx) {
  const [[x1, y1], [x2, y2]] = geo.edgeEnds(q, r, d);
  const g = svg("g", { class: site && site.piece ? "edge occupied" : "edge" },
    svg("line", { x1, y1, x2, y2, class: "edge-hit" }));
  if (site && site.piece) {
    g.append(svg("line", { x1, y1, x2, y2, class: "edge-piece", stroke: seatColour(ctx.layout, site.owner) }));
  }
  return g;
}

function drawCorner([q, r, d], site, geo, ctx) {
  const [x, y] = geo.cornerPoint(q, r, d);
  const g = svg("g", { class: site && site.piece ? "corner occupied" : "corner" });
  g.append(svg("circle", { cx: x, cy: y, r: 7, class: "corner-hit" }));
  if (site && site.piece) {
    const big = /city/i.test(site.piece);
    g.append(svg("rect", { x: x - (big ? 8 : 6), y: y - (big ? 8 : 6), width: big ? 16 : 12, height: big ? 16 : 12,
      rx: 2, class: "corner-piece", fill: seatColour(ctx.layout, site.owner) }));
    g.append(svg("title", {}, `${site.piece} (${ctx.seatName(site.owner)})`));
  }
  return g;
}

function drawSite(site, geo, ctx) {
  if (site.part === "hex") return drawHex(site.data, geo, ctx);
  if (site.part === "edge") return drawEdge(site.at, site.data, geo, ctx);
  return drawCorner(site.at, site.data, geo, ctx);
}

// What a site's drawing depends on.
function siteText(site) {
  return site.data === undefined ? "" : JSON.stringify(site.data);
}

export function renderHexMap(comp, ctx) {
  const geo = geometry(ctx.hints.size || 34);
  const root = svg("svg", { class: "kind-hex_map" });
  const layer = svg("g");
  root.append(layer);
  const drawn = new Map();  // site key -> {text, g}: what updateHexMap compares and replaces
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const hex of comp.hexes || []) {
    const [x, y] = geo.centre(hex.q, hex.r);
    minX = Math.min(minX, x - geo.s); maxX = Math.max(maxX, x + geo.s);
    minY = Math.min(minY, y - geo.s); maxY = Math.max(maxY, y + geo.s);
  }
  const sites = sitesOf(comp);
  for (const site of sites) {
    const g = drawSite(site, geo, ctx);
    ctx.register(site.part, site.id, g, true);
    layer.append(g);
    drawn.set(site.key, { text: siteText(site), g });
  }
  root.hexSites = drawn;
  root.hexShape = shapeText(sites, geo);
  if (!(comp.hexes || []).length) { minX = minY = 0; maxX = maxY = 40; }
  layer.setAttribute("transform", `translate(${-minX + 10},${-minY + 10})`);
  return finish(root, maxX - minX + 20, maxY - minY + 20);
}

// The map's sites and where they are: the same shape lets a drawing be updated in place.
function shapeText(sites, geo) {
  return JSON.stringify([geo.s, sites.map((site) => site.key)]);
}

// Redraws, inside `root` (a drawing of renderHexMap), only the sites whose view changed, and
// registers every site anew with `ctx`. Returns false, changing nothing, when the map's
// shape changed (other hexes or sites): it is then drawn whole.
export function updateHexMap(root, comp, ctx) {
  const geo = geometry(ctx.hints.size || 34);
  const sites = sitesOf(comp);
  if (!root.hexSites || root.hexShape !== shapeText(sites, geo)) return false;
  for (const site of sites) {
    const text = siteText(site);
    const before = root.hexSites.get(site.key);
    let g = before.g;
    if (before.text !== text) {
      g = drawSite(site, geo, ctx);
      before.g.replaceWith(g);
      root.hexSites.set(site.key, { text, g });
    }
    ctx.register(site.part, site.id, g, true);
  }
  return true;
}
