-- Board draft (rules 3.2, "later games"): instead of dealing the side-A colony boards at
-- random, players choose one at a time counter-clockwise, the last in turn order first.
-- With the advanced set-up (8.1; every solo game) the side-B boards stay dealt and the
-- capital sets are chosen as usual.
-- with: advanced

-- The advanced set-up has capital sets on offer from the start ("board" counters).
local function advanced(ctx) return ctx:get("board"):get("set1.capital") > 0 end

-- The boards the set-up dealt go back to the box.
hook("on_setup", function(ctx)
  if advanced(ctx) then return end
  for seat = 0, ctx.players - 1 do
    local grid = ctx:get("colony", seat)
    for y = 0, grid:height() - 1 do
      for x = 0, grid:width() - 1 do grid:set_cell(x, y, { type = "" }) end
    end
    ctx:get("player", seat):set("board", 0)
  end
  ctx:log("board draft: colony boards are chosen counter-clockwise")
end)

-- The set-up: the draft, or the capital sets of the advanced set-up; the picks start right
-- of the start player (next_picker and every_seat_picked are the game's natives).
step("setup", { kind = "auto", on_enter = "start_setup_picks_or_draft" })
step("board_draft", { kind = "loop", each = "pick_board", ["until"] = "every_seat_picked" })
step("pick_board", { kind = "seat", moves = { "board" }, max_moves = 1, on_exit = "next_picker",
                     prompt = "choose a colony board" })

rule("start_setup_picks_or_draft", function(ctx, frame)
  local first = (ctx:get("progress"):get("start") + ctx.players - 1) % ctx.players
  ctx:push(advanced(ctx) and "capital_sets" or "board_draft", first)
end)

-- A side-A board no seat has taken, in the order of data/santa_maria/colony.yaml.
move("board", {
  params = { { board = { id = "boards" } } },
  legal = function(ctx, step)
    local taken = {}
    for seat = 0, ctx.players - 1 do taken[ctx:get("player", seat):get("board")] = true end
    local out = {}
    for i, board in ipairs(ctx:call("colony_boards")) do
      if board.side == "A" and not taken[i] then out[#out + 1] = { board = board.id } end
    end
    return out
  end,
  apply = function(ctx, move)
    ctx:call("print_board", ctx.seat, move.board)
    ctx:log("seat " .. ctx.seat .. " takes colony board " .. move.board)
  end,
  label = function(ctx, move) return "take colony board " .. move.board end,
})
