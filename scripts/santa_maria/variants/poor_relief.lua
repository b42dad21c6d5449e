-- Poor relief: a player without the coin for their first coin activation of a year may still
-- make it; the crown pays the coin.
--
-- A house rule that widens a move of the game's C++: the turn's generator offers `coin` only
-- to a seat that can pay, and extend_legal adds the same buildings for one that cannot. Which
-- buildings may be activated is the game's own rule, asked of it (ctx:call("empty_buildings")),
-- not copied; a wrap of the move's apply gives the seat the coin, and the game's own apply
-- takes it and places it on the building.

local function shortfall(ctx, seat)
  local player = ctx:get("player", seat)
  if player:get("coin_acts") > 0 then return 0 end  -- only the year's first activation
  return math.max(0, 1 - player:get("coins"))
end

extend_legal("coin", function(ctx, step)
  if step.name ~= "turn" or shortfall(ctx, step.seat) == 0 then return {} end
  return ctx:call("empty_buildings", step.seat)
end)

wrap_move("coin", {
  apply = function(base, ctx, move, step)
    local missing = shortfall(ctx, ctx.seat)
    if missing > 0 then ctx:get("player", ctx.seat):add("coins", missing) end
    base(ctx, move, step)
  end,
  label = function(base, ctx, move, step)
    local text = base(ctx, move, step)
    if shortfall(ctx, step.seat) > 0 then return text .. " (the crown pays)" end
    return text
  end,
})
