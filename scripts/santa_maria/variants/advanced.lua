-- Advanced set-up (rules 8.1): colony side B; four capital tiles, each paired with a
-- scholar not on the main board, chosen counter-clockwise from the player right of the
-- start player, placed on 2 free squares; that scholar is owned from the start.
-- The switch is data (data/santa_maria/variants/advanced/game.yaml: setup: advanced);
-- the plugin's flow offers the choices. This page announces the set-up in the log.
hook("on_setup", function(ctx)
  ctx:log("advanced set-up: side B colonies with capital and scholar sets")
end)
