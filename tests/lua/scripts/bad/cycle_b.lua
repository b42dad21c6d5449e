return require("bad.cycle_a")
