-- Santa Maria solo (rules 8.3): the six achievements, checked after the final scoring of
-- the one seat. The plugin has written the score parts into the seat's "score" counters;
-- each goal is recorded there as "goal.<name>" = 1 (reached) or 0. params = game.yaml solo.

-- Terraforming: a 4-connected chain of squares of one terrain (not roads, not the capital)
-- touching both the left and right edges or both the top and bottom edges.
local function terraformed(ctx)
  local grid = ctx:get("colony", 0)
  for _, terrain in ipairs({ "city", "forest", "mountain", "farm" }) do
    local prefix = terrain .. ":"
    local areas = grid:regions(function(x, y, cell) return cell.type:sub(1, #prefix) == prefix end)
    for _, area in ipairs(areas) do
      local min_x, max_x, min_y, max_y = 99, -1, 99, -1
      for _, pos in ipairs(area) do
        min_x = math.min(min_x, pos.x); max_x = math.max(max_x, pos.x)
        min_y = math.min(min_y, pos.y); max_y = math.max(max_y, pos.y)
      end
      if (min_x == 0 and max_x == grid:width() - 1) or (min_y == 0 and max_y == grid:height() - 1) then return true end
    end
  end
  return false
end

effect("solo_goals", function(ctx, params)
  local score = ctx:get("score", 0)
  local goals = params.goals
  local total = score:get("total")
  local reached = {
    communism = score:get("colonists") >= goals.communism,
    capitalism = score:get("port_sets") >= goals.capitalism,
    theocracy = score:get("bishop_objectives") >= goals.theocracy,
    terraforming = terraformed(ctx),
    democracy = total >= goals.democracy,
    utopia = total >= goals.utopia,
  }
  for _, name in ipairs({ "communism", "capitalism", "theocracy", "terraforming", "democracy", "utopia" }) do
    score:set("goal." .. name, reached[name] and 1 or 0)
    if reached[name] then ctx:log("solo achievement: " .. name) end
  end
  score:set("won", total >= params.target and 1 or 0)
  ctx:log("solo score " .. total .. (total >= params.target and " beats " or " misses ") .. params.target)
end)
