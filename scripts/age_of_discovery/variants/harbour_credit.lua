-- Harbour credit: a player who cannot pay the fee to take a contract may still take the top
-- contract of the deck, blind; the harbour pays what the player lacks.
--
-- A house rule that widens a move of the game's C++: the actions generator offers `contract`
-- only to a seat that can pay, and extend_legal adds the blind pick for one that cannot. It
-- reads the actions taken this turn as the step's named flags (step.contract, flow.yaml
-- `flags:`) and the fee and the actions a turn holds from game.yaml (ctx:data); a wrap of the
-- move's apply gives the seat the missing coins, and the game's own apply takes the fee.

local function shortfall(ctx, seat)
  return math.max(0, ctx:data("game").constants.take_contract_cost - ctx:get("player", seat):get("coins"))
end

local function actions_taken(step)
  local n = 0
  for _, action in ipairs({"coins", "contract", "buy", "send"}) do
    if step[action] then n = n + 1 end
  end
  return n
end

extend_legal("contract", function(ctx, step)
  if step.name ~= "actions" or step.contract or shortfall(ctx, step.seat) == 0 then return {} end
  if actions_taken(step) >= ctx:data("game").constants.actions_per_turn then return {} end
  if ctx:get("hand", step.seat):would_exceed(1) or ctx:get("contract_deck"):empty("draw") then return {} end
  return {{card = "blind"}}
end)

wrap_move("contract", {
  apply = function(base, ctx, move, step)
    local missing = shortfall(ctx, ctx.seat)
    if missing > 0 then ctx:get("player", ctx.seat):add("coins", missing) end
    base(ctx, move, step)
  end,
  label = function(base, ctx, move, step)
    local text = base(ctx, move, step)
    if shortfall(ctx, step.seat) > 0 then return text .. " (the harbour pays)" end
    return text
  end,
})
