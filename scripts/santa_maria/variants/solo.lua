-- The solo game (rules 8.3): one player with the advanced set-up aims for 100 points or more;
-- conquest scores at the end of a year only when the conquistador has passed that year's tree,
-- and six achievements (Communism, Capitalism, Theocracy, Terraforming, Democracy, Utopia) are
-- recorded at the end.
-- players: 1
--
-- One player always plays this variant (the plugin adds it; it needs no --variant), with
-- the advanced set-up (8.1, lib/advanced_setup.lua).
--
-- Conquest at the end of year y (params.year): the 2-player value of that year
-- (params.solo_value) if the conquistador stands on or beyond tree y (params.tree).
local eco_lib = require("lib.economy")
local advanced_setup = require("lib.advanced_setup")
local colony = require("lib.colony")

hook("on_setup", function(ctx) advanced_setup.deal(ctx) end)

effect("conquest_scoring", function(ctx, params)
  local track = ctx:get("conquest")
  if track:position(0) >= params.tree then
    eco_lib.gain(ctx, 0, "points", params.solo_value, params.economy)
    ctx:log("the conquistador passed tree " .. params.year .. ": " .. params.solo_value .. " points")
  end
end)

-- The achievements, checked after the final scoring of
-- the one seat. The plugin has written the score parts into the seat's "score" counters;
-- each goal is recorded there as "goal.<name>" = 1 (reached) or 0. params = game.yaml solo.

-- Terraforming: a 4-connected chain of squares of one terrain (not roads, not the capital)
-- touching both the left and right edges or both the top and bottom edges.
local chain_terrains = { city = true, forest = true, mountain = true, farm = true }

local function terraformed(ctx)
  local grid = ctx:get("colony", 0)
  local last_x, last_y = grid:width() - 1, grid:height() - 1
  local areas = colony.areas(grid, chain_terrains)
  for a = 1, #areas do
    local area = areas[a]
    local min_x, max_x, min_y, max_y = last_x, 0, last_y, 0
    for i = 1, #area do
      local x, y = area[i].x, area[i].y
      if x < min_x then min_x = x end
      if x > max_x then max_x = x end
      if y < min_y then min_y = y end
      if y > max_y then max_y = y end
    end
    if (min_x == 0 and max_x == last_x) or (min_y == 0 and max_y == last_y) then return true end
  end
  return false
end

effect("solo_goals", {
  -- data/santa_maria/game.yaml solo: the score to beat and the threshold of each achievement.
  params = {target = {int = {0}}, goals = {map = {communism = {int = {0}}, capitalism = {int = {0}},
                                                  theocracy = {int = {0}}, democracy = {int = {0}}, utopia = {int = {0}}}}},
  apply = function(ctx, params)
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
  end,
})
