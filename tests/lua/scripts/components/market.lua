-- [lua] tests of the market methods (core/src/l_market.cpp); the table has the market "row", its deck "ships" and a deck "spare".
effect("market_wrong_deck", function(ctx) ctx:get("row"):take(0, ctx:get("spare")) end)
effect("market_in_options", { options = function(ctx) ctx:get("row"):clear() return {} end, apply = function() end })
effect("market_not_a_deck", function(ctx) ctx:get("row"):refill(ctx:get("row")) end)

effect("market_read", function(ctx)
  local m = ctx:get("row")
  ctx:call("report", {
    size = { m:rows(), m:width() }, rule = m:refill_rule(), source = { m:source_deck(), m:source_piles() },
    slots = m:slots(), at = m:at(1, 2), empty = m:is_empty(0, 0), count = m:card_count(), cards = m:cards(),
    find = m:find("s4"), nowhere = m:find("zz"), refill_slots = m:refill_slots(),
  })
end)

effect("market_take", function(ctx)
  local m = ctx:get("row")
  local deck = ctx:get("ships")
  local taken = m:take(1, deck, { "s2" })
  local plain = m:take_at(1, 0)
  local empty_slots = m:refill_slots()
  local refilled = m:refill(deck)
  local slid = m:take(2)
  m:place(1, 2, slid)
  ctx:call("report", {
    taken = taken, plain = plain, empty_slots = empty_slots, refilled = refilled, slid = slid, slots = m:slots(),
    from_source = m:draw_from_source(deck), filled = m:fill_all(deck), cleared = m:clear(), after = m:card_count(),
  })
end)
