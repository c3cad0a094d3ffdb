-- load() of 16 MiB of blanks again and again: the parser scans without running an instruction.
-- expect: budget_load_loop\.lua:5: error: instruction limit exceeded
-- args: --max-memory 128M
local src = string.rep(" ", 16 << 20)
for _ = 1, 1000000 do load(src) end
return screen { title = "Load", section { row { text = "never" } } }
