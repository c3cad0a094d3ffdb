-- luascreen test: test names, error messages, print, eq failures and row references of
-- a test file are escaped.
-- command: test
-- expect-out: not ok 1 - name \\x1b\]0;t\\x07 \\u\{202E\}
-- expect-out: ^  message: "boom \\x1b\[2J"$
-- expect-out: ^  at: host_print_test\.lua:\d+$
-- expect-out: # printed \\x1b\]52;c;aGk=\\x07
-- expect-out: actual:   "\\x1b\[31m"
-- expect-out: no row \\"ref\\x1b\[2J\\"
-- expect-out: ^# 2 passed, 3 failed$
-- setup: file app.lua: return screen { title = "App\u{202E}", section { row { text = "Row\27[2J" } } }
test("name \27]0;t\7 \u{202E}", function() error("boom \27[2J") end)
test("print", function() print("printed \27]52;c;aGk=\7") end)
test("eq", function() eq("\27[31m", "plain") end)
test("ref", function() local s = open("app.lua"); s:select("ref\27[2J") end)
test("render", function() local s = open("app.lua"); eq(s:render(40):find("\27", 1, true), nil); truthy(s:render(40):find("Row\\x1b[2J", 1, true)) end)
