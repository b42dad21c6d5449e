-- Santa Maria: the effects of buildings, retreat spaces, docks, monks and scholars
-- (rules 5.8-5.11, 6, 8.3). The plugin names them in data/santa_maria/*.yaml and adds
-- params.economy (the economy block of game.yaml) to every params table. Effects that
-- need a decision have options; the plugin offers them as "choose <id>" moves. Options
-- return ids only: labels are made by label() when a person asks (random playouts never do).
--
-- State read and written here: per seat "player" counters (goods, coins, monks, ...),
-- "happiness" counters (points, hidden), "port" counters (shipment id -> dock 1..4) and
-- the "colony" grid; global "religion" and "conquest" tracks, "board" counters
-- ("monks.<space>" = bit mask of seats), the "dice" pool, the "docks" market refilled from
-- the "ships" deck, and "progress" counters ("roads" = road tiles left). Effects that start
-- a further step push it onto the flow (ctx:push; steps of data/santa_maria/flow.yaml).
local eco_lib = require("lib.economy")

-- Effects run in every random playout, where each Lua instruction is counted: read ctx.seat
-- and each handle once per call, loop with numeric for, and make the costs given to the
-- plugin's natives (which only read them) once.
local tonumber = tonumber
local GRAIN = { grain = 1 }

-- Ids like "dock3" or "2_5", made once: turning numbers into text is the costly part of an id.
-- cache[a][b] = make(a, b), made on first use.
local function made_once(cache, a, b, make)
  local inner = cache[a]
  if inner == nil then
    inner = {}
    cache[a] = inner
  end
  local id = inner[b]
  if id == nil then
    id = make(a, b)
    inner[b] = id
  end
  return id
end
local numbered, one_each = {}, {}
local function prefixed(prefix, n) return prefix .. n end
local function id_of(prefix, n) return made_once(numbered, prefix, n, prefixed) end
-- The ids of the squares of a grid `width` wide ("<row>_<column>"), by square: 1-based, row
-- by row as grid:values gives; at least `count` of them.
local square_ids_of = {}
local function square_ids(width, count)
  local ids = square_ids_of[width]
  if ids == nil or #ids < count then
    ids = {}
    for i = 1, count do ids[i] = ((i - 1) // width + 1) .. "_" .. ((i - 1) % width + 1) end
    square_ids_of[width] = ids
  end
  return ids
end
-- {[good] = 1}, one table per good.
local function one_of(good)
  local cost = one_each[good]
  if cost == nil then
    cost = { [good] = 1 }
    one_each[good] = cost
  end
  return cost
end

-- What a production or a trade gains: any of the goods, coins and points, 0..100 each.
local some = {int = {0, 100}, optional = true}
local GAINS = {wood = some, grain = some, sugar = some, gem = some, gold = some, coins = some, points = some}

-- The gains of each prepared use of "gain", in gain_all's order, listed once:
-- {what, n, what, n, ...}.
local gains_of = {}

-- Production (5.8): gain what params list.
effect("gain", {
  params = GAINS,
  apply = function(ctx, params)
    local gains = gains_of[params]
    if gains == nil then
      gains = eco_lib.gain_list(params)
      gains_of[params] = gains
    end
    local seat, eco = ctx.seat, params.economy
    for i = 1, #gains, 2 do eco_lib.gain(ctx, seat, gains[i], gains[i + 1], eco) end
  end,
})

-- Trade (5.8): pay one of params.pay (gold may stand in), gain params.gain. With
-- Industrialization the exchange may be made twice. Choices: "<good>" or "<good>+<good>".
local function trade_cost(choice)
  local cost = {}
  for good in string.gmatch(choice, "[a-z]+") do cost[good] = (cost[good] or 0) + 1 end
  return cost
end
-- Two exchanges: the choice "<a>+<b>" and its cost, made once per pair.
local pairs_made = {}
local function make_pair(a, b)
  local id = a .. "+" .. b
  return { id = id, cost = trade_cost(id) }
end
local function pair_of(a, b) return made_once(pairs_made, a, b, make_pair) end

effect("trade", {
  params = {pay = {list = {enum = {"wood", "grain", "sugar", "gem", "gold"}}}, gain = {map = GAINS}},
  options = function(ctx, params)
    local seat = ctx.seat
    local inputs = params.pay
    local out = {}
    for i = 1, #inputs do
      local good = inputs[i]
      if eco_lib.can_pay(ctx, seat, one_of(good)) then out[#out + 1] = good end
    end
    if eco_lib.has_scholar(ctx, seat, "industrialization") then
      for i = 1, #inputs do
        for j = i, #inputs do
          local pair = pair_of(inputs[i], inputs[j])
          if eco_lib.can_pay(ctx, seat, pair.cost) then out[#out + 1] = pair.id end
        end
      end
    end
    if #out == 0 then return {} end
    out[#out + 1] = "skip"
    return out
  end,
  label = function(ctx, params, choice)
    if choice == "skip" then return "make no exchange" end
    local gain_text = {}
    for _, what in ipairs({ "wood", "grain", "sugar", "gem", "gold", "coins", "points" }) do
      if params.gain[what] then gain_text[#gain_text + 1] = params.gain[what] .. " " .. what end
    end
    local gains = table.concat(gain_text, " + ")
    local first, second = string.match(choice, "^([a-z]+)%+([a-z]+)$")
    if first then return "pay " .. first .. " and " .. second .. " for twice " .. gains end
    return "pay 1 " .. choice .. " for " .. gains
  end,
  apply = function(ctx, params, choice)
    if choice == "skip" then return end
    local seat = ctx.seat
    local times = 0
    for good in string.gmatch(choice, "[a-z]+") do
      local allowed = false
      for _, g in ipairs(params.pay) do allowed = allowed or g == good end
      if not allowed then error("this building does not take " .. good) end
      times = times + 1
    end
    if times > 1 and not eco_lib.has_scholar(ctx, seat, "industrialization") then
      error("two exchanges need Industrialization")
    end
    -- Pay first, then gain (5.1): each exchange in turn.
    for good in string.gmatch(choice, "[a-z]+") do
      eco_lib.pay(ctx, seat, one_of(good))
      eco_lib.gain_all(ctx, seat, params.gain, params.economy)
    end
  end,
})

-- Conquest (5.8.1): one space forward; a gold bar passed gives 1 gold; at the end of the
-- track nothing happens.
effect("conquest", function(ctx, params)
  local seat = ctx.seat
  local track = ctx:get("conquest")
  if track:position(seat) >= track:length() - 1 then
    ctx:log("seat " .. seat .. "'s conquistador is at the end of the track")
    return
  end
  local triggered = track:move(seat, 1).triggered
  for k = 1, #triggered do
    if track:trigger(triggered[k]).effect == "gold" then eco_lib.gain(ctx, seat, "gold", 1, params.economy) end
  end
end)

-- A blue die passed on the religion track (5.10): rolled from the reserve; own dice lie
-- left of the colony ("new" until the next turn), shared dice go into the pool (8.2).
local function unlock_blue(ctx, params, seat)
  local dice = ctx:get("dice")
  local p = ctx:get("player", seat)
  if p:get("blue_unlocked") >= params.max_blue then return end
  local i = dice:find({ color = "blue", tag = "reserve" })[1]
  if i == nil then return end
  dice:roll(i)
  p:add("blue_unlocked", 1)
  if params.shared then
    dice:set_tag(i, "")
  else
    dice:take(i, seat)
    dice:set_tag(i, "new")
  end
  ctx:log("seat " .. seat .. " unlocks a blue die")
end

-- Religion (5.8.3): 1 step, or 2 paying 1 grain (gold wild). Past the end each step is a point.
effect("religion", {
  options = function(ctx, params)
    if params.max_steps < 2 then return { "1" } end
    local seat = ctx.seat
    local p = ctx:get("player", seat)
    local payable = p:get("grain") > 0 or p:get("gold") > 0 or eco_lib.can_pay(ctx, seat, GRAIN)
    if payable then return { "1", "2" } end
    return { "1" }
  end,
  label = function(ctx, params, choice)
    return choice == "2" and "pay 1 grain and move 2 spaces" or "move 1 space"
  end,
  apply = function(ctx, params, choice)
    local steps = tonumber(choice)
    if steps ~= 1 and steps ~= 2 then error("religion moves 1 or 2 spaces") end
    local seat = ctx.seat
    if steps == 2 then eco_lib.pay(ctx, seat, GRAIN) end
    local track = ctx:get("religion")
    local last = track:length() - 1
    for _ = 1, steps do
      if track:position(seat) >= last then
        eco_lib.gain(ctx, seat, "points", 1, params.economy)
      else
        local triggered = track:move(seat, 1).triggered
        for k = 1, #triggered do
          local what = track:trigger(triggered[k]).effect
          if what == "blue_die" then unlock_blue(ctx, params, seat)
          elseif what == "monk" then ctx:push("monk", seat) end
        end
      end
    end
  end,
})

-- Monks (5.9): a monk space without own monk; 2 coins to each player already there
-- (selling goods to afford it); or the monk is wasted. params.spaces: {id, key, label, mission}.
local function monk_fee(players, params, mask)
  local others = 0
  for s = 0, players - 1 do
    if (mask >> s) & 1 == 1 then others = others + 1 end
  end
  return others * params.economy.monk_fee
end

effect("monk", {
  options = function(ctx, params)
    local seat = ctx.seat
    local p = ctx:get("player", seat)
    if p:get("monks") <= 0 then return {} end
    local board = ctx:get("board")
    local worth = nil  -- what the seat could raise, read when a space has a fee
    local players = ctx.players
    local spaces = params.spaces
    local out = {}
    for i = 1, #spaces do
      local space = spaces[i]
      local mask = board:get(space.key)
      if mask >= 0 and (mask >> seat) & 1 == 0 then
        if mask ~= 0 then worth = worth or eco_lib.worth(p, params.economy) end
        if mask == 0 or monk_fee(players, params, mask) <= worth then out[#out + 1] = space.id end
      end
    end
    out[#out + 1] = "waste"
    return out
  end,
  label = function(ctx, params, choice)
    if choice == "waste" then return "do not place the monk" end
    for _, space in ipairs(params.spaces) do
      if space.id == choice then
        local fee = monk_fee(ctx.players, params, ctx:get("board"):get(space.key))
        return "monk to " .. space.label .. (fee > 0 and (" (pay " .. fee .. ")") or "")
      end
    end
    return choice
  end,
  apply = function(ctx, params, choice)
    local seat = ctx.seat
    local p = ctx:get("player", seat)
    if p:get("monks") <= 0 then error("no monk left") end
    p:add("monks", -1)
    if choice == "waste" then
      ctx:log("seat " .. seat .. " wastes a monk")
      return
    end
    local space = nil
    local spaces = params.spaces
    for i = 1, #spaces do
      if spaces[i].id == choice then space = spaces[i] end
    end
    if space == nil then error("no monk space " .. choice) end
    local board = ctx:get("board")
    local mask = board:get(space.key)
    if (mask >> seat) & 1 == 1 then error("seat already has a monk there") end
    local others = {}
    for s = 0, ctx.players - 1 do
      if (mask >> s) & 1 == 1 then others[#others + 1] = s end
    end
    local monk_fee_each = params.economy.monk_fee
    if not eco_lib.raise_coins(p, #others * monk_fee_each, params.economy) then error("cannot pay for that monk space") end
    for i = 1, #others do
      p:add("coins", -monk_fee_each)
      ctx:get("player", others[i]):add("coins", monk_fee_each)
    end
    board:set(space.key, mask | (1 << seat))
    ctx:log("seat " .. seat .. " places a monk at " .. space.label)
    if space.mission then eco_lib.gain_all(ctx, seat, space.mission, params.economy) end
  end,
})

-- Shipping (5.8.2): buy one shipment tile from a main-board dock; the dock is refilled.
local dock_cost_names = { "wood", "grain", "sugar", "gem" }

-- The cost of each shipment ({good = n}), by id, made once per shipments table.
local costs_of = {}
local function shipment_costs(params)
  local costs = costs_of[params.shipments]
  if costs == nil then
    costs = {}
    for id, c in pairs(params.shipments) do
      local cost = {}
      for i, good in ipairs(dock_cost_names) do
        if c[i] > 0 then cost[good] = c[i] end
      end
      costs[id] = cost
    end
    costs_of[params.shipments] = costs
  end
  return costs
end

effect("ship", {
  options = function(ctx, params)
    local seat = ctx.seat
    local docks = ctx:get("docks")
    local costs = shipment_costs(params)
    local out = {}
    for slot = 0, docks:width() - 1 do
      local id = docks:at(0, slot)
      if id ~= "" and eco_lib.can_pay(ctx, seat, costs[id]) then out[#out + 1] = id_of("dock", slot + 1) end
    end
    if #out == 0 then return {} end
    out[#out + 1] = "skip"
    return out
  end,
  label = function(ctx, params, choice)
    local slot = tonumber(string.match(choice, "^dock(%d)$"))
    if slot == nil then return "buy no shipment" end
    return "buy shipment " .. ctx:get("docks"):at(0, slot - 1) .. " at dock " .. slot
  end,
  apply = function(ctx, params, choice)
    if choice == "skip" then return end
    local slot = tonumber(string.match(choice, "^dock(%d)$"))
    if slot == nil then error("unknown choice " .. choice) end
    local seat = ctx.seat
    local docks = ctx:get("docks")
    local id = docks:at(0, slot - 1)
    if id == "" then error("dock " .. slot .. " is empty") end
    eco_lib.pay(ctx, seat, shipment_costs(params)[id])
    docks:take(slot - 1, ctx:get("ships"))
    ctx:get("port", seat):set(id, slot)
    ctx:log("seat " .. seat .. " buys shipment " .. id .. " for dock " .. slot)
    if eco_lib.has_scholar(ctx, seat, "astronomy") then
      ctx:push("astronomy", seat, { shipment = params.shipment_numbers[id] })
    end
  end,
})

-- Astronomy (5.11): the new tile may move to another dock for 1 coin per dock step.
effect("astronomy", {
  params = {arg = "string"},
  options = function(ctx, params)
    local seat = ctx.seat
    local at = ctx:get("port", seat):get(params.arg)
    if at < 1 then return {} end
    local coins = ctx:get("player", seat):get("coins")
    local out = { "stay" }
    for dock = 1, params.docks do
      if dock ~= at and math.abs(dock - at) <= coins then out[#out + 1] = id_of("dock", dock) end
    end
    return out
  end,
  label = function(ctx, params, choice)
    local at = ctx:get("port", ctx.seat):get(params.arg)
    local dock = tonumber(string.match(choice, "^dock(%d)$"))
    if dock == nil then return "leave " .. params.arg .. " at dock " .. at end
    return "move " .. params.arg .. " to dock " .. dock .. " for " .. math.abs(dock - at)
  end,
  apply = function(ctx, params, choice)
    if choice == "stay" then return end
    local dock = tonumber(string.match(choice, "^dock(%d)$"))
    local port = ctx:get("port", ctx.seat)
    local at = port:get(params.arg)
    if dock == nil or dock < 1 or dock > params.docks or at < 1 then error("bad dock " .. choice) end
    local cost = math.abs(dock - at)
    local p = ctx:get("player", ctx.seat)
    if p:get("coins") < cost then error("not enough coins") end
    p:add("coins", -cost)
    port:set(params.arg, dock)
  end,
})

-- Retreat space 5 (5.6): the top road tile on any free square.
effect("road_tile", {
  options = function(ctx, params)
    if ctx:get("progress"):get("roads") <= 0 then return {} end
    local grid = ctx:get("colony", ctx.seat)
    local types = grid:values("type")
    local ids = square_ids(grid:width(), #types)
    local out, n = {}, 0
    for i = 1, #types do
      if types[i] == "" then
        n = n + 1
        out[n] = ids[i]
      end
    end
    return out
  end,
  label = function(ctx, params, choice)
    local row, column = string.match(choice, "^(%d)_(%d)$")
    return "road tile on row " .. row .. " column " .. column
  end,
  apply = function(ctx, params, choice)
    local r, c = string.match(choice, "^(%d)_(%d)$")
    local grid = ctx:get("colony", ctx.seat)
    local x, y = tonumber(c) - 1, tonumber(r) - 1
    if not grid:inside(x, y) or grid:at(x, y).type ~= "" then error("not a free square") end
    local progress = ctx:get("progress")
    if progress:get("roads") <= 0 then error("no road tile left") end
    progress:add("roads", -1)
    grid:set_cell(x, y, { type = params.type })
    ctx:log("seat " .. ctx.seat .. " places a road tile")
  end,
})

-- Mathematics (5.11): on retreat, take back the coins of one building.
effect("mathematics", {
  options = function(ctx, params)
    local grid = ctx:get("colony", ctx.seat)
    local pieces = grid:values("piece")
    local ids = square_ids(grid:width(), #pieces)
    local out = {}
    for i = 1, #pieces do
      local piece = pieces[i]
      if piece ~= "" and string.match(piece, "^c%d+$") then out[#out + 1] = ids[i] end
    end
    if #out == 0 then return {} end
    out[#out + 1] = "none"
    return out
  end,
  label = function(ctx, params, choice)
    local r, c = string.match(choice, "^(%d)_(%d)$")
    if r == nil then return "take back no coins" end
    return "take back " .. string.match(ctx:get("colony", ctx.seat):at(tonumber(c) - 1, tonumber(r) - 1).piece, "^c(%d+)$") .. " coins"
  end,
  apply = function(ctx, params, choice)
    if choice == "none" then return end
    local r, c = string.match(choice, "^(%d)_(%d)$")
    local grid = ctx:get("colony", ctx.seat)
    local x, y = tonumber(c) - 1, tonumber(r) - 1
    local n = grid:inside(x, y) and tonumber(string.match(grid:at(x, y).piece, "^c(%d+)$"))
    if not n then error("no coins there") end
    grid:set_cell(x, y, { piece = "" })
    ctx:get("player", ctx.seat):add("coins", n)
  end,
})

-- Tax Collection (5.11): 1 coin per 2 colonists in the activated line (params.arg).
effect("tax_collection", {
  params = {arg = {int = {0}}},
  apply = function(ctx, params)
    local coins = params.arg // 2
    if coins > 0 then eco_lib.gain(ctx, ctx.seat, "coins", coins, params.economy) end
  end,
})

-- End-of-year conquest scoring (6.1). params.values: the rank values of this year and
-- player count. The solo game replaces it (variants/solo.lua).
effect("conquest_scoring", function(ctx, params)
  local track = ctx:get("conquest")
  for rank, seat in ipairs(track:ranking(true)) do
    local value = params.values[rank]
    if value and track:position(seat) > 0 then
      eco_lib.gain(ctx, seat, "points", value, params.economy)
      ctx:log("conquest: seat " .. seat .. " ranks " .. rank .. " and scores " .. value)
    end
  end
end)
