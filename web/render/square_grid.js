// square_grid: width x height cells, row by row; each cell's type (before ':'), piece and
// owner. Parts "cell" keyed by index and "row,col".
import { svg, svgText } from "../dom.js";
import { finish, pickColour, seatColour } from "./common.js";

export function renderSquareGrid(comp, ctx) {
  const width = comp.width || 0, height = comp.height || 0;
  const cell = ctx.hints.size || 44;
  const root = svg("svg", { class: "kind-square_grid" });
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const i = r * width + c;
      const type = String((comp.types || [])[i] || "");
      const terrain = type.split(":")[0];
      const piece = String((comp.pieces || [])[i] || "");
      const owner = (comp.owners || [])[i] ?? -1;
      const g = svg("g", { transform: `translate(${c * cell + 2},${r * cell + 2})` });
      g.append(svg("rect", { width: cell - 2, height: cell - 2, class: "grid-cell",
        fill: terrain ? pickColour(ctx.hints, terrain) : "#f4efe3",
        stroke: owner >= 0 ? seatColour(ctx.layout, owner) : null, "stroke-width": owner >= 0 ? 3 : null }));
      if (terrain) g.append(svgText(3, 11, terrain.slice(0, 7), { class: "small" }));
      if (piece) g.append(svgText(cell / 2, cell / 2 + 8, piece.slice(0, 8), { "text-anchor": "middle", class: "piece-text" }));
      ctx.register("cell", String(i), g, false);
      // "row,col", counted from the hint's `base` (0; 1 for a game whose moves count from 1).
      const base = ctx.hints.base || 0;
      ctx.register("cell", `${r + base},${c + base}`, g, true);
      root.append(g);
    }
  }
  return finish(root, width * cell + 4, height * cell + 4);
}
