-- Santa Maria: the advanced set-up (rules 8.1), which every solo game uses too (8.3).
-- Side-B colony boards are dealt at random instead of the side-A ones; four capital sets go on
-- offer, each a capital tile paired with a scholar that is not on the main board ("board"
-- counters set<k>.capital and set<k>.scholar, 1-based numbers). The plugin's set-up step sees
-- the sets and lets the seats choose them counter-clockwise, from the seat right of the start
-- player, before the first turn.
local M = {}

local sets = 4

-- What the plugin's data says never changes while its scripts run: asked once.
local side_b_ids, facts

local function deal_side_b_boards(ctx)
  if side_b_ids == nil then
    side_b_ids = {}
    for _, board in ipairs(ctx:call("colony_boards")) do
      if board.side == "B" then side_b_ids[#side_b_ids + 1] = board.id end
    end
  end
  if #side_b_ids == 0 then error("the advanced set-up needs a side-B colony board") end
  local boards = table.move(side_b_ids, 1, #side_b_ids, 1, {})
  ctx:shuffle(boards)
  -- A board printed on a colony replaces the one there.
  for seat = 0, ctx.players - 1 do ctx:call("print_board", seat, boards[seat % #boards + 1]) end
end

local function offer_capital_sets(ctx)
  facts = facts or ctx:call("setup_facts")
  local board = ctx:get("board")
  local on_board = {}
  for slot = 1, facts.scholar_slots do on_board[board:get("scholar" .. slot)] = true end
  local scholars = {}
  for number = 1, facts.scholars do
    if not on_board[number] then scholars[#scholars + 1] = number end
  end
  if #scholars < sets then error("the advanced set-up needs " .. sets .. " scholars besides those on the board") end
  local capitals = {}
  for number = 1, facts.capitals do capitals[number] = number end
  ctx:shuffle(scholars)
  ctx:shuffle(capitals)
  for k = 1, sets do
    board:set("set" .. k .. ".capital", capitals[k])
    board:set("set" .. k .. ".scholar", scholars[k])
  end
end

-- Deals once (the solo game and the advanced variant may both ask).
function M.deal(ctx)
  if ctx:get("board"):get("set1.capital") > 0 then return end
  deal_side_b_boards(ctx)
  offer_capital_sets(ctx)
end

return M
