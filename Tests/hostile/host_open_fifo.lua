-- open() of a FIFO or a folder says what it is, without blocking on the FIFO.
-- command: test
-- status: 0
-- setup: fifo pipe.lua
-- setup: file folder.lua/x: x
-- expect-out: ^# 1 passed, 0 failed$
test("not regular", function()
  raises(function() open("pipe.lua") end, "not a regular file")
  raises(function() open("folder.lua") end, "a folder")
end)
