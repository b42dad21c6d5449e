-- memory: a house rule whose effect tries every way of keeping something from one call to
-- the next; each value it reports counts the calls its state has seen.
local calls = 0                                   -- a local of the main chunk: an upvalue
local seen = {n = 0}                              -- a table made while loading
local tally = require("lib.tally")                -- a module's table, cached by require
local box = setmetatable({}, {hits = 0})          -- a metatable made while loading
helpers = {n = 0}                                 -- a global table (the global itself is frozen)

effect("remember", {
  params = {step = {int = {1, 10}}},
  apply = function(ctx, params)
    calls = calls + params.step
    seen.n = seen.n + 1
    tally.n = tally.n + 1
    getmetatable(box).hits = getmetatable(box).hits + 1
    helpers.n = helpers.n + 1
    params.extra = (params.extra or 0) + 1        -- the params table the host prepared
    ctx:call("report", {calls = calls, seen = seen.n, tally = tally.n, meta = getmetatable(box).hits,
                        global = helpers.n, params = params.extra})
  end,
})
