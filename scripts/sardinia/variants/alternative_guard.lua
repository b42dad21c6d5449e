-- Alternative Guard rules (rules 8.1, advanced): every player starts with a face-down reserve
-- fort card; a Guard may be played only after at least 3 other cards this round; after a
-- scoring the Guard's player keeps the revealed card and studies the deck, replaces it from the
-- deck, or swaps in the reserve card and draws a new one.
--
-- Setup: every player draws the top fort card as a face-down reserve card.
-- A Guard may be played only after at least 3 other cards this round (data: constants.
-- alt_guard_min_other_cards), so the first-card rule never triggers.
-- After a scoring the Guard player chooses: keep the revealed card and study the deck (draw the
-- top card, then put one of the two reserve cards under the deck: step `study`), replace it
-- from the deck, or replace it with the reserve card and draw a new one (`replace_reserve`).

hook("on_setup", function(ctx)
  local deck = ctx:get("fort_deck")
  for seat = 0, ctx.players - 1 do
    ctx:get("fort_reserve", seat):add(deck:draw("draw"))
  end
end)

hook("legal_filter", function(ctx, action)
  if action.text ~= "play guard" then return true end
  return ctx:get("played", ctx.seat):size() >= ctx:call("constant", "alt_guard_min_other_cards")
end)

local function colour(ctx, seat)
  return ctx:call("constant", "colours")[seat + 1]
end

-- The card turned up after the scoring is the rightmost face-up card of the row.
local function revealed_at(row)
  local at = -1
  for i = 0, row:size() - 1 do
    if row:is_revealed(i) then at = i end
  end
  return at
end

step("row_choice", {
  kind = "seat",
  params = {"revealed"},
  moves = {"keep", "replace", "replace_reserve"},
  max_moves = 1,
  prompt = "Keep the revealed fort card and study the deck, or replace it from the deck or your reserve",
})

step("study", {
  kind = "seat",
  moves = {"return"},
  max_moves = 1,
  prompt = "Put one of your two reserve fort cards under the deck",
})

-- 8.1 option 1: keeping the card, the player studies the deck's top card.
wrap_move("keep", {
  apply = function(base, ctx, move)
    base(ctx, move)
    local drawn = ctx:get("fort_deck"):draw("draw")
    ctx:get("fort_reserve", ctx.seat):add(drawn)
    ctx:log(colour(ctx, ctx.seat) .. " draws fort card " .. drawn, ctx.seat)
    ctx:push("study", ctx.seat)
  end,
})

move("return", {
  params = {{card = {id = "fort_spaces"}}},
  legal = function(ctx, step)
    local out = {}
    for _, card in ipairs(ctx:get("fort_reserve", ctx.seat):cards()) do out[#out + 1] = {card = card} end
    return out
  end,
  apply = function(ctx, move)
    ctx:get("fort_reserve", ctx.seat):remove(move.card)
    ctx:get("fort_deck"):put_bottom("draw", move.card)
    ctx:log(colour(ctx, ctx.seat) .. " puts a reserve fort card under the deck")
    ctx:log(colour(ctx, ctx.seat) .. " returns fort card " .. move.card, ctx.seat)
  end,
})

-- 8.1 option 3: the revealed card goes under the deck and the reserve card takes its place
-- face up; the player draws a new reserve card.
move("replace_reserve", {
  legal = function(ctx, step)
    return not ctx:get("fort_reserve", ctx.seat):empty()
  end,
  apply = function(ctx, move)
    local row = ctx:get("fort_row")
    local deck = ctx:get("fort_deck")
    local mine = ctx:get("fort_reserve", ctx.seat)
    local at = revealed_at(row)
    local old = row:remove_at(at)
    deck:put_bottom("draw", old)
    local incoming = mine:remove_at(0)
    local drawn = deck:draw("draw")
    mine:add(drawn)
    ctx:log(colour(ctx, ctx.seat) .. " draws a new reserve fort card")
    ctx:log(colour(ctx, ctx.seat) .. " draws fort card " .. drawn, ctx.seat)
    local cards = row:take_all()
    table.insert(cards, at + 1, incoming)
    for i, card in ipairs(cards) do row:add(card, i - 1 <= at) end
    ctx:log(colour(ctx, ctx.seat) .. " replaces fort card " .. old .. " by " .. incoming)
  end,
})
