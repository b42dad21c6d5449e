// The renderer of each component kind. `flow` is not drawn: the prompt says it.
import { renderTrack } from "./track.js";
import { renderSquareGrid } from "./square_grid.js";
import { renderHexMap, updateHexMap } from "./hex_map.js";
import { renderGraphBoard } from "./graph_board.js";
import { renderDicePool } from "./dice_pool.js";
import { renderDeck } from "./deck.js";
import { renderHand } from "./hand.js";
import { renderMarket } from "./market.js";
import { renderSupply } from "./supply.js";
import { renderCounters } from "./counters.js";
import { renderTurnOrder } from "./turn_order.js";
import { renderUnknown } from "./unknown.js";

export const RENDERERS = {
  track: renderTrack,
  square_grid: renderSquareGrid,
  hex_map: renderHexMap,
  graph_board: renderGraphBoard,
  dice_pool: renderDicePool,
  deck: renderDeck,
  hand: renderHand,
  market: renderMarket,
  supply: renderSupply,
  counters: renderCounters,
  turn_order: renderTurnOrder,
};

// Kinds whose drawing can be brought up to date in place: update(drawing, comp, ctx)
// redraws the parts that changed and registers every part, or returns false (then the
// component is drawn anew).
export const UPDATERS = {
  hex_map: updateHexMap,
};

export const NOT_DRAWN = new Set(["flow"]);

export function rendererFor(kind) {
  return RENDERERS[kind] || renderUnknown;
}
