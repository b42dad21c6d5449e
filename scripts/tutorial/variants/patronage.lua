-- Patronage: every player gains 1 coin at the start of each round, and the Tax Collector takes only 1 coin.
--
-- A house rule is a page of Lua: hooks add to the rules. The Tax Collector's smaller bite
-- is data, in data/tutorial/variants/patronage/cards.yaml.

hook("on_round_start", function(ctx)
  local goods = ctx:get("goods")
  for seat = 0, ctx.players - 1 do
    goods:gain(seat, "coins", 1)
  end
  ctx:log("patronage: every player gains 1 coin")
end)
