-- Registers a hook that does not exist.
hook("on_turn_start", function() end)
