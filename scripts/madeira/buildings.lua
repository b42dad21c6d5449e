-- The building actions of Madeira (/work/shared/rules/madeira.md §7.5-7.9). Each is applied
-- when a seat pays the building's cost in phase C and has at least one own worker on a crop
-- field of its region. params come from data/madeira/game.yaml (`building` is its index);
-- the action level (1 upper, 2 lower, counting the Engineer favor) comes from the plugin.

-- Purposes of the plugin's `relocate` step (plugins/madeira/madeira_game.hpp, enum Purpose).
local TO_CITY_OTHER, TO_COLONY, TO_WATCH = 1, 3, 4

local function lower(ctx, params)
  return ctx:call("action_level", ctx.seat, params.building) >= 2
end

local function amount(ctx, params)
  if lower(ctx, params) then return params.lower end
  return params.upper
end

-- What each building action reads: its upper and lower action's number.
local LEVELS = {upper = {int = {0, 99}}, lower = {int = {0, 99}}}

-- Moinho: 2 bread, or 5 with 3+ workers in region 2.
effect("moinho", {
  params = LEVELS,
  apply = function(ctx, params)
    ctx:get("home", ctx.seat):add("bread", amount(ctx, params))
  end,
})

-- Capitania: 1 PP and 1 worker to a city, or 3 PP and up to 2 workers.
effect("capitania", {
  params = {upper = LEVELS.upper, lower = LEVELS.lower, upper_pp = {int = {0, 99}}, lower_pp = {int = {0, 99}}},
  apply = function(ctx, params)
    local low = lower(ctx, params)
    ctx:get("home", ctx.seat):add("pp", low and params.lower_pp or params.upper_pp)
    ctx:push("relocate", ctx.seat, { left = low and params.lower or params.upper, purpose = TO_CITY_OTHER })
  end,
})

-- An action that sends 1 (or 2) workers somewhere: the relocate step with that purpose.
local function send_workers(purpose)
  return {
    params = LEVELS,
    apply = function(ctx, params) ctx:push("relocate", ctx.seat, { left = amount(ctx, params), purpose = purpose }) end,
  }
end

-- Alfandega: 1 (or 2) workers to colony land, 1 PP per own ship in that colony's ports each.
effect("alfandega", send_workers(TO_COLONY))

-- Casa da Coroa: turn 1 (or 2) own favors face up.
effect("casa_da_coroa", {
  params = LEVELS,
  apply = function(ctx, params)
    ctx:push("flip", ctx.seat, { left = amount(ctx, params) })
  end,
})

-- Fortaleza: 1 (or 2) workers to the City Watch, each discarding up to 3 pirates.
effect("fortaleza", send_workers(TO_WATCH))
