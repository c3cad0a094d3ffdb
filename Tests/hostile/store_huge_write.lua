-- A callback stores 17 MiB: the next run would find a file over the limit. The write is
-- refused where it is made (SPEC §6), so the person is never locked out of their values.
-- expect: store_huge_write\.lua:\d+: cannot store "big": the store file would be \d+ bytes \(17\.0 MiB\), larger than the 16 MiB limit
-- args: --max-memory 48M
return screen { id = "s", title = "Huge",
  on_appear = function(ctx) ctx.store.big = string.rep("x", 17 * 1024 * 1024) end,
  section { toggle { text = "T", key = "t" } } }
