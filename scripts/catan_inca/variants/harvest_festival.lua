-- Harvest festival: when the dice show 12, every player takes 1 potato from the supply.
--
-- A house rule that subscribes to an event the game's C++ announces (data/catan_inca/flow.yaml
-- `events:`): dice_rolled, with the seat that rolled and the total, before production.

on("dice_rolled", function(ctx, event)
  if event.total ~= 12 then return end
  local cards = ctx:get("cards")
  for seat = 0, ctx.players - 1 do
    if cards:bank_has("potato", 1) then cards:gain(seat, "potato", 1) end
  end
end)
