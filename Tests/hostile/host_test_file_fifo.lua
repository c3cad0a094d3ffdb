-- A FIFO given to `luascreen test` as a test file is refused, not waited on.
-- command: test
-- target: pipe_test.lua
-- setup: fifo pipe_test.lua
-- expect-out: cannot read the test file: not a regular file
return nil
