-- The key itself is 17 MiB: refused like a value that big.
-- expect: store_huge_key\.lua:\d+: cannot store "k{200}…": the store file would be \d+ bytes \(17\.0 MiB\), larger than the 16 MiB limit
-- reject: k{201}
-- args: --max-memory 48M
return screen { id = "s", title = "Huge key",
  on_appear = function(ctx) ctx.store[string.rep("k", 17 * 1024 * 1024)] = true end,
  section { toggle { text = "T", key = "t" } } }
