-- Coastal trade: a player who scores in a coastal province scores 1 VP more there.
--
-- A house rule that subscribes to an event the game's C++ announces (data/sardinia/flow.yaml
-- `events:`): province_scored, with the seat, the province and its VP. Which provinces are
-- coastal is the game's data, read from data/sardinia/game.yaml (ctx:data). The VP go to the
-- seat's province points, and its total (the sum the score counters keep) with them.

on("province_scored", function(ctx, event)
  for _, province in ipairs(ctx:data("game").provinces) do
    if province.id == event.province and province.coastal then
      local score = ctx:get("score", event.seat)
      score:add("provinces", 1)
      score:add("vp", 1)
      return
    end
  end
end)
