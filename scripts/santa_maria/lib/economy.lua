-- Santa Maria: gains with the storage limit (rules 5.1), selling to raise coins, and the
-- payments (5.2) and scholar ownership the plugin offers as natives (sm_natives.hpp).
-- `eco` is params.economy (data/santa_maria/game.yaml: economy).
--
-- Effects run in every random playout: these helpers read each counter once, loop with
-- numeric for and take a seat's "player" counters when the caller has them.
local M = {}

local type = type

M.goods = { "wood", "grain", "sugar", "gem", "gold" }
local goods = M.goods
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
  local keep = eco.storage_cap - p:get(what)
  if keep > n then keep = n elseif keep < 0 then keep = 0 end
  if keep > 0 then p:add(what, keep) end
  if n > keep then
    p:add("coins", (n - keep) * eco.sell[what])
    ctx:log("seat " .. seat .. " sells " .. (n - keep) .. " " .. what .. " over the storage limit")
  end
end

-- The entries of `gains` ({wood = 1, coins = 2, ...}) in gain_all's order, as
-- {what, n, what, n, ...}.
function M.gain_list(gains)
  local list = {}
  for i = 1, #order do
    local what = order[i]
    local n = gains[what]
    if n ~= nil and type(n) == "number" then
      list[#list + 1] = what
      list[#list + 1] = n
    end
  end
  return list
end

-- Gains every entry of `gains` ({wood = 1, coins = 2, ...}) in a fixed order.
function M.gain_all(ctx, seat, gains, eco)
  for i = 1, #order do
    local what = order[i]
    local n = gains[what]
    if n ~= nil and type(n) == "number" then M.gain(ctx, seat, what, n, eco) end
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

-- What the seat whose "player" counters are `p` could raise in coins: its coins and the sale
-- of all its goods.
function M.worth(p, eco)
  local worth = p:get("coins")
  for i = 1, #goods do worth = worth + p:get(goods[i]) * eco.sell[goods[i]] end
  return worth
end

-- Raises coins to `amount` by selling goods, cheapest kind first (used where the rules
-- let a player sell to afford a payment, 5.9); `p` is the seat's "player" counters.
-- Returns false when even selling all falls short.
function M.raise_coins(p, amount, eco)
  local coins = p:get("coins")
  if coins >= amount then return true end
  if M.worth(p, eco) < amount then return false end
  for i = 1, #goods do
    local good = goods[i]
    local have = coins < amount and p:get(good) or 0
    while coins < amount and have > 0 do
      p:add(good, -1)
      coins = p:add("coins", eco.sell[good])
      have = have - 1
    end
  end
  return true
end

return M
