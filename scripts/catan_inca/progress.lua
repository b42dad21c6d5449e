-- CATAN: Rise of the Inkas: the progress development cards (rules §5.7.3, §10.9). Each is
-- stateless: it reads and changes the table through ctx. `params` come from
-- data/catan_inca/development.yaml, as each effect declares; the game adds two values to
-- every card's: monopoly_cap (the §8.5 flag, -1 = unlimited) and types (the card types, in
-- the order of data/catan_inca/game.yaml).

-- The card types: the game's param, or, when a house rule calls an effect with params of its
-- own that leave them out, the supply's list (same order).
local function types(ctx, params)
  if params.types then return params.types end
  local out = {}
  for _, r in ipairs(ctx:get("cards"):resources()) do out[#out + 1] = r.id end
  return out
end

-- Road Building: up to `roads` free roads, each by the normal rules (the free_roads step).
effect("road_building", {
  params = {roads = {int = {1}}},
  apply = function(ctx, params)
    ctx:push("free_roads", ctx.seat, {left = params.roads})
  end,
})

-- Invention: any 2 cards from the supply; only what the supply still holds. The choices
-- carry ids only: label() words one when a person asks (a bot never does).
effect("invention", {
  options = function(ctx, params)
    local choices, TYPES = {}, types(ctx, params)
    for a = 1, #TYPES do
      for b = a, #TYPES do choices[#choices + 1] = {id = TYPES[a] .. "+" .. TYPES[b]} end
    end
    return choices
  end,
  label = function(ctx, params, id)
    local first, second = string.match(id, "^([^+]+)%+([^+]+)$")
    if not first then return id end  -- a house rule's own choice
    return "Take " .. first .. " and " .. second
  end,
  apply = function(ctx, params, choice)
    local supply = ctx:get("cards")
    for card in string.gmatch(choice, "[^+]+") do
      if supply:bank(card) > 0 then supply:gain(ctx.seat, card, 1) end
    end
    ctx:log("seat " .. ctx.seat .. " invents " .. choice)
  end,
})

-- Monopoly: name a type; every other player gives up to monopoly_cap cards of it.
effect("monopoly", {
  options = function(ctx, params)
    local choices = {}
    for _, card in ipairs(types(ctx, params)) do choices[#choices + 1] = {id = card} end
    return choices
  end,
  label = function(ctx, params, id) return "Monopoly on " .. id end,
  apply = function(ctx, params, choice)
    local supply = ctx:get("cards")
    for seat = 0, ctx.players - 1 do
      if seat ~= ctx.seat then
        local n = supply:count(seat, choice)
        if params.monopoly_cap >= 0 then n = math.min(n, params.monopoly_cap) end
        if n > 0 then supply:transfer(seat, ctx.seat, choice, n) end
      end
    end
  end,
})
