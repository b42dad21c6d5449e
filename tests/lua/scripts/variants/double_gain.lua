-- Variant: every gain is doubled.
effect("gain", function(ctx, params)
  ctx:get("bank", ctx.seat):add("coins", 2 * params.amount)
end)
