"""luascreen test --coverage FILE (SPEC §11): lcov for the scripts the tests opened, and a summary."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT

# Every line of this script holds code; the test runs all of them but line 9 (the body of
# Never's on_select). Rows: 4, all shown; selectable: Wifi, Go, Never; selected: Go.
# Callbacks: Go's and Never's on_select; run: Go's.
SMALL = """return screen {
  id = "small", title = "Small",
  section {
    toggle { text = "Wifi", key = "wifi" },
    button { text = "Go", on_select = function(ctx)
        ctx:alert("went")
      end },
    button { text = "Never", on_select = function(ctx)
        ctx:alert("never")
      end },
    row { text = "Info", detail = "x" },
  },
}
"""
SMALL_TEST = """test("go", function()
  local s = open("../small.lua")
  s:select("Go")
  eq(s:messages(), { "went" })
end)
"""


def lcov_records(text):
    records = {}
    current = None
    for line in text.splitlines():
        if line.startswith("SF:"):
            current = line[3:]
            records[current] = {}
        elif line.startswith("DA:"):
            number, hits = line[3:].split(",")
            records[current][int(number)] = int(hits)
        elif line == "end_of_record":
            current = None
    return records


class Coverage(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.work)

    def test_the_summary_matches_a_hand_count(self):
        os.mkdir(os.path.join(self.work, "tests"))
        with open(os.path.join(self.work, "small.lua"), "w") as f:
            f.write(SMALL)
        with open(os.path.join(self.work, "tests", "small_test.lua"), "w") as f:
            f.write(SMALL_TEST)
        result = subprocess.run([support.BIN, "test", "tests", "--coverage", "cov.info"],
                                capture_output=True, text=True, cwd=self.work, timeout=60)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("coverage: small.lua: lines run 12/13, rows shown 4/4, rows selected 1/3, callbacks run 1/2",
                      result.stdout)
        self.assertIn("coverage: all: lines run 12/13, rows shown 4/4, rows selected 1/3, callbacks run 1/2 (lcov in cov.info)",
                      result.stdout)
        with open(os.path.join(self.work, "cov.info")) as f:
            records = lcov_records(f.read())
        self.assertEqual(list(records), [os.path.realpath(os.path.join(self.work, "small.lua"))])
        lines = next(iter(records.values()))
        self.assertEqual(sorted(lines), list(range(1, 14)))
        self.assertEqual([n for n, hits in lines.items() if hits == 0], [9])
        self.assertGreaterEqual(lines[6], 1)

    def test_row_actions_count_as_callbacks(self):
        # Issue 24: a row's actions are callbacks: 2 declared, the test runs one.
        os.mkdir(os.path.join(self.work, "tests"))
        with open(os.path.join(self.work, "acts.lua"), "w") as f:
            f.write("""return screen { id = "a", title = "A", section {
  row { text = "Mail", actions = {
    { id = "archive", text = "Archive", on_select = function(ctx) ctx:alert("archived") end },
    { id = "delete", text = "Delete", on_select = function(ctx) ctx:alert("deleted") end },
  } },
} }
""")
        with open(os.path.join(self.work, "tests", "acts_test.lua"), "w") as f:
            f.write('test("archive", function() local s = open("../acts.lua"); s:action("Mail", "archive") end)\n')
        result = subprocess.run([support.BIN, "test", "tests", "--coverage", "cov.info"],
                                capture_output=True, text=True, cwd=self.work, timeout=60)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("callbacks run 1/2", result.stdout)

    def test_the_examples_lcov_reads_in_genhtml(self):
        info = os.path.join(self.work, "examples.info")
        result = subprocess.run([support.BIN, "test", "examples/tests", "--coverage", info],
                                capture_output=True, text=True, cwd=ROOT, timeout=120)
        self.assertEqual(result.returncode, 0, result.stdout[-2000:] + result.stderr)
        summary = result.stdout.splitlines()[-1]
        self.assertRegex(summary, r"^coverage: all: lines run (\d+)/(\d+), rows shown (\d+)/(\d+), "
                                  r"rows selected (\d+)/(\d+), callbacks run (\d+)/(\d+) \(lcov in ")
        with open(info) as f:
            text = f.read()
        records = lcov_records(text)
        for name in ["settings.lua", "jmstatic.lua", "books.lua", "money.lua", "sync.lua", "about.lua"]:
            self.assertIn(os.path.join(ROOT, "examples", name), records)
        self.assertIn(os.path.join(ROOT, "examples", "lib", "shared_rows.lua"), records)  # required by about.lua
        self.assertFalse(any(path.endswith("_test.lua") for path in records))
        self.assertEqual(text.count("SF:"), text.count("end_of_record"))
        genhtml = shutil.which("genhtml")
        self.assertIsNotNone(genhtml, "genhtml is missing: scripts/setup installs Debian's lcov")
        html = subprocess.run([genhtml, info, "-o", os.path.join(self.work, "html")],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(html.returncode, 0, html.stdout + html.stderr)
        self.assertTrue(os.path.exists(os.path.join(self.work, "html", "index.html")))
        match = re.search(r"lines run (\d+)/(\d+)", summary)
        self.assertIn(f"({match.group(1)} of {match.group(2)} lines)", html.stdout)

    def test_coverage_goes_with_test(self):
        result = subprocess.run([support.BIN, "check", "examples/settings.lua", "--coverage", "x.info"],
                                capture_output=True, text=True, cwd=ROOT)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--coverage goes with test", result.stderr)


if __name__ == "__main__":
    unittest.main()
