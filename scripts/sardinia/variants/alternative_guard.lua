-- Alternative Guard rules (rules 8.1, advanced).
-- Setup: every player draws the top fort card as a face-down reserve card.
-- A Guard may be played only after at least 3 other cards this round (data: constants.
-- alt_guard_min_other_cards), so the first-card rule never triggers.
-- After a scoring the Guard player chooses: keep the revealed card and study the deck (draw the
-- top card, put one of the two reserve cards under the deck), replace it from the deck, or
-- replace it with the reserve card and draw a new one. The plugin offers these choices while
-- flow "alt_guard" is set.

hook("on_setup", function(ctx)
  local deck = ctx:get("fort_deck")
  for seat = 0, ctx.players - 1 do
    ctx:get("fort_reserve", seat):add(deck:draw("draw"))
  end
  ctx:get("flow"):set("alt_guard", 1)
end)

hook("legal_filter", function(ctx, action)
  if action.text ~= "play guard" then return true end
  return ctx:get("played", ctx.seat):size() >= ctx:get("flow"):get("alt_guard_min")
end)
