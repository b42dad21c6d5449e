// Shared pieces of the per-kind renderers: seat colours, a colour for any name, the
// viewBox of a drawing, and the card shape several kinds use.
import { svg, svgText } from "../dom.js";

const DEFAULT_SEAT_COLOURS = ["#c0392b", "#2e6fd8", "#2f9e44", "#e8a200", "#8e44ad", "#16a5a5"];

export function seatColour(layout, seat) {
  const colours = layout.seat_colours || DEFAULT_SEAT_COLOURS;
  return seat >= 0 ? colours[seat % colours.length] : "#777";
}

// Black or white text, whichever reads on a "#rrggbb" background (seat colours can be white).
export function inkOn(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return "#fff";
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? "#222" : "#fff";
}

// A stable pastel colour for a name, so terrains and types differ without any hints.
export function nameColour(name) {
  let hash = 0;
  for (const ch of String(name)) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return `hsl(${hash % 360}, 45%, 72%)`;
}

export function pickColour(hints, name) {
  const colours = (hints && hints.colours) || {};
  return colours[name] || nameColour(name);
}

export function finish(root, width, height) {
  root.setAttribute("viewBox", `0 0 ${Math.max(width, 1)} ${Math.max(height, 1)}`);
  root.setAttribute("width", Math.max(width, 1));
  root.setAttribute("height", Math.max(height, 1));
  return root;
}

// A card drawn face up (its id, or its label from the hints) or face down (null id).
export function cardShape(x, y, id, hints, w = 64, h = 88) {
  const group = svg("g", { class: id === null ? "card hidden-card" : "card", transform: `translate(${x},${y})` });
  group.append(svg("rect", { width: w, height: h, rx: 6, class: "card-face" }));
  if (id === null) {
    group.append(svgText(w / 2, h / 2 + 4, "?", { "text-anchor": "middle", class: "card-back-text" }));
    return group;
  }
  const label = (hints && hints.labels && hints.labels[id]) || String(id);
  const colour = cardColour(hints, id);
  if (colour) group.firstChild.setAttribute("style", `fill:${colour}`);
  wrapText(group, label, w / 2, 18, 10, colour ? inkOn(colour) : null);
  return group;
}

// The hint `card_colours` colours a card by the first word of its id it names
// (`red_2c`, `tc_red_3` -> red); null when it names none.
function cardColour(hints, id) {
  const colours = hints && hints.card_colours;
  if (!colours) return null;
  const word = String(id).split(/[_\s]+/).find((w) => colours[w]);
  return word ? colours[word] : null;
}

// Splits a card name on '_' and spaces into lines that fit a card.
function wrapText(group, text, x, y, max, ink) {
  const words = text.split(/[_\s]+/);
  let line = "";
  let row = 0;
  const flush = () => {
    if (!line) return;
    group.append(svgText(x, y + row * 13, line, { "text-anchor": "middle", class: "card-text", style: ink ? `fill:${ink}` : null }));
    row += 1;
    line = "";
  };
  for (const word of words) {
    if (line && (line + " " + word).length > max) flush();
    line = line ? line + " " + word : word;
  }
  flush();
}

// A name cut to fit a narrow SVG column (the full name is in the seat panels).
export function shortName(name, max = 10) {
  const text = String(name);
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}
