-- [lua] tests of the graph board methods (core/src/l_graph_board.cpp); the table has the board "sardinia".
effect("board_full", function(ctx) ctx:get("sardinia"):add_pieces(1, 0, "army") end)
effect("board_in_options", { options = function(ctx) ctx:get("sardinia"):set_attribute(0, "x", 1) return {} end, apply = function() end })
effect("board_test_writes", function(ctx) local b = ctx:get("sardinia") b:reachable(0, 2, "", function(s) b:add_pieces(s, 0, "army") return true end) end)
effect("board_test_nil", function(ctx) ctx:get("sardinia"):reachable(0, 1, "", nil, function(s) end) end)
effect("board_bad_value", function(ctx) ctx:get("sardinia"):set_attribute(0, "x", true) end)
effect("board_bad_owner", function(ctx) ctx:get("sardinia"):add_pieces(0, 2, "army") end)

effect("board_read", function(ctx)
  local b = ctx:get("sardinia")
  ctx:call("report", {
    counts = { b:space_count(), b:link_count() }, links = b:links(), find = { b:find("sassari"), b:find("roma") },
    index = b:index("olbia"), id = b:id(1), capacity = { b:capacity(1), b:capacity(0) },
    has = { b:has_attribute(3, "gold"), b:has_attribute(3, "terrain") }, text = { b:text(0, "terrain"), b:text(3, "terrain", "sea") },
    number = { b:number(3, "gold"), b:number(0, "gold", -1) }, with_gold = b:spaces_with("gold"),
    hills = b:spaces_where("terrain", "hills"), gold1 = b:spaces_where("gold", 1),
    neighbours = { b:neighbours(1), b:neighbours(0, "land") }, adjacent = { b:adjacent(0, 3), b:adjacent(0, 3, "land") },
    count = { b:count(1), b:count(1, 0), b:count(1, 1), b:count(3, -1, "fort"), b:count(2, nil, "army") },
    count_all = { b:count_all(), b:count_all(nil, "army"), b:count_all(1) }, room = { b:room(1), b:room(0) },
    pieces_at = b:pieces_at(1), pieces_of = b:pieces_of(nil, "army"),
  })
end)

effect("board_paths", function(ctx)
  local b = ctx:get("sardinia")
  local not_full = function(s) return b:room(s) ~= 0 end
  ctx:call("report", {
    distances = b:distances(0), land = b:distances(0, "land"), around_full = b:distances(0, "land", not_full),
    distance = { b:distance(0, 3), b:distance(0, 3, "land"), b:distance(0, 3, "land", not_full) },
    path = b:shortest_path(0, 2), none = b:shortest_path(0, 2, "sea"),
    reachable = b:reachable(0, 2, "land"), end_free = b:reachable(0, 2, "land", nil, not_full),
  })
end)

effect("board_write", function(ctx)
  local b = ctx:get("sardinia")
  b:add_pieces(0, 1, "army", 3)
  b:remove_pieces(1, 0, "army")
  b:move_pieces(0, 1, 1, "army")
  b:set_capacity(0, 5)
  b:set_attribute(0, "looted", "yes")
  b:set_attribute(0, "gold", 4)
  ctx:call("report", { at0 = b:pieces_at(0), at1 = b:pieces_at(1), capacity = b:capacity(0), looted = b:text(0, "looted"),
                       gold = b:number(0, "gold") })
end)
