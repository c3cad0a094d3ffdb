-- __gc metamethods that raise. The sandbox refuses metatables with __gc outright (Lua runs
-- finalizers with hooks off, outside any budget); see meta_gc_raises_trusted.lua for the
-- same script with every library open, where __gc does run and must not crash the host.
-- expect: meta_gc_raises\.lua:\d+: error: setmetatable: a metatable with __gc is not allowed
local function boom() error("gc ran and raised") end
for i = 1, 1000 do setmetatable({}, { __gc = boom }) end
return setmetatable(screen { section { row { text = "x" } } }, { __gc = boom })
