-- [lua] tests of the turn order methods (core/src/l_turn_order.cpp); the table has the turn order "turns".
effect("turns_bad_pass", function(ctx) ctx:get("turns"):pass(2) end)
effect("turns_in_options", { options = function(ctx) ctx:get("turns"):advance() return {} end, apply = function() end })
effect("turns_bad_seat", function(ctx) ctx:get("turns"):set_order({ 0, 5 }) end)
effect("turns_bad_list", function(ctx) ctx:get("turns"):set_order({ 0, "x" }) end)

effect("turns_read", function(ctx)
  local t = ctx:get("turns")
  ctx:call("report", {
    order = t:order(), size = t:size(), contains = { t:contains(0), t:contains(2) }, position = t:position(0),
    current = t:current(), current_index = t:current_index(), start = t:start_player(), round = t:round(),
    passed = { t:has_passed(1), t:passed_count(), t:all_passed() }, pass_order = t:pass_order(),
    around = { t:seat_after(1), t:seat_before(1) }, next_start = t:next_start_player(),
  })
end)

effect("turns_play", function(ctx)
  local t = ctx:get("turns")
  local moved = t:advance()
  t:pass(0)
  local again = t:advance()
  t:pass(1)
  local stuck = t:advance()
  local pass_order = t:pass_order()
  t:new_round_from_pass_order()
  local next_round = { order = t:order(), current = t:current(), start = t:start_player(), round = t:round() }
  t:set_round(7)
  t:set_current(1)
  t:set_start_player(1)
  t:new_round(0)
  local later = { round = t:round(), current = t:current(), start = t:start_player() }
  t:set_order({ 1 })
  ctx:call("report", { moved = moved, again = again, stuck = stuck, pass_order = pass_order, next_round = next_round,
                       later = later, order = t:order(), current = t:current(), start = t:start_player() })
end)
