-- A test that prints in a loop: the runner keeps at most 1 MiB of its output (then says it
-- cut the rest), so the host does not grow with the loop.
-- command: test
-- status: 0
-- max-output: 2000000
-- expect-out: print output cut: more than 1 MiB in this test
-- expect-out: ^# 1 passed, 0 failed$
test("flood", function()
  local line = string.rep("p", 4000)
  for i = 1, 100000 do print(line) end
end)
