-- First to pass: the first player to pass in a round's phase B gains 1 prestige point.
--
-- A house rule that subscribes to an event the game's C++ announces (data/madeira/flow.yaml
-- `events:`): passed, with the seat and its pass space, as the seat's "passed" counter is
-- set; the first is the one seat that has passed so far this round.

on("passed", function(ctx, event)
  for seat = 0, ctx.players - 1 do
    if seat ~= event.seat and ctx:get("home", seat):get("passed") == 1 then return end
  end
  ctx:get("home", event.seat):add("pp", 1)
end)
