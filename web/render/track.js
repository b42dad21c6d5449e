// track: spaces 0..length-1 in rows (hint `columns`), each seat's marker on its space,
// markers on one space side by side, bottom of the stack first.
import { svg, svgText } from "../dom.js";
import { finish, seatColour } from "./common.js";

export function renderTrack(comp, ctx) {
  const length = comp.length || 0;
  const columns = (ctx.hints.columns) || Math.min(length, 16);
  const cell = 34;
  const root = svg("svg", { class: "kind-track" });
  for (let i = 0; i < length; i++) {
    const row = Math.floor(i / columns);
    // Rows run back and forth like a score track round a board.
    const col = row % 2 === 0 ? i % columns : columns - 1 - (i % columns);
    const x = col * cell + 2, y = row * cell + 2;
    const space = svg("g", { transform: `translate(${x},${y})` },
      svg("rect", { width: cell - 3, height: cell - 3, rx: 4, class: "track-space" }),
      svgText(4, 11, i, { class: "small" }));
    ctx.register("space", String(i), space, false);
    root.append(space);
  }
  const positions = comp.positions || [];
  // stack_order[seat] is the marker's height on its space (ties by seat): draw bottom first.
  const height = comp.stack_order || [];
  const order = positions.map((_, s) => s).sort((a, b) => ((height[a] ?? 0) - (height[b] ?? 0)) || a - b);
  const onSpace = new Map();
  for (const seat of order) {
    const pos = positions[seat];
    if (pos === undefined || pos < 0 || pos >= length) continue;
    const stack = onSpace.get(pos) || 0;
    onSpace.set(pos, stack + 1);
    const row = Math.floor(pos / columns);
    const col = row % 2 === 0 ? pos % columns : columns - 1 - (pos % columns);
    const cx = col * cell + 2 + 9 + (stack % 3) * 8, cy = row * cell + 2 + 20 + Math.floor(stack / 3) * 6;
    root.append(svg("circle", { cx, cy, r: 6, fill: seatColour(ctx.layout, seat), class: "marker",
      dataset: { seat: String(seat) } }));
  }
  const rows = Math.ceil(length / columns);
  return finish(root, columns * cell + 4, rows * cell + 4);
}
