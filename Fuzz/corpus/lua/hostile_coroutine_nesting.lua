-- Coroutines resuming coroutines without end: the C stack limit holds.
-- expect: coroutine_nesting\.lua:\d+: error: .*(C stack overflow|stack overflow)
local function f()
  local co = coroutine.wrap(f)
  return co()
end
f()
return screen { title = "never" }
