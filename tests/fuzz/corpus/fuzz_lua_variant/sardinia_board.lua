-- game: sardinia
-- A house rule that reads and writes the board graph and the reserves.
hook("on_action", function(ctx, arg)
  local b = ctx:get('board')
  local r = ctx:get('reserve', ctx.seat)
  if r:get('ship') > 0 then r:add('ship', -1); r:add('ship', 1) end
  ctx:log("board seen by seat " .. ctx.seat)
end)
hook("on_round_end", function(ctx, arg) ctx:log("round over") end)
