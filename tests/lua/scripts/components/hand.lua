-- [lua] tests of the hand methods (core/src/l_hand.cpp); seat 0 has the hand "hand".
effect("hand_over_limit", function(ctx) ctx:get("hand", 0):add_all({ "x", "y" }) end)
effect("hand_in_options", { options = function(ctx) ctx:get("hand", 0):reveal("a") return {} end, apply = function() end })
effect("hand_bad_limit", function(ctx) ctx:get("hand", 0):set_limit(-2) end)

effect("hand_read", function(ctx)
  local h = ctx:get("hand", 0)
  ctx:call("report", {
    limit = h:limit(), exceed = { h:would_exceed(), h:would_exceed(2) }, size = h:size(), empty = h:empty(),
    cards = h:cards(), card = h:card(1), contains = { h:contains("b"), h:contains("z") },
    index_of = { h:index_of("a"), h:index_of("z") }, revealed = { h:is_revealed(0), h:is_revealed(1) },
    revealed_cards = h:revealed_cards(), hidden = h:hidden_count(),
    sees = { h:sees_card(1, 0), h:sees_card(1, 1), h:sees_card(0, 0) },
  })
end)

effect("hand_play", function(ctx)
  local h = ctx:get("hand", 0)
  h:add("c", true)
  local removed = h:remove_at(0)
  h:remove("a")
  h:set_limit(-1)
  h:add_all({ "d", "e" })
  h:reveal("e")
  h:set_revealed(0, false)
  local shown = h:revealed_cards()
  h:hide_all()
  local hidden = h:hidden_count()
  local taken = h:take_all()
  ctx:call("report", { removed = removed, shown = shown, hidden = hidden, taken = taken, size = h:size(), limit = h:limit() })
end)
