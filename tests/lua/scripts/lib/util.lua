-- A module of the [lua] tests, loaded with require("lib.util").
local util = {}

function util.fail(message)
  error(message)
end

return util
