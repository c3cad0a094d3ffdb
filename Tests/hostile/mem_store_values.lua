-- One 8 MiB string stored under 120 keys by on_appear (1 GB of host copies before).
-- The second write would make the store file pass 16 MiB (SPEC §6): refused before any copy.
-- expect: mem_store_values\.lua:\d+: .*(memory limit exceeded|larger than the 16 MiB limit)
local v = string.rep("v", 8 << 20)
return screen {
  title = "Values",
  on_appear = function(ctx)
    for i = 1, 120 do ctx.store["key" .. i] = v end
  end,
  section { row { text = "x" } },
}
