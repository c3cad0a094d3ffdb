-- A test file's open() of an absolute path is refused: nothing outside the test root
-- (the folder `luascreen test` was started in) is loaded; the message names the option that
-- lifts the bound: the executable adds it (a library user sees no CLI flag).
-- command: test
-- status: 0
-- expect-out: ^ok 1 - absolute
-- expect-out: ^# 1 passed, 0 failed$
-- expect-out: is an absolute path; name files relative to the test file, inside the test root \(--trusted lifts this\)
-- reject: root:x:0
test("absolute", function()
  raises(function() open("/etc/passwd") end, "is an absolute path")
  print(select(2, pcall(open, "/etc/passwd")))
end)
