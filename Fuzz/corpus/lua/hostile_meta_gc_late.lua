-- A __gc field added after setmetatable does not mark the object for finalization (Lua
-- 5.4), and a non-function __gc is refused like a function: no way around the guard.
-- expect: meta_gc_late\.lua:\d+: error: setmetatable: a metatable with __gc is not allowed
local mt = {}
local t = setmetatable({}, mt)
mt.__gc = function() while true do end end
t = nil
local junk = {}
for i = 1, 1e5 do junk[i % 100] = { i } end
setmetatable({}, { __gc = false })
