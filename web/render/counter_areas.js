// counters drawn as places on a board (hint `areas`): each area is a row or block of places
// at a position, each place showing the values of numbered keys with the same number (a
// field: its good as a colour, its workers as seat dots, its wood as a number), or one value
// as a marker on a track, or named values as labelled places. Keys no area shows are
// returned, for the default list.
import { svg, svgText } from "../dom.js";
import { inkOn, seatColour } from "./common.js";

const SLOTS = ["fill", "seat", "seats", "per_seat", "number", "flag"];
const CAPTION_H = 14;

// Draws every area into root; returns {width, height, shown} (shown: the keys drawn).
export function drawAreas(root, values, areas, ctx) {
  const shown = new Set();
  let width = 0, height = 0;
  for (const area of areas) {
    const [x, y] = area.at || [0, height];
    const group = svg("g", { class: "counter-area", transform: `translate(${x},${y})` });
    if (area.label) group.append(svgText(0, 10, area.label, { class: "small head" }));
    const top = area.label ? CAPTION_H : 0;
    const size = area.track !== undefined ? drawTrack(group, top, values, area, ctx, shown)
      : area.keys ? drawNamed(group, top, values, area, ctx, shown)
        : drawPlaces(group, top, values, area, ctx, shown);
    root.append(group);
    // A label wider than its places still counts (about 6.5 pixels a letter at this size).
    width = Math.max(width, x + size.width, x + (area.label ? String(area.label).length * 6.5 : 0));
    height = Math.max(height, y + top + size.height);
  }
  return { width, height, shown };
}

// The key of slot `prefix` at place n (per_seat: one key per seat).
function slotKeys(slot, prefix, n, players) {
  if (slot !== "per_seat") return [`${prefix}${n}`];
  return Array.from({ length: players }, (_, s) => `${prefix}${n * players + s}`);
}

// How many places an area has: `cells`, or up to the last number any of its prefixes has.
function placeCount(area, values, players) {
  if (area.cells !== undefined) return area.cells;
  const from = area.from || 0;
  let count = 0;
  for (const slot of SLOTS) {
    if (!area[slot]) continue;
    while (slotKeys(slot, area[slot], from + count, players).every((k) => k in values)) count += 1;
  }
  return count;
}

function valueText(area, value) {
  const names = area.names || {};
  return names[value] !== undefined ? names[value] : String(value);
}

function drawPlaces(group, top, values, area, ctx, shown) {
  const players = ctx.players || 1;
  const count = placeCount(area, values, players);
  const from = area.from || 0;
  const columns = area.columns || count || 1;
  const side = area.size || 28;
  const gap = area.gap ?? 3;
  const captions = area.captions || [];
  const captionH = captions.length ? 11 : 0;
  for (let i = 0; i < count; i++) {
    const n = from + i;
    const px = (i % columns) * (side + gap), py = top + Math.floor(i / columns) * (side + gap + captionH);
    const place = svg("g", { class: "counter-place", transform: `translate(${px},${py})` });
    const keys = [];
    const value = (slot) => {
      if (!area[slot]) return undefined;
      const k = slotKeys(slot, area[slot], n, players);
      if (!k.every((key) => key in values)) return undefined;
      keys.push(...k);
      return slot === "per_seat" ? k.map((key) => values[key]) : values[k[0]];
    };
    const fill = value("fill"), seat = value("seat"), seats = value("seats"), perSeat = value("per_seat");
    const number = value("number"), flag = value("flag");
    const colours = area.colours || {};
    const background = fill !== undefined && colours[fill] ? colours[fill] : "#f4efe3";
    const rect = svg("rect", { width: side, height: side, rx: 4, fill: background, class: "place-shape" });
    place.append(rect);
    if (flag !== undefined) place.classList.add(flag ? "flag-on" : "flag-off");
    if (fill !== undefined && area.names && area.names[fill] !== undefined) {
      place.append(svgText(side / 2, 10, area.names[fill], { "text-anchor": "middle", class: "tiny", style: `fill:${inkOn(background)}` }));
    }
    if (seat !== undefined && seat !== 0) place.append(seatToken(area, seat, side, ctx));
    if (seats !== undefined) {
      for (let s = 0; s < players; s++) {
        if (!(seats & (1 << s))) continue;
        place.append(svg("circle", { cx: 7 + s * 10, cy: side - 7, r: 4.5, fill: seatColour(ctx.layout, s), class: "seat-dot" }));
      }
    }
    if (perSeat !== undefined) {
      perSeat.forEach((v, s) => {
        if (!v) return;
        place.append(svgText(4 + (s % 2) * (side / 2), side - 4 - Math.floor(s / 2) * 12, v,
          { class: "small head", style: `fill:${seatColour(ctx.layout, s)}` }));
      });
    }
    if (number !== undefined && number !== 0) {
      place.append(svgText(side - 3, seat || fill !== undefined ? side - 4 : side / 2 + 4, number,
        { "text-anchor": "end", class: "small head", style: `fill:${inkOn(background)}` }));
    }
    if (captions[i] !== undefined) {
      place.append(svgText(side / 2, side + 9, captions[i], { "text-anchor": "middle", class: "tiny" }));
    }
    place.append(svg("title", {}, keys.map((k) => `${k} = ${values[k]}`).join(", ")));
    for (const key of keys) {
      ctx.register("counter", key, place, true);
      shown.add(key);
    }
    group.append(place);
  }
  const rows = Math.ceil(count / columns);
  return { width: Math.min(count, columns) * (side + gap), height: rows * (side + gap + captionH) };
}

