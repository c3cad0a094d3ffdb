-- coroutine.wrap yielding from inside a field function called by the host, and yielding
-- across the host's C functions (the constructors).
-- expect: yield_across_host\.lua:\d+: error: .*attempt to yield (across a C-call boundary|from outside a coroutine)
local co = coroutine.wrap(function()
  return screen(setmetatable({}, { __index = function() coroutine.yield() end }))
end)
co()
local gen = coroutine.wrap(function() table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end) end)
gen()
return screen { title = "never" }
