-- Comparing two equal 16 MiB strings is one VM instruction and a 16 MiB memcmp (or strcoll):
-- neither the count hook nor a charge sees it. The action's time backstop stops it.
-- expect: budget_long_string_compare\.lua:\d+: error: .*instruction limit exceeded \(10000000 instructions, or their time\)
-- args: --max-memory 128M
local a = string.rep("q", 16 << 20)
local b = string.rep("q", 16 << 20)
return screen {
  title = "Compare",
  section {
    row { text = "eq", detail = function() local n = 0 for _ = 1, 1e6 do if a == b then n = n + 1 end end return "" .. n end },
    row { text = "lt", detail = function() local n = 0 for _ = 1, 1e6 do if a <= b then n = n + 1 end end return "" .. n end },
  },
}
