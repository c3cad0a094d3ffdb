-- examples/broken/returns_nothing.lua
--
-- EXPECTED TO FAIL: the script runs without an error but returns nothing, so there
-- is no screen or app to show. luascreen reports that the script returns no screen
-- or app and exits 1:
--
--     luascreen check examples/broken/returns_nothing.lua
--
-- The mistake: the screen is built and kept in a local, and the final
-- `return main` was forgotten.

local main = screen {
  id = "forgotten", title = "Forgotten",
  section {
    row { text = "Nobody will see this row" },
  },
}
