-- Age of Discovery: the action cards (rules 5.5). Playing one is free and not an action.
-- The plugin offers the legal uses as actions and calls these effects to carry them out;
-- the cards a seat still holds are the "wild" and "reservation" values of its "player"
-- counters, the markers are the global "reservations" counters:
--   "<card id>"     = seat + 1 of the player whose marker lies on that ship or contract
--   "<card id>.age" = 0 on the turn it was placed, 1 after its owner's turn ended once

-- Wild Ship (5.5.1): one card lets one ship go where colour rules forbid it.
-- choice "use" spends a card; "return" gives one back (a contract assignment undone).
effect("wild_ship", function(ctx, params, choice)
  local player = ctx:get("player", ctx.seat)
  if choice == "return" then
    player:add("wild", 1)
    return
  end
  if player:get("wild") < 1 then error("no Wild Ship card left") end
  player:add("wild", -1)
  ctx:log("seat " .. ctx.seat .. " plays a Wild Ship card")
end)

-- Reservation (5.5.2): choice is the id of a ship in the rows or a contract on display.
effect("reservation", function(ctx, params, choice)
  local player = ctx:get("player", ctx.seat)
  local marks = ctx:get("reservations")
  if player:get("reservation") < 1 then error("no Reservation card left") end
  if marks:get(choice) ~= 0 then error(choice .. " is already reserved") end
  player:add("reservation", -1)
  marks:set(choice, ctx.seat + 1)
  marks:set(choice .. ".age", 0)
  ctx:log("seat " .. ctx.seat .. " reserves " .. choice)
end)

-- End of the owner's turn (4.3 step 1): markers placed on the previous turn are removed,
-- markers placed this turn stay until the end of the next one. The plugin calls it for each
-- marker of the seat, in the order of the card ids; choice is the card's id.
effect("reservation_expiry", function(ctx, params, choice)
  local marks = ctx:get("reservations")
  if marks:get(choice) ~= ctx.seat + 1 then error(choice .. " carries no marker of seat " .. ctx.seat) end
  if marks:get(choice .. ".age") >= 1 then
    marks:set(choice, 0)
    marks:set(choice .. ".age", 0)
    ctx:log("seat " .. ctx.seat .. "'s reservation on " .. choice .. " ends")
  else
    marks:set(choice .. ".age", 1)
  end
end)
