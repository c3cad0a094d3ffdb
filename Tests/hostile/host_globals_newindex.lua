-- run (batch): a script whose _G has a __newindex that raises (or loops) must not crash the
-- host when the host sets a global of its own (`ctx` for the REPL's `=` and `lua`): the host
-- sets its globals raw, outside the script's metamethods. (Before: an unprotected Lua error,
-- abort.)
-- command: run
-- stdin: = 1 + 1
-- stdin: lua print(ctx ~= nil)
-- status: 0
-- expect-out: 2
-- expect-out: true
setmetatable(_G, { __newindex = function(t, k, v) error("no new globals") end })
return screen { title = "T", sections = { section { rows = { row { text = "a" } } } } }
