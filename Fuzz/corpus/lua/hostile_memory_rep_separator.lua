-- string.rep with a huge separator (and a huge count).
-- expect: memory_rep_separator\.lua:\d+: error: (memory limit exceeded|resulting string too large)
local sep = ("-"):rep(1e6)
local s = string.rep("x", 1e6, sep)
return screen { title = s }
