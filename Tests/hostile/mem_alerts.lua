-- ctx:alert with an 8 MiB message, 200 times.
-- expect: mem_alerts\.lua:\d+: .*memory limit exceeded
local v = string.rep("a", 8 << 20)
return screen {
  title = "Alerts",
  on_appear = function(ctx) for _ = 1, 200 do ctx:alert(v) end end,
  section { row { text = "x" } },
}
