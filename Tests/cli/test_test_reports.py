"""`luascreen test` as other tools read it (SPEC §11): TAP that `prove` accepts, JUnit XML
that an XML parser reads, and --filter."""
import glob
import os
import shutil
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

from Tests.cli import replsupport as support

EXAMPLE_TESTS = sorted(glob.glob(os.path.join(support.ROOT, "examples", "tests", "*_test.lua")))


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, cwd=support.ROOT, timeout=120, **kwargs)


class Prove(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        if shutil.which("prove") is None:
            self.fail("prove is missing (Debian package perl): run scripts/setup")

    def test_prove_accepts_the_examples_tests(self):
        result = run(["prove", "-e", support.BIN + " test", *[os.path.relpath(f, support.ROOT) for f in EXAMPLE_TESTS]])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("All tests successful.", result.stdout)
        self.assertNotIn("Parse errors", result.stdout)

    def test_prove_reads_a_failure_and_its_yaml_block(self):
        folder = tempfile.mkdtemp(prefix="luascreen-tap-")
        self.addCleanup(shutil.rmtree, folder, True)
        path = os.path.join(folder, "fail_test.lua")
        with open(path, "w") as f:
            f.write('test("passes", function() end)\n'
                    'test("fails", function() eq({ 1, 2 }, { 1, 3 }, "lists") end)\n')
        result = run(["prove", "-v", "-e", support.BIN + " test", path])
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("Failed test:  2", result.stdout)
        self.assertNotIn("Parse errors", result.stdout)
        self.assertIn("  message: \"eq failed at [2]: lists\"", result.stdout)
        self.assertIn(f"  at: {path}:2", result.stdout)

    def test_the_output_is_tap_14_with_the_summary_then_the_plan_last(self):
        result = run([support.BIN, "test", "examples/tests/settings_test.lua"], env=dict(os.environ, TAP_VERSION=""))
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0], "TAP version 14")
        self.assertEqual(lines[1], "# examples/tests/settings_test.lua")
        count = sum(1 for line in lines if line.startswith("ok "))
        self.assertEqual(lines[-2:], [f"# {count} passed, 0 failed", f"1..{count}"])


class JUnit(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.folder = tempfile.mkdtemp(prefix="luascreen-junit-")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def test_one_testsuite_per_file_and_a_failure_message(self):
        failing = os.path.join(self.folder, "fail_test.lua")
        with open(failing, "w") as f:
            f.write('test("ok <here>", function() end)\ntest("fails & more", function() truthy(false, "nope") end)\n')
        report = os.path.join(self.folder, "report.xml")
        files = ["examples/tests/settings_test.lua", "examples/tests/about_test.lua", failing]
        result = run([support.BIN, "test", *files, "--junit", report])
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        root = ET.parse(report).getroot()
        self.assertEqual(root.tag, "testsuites")
        suites = root.findall("testsuite")
        self.assertEqual([s.get("name") for s in suites], files)
        for suite in suites:
            self.assertEqual(int(suite.get("tests")), len(suite.findall("testcase")))
        last = suites[-1].findall("testcase")
        self.assertEqual([c.get("name") for c in last], ["ok <here>", "fails & more"])
        failure = last[1].find("failure")
        self.assertEqual(failure.get("message"), f"{failing}:2: truthy failed: nope")
        self.assertIsNone(last[0].find("failure"))
        self.assertEqual(int(root.get("failures")), 1)
        passed = sum(len(s.findall("testcase")) for s in suites) - 1
        self.assertTrue(result.stdout.endswith(f"# {passed} passed, 1 failed\n1..{passed + 1}\n"), result.stdout[-200:])

    def test_an_unwritable_report_is_an_error(self):
        report = os.path.join(self.folder, "no", "such", "r.xml")
        result = run([support.BIN, "test", "examples/tests/about_test.lua", "--junit", report])
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{report}: error: cannot write it: the folder {os.path.dirname(report)} does not exist\n", result.stderr)


class Filter(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)

    def test_only_the_tests_whose_name_contains_the_text_run(self):
        result = run([support.BIN, "test", "examples/tests", "--filter", "Sign Out"])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        points = [line for line in result.stdout.splitlines() if line.startswith(("ok ", "not ok "))]
        self.assertEqual(points, ["ok 1 - Sign Out asks first: no does nothing, yes signs out"])
        self.assertTrue(result.stdout.endswith("# 1 passed, 0 failed\n1..1\n"), result.stdout)

    def test_filter_needs_a_value_and_goes_with_test(self):
        result = run([support.BIN, "test", "--filter"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("--filter needs a value", result.stderr)
        result = run([support.BIN, "check", "examples/settings.lua", "--filter", "x"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("--filter goes with test", result.stderr)


if __name__ == "__main__":
    unittest.main()
