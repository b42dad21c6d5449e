-- Does not compile.
effect("broken", function(ctx
  return 1
end)
