-- A `luascreen test` file that makes COUNT selects or sets of toggles spread over a
-- generated screen of ROWS rows, each naming its row by one kind of reference (MODE):
--   select-text   s:select("Toggle 50000")        set-text    s:set("Toggle 50000", true)
--   select-id     s:select("toggle_50000")        set-id      s:set("toggle_50000", false)
--   select-number s:select("33334")
-- scripts/bench --select-set copies it next to the screen, replacing the @PLACEHOLDERS@,
-- and counts its instructions with callgrind at COUNT = N and COUNT = 0: the difference
-- divided by N is one operation (the first operation, which indexes the screen, is made
-- in both runs and so not counted).
local COUNT = @COUNT@
local SCREEN = "@SCREEN@"
local ROWS = @ROWS@
local MODE = "@MODE@"

-- The i-th toggle of the screen (rows 2, 5, 8, ... are toggles), spread evenly.
local function toggle(n)
  local k = (n * 7919) % (ROWS // 3)  -- a stride that visits the screen out of order
  local row = 3 * k + 2
  return row, 2 * k + 2               -- its row index and its number (2 selectable rows in 3)
end

local function op(s, n)
  local row, number = toggle(n)
  if MODE == "select-text" then s:select("Toggle " .. row)
  elseif MODE == "set-text" then s:set("Toggle " .. row, n % 2 == 0)
  elseif MODE == "select-id" then s:select("toggle_" .. row)
  elseif MODE == "set-id" then s:set("toggle_" .. row, n % 2 == 0)
  elseif MODE == "select-number" then s:select(tostring(number))
  else error("unknown MODE " .. MODE) end
end

test(MODE .. " " .. COUNT .. " times on " .. ROWS .. " rows", function()
  local s = open(SCREEN)
  op(s, 0)  -- warm-up: the first reference indexes the screen
  for n = 1, COUNT do op(s, n) end
  -- The last toggle is as the last operation left it (read in both runs, so not counted).
  local row = toggle(COUNT)
  local value = s:row("toggle_" .. row).value
  if COUNT > 0 and MODE:sub(1, 3) == "set" then eq(value, COUNT % 2 == 0) end
end)
