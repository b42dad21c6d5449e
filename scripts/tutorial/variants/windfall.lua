-- Windfall: every effect that gains coins (the Moneylender, renown space 10) gains 1 coin more.
--
-- A house rule that wraps an effect: the wrapper receives the game's own gain_coins as
-- `base` and calls it with a changed amount, so the rule is one line, not a copy.

wrap_effect("gain_coins", function(base, ctx, params, choice)
  base(ctx, { amount = params.amount + 1 }, choice)
end)
