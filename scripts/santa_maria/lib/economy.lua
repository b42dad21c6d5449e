-- Santa Maria: gains with the storage limit (rules 5.1), selling to raise coins, and the
-- payments (5.2) and scholar ownership the plugin offers as natives (sm_natives.hpp).
-- `eco` is params.economy (data/santa_maria/game.yaml: economy).
local M = {}

M.goods = { "wood", "grain", "sugar", "gem", "gold" }
local order = { "wood", "grain", "sugar", "gem", "gold", "coins", "points" }

-- True when `seat` owns scholar `id` (5.11, 8.1).
function M.has_scholar(ctx, seat, id)
  return ctx:call("has_scholar", seat, id)
end

-- Gains `n` of `what` (a good, "coins" or "points"); each unit above the storage limit is
-- sold at once (5.1).
function M.gain(ctx, seat, what, n, eco)
  if n <= 0 then return end
  if what == "points" then
    ctx:get("happiness", seat):add("points", n)
    return
  end
  local p = ctx:get("player", seat)
  if what == "coins" then
    p:add("coins", n)
    return
  end
  local keep = math.min(n, math.max(0, eco.storage_cap - p:get(what)))
  p:add(what, keep)
  if n > keep then
    p:add("coins", (n - keep) * eco.sell[what])
    ctx:log("seat " .. seat .. " sells " .. (n - keep) .. " " .. what .. " over the storage limit")
  end
end

-- Gains every entry of `gains` ({wood = 1, coins = 2, ...}) in a fixed order.
function M.gain_all(ctx, seat, gains, eco)
  for _, what in ipairs(order) do
    if type(gains[what]) == "number" then M.gain(ctx, seat, what, gains[what], eco) end
  end
end

-- True when `seat` can pay `cost` ({good = n}): each good from storage, then gold for what
-- is missing, then bought with coins at the usual or a scholar's price (5.1, 5.2, 5.7).
function M.can_pay(ctx, seat, cost)
  return ctx:call("can_pay", seat, cost)
end

-- Pays `cost` that way; raises when it cannot be paid.
function M.pay(ctx, seat, cost)
  ctx:call("pay", seat, cost)
end

-- Raises coins to `amount` by selling goods, cheapest kind first (used where the rules
-- let a player sell to afford a payment, 5.9). Returns false when even selling all falls short.
function M.raise_coins(ctx, seat, amount, eco)
  local p = ctx:get("player", seat)
  local worth = p:get("coins")
  for _, good in ipairs(M.goods) do worth = worth + p:get(good) * eco.sell[good] end
  if worth < amount then return false end
  for _, good in ipairs(M.goods) do
    while p:get("coins") < amount and p:get(good) > 0 do
      p:add(good, -1)
      p:add("coins", eco.sell[good])
    end
  end
  return true
end

function M.worth(ctx, seat, eco)
  local p = ctx:get("player", seat)
  local worth = p:get("coins")
  for _, good in ipairs(M.goods) do worth = worth + p:get(good) * eco.sell[good] end
  return worth
end

return M
