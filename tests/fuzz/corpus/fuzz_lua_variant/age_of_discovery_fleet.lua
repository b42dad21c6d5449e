-- game: age_of_discovery
-- A house rule over the fleet and the ships deck.
hook("on_action", function(ctx, arg)
  local d = ctx:get('ships')
  local piles = d:piles()
  ctx:log("piles: " .. #piles)
  local f = ctx:get('fleet', ctx.seat)
  ctx:log("fleet: " .. #f:cards())
end)
hook("on_round_end", function(ctx, arg) ctx:log("round end") end)
