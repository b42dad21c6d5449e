-- Early retreat: the first player to retreat in a year gains 1 coin.
--
-- A house rule that subscribes to an event the game's C++ announces (data/santa_maria/
-- flow.yaml `events:`): retreated, with the seat and its retreat space, as the seat's
-- "retreated" counter is set; the first is the one seat that has retreated so far.

on("retreated", function(ctx, event)
  for seat = 0, ctx.players - 1 do
    if seat ~= event.seat and ctx:get("player", seat):get("retreated") == 1 then return end
  end
  ctx:get("player", event.seat):add("coins", 1)
end)
