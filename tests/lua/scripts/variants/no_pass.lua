-- Variant: passing is not allowed.
hook("legal_filter", function(ctx, action)
  return action.text ~= "pass"
end)
