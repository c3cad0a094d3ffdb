"""`luascreen test --junit` as CI reads it (issue 25): the report validates against a JUnit
schema (xmllint, Debian's libxml2-utils) and reads with junitparser (PyPI) with the right
time, failures, errors, skips and output; TAP carries the same skips and todos for prove."""
import os
import shutil
import subprocess
import tempfile
import unittest

import junitparser

from Tests.cli import replsupport as support

SCHEMA = os.path.join(support.ROOT, "Tests", "fixtures", "junit", "junit-report.xsd")

MIXED = r'''
test("passes and prints", function() print("hello <out>") print("two\0lines") end)
test("a failed assertion", function() eq({ 1, 2 }, { 1, 3 }, "lists") end)
test("a runtime error", function() local t = nil; return t.x end)
test("an error in a callback is an error", function()
  local s = open("screen.lua")
  s:select("Boom")
end)
test("skipped", function() skip("not on this machine") error("never runs") end)
test("a todo that fails", function() todo("later") eq(1, 2) end)
test("a todo that passes", function() todo() end)
test("an assertion caught, then an error", function()
  pcall(eq, 1, 2)
  error("plain error")
end)
'''

SCREEN = '''return app { root = "main", screens = { screen { id = "main", title = "Main", sections = { section {
  button { id = "boom", text = "Boom", on_select = function(ctx) error("kaboom") end },
} } } } }
'''


class JUnitSchema(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-junit-")
        self.addCleanup(shutil.rmtree, self.work, True)
        os.mkdir(os.path.join(self.work, "t"))
        with open(os.path.join(self.work, "t", "mixed_test.lua"), "w") as f:
            f.write(MIXED)
        with open(os.path.join(self.work, "t", "screen.lua"), "w") as f:
            f.write(SCREEN)
        with open(os.path.join(self.work, "t", "syntax_test.lua"), "w") as f:
            f.write('test("x", function() end\n')
        with open(os.path.join(self.work, "t", "top_test.lua"), "w") as f:
            f.write('error("at the top level")\n')
        self.result = subprocess.run([support.BIN, "test", "t", "--junit", "report.xml"], capture_output=True,
                                     text=True, cwd=self.work, timeout=120)
        self.report = os.path.join(self.work, "report.xml")

    def test_the_report_validates_against_the_schema(self):
        if shutil.which("xmllint") is None:
            self.fail("xmllint is missing (Debian package libxml2-utils): run scripts/setup")
        lint = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, self.report], capture_output=True, text=True)
        self.assertEqual(lint.returncode, 0, lint.stderr)
        self.assertIn("validates", lint.stderr)

    def test_junitparser_reads_errors_failures_skips_times_and_output(self):
        try:
            import junitparser
        except ImportError:
            self.fail("junitparser is missing (PyPI): run scripts/setup")
        self.assertEqual(self.result.returncode, 1, self.result.stdout)
        xml = junitparser.JUnitXml.fromfile(self.report)
        suites = {suite.name: suite for suite in xml}
        mixed = suites["t/mixed_test.lua"]
        self.assertEqual((mixed.tests, mixed.failures, mixed.errors, mixed.skipped), (8, 1, 3, 2))
        self.assertGreaterEqual(mixed.time, 0)
        cases = {case.name: case for case in mixed}
        def kinds(name):
            return [type(r).__name__ for r in cases[name].result]
        self.assertEqual(kinds("passes and prints"), [])
        self.assertEqual(kinds("a failed assertion"), ["Failure"])
        self.assertEqual(kinds("a runtime error"), ["Error"])
        self.assertEqual(kinds("an error in a callback is an error"), ["Error"])
        self.assertEqual(kinds("an assertion caught, then an error"), ["Error"])
        self.assertEqual(kinds("skipped"), ["Skipped"])
        self.assertEqual(cases["skipped"].result[0].message, "not on this machine")
        self.assertEqual(kinds("a todo that fails"), ["Skipped"])
        self.assertEqual(kinds("a todo that passes"), [])
        self.assertIn("lists", cases["a failed assertion"].result[0].message)
        self.assertEqual(cases["passes and prints"].system_out, "hello <out>\ntwo\ufffdlines\n")
        for case in cases.values():
            self.assertIsNotNone(case.time)
            self.assertGreaterEqual(case.time, 0)
        # A syntax error and a top-level error are errors of their file.
        for name in ["t/syntax_test.lua", "t/top_test.lua"]:
            self.assertEqual((suites[name].errors, suites[name].failures), (1, 0), name)

    def test_tap_has_the_same_directives_and_prove_reads_them(self):
        lines = self.result.stdout.splitlines()
        self.assertIn("ok 5 - skipped # SKIP not on this machine", lines)
        self.assertIn("not ok 6 - a todo that fails # TODO later", lines)
        self.assertIn("ok 7 - a todo that passes # TODO", lines)
        self.assertTrue(any(line.startswith("# t/mixed_test.lua: 8 tests in ") for line in lines), lines)
        self.assertTrue(any(line.startswith("  duration_ms: ") for line in lines), lines)
        self.assertEqual(lines[-2:], ["# 1 passed, 6 failed, 1 skipped, 2 todo", "1..10"])
        prove = subprocess.run(["prove", "-e", support.BIN + " test", "t/mixed_test.lua"], capture_output=True,
                               text=True, cwd=self.work, timeout=120)
        self.assertIn("Failed tests:  2-4, 8", prove.stdout, prove.stdout)
        self.assertIn("TODO passed:   7", prove.stdout)
        self.assertNotIn("Parse errors", prove.stdout)


