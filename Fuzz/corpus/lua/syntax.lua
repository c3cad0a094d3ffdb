-- examples/broken/syntax.lua
--
-- EXPECTED TO FAIL: a Lua syntax error. The script never runs; luascreen reports
-- the error Lua gives, with this file and the line, and exits 1:
--
--     luascreen check examples/broken/syntax.lua
--
-- The mistake: the first row's table is never closed, so Lua reads on and trips
-- over the `row` on line 16 ("'}' expected (to close '{' at line 15) near 'row'").

return screen {
  id = "syntax", title = "Syntax Error",
  section {
    header = "Oops",
    row { text = "Unclosed", detail = "the brace is missing"
    row { text = "Never reached" },
  },
}
