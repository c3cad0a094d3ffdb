"""luascreen explore (SPEC §12): random walks find the planted bugs, shrink them, and pass the examples."""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT
PLANTED = "Tests/explore/planted"

# Each planted bug: the check that finds it and the fewest commands that show it.
BUGS = {
    "two_settings.lua": ("raised", 3),     # select alpha, set level 5, select apply
    "never_enabled.lua": ("never-enabled", 0),
    # set speed 6 (or more): the stored value breaks Volume's max ("value"); once every write
    # is checked against its row, on_change raises instead ("raised")
    "out_of_range.lua": (("value", "raised"), 1),
    "toggle_order.lua": ("invariant", 3),  # c, a, b on, in that order
    # set region mars (a walk that picked mars on the picker is shrunk to this set too)
    "picker_options.lua": ("raised", 1),
    # add an item to the list, then its Share action: a list edit and a row action
    "list_action.lua": ("raised", 2),
}
SEEDS = [1, 2, 3]


def explore(*args, cwd=ROOT):
    return subprocess.run([support.BIN, "explore", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


class PlantedBugs(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)

    def test_each_planted_bug_is_found_and_shrunk(self):
        for name, (check, needed) in BUGS.items():
            for seed in SEEDS:
                with self.subTest(script=name, seed=seed):
                    result = explore(f"{PLANTED}/{name}", "--seed", str(seed), "--json")
                    self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
                    report = json.loads(result.stdout)
                    failure = report["failure"]
                    self.assertIsNotNone(failure)
                    self.assertIn(failure["check"], check if isinstance(check, tuple) else (check,), failure["message"])
                    self.assertLessEqual(report["walks"], 200)
                    self.assertLessEqual(failure["steps_after"], needed, failure["commands"])
                    self.assertLessEqual(failure["steps_after"], max(failure["steps_before"], needed))

    def test_the_shrunk_commands_show_the_bug_in_batch_mode(self):
        for name, status, shown in [("two_settings.lua", 1, "cannot apply alpha at level 5"),
                                    ("picker_options.lua", 0, "no sizes on mars")]:
            result = explore(f"{PLANTED}/{name}", "--seed", "1", "--json")
            commands = json.loads(result.stdout)["failure"]["commands"]
            batch = subprocess.run([support.BIN, "run", f"{PLANTED}/{name}", "--store", "none"],
                                   input="\n".join(commands) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60)
            # A callback that raises fails its command; a field function that raises marks its row.
            self.assertEqual(batch.returncode, status, batch.stdout)
            self.assertIn(shown, batch.stdout + batch.stderr)

    def test_text_output_prints_the_seed_first_then_commands_and_summary(self):
        result = explore(f"{PLANTED}/two_settings.lua", "--seed", "5")
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "seed 5")
        self.assertTrue(lines[1].startswith("FAIL raised: "), lines[1])
        self.assertIn("  select apply", lines)
        self.assertRegex(lines[-1], r"^walks \d+, steps \d+, screens reached 1/1, rows selected \d+/4$")

    def test_the_same_seed_gives_the_same_walks(self):
        a = explore(f"{PLANTED}/toggle_order.lua", "--seed", "99", "--json")
        b = explore(f"{PLANTED}/toggle_order.lua", "--seed", "99", "--json")
        ja, jb = json.loads(a.stdout), json.loads(b.stdout)
        for report in (ja, jb):
            del report["nanoseconds"]
        self.assertEqual(ja, jb)
        c = json.loads(explore(f"{PLANTED}/toggle_order.lua", "--seed", "100", "--json").stdout)
        del c["nanoseconds"]
        self.assertNotEqual(ja, c)

    def test_the_written_test_fails_with_the_bug_and_passes_once_fixed(self):
        work = tempfile.mkdtemp()
        try:
            for name, buggy, fixed in [
                ("out_of_range.lua", "ctx.store.volume = new * 2", "ctx.store.volume = math.min(new * 2, 10)"),
                ("toggle_order.lua", 'ctx.store.order == "cab"', 'ctx.store.order == "never"'),
                ("two_settings.lua", 'error("cannot apply alpha at level 5")', 'ctx:alert("level 5")'),
                ("list_action.lua", 'error("cannot share more than one book")', 'ctx:alert("shared all")'),
            ]:
                with self.subTest(script=name):
                    script = os.path.join(work, name)
                    shutil.copy(os.path.join(ROOT, PLANTED, name), script)
                    result = explore(name, "--seed", "3", "--out", "tests", cwd=work)
                    self.assertEqual(result.returncode, 1, result.stdout)
                    written = [line for line in result.stdout.splitlines() if line.startswith("test written: ")]
                    self.assertEqual(len(written), 1, result.stdout)
                    path = os.path.join(work, written[0][len("test written: "):])
                    run = subprocess.run([support.BIN, "test", path], capture_output=True, text=True, cwd=work, timeout=60)
                    self.assertEqual(run.returncode, 1, run.stdout)
                    self.assertIn("0 passed, 1 failed", run.stdout)
                    with open(script) as f:
                        text = f.read()
                    self.assertIn(buggy, text)
                    with open(script, "w") as f:
                        f.write(text.replace(buggy, fixed))
                    run = subprocess.run([support.BIN, "test", path], capture_output=True, text=True, cwd=work, timeout=60)
                    self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
                    self.assertIn("1 passed, 0 failed", run.stdout)
        finally:
            shutil.rmtree(work)

    def test_usage_errors(self):
        result = subprocess.run([support.BIN, "explore", f"{PLANTED}/two_settings.lua", "--walks", "0"],
                                capture_output=True, text=True, cwd=ROOT)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--walks takes a positive whole number", result.stderr)
        result = subprocess.run([support.BIN, "check", f"{PLANTED}/two_settings.lua", "--seed", "1"],
                                capture_output=True, text=True, cwd=ROOT)
        self.assertEqual(result.returncode, 2)

    def test_the_limits_apply_to_explore(self):
        # --max-memory and --max-instructions go with explore as with the other script
        # commands; a budget too small to load says which limit to raise, not "internal".
        result = explore("examples/books.lua", "--walks", "2", "--steps", "5", "--seed", "1",
                         "--max-memory", "100M", "--max-instructions", "100000000")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("ok: no failure in 2 walks", result.stdout)
        result = explore("examples/books.lua", "--walks", "1", "--seed", "1", "--max-instructions", "10")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("examples/books.lua: error: instruction limit exceeded (10 instructions)", result.stderr)
        self.assertIn("raise it with --max-instructions", result.stderr)
        self.assertNotIn("internal", result.stderr)


class Examples(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)

    def test_every_example_passes_explore_with_the_default_walks(self):
        scripts = sorted(glob.glob(os.path.join(ROOT, "examples", "*.lua")) + glob.glob(os.path.join(ROOT, "examples", "lib", "*.lua")))
        self.assertGreaterEqual(len(scripts), 7)
        for script in scripts:
            with self.subTest(script=os.path.relpath(script, ROOT)):
                result = explore(os.path.relpath(script, ROOT), "--seed", "2026")
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                self.assertIn("ok: no failure in 200 walks", result.stdout)
                self.assertRegex(result.stdout, r"walks 200, steps \d+, screens reached (\d+)/\1, ")


class Invariants(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()

    def tearDown(self):
        self.sandbox.close()

    def test_a_screen_invariant_that_raises_is_reported(self):
        script = self.sandbox.script("inv.lua", """
return screen { id = "s", title = "S",
  invariants = { positive = function(ctx) if ctx.store.n < 0 then error("n went negative") end end },
  section { number { text = "N", key = "n", default = 0, min = -5, max = 5 } } }
""")
        result = explore(script, "--seed", "1", "--json")
        failure = json.loads(result.stdout)["failure"]
        self.assertEqual(failure["check"], "invariant")
        self.assertIn("n went negative", failure["message"])
        self.assertEqual(failure["steps_after"], 1)

    def test_invariants_must_be_functions(self):
        script = self.sandbox.script("bad.lua", """
return app { invariants = { broken = 42 }, screens = { screen { id = "s", title = "S" } } }
""")
        result = subprocess.run([support.BIN, "check", script], capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn('invariant "broken" must be a function', result.stderr)


if __name__ == "__main__":
    unittest.main()
