-- A __gc that builds gigabytes (finalizers may run while the host has lifted the cap).
-- expect: meta_gc_bomb\.lua:\d+: error: setmetatable: a metatable with __gc is not allowed
local function bomb()
  local s = "x"
  for i = 1, 40 do s = s .. s end
  LEAK = s
end
return setmetatable(screen { section { row { text = "x" } } }, { __gc = bomb })
