-- lib.tally: a module whose table memory.lua changes in every call.
return {n = 0}
