-- A __gc that loops forever. Finalizers run with Lua's hooks off, so no budget could stop
-- one (it hung the host during the first collection, or at close); the sandbox refuses it.
-- expect: meta_gc_loops\.lua:\d+: error: setmetatable: a metatable with __gc is not allowed
local ok = pcall(setmetatable, {}, { __gc = function() while true do end end })
assert(not ok)
local t = {}
for i = 1, 1e5 do t[i % 100] = {} end -- would trigger collections
return setmetatable(screen { section { row { text = "x" } } }, { __gc = function() while true do end end })
