"""`luascreen test`'s TAP as real consumers read it: tappy (PyPI's tap.py, whose loader
fails a run with any line after a trailing plan) and Perl's prove, on a passing run, a failing
one and a run with no test (`1..0 # SKIP no tests`, TAP's way of saying none ran)."""
import os
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli import replsupport as support

try:
    from tap.parser import Parser
    from tap.loader import Loader
except ImportError:  # pragma: no cover
    Parser = Loader = None


class TapConsumers(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        if Loader is None:
            self.fail("tap.py (tappy) is missing: run scripts/setup")
        self.work = tempfile.mkdtemp(prefix="luascreen-tap-")
        self.addCleanup(shutil.rmtree, self.work, True)
        for name, text in {"pass/a_test.lua": 'test("one", function() end)\ntest("two", function() eq(1, 1) end)\n',
                           "fail/b_test.lua": 'test("good", function() end)\ntest("bad", function() eq(1, 2) end)\n'}.items():
            os.makedirs(os.path.join(self.work, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(self.work, name), "w") as f:
                f.write(text)
        os.mkdir(os.path.join(self.work, "empty"))

    def tap(self, folder, *extra):
        result = subprocess.run([support.BIN, "test", folder, *extra], capture_output=True, text=True,
                                cwd=self.work, timeout=60)
        path = os.path.join(self.work, folder + ".tap")
        with open(path, "w") as f:
            f.write(result.stdout)
        return result, path

    def tappy(self, path):
        outcome = unittest.TestResult()
        Loader().load([path]).run(outcome)
        return outcome

    def test_tappy_passes_a_passing_run(self):
        result, path = self.tap("pass")
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout.splitlines()[-2:], ["# 2 passed, 0 failed", "1..2"])
        outcome = self.tappy(path)
        self.assertEqual((outcome.testsRun, outcome.failures, outcome.errors), (2, [], []), result.stdout)

    def test_tappy_fails_exactly_the_failing_test(self):
        result, path = self.tap("fail")
        self.assertEqual(result.returncode, 1)
        outcome = self.tappy(path)
        self.assertEqual(outcome.testsRun, 2)
        self.assertEqual(len(outcome.failures), 1, outcome.failures)
        # The one failure is the test, not the file (tappy's rules would fail the file with a
        # message: a line after the plan, a plan that counts wrong).
        self.assertEqual(outcome.errors, [])
        tests = [line for line in Parser().parse_file(path) if line.category == "test"]
        self.assertEqual([(line.ok, line.description) for line in tests], [(True, "- good"), (False, "- bad")])

    def test_an_empty_run_is_a_skip_plan_both_read(self):
        result, path = self.tap("empty", "--allow-empty")
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout.splitlines()[-1], "1..0 # SKIP no tests")
        plans = [line for line in Parser().parse_file(path) if line.category == "plan"]
        self.assertEqual(len(plans), 1)
        self.assertEqual(plans[0].expected_tests, 0)
        self.assertTrue(plans[0].skip)
        outcome = self.tappy(path)
        self.assertEqual((outcome.failures, outcome.errors), ([], []))
        with open(os.path.join(self.work, "empty_test.sh"), "w") as f:
            f.write(f"#!/bin/sh\nexec {support.BIN} test empty --allow-empty\n")
        os.chmod(os.path.join(self.work, "empty_test.sh"), 0o755)
        prove = subprocess.run(["prove", "empty_test.sh"], capture_output=True, text=True, cwd=self.work, timeout=60)
        self.assertEqual(prove.returncode, 0, prove.stdout + prove.stderr)
        self.assertIn("skipped: no tests", prove.stdout)

    def test_prove_passes_a_passing_run(self):
        prove = subprocess.run(["prove", "-e", support.BIN + " test", "pass/a_test.lua"], capture_output=True,
                               text=True, cwd=self.work, timeout=60)
        self.assertEqual(prove.returncode, 0, prove.stdout + prove.stderr)
        self.assertIn("Result: PASS", prove.stdout)
        self.assertNotIn("Parse errors", prove.stdout)


if __name__ == "__main__":
    unittest.main()
