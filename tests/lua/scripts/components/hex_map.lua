-- [lua] tests of the hex map methods (core/src/l_hex_map.cpp); the table has the map "island".
effect("hex_bad_corner", function(ctx) ctx:get("island"):set_corner(99, { owner = 0 }) end)
effect("hex_in_options", { options = function(ctx) ctx:get("island"):set_hex(0, { piece = "robber" }) return {} end, apply = function() end })
effect("hex_bad_owner", function(ctx) ctx:get("island"):set_edge(0, { owner = 5 }) end)

effect("hex_read", function(ctx)
  local m = ctx:get("island")
  ctx:call("report", {
    counts = { m:hex_count(), m:corner_count(), m:edge_count() }, find_hex = { m:find_hex(1, 0), m:find_hex(5, 5) },
    hex_index = m:hex_index("0,1"), hex_id = m:hex_id(1), coord = m:coord(2), hex = m:hex(0),
    neighbour = { m:neighbour(0, 2), m:neighbour(0, 0) }, hex_neighbours = m:hex_neighbours(0),
    distance = { m:hex_distance(0, 1), m:hex_distance({ q = 0, r = 0 }, { q = 3, r = -1 }) },
  })
end)

effect("hex_topology", function(ctx)
  local m = ctx:get("island")
  local c = m:corner_index("1,0,W")
  local e = m:edge_index("0,0,SE")
  ctx:call("report", {
    corner = c, edge = e, find_corner = { m:find_corner("1,0,W"), m:find_corner("9,9,E"), m:find_corner("bad") },
    corner_id = m:corner_id(c), corner_hexes = m:corner_hexes(c), corner_edges = m:corner_edges(c),
    corner_neighbours = m:corner_neighbours(c), find_edge = { m:find_edge("0,0,SE"), m:find_edge("9,9,N") },
    edge_id = m:edge_id(e), edge_corners = m:edge_corners(e), edge_hexes = m:edge_hexes(e), edge_neighbours = m:edge_neighbours(e),
    hex_corners = m:hex_corners(0), hex_edges = m:hex_edges(0), edge_between = m:edge_between(m:corner_index("0,0,E"), c),
    corner_distance = m:corner_distance(m:corner_index("0,0,W"), c), corners_within = m:corners_within(c, 1),
  })
end)

effect("hex_build", function(ctx)
  local m = ctx:get("island")
  local c = m:corner_index("1,0,W")
  local e = m:edge_index("0,0,SE")
  m:set_corner(c, { owner = 1, piece = "settlement" })
  m:set_edge(e, { owner = 1, piece = "road" })
  m:set_edge(m:edge_index("0,1,NE"), { owner = 1, piece = "road" })
  m:set_hex(2, { piece = "robber", number = 8 })
  ctx:call("report", {
    corner = m:corner(c), edge = m:edge(e), hex = m:hex(2), corners_of = m:corners_of(1), edges_of = m:edges_of(1),
    clear = { m:corner_clear(c), m:corner_clear(m:corner_index("0,0,E")), m:corner_clear(m:corner_index("0,0,W")),
              m:corner_clear(m:corner_index("0,0,W"), 2) },
    longest = { m:longest_path(1), m:longest_path(0) },
  })
end)
