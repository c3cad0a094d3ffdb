-- A snapshot that is a symbolic link to a secret: its text is never shown in a mismatch
-- diff, and --update-snapshots does not write through it.
-- command: test
-- args: --update-snapshots
-- status: 0
-- setup: file ../secret.txt: TOPSECRET
-- setup: symlink __snapshots__/leak.txt -> ../../secret.txt
-- setup: symlink __snapshots__/dangling.txt -> ../../nothing-here.txt
-- expect-out: ^# 1 passed, 0 failed$
-- reject: TOPSECRET
test("no reading out", function()
  raises(function() snapshot("leak", "guess") end, "is outside the test root")
  raises(function() snapshot("dangling", "x") end, "symbolic link to a missing file")
end)
