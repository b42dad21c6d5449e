-- Board draft (rules 3.2, "later games"): instead of dealing the side-A colony boards at
-- random, players choose one at a time counter-clockwise, the last in turn order first.
-- The switch is data (data/santa_maria/variants/board_draft/game.yaml:
-- board_assignment: draft); the plugin offers "board <id>". This page announces it.
hook("on_setup", function(ctx)
  ctx:log("board draft: colony boards are chosen counter-clockwise")
end)
