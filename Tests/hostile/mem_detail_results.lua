-- 400 field functions each returning the same 8 MiB string: the host copies each result.
-- expect: mem_detail_results\.lua:\d+: error: .*memory limit exceeded
local v = string.rep("r", 8 << 20)
local rows = {}
for i = 1, 400 do rows[i] = row { text = "Row " .. i, detail = function() return v end } end
return screen { title = "Results", section { rows = rows } }
