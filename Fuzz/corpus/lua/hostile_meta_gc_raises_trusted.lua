-- With --trusted the real setmetatable is used: finalizers that raise run during
-- collections and when the state closes; their errors are dropped, not a crash.
-- args: --trusted
-- expect: meta_gc_raises_trusted\.lua:\d+: error: missing required field "title"
-- reject: gc ran and raised
local function boom() error("gc ran and raised") end
for i = 1, 1000 do setmetatable({}, { __gc = boom }) end
collectgarbage()
collectgarbage()
return setmetatable(screen { section { row { text = "x" } } }, { __gc = boom })
