-- Second chance: once per game, a player may pay 2 coins to re-roll the dice still in the pool.
--
-- A house rule that adds a move: move() declares it, offers it in use_dice (data/tutorial/flow.yaml)
-- and says when it is legal and what it does; "progress" counters ("second_chance_<seat>" = 1) remember who used it.

local COST = 2

local function used(ctx, seat)
  return ctx:get("progress"):get("second_chance_" .. seat) > 0
end

move("reroll", {
  steps = {"use_dice"},
  legal = function(ctx, step)
    return not used(ctx, step.seat)
      and ctx:get("goods"):count(step.seat, "coins") >= COST
      and ctx:get("dice"):count_in_pool() > 0
  end,
  apply = function(ctx, move)
    ctx:get("goods"):pay(ctx.seat, "coins", COST)
    ctx:get("progress"):set("second_chance_" .. ctx.seat, 1)
    local values = ctx:get("dice"):roll_pool()
    ctx:log("seat " .. ctx.seat .. " pays " .. COST .. " coins and re-rolls " .. table.concat(values, " "))
  end,
  label = function(ctx, move)
    return "Pay " .. COST .. " coins to re-roll the unused dice (once per game)"
  end,
})
