return require("bad.cycle_b")
