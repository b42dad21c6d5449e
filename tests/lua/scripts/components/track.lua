-- [lua] tests of the track methods (core/src/l_track.cpp); the table has the track "score".
effect("track_bad_seat", function(ctx) ctx:get("score"):move(5, 1) end)
effect("track_in_options", { options = function(ctx) ctx:get("score"):reset() return {} end, apply = function() end })

effect("track_read", function(ctx)
  local t = ctx:get("score")
  ctx:call("report", {
    length = t:length(), markers = t:markers(), end_rule = t:end_rule(), triggers = t:triggers(),
    at3 = t:triggers_at(3), at4 = t:triggers_at(4), position = { t:position(0), t:position(1) },
    on_track = t:on_track(1), laps = t:laps(0), total = { t:total(0), t:total(1) },
    stack = t:stack(2), rank = t:stack_rank(1), ranking = t:ranking(), top_first = t:ranking(false),
    second = t:trigger(1),
  })
end)

effect("track_move", {params = {seat = "int", delta = "int"}, apply = function(ctx, params)
  ctx:call("report", ctx:get("score"):move(params.seat, params.delta))
end})

effect("track_move_to_place_reset", function(ctx)
  local t = ctx:get("score")
  local moved = t:move_to(1, 5)
  t:place(0, 7, 1)
  local after = { t:total(0), t:position(1) }
  t:reset(4)
  ctx:call("report", { moved = moved, after = after, stack = t:stack(4) })
end)

effect("track_no_trigger", function(ctx)
  ctx:get("score"):trigger(3)
end)
