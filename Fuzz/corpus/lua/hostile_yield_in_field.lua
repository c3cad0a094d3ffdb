-- A field function that yields: it runs on the host's main thread, so it cannot.
-- expect: yield_in_field\.lua:\d+: error: .*attempt to yield from outside a coroutine
return screen {
  title = "Yield",
  section { row { text = "x", detail = function() coroutine.yield("d") end } },
}
