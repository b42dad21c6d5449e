-- Helping hand: a player without coins may still turn a die one pip; the house pays the coin.
--
-- A house rule that widens a move of the game's C++: extend_legal offers the adjust moves the
-- dice generator leaves out when a seat has no coins, and a wrap of adjust's apply gives the
-- seat the coin first; the game's own apply then turns the die and takes the coin back.

local function broke(ctx, seat)
  return ctx:get("goods"):count(seat, "coins") == 0
end

extend_legal("adjust", function(ctx, step)
  if not broke(ctx, step.seat) then return {} end
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
    if broke(ctx, ctx.seat) then ctx:get("goods"):gain(ctx.seat, "coins", 1) end
    base(ctx, move, step)
  end,
  label = function(base, ctx, move, step)
    local text = base(ctx, move, step)
    if broke(ctx, step.seat) then return text .. " (the house pays)" end
    return text
  end,
})