def junit_run(case, files):
    """`luascreen test t --junit report.xml` in a new folder holding `files` under t/: the
    folder and the run."""
    support.require_binary(case)
    work = tempfile.mkdtemp(prefix="luascreen-junit-")
    case.addCleanup(shutil.rmtree, work, True)
    os.mkdir(os.path.join(work, "t"))
    for name, text in files.items():
        with open(os.path.join(work, "t", name), "w") as f:
            f.write(text)
    return work, subprocess.run([support.BIN, "test", "t", "--junit", "report.xml"], capture_output=True,
                                cwd=work, timeout=120)


HOSTILE_NAMES = r'''
test("ctl \1\27[31m red \0 nul \u{FFFE} \127 \xff\xfe not UTF-8 end", function() eq("a\1\2", "b\27\0", "msg \11\12") end)
test("", function() end)
test("   ", function() error("\0\1 <&> \u{FFFF}") end)
'''


class ReportConventions(unittest.TestCase):
    """Jenkins' junit-10.xsd allows a testcase only name, time, classname and group; Ant's
    strict schema wants each suite's timestamp and hostname, its properties first and
    system-out and system-err last; any name or message (control bytes, characters XML 1.0
    cannot hold, an empty name) still makes a valid report."""

    def setUp(self):
        self.work, self.result = junit_run(self, {"hostile_test.lua": HOSTILE_NAMES,
                                                  "fine_test.lua": 'test("fine", function() end)\n'})
        self.report = os.path.join(self.work, "report.xml")

    def test_hostile_names_and_messages_make_a_valid_report(self):
        self.assertEqual(self.result.returncode, 1, self.result.stdout + self.result.stderr)
        lint = subprocess.run(["xmllint", "--noout", "--schema", SCHEMA, self.report], capture_output=True, text=True)
        self.assertEqual(lint.returncode, 0, lint.stderr)
        suites = {s.name: s for s in junitparser.JUnitXml.fromfile(self.report)}
        self.assertEqual(suites["t/hostile_test.lua"].tests, 3)
        self.assertEqual((suites["t/hostile_test.lua"].failures, suites["t/hostile_test.lua"].errors), (1, 1))

    def test_testcases_carry_only_jenkins_attributes_and_suites_ants(self):
        import xml.etree.ElementTree as ET
        root = ET.parse(self.report).getroot()
        for suite in root.iter("testsuite"):
            self.assertRegex(suite.get("timestamp"), r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$")
            self.assertTrue(suite.get("hostname", "").strip())
            children = [child.tag for child in suite]
            self.assertEqual(children[0], "properties")
            self.assertEqual(children[-2:], ["system-out", "system-err"])
            files = [p.get("value") for p in suite.find("properties") if p.get("name") == "file"]
            self.assertEqual(files, [suite.get("name")])
            for case in suite.iter("testcase"):
                self.assertLessEqual(set(case.keys()), {"name", "time", "classname", "group"}, case.keys())
                self.assertTrue(case.get("name").strip())


class EmptyRuns(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-empty-")
        self.addCleanup(shutil.rmtree, self.work, True)
        os.mkdir(os.path.join(self.work, "empty"))
        os.mkdir(os.path.join(self.work, "t"))
        with open(os.path.join(self.work, "t", "a_test.lua"), "w") as f:
            f.write('test("one", function() end)\n')

    def run_test(self, *args):
        return subprocess.run([support.BIN, "test", *args], capture_output=True, text=True, cwd=self.work, timeout=60)

    def test_an_empty_folder_exits_1_unless_allow_empty(self):
        result = self.run_test("empty")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("--allow-empty", result.stderr)
        self.assertEqual(self.run_test("empty", "--allow-empty").returncode, 0)

    def test_a_filter_that_matches_nothing_exits_1_unless_allow_empty(self):
        result = self.run_test("t", "--filter", "nomatch")
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("no test ran", result.stdout)
        self.assertEqual(self.run_test("t", "--filter", "nomatch", "--allow-empty").returncode, 0)
        self.assertEqual(self.run_test("t", "--filter", "one").returncode, 0)

    def test_allow_empty_is_in_the_help_and_goes_with_test(self):
        help_text = subprocess.run([support.BIN, "test", "--help"], capture_output=True, text=True, timeout=60)
        self.assertIn("--allow-empty", help_text.stdout + help_text.stderr)
        result = subprocess.run([support.BIN, "check", "x.lua", "--allow-empty"], capture_output=True, text=True,
                                cwd=self.work, timeout=60)
        self.assertEqual(result.returncode, 2)


if __name__ == "__main__":
    unittest.main()
