-- [lua] tests of the supply methods (core/src/l_supply.cpp); the table has the supply "goods".
effect("supply_short", function(ctx) ctx:get("goods"):pay(1, "coins", 5) end)
effect("supply_in_options", { options = function(ctx) ctx:get("goods"):gain(0, "coins", 1) return {} end, apply = function() end })
effect("supply_over_cap", function(ctx) ctx:get("goods"):gain(0, "stone", 3) end)
effect("supply_bad_cost", function(ctx) ctx:get("goods"):pay_all(0, { wood = "two" }) end)
effect("supply_cost_short", function(ctx) ctx:get("goods"):pay_all(0, { wood = 1, coins = 9 }) end)
effect("supply_overflow", function(ctx) ctx:get("goods"):gain(1, "coins", 2147483647) end)
effect("supply_bank_overflow", function(ctx) local g = ctx:get("goods"); g:set(1, "wood", 1000); g:transfer(1, 0, "wood", 1000) end)

effect("supply_read", function(ctx)
  local s = ctx:get("goods")
  ctx:call("report", {
    seats = s:seats(), resources = s:resources(), has = { s:has_resource("wood"), s:has_resource("gold") },
    wood = s:resource("wood"), count = { s:count(0, "wood"), s:count(1, "coins") }, bank = { s:bank("wood"), s:bank("coins") },
    bank_has = { s:bank_has("wood", 5), s:bank_has("wood", 6) }, total = { s:total(0), s:total(1) },
    room = { s:room(0, "wood"), s:room(0, "coins") },
    can_pay = { s:can_pay(0, { wood = 2, coins = 4 }), s:can_pay(0, { { resource = "coins", count = 3 }, { resource = "coins", count = 2 } }),
                s:can_pay(1, {}) },
    sees = { s:sees_seat(1, 0), s:sees_seat(-1, 1) },
  })
end)

effect("supply_play", function(ctx)
  local s = ctx:get("goods")
  local gained = s:gain(0, "wood", 3)
  local short = s:gain(1, "wood", 6)
  s:pay(0, "coins", 1)
  local moved = s:transfer(0, 1, "coins", 2)
  s:pay_all(1, { wood = 1, coins = 3 })
  s:set(1, "stone", 2)
  local function holdings(seat) return { s:count(seat, "wood"), s:count(seat, "coins"), s:count(seat, "stone") } end
  ctx:call("report", { gained = gained, short = short, moved = moved, seat0 = holdings(0), seat1 = holdings(1), bank = s:bank("wood") })
end)
