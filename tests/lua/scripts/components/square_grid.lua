-- [lua] tests of the square grid methods (core/src/l_square_grid.cpp); the table has the grid "farm".
effect("grid_bad_place", function(ctx) ctx:get("farm"):place({ { dx = 0, dy = 0 } }, 1, 1, 0, 1) end)
effect("grid_in_options", { options = function(ctx) ctx:get("farm"):remove_tile(7) return {} end, apply = function() end })
effect("grid_test_writes", function(ctx) ctx:get("farm"):region(0, 1, function(x, y) ctx:get("farm"):set_cell(x, y, { piece = "x" }) return true end) end)
effect("grid_test_not_boolean", function(ctx) ctx:get("farm"):regions(function() return 1 end) end)
effect("grid_test_error", function(ctx) ctx:get("farm"):complete_rows(function(x, y) error("no row " .. y) end) end)
effect("grid_set_tile", function(ctx) ctx:get("farm"):set_cell(0, 0, { tile = 4 }) end)
effect("grid_test_spins", function(ctx) ctx:get("farm"):regions(function() while true do end end) end)
effect("grid_bad_field", function(ctx) ctx:get("farm"):set_cell(0, 1, { tpye = "x" }) end)

local function forest(x, y, cell) return cell.type == "forest" end

effect("grid_read", function(ctx)
  local g = ctx:get("farm")
  ctx:call("report", {
    size = { g:width(), g:height() }, inside = { g:inside(3, 2), g:inside(4, 0) },
    at = g:at(1, 0), blocked_types = g:blocked_types(), blocked = { g:blocked(1, 1), g:blocked(2, 2), g:blocked(0, 0) },
    tile_cells = g:tile_cells(7), row = g:row(1), column = g:column(3), neighbours = g:neighbours(0, 0),
    complete_columns = g:complete_columns(forest), no_rows = g:complete_rows(forest), all_rows = g:complete_rows(nil),
    region = g:region(3, 0, forest), empty_region = g:region(2, 0, forest), regions = g:regions(forest),
    connected = { g:connected({ x = 3, y = 0 }, { x = 3, y = 2 }, forest), g:connected({ x = 0, y = 2 }, { x = 3, y = 2 }, forest) },
    free = g:find({ type = "" }), tile7 = g:find({ type = "field", tile = 7 }), none = g:find({ type = "lake", tile = 7 }),
    types = g:values("type"), tiles = g:values("tile"),
    -- NaN equals nothing, not even another NaN: two NaN cells side by side are two areas
    areas = g:areas({ "f", "f", false, "t", nil, 1, 0 / 0, "t", "t", nil, 0 / 0, "t" }),
  })
end)

effect("grid_find_unknown_field", function(ctx)
  ctx:get("farm"):find({ colour = "red" })
end)

effect("grid_values_unknown_field", function(ctx)
  ctx:get("farm"):values("colour")
end)

local ell = { { dx = 0, dy = 0 }, { dx = 0, dy = 1 }, { dx = 1, dy = 1, type = "field" } }

effect("grid_shapes", function(ctx)
  local g = ctx:get("farm")
  ctx:call("report", {
    normalised = g:normalise({ { dx = 2, dy = 5 }, { dx = 3, dy = 5 } }), rotated = g:rotate(ell, 90), mirrored = g:mirror(ell),
    fits = g:check_place(ell, 0, 1, 0), lake = g:check_place(ell, 1, 1, 0), can = g:can_place(ell, 2, 1, 0),
    not_on_forest = g:can_place(ell, 2, 1, 0, function(x, y, cell) return cell.type ~= "forest" end),
    placements = g:placements({ { dx = 0, dy = 0 }, { dx = 1, dy = 0 } }, function(x, y) return y == 2 end),
  })
end)

effect("grid_place", function(ctx)
  local g = ctx:get("farm")
  g:place(ell, 2, 1, 0, 8)
  local removed = g:remove_tile(7)
  g:set_cell(1, 2, { piece = "worker", owner = 1 })
  ctx:call("report", { cells = g:tile_cells(8), corner = g:at(3, 2), removed = removed, freed = g:at(0, 0), worker = g:at(1, 2) })
end)

effect("grid_pcall_restores", function(ctx)
  local g = ctx:get("farm")
  local ok, message = pcall(g.region, g, 0, 1, function(x, y) g:set_cell(x, y, { piece = "x" }) return true end)
  g:set_cell(0, 1, { piece = "after" })
  ctx:call("report", { ok = ok, piece = g:at(0, 1).piece })
end)
