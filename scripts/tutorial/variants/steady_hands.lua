-- Steady hands: dice may not be adjusted; play them as they fall.
--
-- legal_filter hooks remove actions from every legal-action list.

hook("legal_filter", function(ctx, action)
  return action.text:sub(1, 7) ~= "adjust "
end)
