"""Snapshot diffs of large texts (SPEC §5, §7): a mismatch of two big texts is reported in
seconds with a bounded diff, each shown line cut to 200 characters around a `…`."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

# 2,000 lines of 2,000 characters that differ only at their ends, in another order: the
# line table once compared whole lines for each of its 4 million cells (minutes).
TEST = """\
test("big", function()
  local t = {}
  for i = 0, 1999 do t[#t + 1] = string.rep("p", 1990) .. string.format("%06d", 1999 - i) end
  snapshot("big", table.concat(t, "\\n") .. "\\n")
end)
"""


class LargeSnapshotDiff(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-snapdiff-")
        os.makedirs(os.path.join(self.dir, "__snapshots__"))
        with open(os.path.join(self.dir, "__snapshots__", "big.txt"), "w") as f:
            f.write("\n".join(("p" * 1990) + "%06d" % i for i in range(2000)) + "\n")
        with open(os.path.join(self.dir, "big_test.lua"), "w") as f:
            f.write(TEST)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_a_mismatch_of_two_large_texts_is_reported_quickly_and_briefly(self):
        result = subprocess.run([support.BIN, "test", ".", "--max-instructions", "100000000"],
                                cwd=self.dir, capture_output=True, text=True, timeout=60)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("not ok 1 - big", result.stdout)
        self.assertIn("more changed line(s)", result.stdout)
        # Each line of the diff keeps its first and last 100 characters.
        self.assertIn("p" * 100 + "…", result.stdout)
        self.assertNotIn("p" * 201, result.stdout)
        self.assertLess(len(result.stdout), 64 * 1024)


if __name__ == "__main__":
    unittest.main()
