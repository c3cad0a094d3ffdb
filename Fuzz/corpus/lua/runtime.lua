-- examples/broken/runtime.lua
--
-- EXPECTED TO FAIL: a Lua run-time error while the script loads. The syntax is fine,
-- but running it calls a global that does not exist: `tooggle` is a typo for the
-- constructor `toggle`. luascreen reports "attempt to call a nil value (global
-- 'tooggle')" with this file and line 16, and the top of the traceback, and exits 1:
--
--     luascreen check examples/broken/runtime.lua

return screen {
  id = "runtime", title = "Run-time Error",
  section {
    header = "Oops",
    toggle  { text = "Spelled right", key = "right" },
    -- The next line raises when the script runs.
    tooggle { text = "Spelled wrong", key = "wrong" },
  },
}
