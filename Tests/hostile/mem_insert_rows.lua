-- 150 ctx:insert_row sharing one 4 MiB text (624 MB of host rows before).
-- expect: mem_insert_rows\.lua:\d+: .*memory limit exceeded
local v = string.rep("t", 4 << 20)
return screen {
  title = "Rows",
  on_appear = function(ctx)
    for i = 1, 150 do ctx:insert_row("s", 1, row { id = "r" .. i, text = v }) end
  end,
  section { id = "s", row { text = "x" } },
}
