-- Lantern Market: the effects of the merchant cards and of the renown track's symbols.
-- Each effect is stateless: it reads and changes the table through ctx and keeps nothing
-- between calls. `params` come from data/tutorial/*.yaml; each effect declares the params
-- it reads (`params = {...}`), and the core refuses data that gives it others.

effect("gain_coins", {
  params = {amount = {int = {0}}},
  apply = function(ctx, params)
    ctx:get("goods"):gain(ctx.seat, "coins", params.amount)
    ctx:log("seat " .. ctx.seat .. " gains " .. params.amount .. " coins")
  end,
})

effect("gain_spice", {
  params = {amount = {int = {0}}},
  apply = function(ctx, params)
    local goods = ctx:get("goods")
    local before = goods:count(ctx.seat, "spice")
    goods:gain(ctx.seat, "spice", params.amount)
    local gained = goods:count(ctx.seat, "spice") - before
    ctx:log("seat " .. ctx.seat .. " gains " .. gained .. " spice")
  end,
})

-- Renown moves through the game's own rule (ctx:call), which also fires track symbols
-- and notices the start of the last round.
effect("advance", {
  params = {steps = {int = {-1000, 1000}}},
  apply = function(ctx, params)
    ctx:call("advance", ctx.seat, params.steps)
  end,
})

-- Take up to `amount` coins from one opponent of your choice.
effect("tax", {
  params = {amount = {int = {0}}},
  options = function(ctx, params)
    local goods = ctx:get("goods")
    local choices = {}
    for seat = 0, ctx.players - 1 do
      if seat ~= ctx.seat then
        local take = math.min(params.amount, goods:count(seat, "coins"))
        choices[#choices + 1] = { id = tostring(seat), label = "Tax seat " .. seat .. " (" .. take .. " coins)" }
      end
    end
    return choices
  end,
  apply = function(ctx, params, choice)
    local victim = tonumber(choice)
    local goods = ctx:get("goods")
    local take = math.min(params.amount, goods:count(victim, "coins"))
    goods:transfer(victim, ctx.seat, "coins", take)
    ctx:log("seat " .. ctx.seat .. " taxes seat " .. victim .. " for " .. take .. " coins")
  end,
})

-- Trade 1 to `max` spice for `points_per_spice` renown each; the buyer chooses how many.
-- A trade of nothing is no choice: a buyer without spice is offered none (and asked nothing).
effect("trade_spice", {
  params = {max = {int = {0}}, points_per_spice = {int = {0}}},
  options = function(ctx, params)
    local spice = ctx:get("goods"):count(ctx.seat, "spice")
    local choices = {}
    for n = 1, math.min(params.max, spice) do
      choices[#choices + 1] = { id = tostring(n), label = "Trade " .. n .. " spice for " .. n * params.points_per_spice .. " renown" }
    end
    return choices
  end,
  apply = function(ctx, params, choice)
    local n = tonumber(choice)
    ctx:get("goods"):pay(ctx.seat, "spice", n)
    ctx:call("advance", ctx.seat, n * params.points_per_spice)
    ctx:log("seat " .. ctx.seat .. " trades " .. n .. " spice")
  end,
})
