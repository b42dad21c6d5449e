-- Patronage: every player gains 1 coin at the start of each round, and the Tax Collector takes only 1 coin.
-- A house rule is a page of Lua: hooks add to the rules, a redefined effect replaces one.

hook("on_round_start", function(ctx)
  local goods = ctx:get("goods")
  for seat = 0, ctx.players - 1 do
    goods:gain(seat, "coins", 1)
  end
  ctx:log("patronage: every player gains 1 coin")
end)

effect("tax", {
  options = function(ctx, params)
    local choices = {}
    for seat = 0, ctx.players - 1 do
      if seat ~= ctx.seat then
        choices[#choices + 1] = { id = tostring(seat), label = "Tax seat " .. seat .. " (1 coin)" }
      end
    end
    return choices
  end,
  apply = function(ctx, params, choice)
    local victim = tonumber(choice)
    local goods = ctx:get("goods")
    local take = math.min(1, goods:count(victim, "coins"))
    goods:transfer(victim, ctx.seat, "coins", take)
    ctx:log("seat " .. ctx.seat .. " taxes seat " .. victim .. " for " .. take .. " coin")
  end,
})
