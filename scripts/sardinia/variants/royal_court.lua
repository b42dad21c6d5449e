-- Royal court: the Queen may also carry out a card another player has played this round
-- (other than the Guard and the Queen), not only one of the player's own.
--
-- A house rule that widens a move of the game's C++: the option generator offers `copy` for
-- the player's own played cards, and extend_legal adds the others' played cards. Which cards
-- copy and which score is the game's data, read from data/sardinia/cards.yaml (ctx:data); the
-- game's own apply carries the copied card out.

extend_legal("copy", function(ctx, step)
  local cards = ctx:data("cards").character_cards
  local queen = cards[step.card + 1]  -- the card whose options the step offers
  if not (queen and queen.copies) then return {} end
  local out = {}
  for _, card in ipairs(cards) do
    if not card.scoring and not card.copies then
      for seat = 0, ctx.players - 1 do
        if seat ~= step.seat and ctx:get("played", seat):contains(card.id) then
          out[#out + 1] = {card = card.id}
          break
        end
      end
    end
  end
  return out
end)
