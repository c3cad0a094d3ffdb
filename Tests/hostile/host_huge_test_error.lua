-- A test raising a 20 MB message: the TAP report quotes at most 200 characters of it.
-- command: test
-- args: --max-memory 64M
-- status: 1
-- max-output: 4096
-- expect-out: w{100}…w{100}
-- expect-out: 0 passed, 1 failed
test("big", function() error(string.rep("w", 20000000)) end)