// A seat + 1 as a token in the seat's colour; a value past the seats is named by the hints.
function seatToken(area, value, side, ctx) {
  const players = ctx.players || 1;
  const named = value > players;
  const colour = named ? (area.colours || {})[value] || "#fff" : seatColour(ctx.layout, value - 1);
  const token = svg("g", { class: "seat-token" },
    svg("circle", { cx: side / 2, cy: side / 2, r: side / 3, fill: colour }));
  if (named && area.names && area.names[value] !== undefined) {
    token.append(svgText(side / 2, side / 2 + 3, area.names[value], { "text-anchor": "middle", class: "tiny", style: `fill:${inkOn(colour)}` }));
  }
  return token;
}

// One value as a marker on the spaces from..to, in the colour of the seat owning the component.
function drawTrack(group, top, values, area, ctx, shown) {
  const key = area.track;
  const from = area.from || 0, to = area.to ?? from + 9;
  const side = area.size || 24;
  const value = values[key];
  const track = svg("g", { class: "counter-track" });
  for (let v = from; v <= to; v++) {
    const x = (v - from) * (side + 2);
    const space = svg("g", { transform: `translate(${x},${top})` },
      svg("rect", { width: side, height: side, rx: 3, class: "track-space" }),
      svgText(side / 2, side - 4, valueText(area, v), { "text-anchor": "middle", class: "tiny" }));
    if (v === value) {
      space.append(svg("circle", { cx: side / 2, cy: side / 2 - 3, r: side / 4, class: "marker", fill: seatColour(ctx.layout, ctx.seat) }));
    }
    track.append(space);
  }
  track.append(svg("title", {}, `${key} = ${value}`));
  if (key in values) {
    ctx.register("counter", key, track, true);
    shown.add(key);
  }
  group.append(track);
  return { width: (to - from + 1) * (side + 2), height: side };
}

// Named keys as labelled places, each showing its value (its name from `names`).
function drawNamed(group, top, values, area, ctx, shown) {
  const labels = (ctx.hints && ctx.hints.labels) || {};
  const colours = area.colours || {};
  const w = area.size || 54, h = 30;
  const keys = area.keys.filter((k) => k in values);
  const columns = area.columns || keys.length || 1;
  keys.forEach((key, i) => {
    const x = (i % columns) * (w + 3), y = top + Math.floor(i / columns) * (h + 3);
    const fill = colours[key] || "#f4efe3";
    const place = svg("g", { class: "counter-place", transform: `translate(${x},${y})` },
      svg("rect", { width: w, height: h, rx: 4, fill, class: "place-shape" }),
      svgText(w / 2, 10, labels[key] ?? key, { "text-anchor": "middle", class: "tiny", style: `fill:${inkOn(fill)}` }),
      svgText(w / 2, h - 5, valueText(area, values[key]), { "text-anchor": "middle", class: "small head", style: `fill:${inkOn(fill)}` }),
      svg("title", {}, `${key} = ${values[key]}`));
    ctx.register("counter", key, place, true);
    shown.add(key);
    group.append(place);
  });
  const rows = Math.ceil(keys.length / columns);
  return { width: Math.min(keys.length, columns) * (w + 3), height: rows * (h + 3) };
}
