-- Patient investors: a contract started for the longest duration pays its owner 1 coin at once.
--
-- A house rule that subscribes to an event the game's C++ announces (data/age_of_discovery/
-- flow.yaml `events:`): contract_started, with the seat and the turns chosen. The durations
-- are the game's own, read from game.yaml (ctx:data), so an overlay that changes them changes
-- which one is the longest.

on("contract_started", function(ctx, event)
  local longest = 0
  for _, turns in ipairs(ctx:data("game").constants.contract_durations) do
    if turns > longest then longest = turns end
  end
  if event.turns == longest then ctx:get("player", event.seat):add("coins", 1) end
end)
