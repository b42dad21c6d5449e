-- Allowance: a player who ends a turn without coins gains 1 coin.
--
-- A house rule that subscribes to an event the game announces (data/tutorial/flow.yaml
-- `events:`): turn_ended, with the seat whose turn it was.

on("turn_ended", function(ctx, event)
  local goods = ctx:get("goods")
  if goods:count(event.seat, "coins") == 0 then goods:gain(event.seat, "coins", 1) end
end)
