-- Runaway scripts for the [lua] tests of the limits.

effect("spin", function()
  while true do end
end)

effect("spin_under_pcall", function()
  while true do
    pcall(function() while true do end end)
  end
end)

effect("bomb_concat", function()
  local s = "x"
  while true do
    s = s .. s
  end
end)

effect("bomb_table", function()
  local t = {}
  local i = 0
  while true do
    i = i + 1
    t[i] = { i }
  end
end)

effect("bomb_rep", function()
  return string.rep("x", 1 << 30)
end)

effect("bomb_under_pcall", function(ctx)
  pcall(function()
    local s = "x"
    while true do s = s .. s end
  end)
  ctx:call("report", "survived")
end)

effect("small", function(ctx)
  ctx:call("report", #string.rep("ab", 3))
end)
