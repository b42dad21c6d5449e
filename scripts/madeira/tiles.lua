-- The guild favors (/work/shared/rules/madeira.md §13.11) and King's rewards (§13.12) of
-- Madeira. data/madeira/cards.yaml names the effect of each tile with its `amount` (the one
-- param an effect here may declare; a tile whose effect declares none gives none); a favor
-- that chooses (a city, a pair of goods) gets the choice as text: the plugin lists the
-- choices and says when a tile may be used (§4.7: at the start of an own turn in phase B or
-- C; a reward when a ship arrives in its colony).

-- Purposes of the plugin's `relocate` step (plugins/madeira/madeira_game.hpp, enum Purpose).
local TO_FIELDS, TO_CITY_OTHER, TO_CITY_ANY, TO_WATCH = 0, 1, 2, 4
-- The pairs of goods of the `goods_pair` choice, by index (wheat 0, sugar 1, wine 2).
local PAIRS = { { "wheat", "wheat" }, { "wheat", "sugar" }, { "wheat", "wine" }, { "sugar", "sugar" },
                { "sugar", "wine" }, { "wine", "wine" } }

local function home(ctx) return ctx:get("home", ctx.seat) end

local function gain(key)
  return {params = {amount = {int = {1, 99}}}, apply = function(ctx, params) home(ctx):add(key, params.amount) end}
end

-- Bishop: 1 PP per city with an own worker.
effect("pp_per_city", function(ctx, params)
  local n = 0
  for city = 0, 2 do
    if ctx:call("city_majority", ctx.seat, city)[1] > 0 then n = n + 1 end
  end
  home(ctx):add("pp", n)
end)

-- Merchant: reals per own ship on trade-route spaces.
effect("reals_per_trade_ship", {
  params = {amount = {int = {1, 99}}},
  apply = function(ctx, params)
    local n = 0
    for market = 0, 2 do n = n + ctx:call("ships_in_market", ctx.seat, market) end
    home(ctx):add("reals", params.amount * n)
  end,
})

effect("gain_bread", gain("bread"))   -- Baker, Granary
effect("gain_reals", gain("reals"))   -- Patron, Treasury
effect("gain_pp", gain("pp"))         -- 3 PP

-- Monk, Royal Timber: wood under the access rules (§6.11), the player choosing its sources.
effect("receive_wood", {
  params = {amount = {int = {1, 99}}},
  apply = function(ctx, params)
    ctx:push("take_wood", ctx.seat, { left = params.amount })
  end,
})

-- Architect: a worker to an empty space of a built district.
effect("worker_to_city", function(ctx, params)
  ctx:push("relocate", ctx.seat, { left = 1, purpose = TO_CITY_ANY })
end)

-- Engineer (phase C): count as 3 workers in the building's region, if there is at least one.
effect("count_as_three", function(ctx, params)
  home(ctx):set("engineer", 1)
end)

-- Diplomat: a city's Mayor income as if with exactly 1 own worker there.
effect("city_income", function(ctx, params, choice)
  ctx:call("collect_city", ctx.seat, tonumber(choice), 1)
end)

-- Miller: the mill disc up a level, or 1 PP on the top level.
effect("mill_up", function(ctx, params)
  local h = home(ctx)
  if h:get("mill") < ctx:call("mill_top") then h:add("mill", 1) else h:add("pp", 1) end
end)

-- Constable, Royal Support: discard up to `amount` pirates.
effect("discard_pirates", {
  params = {amount = {int = {1, 99}}},
  apply = function(ctx, params)
    local most = math.min(params.amount, ctx:get("pirates", ctx.seat):get("total"))
    if most > 0 then ctx:push("discard", ctx.seat, { most = most }) end
  end,
})

-- Scout, City Watch: a worker to the City Watch, discarding up to 3 pirates.
effect("worker_to_city_watch", function(ctx, params)
  ctx:push("relocate", ctx.seat, { left = 1, purpose = TO_WATCH })
end)

-- Quartermaster: two goods of the player's choice.
effect("gain_goods", function(ctx, params, choice)
  local pair = PAIRS[tonumber(choice) + 1]
  home(ctx):add(pair[1], 1)
  home(ctx):add(pair[2], 1)
end)

-- Settlers: up to `amount` workers to fields without an own worker (Administrator rules).
effect("workers_to_fields", {
  params = {amount = {int = {1, 99}}},
  apply = function(ctx, params)
    ctx:push("relocate", ctx.seat, { left = params.amount, purpose = TO_FIELDS })
  end,
})

-- Charter: PP and a worker to a city (Capitania sources).
effect("pp_and_city_worker", {
  params = {amount = {int = {1, 99}}},
  apply = function(ctx, params)
    home(ctx):add("pp", params.amount)
    ctx:push("relocate", ctx.seat, { left = 1, purpose = TO_CITY_OTHER })
  end,
})
