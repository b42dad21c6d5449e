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
    for c = 1, w do row[c] = cell_of(types[base + c]) end
    rows[r] = row
  end
  return rows, h, w
end

-- Up, right, down, left as (dr, dc).
M.steps = { { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } }

-- The 4-connected areas of squares of one terrain, for each terrain `wanted` holds
-- ({terrain = true}): arrays of positions r * 100 + c, by first square (row by row).
function M.areas(cells, h, w, wanted)
  local seen, areas = {}, {}
  for r = 1, h do
    for c = 1, w do
      local terrain = cells[r][c].terrain
      if terrain and wanted[terrain] and not seen[r * 100 + c] then
        seen[r * 100 + c] = true
        local area, i = { r * 100 + c }, 1
        while i <= #area do
          local ar, ac = area[i] // 100, area[i] % 100
          for _, d in ipairs(M.steps) do
            local nr, nc = ar + d[1], ac + d[2]
            if nr >= 1 and nr <= h and nc >= 1 and nc <= w and not seen[nr * 100 + nc] and cells[nr][nc].terrain == terrain then
              seen[nr * 100 + nc] = true
              area[#area + 1] = nr * 100 + nc
            end
          end
          i = i + 1
        end
        areas[#areas + 1] = area
      end
    end
  end
  return areas
end

return M
