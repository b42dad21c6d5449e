-- game: tutorial
-- A house rule touching several components from hooks.
hook("on_round_start", function(ctx, arg)
  local s = ctx:get('score', 0)
  s:add('renown', arg.round)
end)
hook("on_action", function(ctx, arg)
  local m = ctx:get('market')
  local t = ctx:get('tableau', ctx.seat)
  ctx:log("acted: " .. tostring(#t:cards()) .. " cards, " .. tostring(#m:cards()) .. " in the market")
end)
hook("legal_filter", function(ctx, action) return action.text ~= "pass" end)
