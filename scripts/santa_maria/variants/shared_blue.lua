-- Shared blue dice (rules 8.2): blue dice lie in the pool with the white dice; in one year a
-- player may take as many blue dice as they have unlocked (1 + blue-die symbols passed).
-- The switch is data (data/santa_maria/variants/shared_blue/game.yaml: blue_dice: shared);
-- the plugin's flow and the religion effect read it. This page announces it in the log.
hook("on_setup", function(ctx)
  ctx:log("shared blue dice: every blue die lies in the pool below the board")
end)
