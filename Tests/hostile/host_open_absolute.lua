-- A test file's open() of an absolute path is refused: nothing outside the test root
-- (the folder `luascreen test` was started in) is loaded.
-- command: test
-- status: 0
-- expect-out: ^ok 1 - absolute
-- expect-out: ^1 passed, 0 failed$
-- reject: root:x:0
test("absolute", function()
  raises(function() open("/etc/passwd") end, "is an absolute path")
end)
