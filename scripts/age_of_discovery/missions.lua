-- Age of Discovery: special missions (rules 6.3). Each mission card names the effect
-- "mission" with params {type = presence|half|majority|all}; the plugin adds
-- params.expeditions (expedition ids) and params.track (value of each space of the
-- completed-contracts track, space 0 first). The effect reads the ship counts the plugin
-- keeps in the "tally" counters ("<expedition>.all", "<expedition>.s<seat>") and the
-- completed contracts in the seat's "player" counters, and writes the mission's points
-- into the seat's "score" counters.

local function fulfils(kind, own, all)
  if own >= 1 and own == all then return true end   -- a sole occupant fulfils every type
  if kind == "presence" then return own >= 1 end
  if kind == "half" then return own >= 1 and 2 * own >= all end
  if kind == "majority" then return own > all - own end
  if kind == "all" then return own >= 1 and own == all end
  error("unknown mission type '" .. tostring(kind) .. "'")
end

effect("mission", {
  params = {type = {enum = {"presence", "half", "majority", "all"}}},
  apply = function(ctx, params)
    local tally = ctx:get("tally")
    local seat = ctx.seat
    local count = 0
    for _, id in ipairs(params.expeditions) do
      if fulfils(params.type, tally:get(id .. ".s" .. seat), tally:get(id .. ".all")) then
        count = count + 1
      end
    end
    local done = ctx:get("player", seat):get("contracts")
    local last = #params.track
    local value = params.track[math.min(done + 1, last)]
    local score = ctx:get("score", seat)
    score:set("mission_expeditions", count)
    score:set("missions", count * value)
    ctx:log("seat " .. seat .. " fulfils the " .. params.type .. " mission on " .. count ..
            " expeditions: " .. (count * value) .. " VP")
  end,
})
