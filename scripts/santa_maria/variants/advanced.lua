-- Advanced set-up (rules 8.1): side-B colony boards; four capital tiles, each paired with a
-- scholar not on the main board, chosen counter-clockwise from the player right of the start
-- player and placed on 2 free squares; that scholar is owned from the start.
local advanced_setup = require("lib.advanced_setup")

hook("on_setup", function(ctx)
  advanced_setup.deal(ctx)
  ctx:log("advanced set-up: side-B colony boards and four capital sets")
end)
