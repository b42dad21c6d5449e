-- Santa Maria: the six bishop objectives (rules 7.2), scored at the end for each seat with a
-- monk under the bishop. params: the bishop's entry of data/santa_maria/game.yaml (id and its
-- numbers). The points, before the -2 of the monk, are added to the seat's "score" counter
-- "bishop_objectives" (the plugin adds the penalty).

local colony = require("lib.colony")

-- Up, right, down, left as (DR[k], DC[k]): numeric loops, not ipairs (a C call per step).
local DR, DC = { -1, 0, 1, 0 }, { 0, 1, 0, -1 }

local function capped(value, params)
  if params.cap then return math.min(value, params.cap) end
  return value
end

-- Squares connected to a capital square (5.12): neighbours of the capital, and neighbours of
-- the road squares reached from it through roads; free squares are never on a path.
local function linked(cells, h, w)
  local out, queue = {}, {}
  -- Marks a non-free square next to a linked one; roads are followed further.
  local function reach(r, c)
    if r < 1 or r > h or c < 1 or c > w then return end
    local cell = cells[r][c]
    if cell.kind == "free" then return end
    local at = r * 100 + c
    if cell.kind == "road" and not out[at] then queue[#queue + 1] = at end
    out[at] = true
  end
  for r = 1, h do
    for c = 1, w do
      if cells[r][c].terrain == "capital" then
        out[r * 100 + c] = true
        for k = 1, 4 do reach(r + DR[k], c + DC[k]) end
      end
    end
  end
  local i = 1
  while i <= #queue do
    local r, c = queue[i] // 100, queue[i] % 100
    for k = 1, 4 do reach(r + DR[k], c + DC[k]) end
    i = i + 1
  end
  return out
end

local objectives = {}

-- The largest k x k block without a free square: 3 -> 4, 4 -> 7, 5 -> 10 (6 counts as 5).
function objectives.square(ctx, params, cells, h, w)
  -- side[r][c]: the side of the largest such block whose bottom-right square is (r, c).
  local best, side = 0, {}
  for r = 1, h do
    side[r] = {}
    for c = 1, w do
      local s = 0
      if cells[r][c].kind ~= "free" then
        s = 1
        if r > 1 and c > 1 then s = 1 + math.min(side[r - 1][c], side[r][c - 1], side[r - 1][c - 1]) end
      end
      side[r][c] = s
      best = math.max(best, s)
    end
  end
  if best < 2 then best = 0 end
  best = math.min(best, 5)
  return (params.scores and params.scores[tostring(best)]) or 0
end

-- 2 points per ship in the fullest dock.
function objectives.one_dock(ctx, params)
  local docks = { 0, 0, 0, 0 }
  for _, dock in pairs(ctx:get("port", ctx.seat):entries()) do
    if dock >= 1 and dock <= 4 then docks[dock] = docks[dock] + 1 end
  end
  return capped(params.per_tile * math.max(docks[1], docks[2], docks[3], docks[4]), params)
end

function objectives.cities_capital(ctx, params, cells, h, w)
  local link, n = linked(cells, h, w), 0
  for r = 1, h do
    for c = 1, w do
      if link[r * 100 + c] and cells[r][c].terrain == "city" then n = n + 1 end
    end
  end
  return capped(params.per_city * n, params)
end

function objectives.colonists_capital(ctx, params, cells, h, w)
  local link, n = linked(cells, h, w), 0
  for r = 1, h do
    for c = 1, w do
      if link[r * 100 + c] then n = n + cells[r][c].colonists end
    end
  end
  return capped(params.per_colonist * n, params)
end

-- The largest orthogonally connected area of one of params.terrains.
function objectives.largest_area(ctx, params, cells, h, w)
  local allowed = {}
  for _, t in ipairs(params.terrains) do allowed[t] = true end
  local best = 0
  for _, area in ipairs(colony.areas(ctx:get("colony", ctx.seat), allowed)) do best = math.max(best, #area) end
  return capped(params.per_square * best, params)
end

-- 3 points per row and column holding every terrain of params.needs.
function objectives.diverse_lines(ctx, params, cells, h, w)
  local needs = params.needs
  -- 1 when the terrains of the line's squares (found[terrain] = true) hold every need.
  local function complete(found)
    for i = 1, #needs do
      if not found[needs[i]] then return 0 end
    end
    return 1
  end
  local lines = 0
  for r = 1, h do
    local found, row = {}, cells[r]
    for c = 1, w do
      local t = row[c].terrain
      if t then found[t] = true end
    end
    lines = lines + complete(found)
  end
  for c = 1, w do
    local found = {}
    for r = 1, h do
      local t = cells[r][c].terrain
      if t then found[t] = true end
    end
    lines = lines + complete(found)
  end
  return capped(params.per_line * lines, params)
end

local count = {int = {0}, optional = true}

effect("bishop", {
  -- Each objective reads its own numbers (data/santa_maria/game.yaml bishops).
  params = {
    id = {enum = {"square", "one_dock", "cities_capital", "colonists_capital", "largest_area", "diverse_lines"}},
    scores = {map = {["3"] = count, ["4"] = count, ["5"] = count}, optional = true},
    per_tile = count, per_city = count, per_colonist = count, per_square = count, per_line = count, cap = count,
    terrains = {list = "string", optional = true},
    needs = {list = "string", optional = true},
  },
  apply = function(ctx, params)
    local score = objectives[params.id]
    if score == nil then error("unknown bishop objective '" .. tostring(params.id) .. "'") end
    local points
    if params.id == "one_dock" then
      points = score(ctx, params)  -- the port alone
    else
      points = score(ctx, params, colony.rows(ctx, ctx.seat))
    end
    ctx:get("score", ctx.seat):add("bishop_objectives", points)
    ctx:log("seat " .. ctx.seat .. " scores " .. points .. " for the bishop objective " .. params.id)
  end,
})
