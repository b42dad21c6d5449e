-- A legal_filter that answers neither true nor false.
hook("legal_filter", function() return 5 end)
