-- The Crown's requests of Madeira (/work/shared/rules/madeira.md §9.2-9.3, values §13.13).
-- A request type is an effect named in data/madeira/game.yaml `request_types`, which also says
-- what it is applied to (a market, city or colony index, or an amount k as text); the plugin
-- offers only the items §9.2 allows (not used by a request of the same type this round).
-- apply(ctx, params, choice) scores the request and records the item in the seat's `used_*`
-- counters (a bit per market, city or colony; a count of favors).

local function home(ctx) return ctx:get("home", ctx.seat) end

local function use_item(ctx, key, i)
  local h = home(ctx)
  h:set(key, h:get(key) | (1 << i))
end

local function urbanization_pp(ctx, params, city)
  local m = ctx:call("city_majority", ctx.seat, city)
  local own, rival = m[1], math.max(m[2], m[3])
  if own > rival then return params.maj end
  if own >= 1 then return params.pres end
  return 0
end

-- Trade routes: v PP per own ship on one market's trade-route spaces.
effect("trade_routes", {
  params = {v = {int = {0, 99}}},
  apply = function(ctx, params, choice)
    local m = tonumber(choice)
    home(ctx):add("pp", params.v * ctx:call("ships_in_market", ctx.seat, m))
    use_item(ctx, "used_tr", m)
  end,
})

-- Urbanization: maj PP for a strict majority in one city (over every other seat and over the
-- neutral citizens), else pres PP with at least one worker there.
effect("urbanization", {
  params = {maj = {int = {0, 99}}, pres = {int = {0, 99}}},
  apply = function(ctx, params, choice)
    local c = tonumber(choice)
    home(ctx):add("pp", urbanization_pp(ctx, params, c))
    use_item(ctx, "used_ur", c)
  end,
})

-- Expeditions: v PP per own ship in one colony's ports.
effect("expeditions", {
  params = {v = {int = {0, 99}}},
  apply = function(ctx, params, choice)
    local c = tonumber(choice)
    home(ctx):add("pp", params.v * ctx:call("ships_in_colony", ctx.seat, c))
    use_item(ctx, "used_ex", c)
  end,
})

-- Nation's riches: pay k * rate reals (k up to cap) for k PP.
effect("nations_riches", {
  params = {rate = {int = {1, 99}}, cap = {int = {0, 99}}},
  apply = function(ctx, params, choice)
    local k = tonumber(choice)
    local h = home(ctx)
    h:add("reals", -k * params.rate)
    h:add("pp", k)
  end,
})

-- Guild influence: v PP per own face-up favor assigned (each favor to one request a round).
effect("guild_influence", {
  params = {v = {int = {0, 99}}},
  apply = function(ctx, params, choice)
    local k = tonumber(choice)
    home(ctx):add("pp", params.v * k)
    home(ctx):add("used_gi", k)
  end,
})
