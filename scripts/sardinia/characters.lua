-- Sardinia: what the options of the character cards do (rules 5.1-5.6).
--
-- The plugin works out the legal targets of an option (ports with room, provinces not full
-- and not blocked, reachable provinces, harvestable tokens ...) and calls the option's
-- effect, named in data/sardinia/cards.yaml, with the chosen target as the choice:
--   "<space>"          placing and harvesting (a board space index)
--   "<from> <to>"      moving (two board space indices)
-- Board spaces carry the attribute "name" for messages. Besides its YAML params every effect
-- gets `colours` (player colours by seat), `token_types` (agriculture token types in data
-- order, 1-based here) and `vp_by_nth_token` from the plugin; ctx:call("logging") says whether
-- ctx:log is kept.

-- The board spaces of a choice: one, or two separated by a space (a plain search: these run
-- for every option played, in playouts too).
local function spaces(choice)
  local gap = string.find(choice, " ", 1, true)
  local first = math.tointeger(tonumber(gap and string.sub(choice, 1, gap - 1) or choice))
  local second = gap and math.tointeger(tonumber(string.sub(choice, gap + 1)))
  if first == nil or (gap and second == nil) then error("bad target '" .. choice .. "'") end
  return {first, second}
end

-- Messages are made only when someone reads them (playouts keep no log).
local function logging(ctx)
  return ctx:call("logging")
end

local function name(board, space)
  return board:text(space, "name", board:id(space))
end

-- Launch, Recruit, Ordain, Fortify, Build: one piece of kind params.piece from the reserve
-- onto the chosen space (5.1-5.6).
effect("place_piece", {
  params = {piece = {enum = {"ship", "settler", "chaplain", "fort", "settlement"}}, verb = "string"},
  apply = function(ctx, params, choice)
    local target = spaces(choice)
    assert(target[2] == nil, "place_piece needs one space")
    local board = ctx:get("board")
    local reserve = ctx:get("reserve", ctx.seat)
    if reserve:get(params.piece) < 1 then error("no " .. params.piece .. " left in reserve") end
    reserve:add(params.piece, -1)
    board:add_pieces(target[1], ctx.seat, params.piece)
    if logging(ctx) then
      ctx:log(params.colours[ctx.seat + 1] .. " " .. params.verb .. " " .. params.piece .. " in " .. name(board, target[1]))
    end
  end,
})

-- Sail, March, Travel: one own piece of kind params.piece from one space to another. The
-- plugin counts the steps and offers further moves while the action lasts.
effect("move_piece", {
  params = {piece = {enum = {"ship", "settler", "chaplain"}}, verb = "string"},
  apply = function(ctx, params, choice)
    local target = spaces(choice)
    assert(target[2] ~= nil, "move_piece needs two spaces")
    local board = ctx:get("board")
    board:move_pieces(target[1], target[2], ctx.seat, params.piece)
    if logging(ctx) then
      ctx:log(params.colours[ctx.seat + 1] .. " " .. params.verb .. " " .. params.piece .. " from " ..
              name(board, target[1]) .. " to " .. name(board, target[2]))
    end
  end,
})

-- Farmer (5.5): take the agriculture token of the chosen province; the n-th token of a
-- type scores vp_by_nth_token[n] (the last value for any later one).
effect("harvest", {
  apply = function(ctx, params, choice)
    local target = spaces(choice)
    assert(target[2] == nil, "harvest needs one space")
    local board = ctx:get("board")
    local tokens = ctx:get("tokens")
    local province = board:id(target[1])
    local token = tokens:get(province)
    if token < 1 then error("no agriculture token in " .. province) end
    local kind = params.token_types[token]
    tokens:set(province, 0)
    local nth = ctx:get("harvested", ctx.seat):add(kind, 1)
    local table_vp = params.vp_by_nth_token
    local vp = table_vp[math.min(nth, #table_vp)]
    local score = ctx:get("score", ctx.seat)
    score:add("vp", vp)
    score:add("agriculture", vp)
    if logging(ctx) then
      ctx:log(params.colours[ctx.seat + 1] .. " harvests " .. kind .. " in " .. name(board, target[1]) ..
              " for " .. vp .. " VP")
    end
  end,
})
