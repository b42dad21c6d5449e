-- Effects for the [lua] tests of the script runtime (chunk root "scripts/test").
local util = require("lib.util")

effect("gain", {params = {amount = "int"}, apply = function(ctx, params)
  ctx:get("bank", ctx.seat):add("coins", params.amount)
end})

effect("steal", {params = {amount = "int"},
  options = function(ctx, params)
    local choices = {}
    for seat = 0, ctx.players - 1 do
      if seat ~= ctx.seat and ctx:get("bank", seat):get("coins") > 0 then
        choices[#choices + 1] = { id = seat, label = "Steal from seat " .. seat }
      end
    end
    return choices
  end,
  apply = function(ctx, params, choice)
    local victim = ctx:get("bank", tonumber(choice))
    local n = math.min(params.amount, victim:get("coins"))
    victim:add("coins", -n)
    ctx:get("bank", ctx.seat):add("coins", n)
    ctx:log("seat " .. ctx.seat .. " steals " .. n .. " from seat " .. choice)
  end,
})

effect("plain_choices", {
  options = function() return { "left", "right" } end,
  apply = function(ctx, params, choice) ctx:call("report", choice) end,
})

-- options() returns whatever the params say, to test the shape checks.
effect("shaped_choices", {params = {result = "any"},
  options = function(ctx, params) return params.result end,
  apply = function() end,
})

effect("set_in_options", {
  options = function(ctx) ctx:get("flow"):set("round", 99) return { "a" } end,
  apply = function() end,
})

effect("roll_in_options", {
  options = function(ctx) ctx:roll(6) return {} end,
  apply = function() end,
})

kept = {}  effect("keep_handle", function(ctx) kept.handle = ctx:get("flow") end)
effect("use_kept_handle", function(ctx) return kept.handle:get("round") end)

effect("rolls", {params = {n = {int = {0}}, faces = {int = {1}}}, apply = function(ctx, params)
  local out = {}
  for i = 1, params.n do out[i] = ctx:roll(params.faces) end
  ctx:call("report", out)
end})

effect("shuffle", {params = {n = {int = {0}}}, apply = function(ctx, params)
  local t = {}
  for i = 1, params.n do t[i] = i end
  ctx:call("report", ctx:shuffle(t))
end})

effect("fail_deep", function(ctx)
  util.fail("boom")
end)

effect("counters_api", function(ctx)
  local flow = ctx:get("flow")
  flow:set("round", 3)
  local after = flow:add("round", 2)
  ctx:call("report", { after = after, round = flow:get("round"), unset = flow:get("nothing"), all = flow:entries() })
end)

effect("bump_round", function(ctx)
  local flow = ctx:get("flow")
  flow:set("round", flow:get("round") + 1)
end)

effect("handle_info", function(ctx)
  local tally = ctx:get("bank", 1)
  local pile = ctx:get("pile")
  ctx:call("report", { tally:name(), tally:kind(), tally:owner(), pile:name(), pile:kind(), pile:owner(),
                       tostring(tally), tostring(pile), ctx:has("pile"), ctx:has("nothing"), ctx:has("bank", 0) })
end)

effect("counters_method_on_pile", function(ctx)
  local get = ctx:get("flow").get
  return get(ctx:get("pile"), "x")
end)

effect("missing_component", function(ctx) ctx:get("nothing", 1) end)
effect("bad_seat", function(ctx) ctx:get("bank", 7) end)
effect("overflow", function(ctx) ctx:get("flow"):add("round", 2147483647) end)

effect("native_sum", function(ctx)
  ctx:call("report", ctx:call("sum", 1, 2, { 3, 4 }))
end)
effect("native_missing", function(ctx) ctx:call("nope") end)
effect("native_throws", function(ctx)
  ctx:call("refuse", "coins")
end)

effect("ctx_fields", function(ctx)
  ctx:log("for everyone")
  ctx:log("for seat 1", 1)
  ctx:call("report", { seat = ctx.seat, players = ctx.players, text = tostring(ctx) })
end)

effect("set_ctx_field", function(ctx) ctx.seat = 3 end)
effect("dot_call", function(ctx) ctx.get("flow") end)

effect("error_table", function(ctx) error({ code = 7 }) end)

effect("define_late", function(ctx) effect("late", function() end) end)

effect("touch_in_options", {
  options = function(ctx) ctx:call("touch") return {} end,
  apply = function() end,
})
effect("log_in_options", {
  options = function(ctx) ctx:log("hello") return {} end,
  apply = function() end,
})
effect("query_in_options", {
  options = function(ctx) ctx:call("report", ctx:get("flow"):get("round")) return { "ok" } end,
  apply = function() end,
})

effect("outer", function(ctx)
  local flow = ctx:get("flow")
  flow:add("outer", 1)
  ctx:call("nested")  -- the plugin runs effect bump_round from C++
  flow:add("outer", 1)  -- this call's handle is still valid afterwards
  ctx:call("report", flow:get("round"))
end)

effect("keep_ctx", function(ctx) kept.ctx = ctx end)

-- Choices labelled only when asked; one choice keeps a label of its own.
effect("lazy_labels", {params = {steps = "int"},
  options = function() return { "north", { id = "south", label = "go south" }, "east" } end,
  label = function(ctx, params, id)
    if id == "east" then return 7 end
    return "go " .. id .. " (" .. params.steps .. " steps)"
  end,
  apply = function() end,
})

-- Natives' typed argument readers (test_script_runtime.cpp).
effect("native_typed", function(ctx) ctx:call("report", ctx:call("typed", 3, "wood", { a = 1, b = 20 })) end)
effect("native_typed_not_integer", function(ctx) ctx:call("typed", 2.5, "wood", {}) end)
effect("native_typed_not_string", function(ctx) ctx:call("typed", 3, 4, {}) end)
effect("native_typed_bad_table", function(ctx) ctx:call("typed", 3, "wood", { a = "x" }) end)
effect("native_typed_missing", function(ctx) ctx:call("typed", 3) end)
effect("native_huge_json", function(ctx)
  local t = {}
  for i = 1, 200000 do t[i] = i end
  ctx:call("report", t)
end)
