-- Santa Maria: gains with the storage limit (rules 5.1) and payments with gold as a wild
-- resource (5.2). `eco` is params.economy (data/santa_maria/game.yaml: economy).
local M = {}

M.goods = { "wood", "grain", "sugar", "gem", "gold" }
local order = { "wood", "grain", "sugar", "gem", "gold", "coins", "points" }

-- True when `seat` owns scholar `id`: the scholar of its capital set, or a monk under a
-- scholar slot of the board ("board" counters "scholar<i>" = scholar number, "monks.s<i>" =
-- bit mask of seats). eco.scholars lists the scholar ids by number (5.11, 8.1).
function M.has_scholar(ctx, seat, id, eco)
  local number = nil
  for i, s in ipairs(eco.scholars) do
    if s == id then number = i end
  end
  if number == nil then return false end
  if ctx:get("player", seat):get("capital_scholar") == number then return true end
  local board = ctx:get("board")
  for slot = 1, eco.scholar_slots do
    if board:get("scholar" .. slot) == number and (board:get("monks.s" .. slot) >> seat) & 1 == 1 then return true end
  end
  return false
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

-- The price of buying one `good` now, or nil when it cannot be bought (5.7): wood and grain
-- at the usual price, or a scholar's price (eco.scholar_buy, by scholar number) when lower.
function M.buy_price(ctx, seat, good, eco)
  local price = nil
  if good == "wood" or good == "grain" then price = eco.buy_basic_price end
  for number, prices in ipairs(eco.scholar_buy) do
    local p = prices[good]
    if p ~= nil and (price == nil or p < price) and M.has_scholar(ctx, seat, eco.scholars[number], eco) then price = p end
  end
  return price
end

-- How `cost` ({good = n}) would be paid: from storage, then gold for what is missing
-- (gold is worth less than a purchase), then goods bought with coins just before paying.
-- Returns {gold = n, buy = {good = n}, coins = n} or nil when it cannot be paid.
function M.plan(ctx, seat, cost, eco)
  local p = ctx:get("player", seat)
  local gold = p:get("gold")
  local coins = p:get("coins")
  local plan = { gold = 0, buy = {}, coins = 0 }
  for _, good in ipairs(M.goods) do
    local n = cost[good] or 0
    if n > 0 then
      local missing = math.max(0, n - p:get(good))
      if good == "gold" then
        if missing > 0 then return nil end
        gold = gold - n
      else
        local by_gold = math.min(missing, math.max(0, gold))
        gold = gold - by_gold
        plan.gold = plan.gold + by_gold
        missing = missing - by_gold
        if missing > 0 then
          local price = M.buy_price(ctx, seat, good, eco)
          if price == nil or coins < price * missing then return nil end
          coins = coins - price * missing
          plan.coins = plan.coins + price * missing
          plan.buy[good] = missing
        end
      end
    end
  end
  if gold < 0 then return nil end
  return plan
end

function M.can_pay(ctx, seat, cost, eco)
  return M.plan(ctx, seat, cost, eco) ~= nil
end

-- Pays `cost` as plan() describes; raises when it cannot be paid.
function M.pay(ctx, seat, cost, eco)
  local plan = M.plan(ctx, seat, cost, eco)
  if plan == nil then error("seat " .. seat .. " cannot pay") end
  local p = ctx:get("player", seat)
  for _, good in ipairs(M.goods) do
    local n = cost[good] or 0
    if n > 0 then
      local bought = plan.buy[good] or 0
      local from_store = math.min(n - bought, p:get(good))
      p:add(good, -from_store)
      local by_gold = n - bought - from_store
      if by_gold > 0 then p:add("gold", -by_gold) end
      if bought > 0 then ctx:log("seat " .. seat .. " buys " .. bought .. " " .. good .. " to pay") end
    end
  end
  p:add("coins", -plan.coins)
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
