"""The action budget and the host memory bound, measured on the built binary (SPEC §7).

Run from the repository root (after `swift build`):

    python3 -m unittest Tests.cli.test_limits -v

Each command runs under GNU time, and its peak memory (max RSS) must stay under
twice the memory cap plus 32 MiB, and which must end within TIMEOUT seconds (the bound
of SPEC §7 is about two seconds a command on a 2-core machine, for a release build; the
debug build and a loaded machine get more room). The scripts are the `mem_*.lua` cases of
Tests/hostile (which test_hostile.py also runs through check, dump and render for their
messages), and test files written here: one test that opens the same
script 24 times (the sessions of a test file share one cap) and one whose session calls
loop (they share the test's budget).
"""
import os
import re
import shutil
import signal
import subprocess
import tempfile
import textwrap
import time
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.abspath(os.environ.get("LUASCREEN_BIN") or os.path.join(ROOT, ".build", "debug", "luascreen"))
CORPUS = os.path.join(ROOT, "Tests", "hostile")
TIMEOUT = float(os.environ.get("LUASCREEN_LIMITS_TIMEOUT", "20"))
CAP = 64 << 20
BOUND = 2 * CAP + (32 << 20)



TIME = "/usr/bin/time"  # GNU time (Debian package `time`, installed by scripts/setup)
PEAK = re.compile(r"^LUASCREEN-PEAK (\d+)$", re.MULTILINE)


def run_measured(arguments, cwd, stdin=b"", timeout=TIMEOUT):
    """(status, stdout, stderr, peak bytes, seconds) of one command; status None on a timeout.

    The peak is the command's own max RSS, from GNU time: os.wait4 on a child of this
    (large) Python process would count the parent's pages the child had before its exec.
    """
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="dumb", NO_COLOR="1")
    started = time.monotonic()
    process = subprocess.Popen([TIME, "-f", "LUASCREEN-PEAK %M", BIN] + arguments, cwd=cwd, env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        out, err = process.communicate(stdin, timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        status = None
    seconds = time.monotonic() - started
    err = err.decode("utf-8", "replace")
    peaks = PEAK.findall(err)
    err = PEAK.sub("", err)
    if status is not None and err.rstrip().endswith("Command exited with non-zero status %d" % status):
        err = err.rstrip()[: -len("Command exited with non-zero status %d" % status)]
    return status, out.decode("utf-8", "replace"), err, int(peaks[-1]) * 1024 if peaks else 0, seconds


class LimitsBase(unittest.TestCase):
    def setUp(self):
        if not os.access(BIN, os.X_OK):
            self.fail(f"no luascreen binary at {BIN}: run `swift build` first or set LUASCREEN_BIN")
        if not os.access(TIME, os.X_OK):
            self.fail(f"no GNU time at {TIME}: run scripts/setup (Debian package `time`)")
        self.dir = tempfile.mkdtemp(prefix="luascreen-limits-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def assertBounded(self, what, status, err, peak, seconds):
        self.assertIsNotNone(status, f"{what}: still running after {seconds:.0f} s")
        self.assertEqual(status, 1, f"{what}: exit {status}, expected 1\nstderr: {err[-2000:]}")
        self.assertNotRegex(err, r"Fatal error|internal error|Backtracing", f"{what}: crashed")
        self.assertGreater(peak, 0, f"{what}: no peak reported by {TIME}")
        self.assertLess(peak, BOUND, f"{what}: peak {peak >> 20} MiB, bound {BOUND >> 20} MiB")


class CorpusLimitTests(LimitsBase):
    """check of each mem_ case: a clear error, exit 1, under the bound (the budget_ cases,
    which build little, are run by test_hostile.py)."""

    def measure(self, name):
        shutil.copyfile(os.path.join(CORPUS, name), os.path.join(self.dir, name))
        status, out, err, peak, seconds = run_measured(["check", name], self.dir)
        self.assertBounded(f"check {name}", status, err, peak, seconds)
        # The store's 16 MiB file limit (SPEC §6) can stop a case before the memory cap does.
        self.assertRegex(err, r"(memory|instruction) limit exceeded|unknown field|larger than the 16 MiB limit",
                         f"check {name}: {err[-300:]}")


def _add_corpus_cases():
    for name in sorted(os.listdir(CORPUS)):
        if re.match(r"mem_.*\.lua$", name):
            setattr(CorpusLimitTests, "test_" + re.sub(r"\W", "_", name[:-4]),
                    lambda self, name=name: self.measure(name))


_add_corpus_cases()

APP = textwrap.dedent("""\
    local rows = {}
    for i = 1, 2000 do rows[i] = row { id = "r" .. i, text = string.rep("t", 1000) .. i } end
    rows[#rows + 1] = button { id = "spin", text = "Spin", on_select = function() for i = 1, 3e6 do end end }
    return screen { title = "App", section { id = "s", rows = rows } }
    """)


BIG_APP = textwrap.dedent("""\
    local text = string.rep("t", 2 << 20)
    local rows = {}
    for i = 1, 8 do rows[i] = row { id = "r" .. i, text = text } end
    return screen { title = "Big", section { rows = rows } }
    """)


class TestFileLimitTests(LimitsBase):
    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w", encoding="utf-8") as f:
            f.write(text)

    def test_sessions_of_a_test_file_share_one_cap(self):
        """24 open() in one test took 645 MB; the sessions share the test file's cap now."""
        self.write("big.lua", BIG_APP)
        self.write("opens_test.lua", textwrap.dedent("""\
            test("many sessions", function()
              local sessions = {}
              for i = 1, 24 do sessions[i] = open("big.lua") end
            end)
            """))
        status, out, err, peak, seconds = run_measured(["test", "opens_test.lua"], self.dir)
        self.assertBounded("test opens_test.lua", status, out + err, peak, seconds)
        self.assertIn("memory limit exceeded", out + err)

    def test_session_calls_share_the_test_budget(self):
        """Each select fits a budget alone; four in one test do not."""
        self.write("app.lua", APP)
        self.write("spin_test.lua", textwrap.dedent("""\
            test("one select", function() open("app.lua"):select("spin") end)
            test("four selects", function()
              local s = open("app.lua")
              for _ = 1, 4 do s:select("spin") end
            end)
            """))
        status, out, err, peak, seconds = run_measured(["test", "spin_test.lua"], self.dir)
        self.assertBounded("test spin_test.lua", status, out + err, peak, seconds)
        self.assertRegex(out, r"ok 1 - one select")
        self.assertRegex(out, r"not ok 2 - four selects")
        self.assertIn("instruction limit exceeded", out + err)

    def test_repl_commands_each_get_a_budget_and_rows_stay_bounded(self):
        """Batch commands inserting 4 MiB rows, thirty times: bounded, each command refused clearly."""
        self.write("rows.lua", textwrap.dedent("""\
            local v = string.rep("v", 4 << 20)
            local n = 0
            return screen { title = "Rows", section { id = "s",
              button { id = "add", text = "Add", on_select = function(ctx)
                for _ = 1, 4 do n = n + 1; ctx:insert_row("s", 1, row { id = "r" .. n, text = v }) end
              end },
            } }
            """))
        commands = "".join("add\n" for _ in range(30)).encode()
        status, out, err, peak, seconds = run_measured(["run", "rows.lua", "--store", "none"], self.dir,
                                                       stdin=commands, timeout=TIMEOUT * 6)
        self.assertBounded("run rows.lua", status, out + err, peak, seconds)
        self.assertIn("memory limit exceeded", out + err)


if __name__ == "__main__":
    unittest.main()
