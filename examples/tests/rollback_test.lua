-- examples/tests/rollback_test.lua: a callback that raises changes nothing (SPEC §1): its
-- store writes, alerts and screen changes are discarded, and the error surfaces through
-- the session method that ran it, with the script's file and line.

local function row_ids(s)
  local ids = {}
  for _, row in ipairs(s:screen().sections[1].rows) do ids[#ids + 1] = row.id end
  return ids
end

local declared = { "armed", "fragile", "go_and_fail", "insert_bad_row", "store_wrong_type", "insert" }

test("a failing on_change undoes the toggle and everything it did", function()
  local s = open("fixtures/rollback.lua")
  local message = raises(function() s:select("Fragile") end, "fragile broke")
  truthy(message:find("fixtures/rollback.lua:19:", 1, true), "the message names the script's line: " .. message)
  truthy(message:find("on_change of row \"fragile\"", 1, true), message)
  eq(s:store(), { armed = false, fragile = false })
  eq(s:messages(), {})
  eq(row_ids(s), declared)
end)

test("a failing on_select undoes its push", function()
  local s = open("fixtures/rollback.lua")
  raises(function() s:select("Go and Fail") end, "rollback%.lua:%d+: attempt to index a nil value")
  eq(s:path(), { "rollback" })
  eq(s:store().armed, false)
end)

test("an inserted row that does not validate fails the callback", function()
  local s = open("fixtures/rollback.lua")
  raises(function() s:select("Insert Bad Row") end, 'unknown field "txt"')
  eq(row_ids(s), declared)
  eq(s:store().armed, false)
  raises(function() s:select("Store Wrong Type") end, "bound to a toggle row")
  eq(s:store().armed, false)
end)

test("the same changes without an error are kept", function()
  local s = open("fixtures/rollback.lua")
  s:select("Insert")
  eq(s:store().armed, true)
  eq(s:messages(), { "inserted" })
  eq(row_ids(s)[1], "inserted")
  -- Fragile now fails earlier, on a second row with the id "inserted", and still changes nothing.
  raises(function() s:select("Fragile") end, 'duplicate row id "inserted"')
  eq(s:store(), { armed = true, fragile = false })
  eq(#row_ids(s), #declared + 1)
  snapshot("rollback-after-insert", s:render(60))
end)

test("a script that does not load makes open raise with its diagnostics", function()
  raises(function() open("../broken/syntax.lua") end, "broken/syntax%.lua:%d+: error: syntax error")
  raises(function() open("../broken/runtime.lua") end, "broken/runtime%.lua:%d+: error:")
  raises(function() open("../broken/returns_nothing.lua") end, "does not load")
  raises(function() open("fixtures/missing.lua") end, "cannot read the script")
  raises(function() open("../settings.lua", { colour = true }) end, 'unknown option "colour"')
  raises(function() open("../settings.lua", { store = { notifications = {} } }) end,
         'store value for "notifications": list "" does not fit: its toggle row holds a boolean')
  raises(function() open("../settings.lua", { store = { notifications = { x = 1 } } }) end,
         "opts.store.notifications must be a boolean, number, string or list")
end)
