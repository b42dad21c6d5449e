-- Santa Maria: a seat's colony read once, for the scorings that look at the whole colony (the
-- bishop objectives, 7.2; the solo achievements, 8.3).
local M = {}

-- A square's type names its cell ("" free, "road:<colonists>", "<terrain>:<building>"), so
-- one table serves every square of a type, made once: {kind = "free"|"road"|"building",
-- terrain =, colonists =}. The readers only read them.
local cell_of_type = { [""] = { kind = "free", colonists = 0 } }
local function cell_of(t)
  local cell = cell_of_type[t]
  if cell == nil then
    if t:sub(1, 5) == "road:" then
      cell = { kind = "road", colonists = tonumber(t:sub(6)) or 0 }
    else
      cell = { kind = "building", terrain = t:match("^([^:]+):"), colonists = 0 }
    end
    cell_of_type[t] = cell
  end
  return cell
end

-- The colony of `seat` as rows of cells, [r][c] 1-based, with its height and width.
function M.rows(ctx, seat)
  local grid = ctx:get("colony", seat)
  local h, w = grid:height(), grid:width()
  local types = grid:values("type")
  local rows = {}
  for r = 1, h do
    local row, base = {}, (r - 1) * w
    for c = 1, w do
      local t = types[base + c]
      row[c] = cell_of_type[t] or cell_of(t)
    end
    rows[r] = row
  end
  return rows, h, w
end

-- The areas of one terrain of a colony grid: 4-connected squares of the same terrain, for
-- the terrains `wanted` holds ({terrain = true}); each an array of {x=, y=}, by first square.
function M.areas(grid, wanted)
  local labels = grid:values("type")
  for i = 1, #labels do
    local t = labels[i]
    local terrain = (cell_of_type[t] or cell_of(t)).terrain
    labels[i] = terrain ~= nil and wanted[terrain] == true and terrain
  end
  return grid:areas(labels)
end

return M
