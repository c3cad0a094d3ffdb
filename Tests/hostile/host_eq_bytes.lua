-- eq compares strings byte for byte: "\xff" and "\xfe" (both invalid UTF-8) differ, and a
-- failing eq shows them as \xff and \xfe; "\1" .. "2" is shown as "\x012", not "\12".
-- command: test
-- expect-out: ^ok 1 - bytes differ$
-- expect-out: expected: "\\xfe"
-- expect-out: actual:   "\\xff"
-- expect-out: actual:   "\\x012"
-- expect-out: ^# 1 passed, 2 failed$
test("bytes differ", function()
  raises(function() eq("\xff", "\xfe") end, "eq failed")
  eq("\xff", "\xff")
  eq({ ["\xff"] = "\xfe" }, { ["\xff"] = "\xfe" })
  raises(function() eq({ ["\xff"] = 1 }, { ["\xfe"] = 1 }) end, "eq failed")
end)
test("shown", function() eq("\xff", "\xfe") end)
test("digit after control", function() eq("\1" .. "2", "\12") end)
