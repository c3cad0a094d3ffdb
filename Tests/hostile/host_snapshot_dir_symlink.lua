-- A shipped __snapshots__ that is a symbolic link out of the test root: snapshot neither
-- writes through it (no file appears outside) nor reads from it.
-- command: test
-- status: 0
-- setup: file ../outside/keep.txt: kept
-- setup: file ../outside/old.txt: OUTSIDE-TEXT
-- setup: symlink __snapshots__ -> ../outside
-- expect-out: ^# 1 passed, 0 failed$
-- reject: OUTSIDE-TEXT
test("no writing out", function()
  raises(function() snapshot("new", "pwned") end, "is outside the test root")
  raises(function() snapshot("old", "guess") end, "is outside the test root")
end)
