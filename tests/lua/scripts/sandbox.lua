-- Probes of the sandbox for the [lua] tests.

-- Reports type() of each dotted global name in params.names ("string.dump").
effect("probe", {params = {names = {list = "string"}}, apply = function(ctx, params)
  local found = {}
  for _, name in ipairs(params.names) do
    local value = _ENV
    for part in string.gmatch(name, "[^.]+") do
      if type(value) ~= "table" then value = nil break end
      value = value[part]
    end
    found[#found + 1] = type(value)
  end
  ctx:call("report", found)
end})

effect("string_method_dump", function(ctx) ctx:call("report", type(("").dump)) end)

-- Reports the type of what require(params.name) returns, or its error message.
effect("require", {params = {name = "string"}, apply = function(ctx, params)
  local ok, result = pcall(function() return require(params.name) end)
  ctx:call("report", ok and type(result) or result)
end})

effect("require_twice", function(ctx)
  ctx:call("report", rawequal(require("lib.util"), require("lib.util")))
end)

effect("gc_metatable", function() setmetatable({}, { __gc = function() end }) end)

effect("plain_metatable", function(ctx)
  local t = setmetatable({}, { __index = function(_, k) return k .. "!" end })
  ctx:call("report", t.hi)
end)

effect("pcall_catches", function(ctx)
  local ok, message = pcall(error, "caught")
  local xok, xmessage = xpcall(function() error("again") end, function(m) return "handled: " .. m end)
  ctx:call("report", { ok, message, xok, xmessage })
end)
