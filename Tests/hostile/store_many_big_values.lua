-- One 8 MiB string stored under 120 keys: the second write would pass 16 MiB and raises,
-- so the host never holds 120 copies. pcall sees the error where the write was made.
-- expect: store_many_big_values\.lua:\d+: refused at key 2: .*larger than the 16 MiB limit
-- args: --max-memory 48M
return screen { id = "s", title = "Many",
  on_appear = function(ctx)
    local big = string.rep("v", 8 * 1024 * 1024)
    for i = 1, 120 do
      local ok, err = pcall(function() ctx.store["k" .. i] = big end)
      if not ok then error("refused at key " .. i .. ": " .. tostring(err)) end
    end
  end,
  section { toggle { text = "T", key = "t" } } }
