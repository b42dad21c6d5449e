-- Helping hand: a player who cannot pay to turn a die may still turn it one pip; the house
-- pays what the player lacks.
--
-- A house rule that widens a move of the game's C++: extend_legal offers the adjust moves the
-- dice generator leaves out when a seat cannot pay, and a wrap of adjust's apply gives the
-- seat the missing coins first; the game's own apply then turns the die and takes the price.
-- The price is the game's own number, read from data/tutorial/game.yaml (ctx:data), so the
-- rule follows an overlay that changes it.

local function shortfall(ctx, seat)
  local cost = ctx:data("game").dice.adjust_cost
  return math.max(0, cost - ctx:get("goods"):count(seat, "coins"))
end

extend_legal("adjust", function(ctx, step)
  if shortfall(ctx, step.seat) == 0 then return {} end
  local out = {}
  for i, die in ipairs(ctx:get("dice"):dice()) do
    if die.holder == -1 then
      if die.value < die.faces then out[#out + 1] = {die = i - 1, way = "up"} end
      if die.value > 1 then out[#out + 1] = {die = i - 1, way = "down"} end
    end
  end
  return out
end)

wrap_move("adjust", {
  apply = function(base, ctx, move, step)
    local missing = shortfall(ctx, ctx.seat)
    if missing > 0 then ctx:get("goods"):gain(ctx.seat, "coins", missing) end
    base(ctx, move, step)
  end,
  label = function(base, ctx, move, step)
    local text = base(ctx, move, step)
    if shortfall(ctx, step.seat) > 0 then return text .. " (the house pays)" end
    return text
  end,
})
