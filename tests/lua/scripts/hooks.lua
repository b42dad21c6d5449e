-- Hooks for the [lua] tests.
hook("on_round_end", function(ctx, arg)
  ctx:call("report", "first " .. arg.round)
  ctx:get("flow"):add("ends", 1)
end)

hook("on_round_end", function(ctx, arg)
  ctx:call("report", "second " .. arg.round .. " ends=" .. ctx:get("flow"):get("ends"))
end)

hook("legal_filter", function(ctx, action)
  if action.text == "pass" then return false end
end)

hook("legal_filter", function(ctx, action)
  return action.label ~= "Forbidden move"
end)
