-- Extra favours: once a player has used a guild favour in a turn, they may use more face-up
-- favours in the same turn, for 2 reals each.
--
-- A house rule that widens a move of the game's C++: the game offers `favor` once a turn, and
-- extend_legal offers the seat's other face-up favours after it. What each favour asks (a
-- city, a pair of goods) and when it may be used are the game's data, read from
-- data/madeira/cards.yaml and game.yaml (ctx:data), not copied; a wrap of the move's apply
-- takes the 2 reals, and the game's own apply uses the favour.

local COST = 2        -- this rule's own number: reals per extra favour
local PHASE_C = 3     -- the board's "phase" counter in phase C (schema.yaml)

local function extra(ctx, seat)
  local home = ctx:get("home", seat)
  return home:get("favor_used") == 1
end

extend_legal("favor", function(ctx, step)
  if not extra(ctx, step.seat) or ctx:get("home", step.seat):get("reals") < COST then return {} end
  local board = ctx:get("board")
  local cities = #ctx:data("game").cities
  local out = {}
  for i, favour in ipairs(ctx:data("cards").favors) do
    local f = i - 1
    local usable = board:get("fo" .. f) == step.seat + 1 and board:get("fu" .. f) == 1
    if usable and not (favour.phase_c_only and board:get("phase") ~= PHASE_C) then
      -- 6: the pairs of goods the game numbers for a goods_pair favour (madeira_moves.cpp)
      local answers = favour.choose == "city" and cities or favour.choose == "goods_pair" and 6 or 1
      for arg = 0, answers - 1 do out[#out + 1] = {favor = f, arg = arg} end
    end
  end
  return out
end)

wrap_move("favor", {
  apply = function(base, ctx, move, step)
    if extra(ctx, ctx.seat) then ctx:get("home", ctx.seat):add("reals", -COST) end
    base(ctx, move, step)
  end,
  label = function(base, ctx, move, step)
    local text = base(ctx, move, step)
    if extra(ctx, step.seat) then return text .. " (for " .. COST .. " reals)" end
    return text
  end,
})
