-- ctx:update_row giving one row a 4 MiB detail, 200 times over.
-- expect: mem_update_rows\.lua:\d+: .*memory limit exceeded
local v = string.rep("d", 4 << 20)
return screen {
  title = "Rows",
  on_appear = function(ctx)
    for i = 1, 200 do ctx:update_row("r", { detail = v .. i }) end
  end,
  section { id = "s", row { id = "r", text = "x" } },
}
