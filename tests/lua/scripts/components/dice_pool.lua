-- [lua] tests of the dice pool methods (core/src/l_dice_pool.cpp); the table has the pool "dice".
effect("dice_taken", function(ctx) ctx:get("dice"):take(1, 1) end)
effect("dice_in_options", { options = function(ctx) ctx:get("dice"):roll(0) return {} end, apply = function() end })
effect("dice_no_wrap", function(ctx) ctx:get("dice"):adjust(0, 1, 1) end)

effect("dice_read", function(ctx)
  local p = ctx:get("dice")
  ctx:call("report", {
    size = p:size(), dice = p:dice(), die = p:die(3), steps = { p:steps(6, 1, 6, false), p:steps(6, 1, 6, true) },
    adjust_cost = p:adjust_cost(0, 6, 2, false), wrapped_cost = p:adjust_cost(2, 6, 2, true),
    sorted = p:sorted_indices(), sorted_desc = p:sorted_indices(true), pool_sorted = p:sorted_indices(false, true),
    dice_of = p:dice_of(0), in_pool = p:in_pool(),
    count = { p:count(), p:count("white"), p:count("", 4), p:count_in_pool("white"), p:count_of(0), p:count_of(0, "white", 5) },
    white_in_pool = p:find({ color = "white", holder = -1 }), used = p:find({ tag = "used" }), none = p:find({ faces = 8 }),
  })
end)

effect("dice_find_unknown_field", function(ctx) ctx:get("dice"):find({ colour = "red" }) end)

effect("dice_roll", function(ctx)
  local p = ctx:get("dice")
  local rolled = p:roll(0)
  local pool = p:roll_pool()
  local held = p:roll_held(0)
  ctx:call("report", { rolled = rolled, pool = pool, held = held, all = p:roll_all() })
end)

effect("dice_adjust", function(ctx)
  local p = ctx:get("dice")
  p:set(0, 2)
  local to = p:adjust_to(0, 5, 1, false)
  local up = p:adjust(3, 1, 3, true)
  p:take(0, 1)
  p:give_back(1)
  p:set_tag(3, "locked")
  local back = p:give_back_all()
  p:sort_by_value(true)
  ctx:call("report", { to = to, up = up, back = back, dice = p:dice() })
end)
