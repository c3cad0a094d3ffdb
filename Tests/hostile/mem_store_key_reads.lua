-- 400 field functions each reading ctx.store[k] with an 8 MiB key: each read copied the key
-- into the host (and recorded it as a dependency), 3.2 GB in all: "Fatal error: failed to
-- allocate" (exit 134). Copies out of Lua are charged against the cap now.
-- expect: mem_store_key_reads\.lua:\d+: error: .*memory limit exceeded
-- reject: Fatal error
local k = string.rep("k", 8 << 20)
local rows = {}
for i = 1, 400 do
  rows[i] = row { text = "Row " .. i, detail = function(ctx) return tostring(ctx.store[k]) end }
end
return screen { title = "Keys", section { rows = rows } }
