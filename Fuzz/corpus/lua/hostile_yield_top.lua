-- coroutine.yield at the top level of the script.
-- expect: yield_top\.lua:3: error: attempt to yield from outside a coroutine
coroutine.yield(1)
return screen { title = "never" }
