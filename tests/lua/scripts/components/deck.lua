-- [lua] tests of the deck methods (core/src/l_deck.cpp); the table has the deck "cards".
effect("deck_too_few", function(ctx) ctx:get("cards"):draw("reserve", 2) end)
effect("deck_in_options", { options = function(ctx) ctx:get("cards"):shuffle("draw") return {} end, apply = function() end })
effect("deck_bad_list", function(ctx) ctx:get("cards"):first_nonempty({ "draw", 3 }) end)

effect("deck_read", function(ctx)
  local d = ctx:get("cards")
  ctx:call("report", {
    piles = d:piles(), has = { d:has_pile("draw"), d:has_pile("nope") }, pile = d:pile("reserve"), cards = d:cards("draw"),
    sizes = { d:size("draw"), d:size("discard"), d:total_size() }, empty = { d:empty("discard"), d:empty("draw") },
    top = d:peek("draw"), top2 = d:peek("draw", 2),
    first = { d:first_nonempty({ "discard", "reserve", "draw" }), d:first_nonempty({ "discard" }) },
    find = d:find("b"), missing = d:find("zz"), contains = { d:contains("x"), d:contains("zz") },
    sees = { d:sees_face_down(0), d:sees_face_down(-2) },
  })
end)

effect("deck_play", function(ctx)
  local d = ctx:get("cards")
  local one = d:draw("draw")
  local two = d:draw("draw", 2)
  d:put_top("discard", one)
  d:put_bottom("discard", two[1])
  d:put_at("discard", 1, two[2])
  local first = d:draw_from_first_nonempty({ "draw", "reserve" })
  local removed = d:remove_at("discard", 0)
  d:remove("b")
  local moved = d:move_all("discard", "draw")
  d:set_face_up("reserve", true)
  local taken = d:take_all("reserve")
  ctx:call("report", { one = one, two = two, first = first, removed = removed, moved = moved, taken = taken, piles = d:piles() })
end)

effect("deck_shuffle", function(ctx)
  local d = ctx:get("cards")
  d:insert_random("draw", "n")
  d:shuffle("draw")
end)
