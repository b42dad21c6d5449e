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

effect("pattern_bomb", function()
  return string.find(string.rep("a", 5000), string.rep("a*", 12) .. "b")
end)

effect("pattern_bomb_method", function()
  local s = string.rep("a", 5000)
  return s:match(string.rep("a-", 6) .. "b")
end)

effect("patterns_in_reason", function(ctx)
  local words = {}
  for w in ("launch 3 17"):gmatch("%S+") do words[#words + 1] = w end
  local long = string.rep("ab", 20000)
  ctx:call("report", { #words, ("x-y"):gsub("-", "+"), long:find("ba", 1, true), select(2, long:gsub("ab", "")) })
end)
