-- Early market: a player may trade with the bank before rolling the dice, at the game's rates.
--
-- A house rule that widens a move of the game's C++: the turn's generator offers trade_bank
-- only after the roll, and extend_legal adds the same trades before it. It reads the turn's
-- named flag (step.rolled, flow.yaml `flags:`) and the rates and card classes from
-- data/catan_inca/game.yaml (ctx:data), so an overlay that changes a rate changes this rule
-- too. The game's own apply pays the cards and asks which card to take.

extend_legal("trade_bank", function(ctx, step)
  if step.rolled then return {} end  -- after the roll the game offers these trades itself
  local game = ctx:data("game")
  local cards = ctx:get("cards")
  local in_bank = 0  -- card types the bank holds: a trade must leave one to take
  for _, card in ipairs(game.cards) do
    if cards:bank(card.id) > 0 then in_bank = in_bank + 1 end
  end
  local out = {}
  for _, card in ipairs(game.cards) do
    local rate = card.class == "goods" and game.bank_trades.goods_rate or game.bank_trades.resource_rate
    local others = in_bank - (cards:bank(card.id) > 0 and 1 or 0)
    if cards:count(step.seat, card.id) >= rate and others > 0 then out[#out + 1] = {give = card.id} end
  end
  return out
end)
