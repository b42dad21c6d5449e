-- The Crown's requests of Madeira (/work/shared/rules/madeira.md §9.2-9.3, values §13.13).
-- A request type is an effect: options(ctx, params) lists what the request may be applied to
-- this round (items a request of the same type already used this round are left out, §9.2),
-- apply(ctx, params, choice) scores it. The `used_*` counters of the seat's home remember the
-- items used in this phase E (a bit per market, city or colony; a count of favors).

local function home(ctx) return ctx:get("home", ctx.seat) end

-- Options for the items 0..n-1 whose bit is not set in home's `key`.
local function free_items(ctx, key, n)
  local mask, out = home(ctx):get(key), {}
  for i = 0, n - 1 do
    if mask & (1 << i) == 0 then out[#out + 1] = tostring(i) end
  end
  return out
end

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
  options = function(ctx, params) return free_items(ctx, "used_tr", 3) end,
  apply = function(ctx, params, choice)
    local m = tonumber(choice)
    home(ctx):add("pp", params.v * ctx:call("ships_in_market", ctx.seat, m))
    use_item(ctx, "used_tr", m)
  end,
  label = function(ctx, params, id)
    local m = tonumber(id)
    return ctx:call("names", "markets")[m + 1] .. " market: " .. params.v * ctx:call("ships_in_market", ctx.seat, m) .. " PP"
  end,
})

-- Urbanization: maj PP for a strict majority in one city (over every other seat and over the
-- neutral citizens), else pres PP with at least one worker there.
effect("urbanization", {
  options = function(ctx, params) return free_items(ctx, "used_ur", 3) end,
  apply = function(ctx, params, choice)
    local c = tonumber(choice)
    home(ctx):add("pp", urbanization_pp(ctx, params, c))
    use_item(ctx, "used_ur", c)
  end,
  label = function(ctx, params, id)
    local c = tonumber(id)
    return ctx:call("names", "cities")[c + 1] .. ": " .. urbanization_pp(ctx, params, c) .. " PP"
  end,
})

-- Expeditions: v PP per own ship in one colony's ports.
effect("expeditions", {
  options = function(ctx, params) return free_items(ctx, "used_ex", 3) end,
  apply = function(ctx, params, choice)
    local c = tonumber(choice)
    home(ctx):add("pp", params.v * ctx:call("ships_in_colony", ctx.seat, c))
    use_item(ctx, "used_ex", c)
  end,
  label = function(ctx, params, id)
    local c = tonumber(id)
    return ctx:call("names", "colonies")[c + 1] .. ": " .. params.v * ctx:call("ships_in_colony", ctx.seat, c) .. " PP"
  end,
})

-- Nation's riches: pay k * rate reals (k up to cap) for k PP.
effect("nations_riches", {
  options = function(ctx, params)
    local out, most = {}, math.min(params.cap, home(ctx):get("reals") // params.rate)
    for k = 0, most do out[#out + 1] = tostring(k) end
    return out
  end,
  apply = function(ctx, params, choice)
    local k = tonumber(choice)
    local h = home(ctx)
    h:add("reals", -k * params.rate)
    h:add("pp", k)
  end,
  label = function(ctx, params, id)
    local k = tonumber(id)
    return "pay " .. k * params.rate .. " reals for " .. k .. " PP"
  end,
})

-- Guild influence: v PP per own face-up favor assigned (each favor to one request a round).
effect("guild_influence", {
  options = function(ctx, params)
    local out = {}
    local free = ctx:call("face_up_favors", ctx.seat) - home(ctx):get("used_gi")
    for k = 0, math.max(0, free) do out[#out + 1] = tostring(k) end
    return out
  end,
  apply = function(ctx, params, choice)
    local k = tonumber(choice)
    home(ctx):add("pp", params.v * k)
    home(ctx):add("used_gi", k)
  end,
  label = function(ctx, params, id)
    local k = tonumber(id)
    return k .. " face-up favor(s): " .. params.v * k .. " PP"
  end,
})
