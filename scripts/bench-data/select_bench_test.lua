-- A `luascreen test` file that times selections of a callback row.
-- scripts/bench copies it next to a generated screen, replacing the three
-- @PLACEHOLDERS@, and reads the "bench:" line it prints.
local ITERATIONS = @ITERATIONS@
local SCREEN = "@SCREEN@"
local REF = "@REF@"

test("select " .. REF .. " " .. ITERATIONS .. " times", function()
  local s = open(SCREEN)
  s:select(REF)                     -- warm up: the first select indexes the screen
  local start = os.clock()
  for _ = 1, ITERATIONS do
    s:select(REF)
  end
  local elapsed = os.clock() - start
  print(string.format("bench: select %d %.9f", ITERATIONS, elapsed))
end)
