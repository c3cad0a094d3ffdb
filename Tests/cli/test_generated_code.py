"""Generated Lua and reports other tools read (SPEC §14, issue 21): hostile text from a
script, a file name or an error never runs as code in what `explore --out` and
`run --record` write, a secure input's value never reaches a file, and TAP, JUnit, lcov and
the coverage summary cannot be forged by what a script supplies. Each case runs the
generated file with `luascreen test` and asserts the injected code did not run."""
import os
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli import replsupport as support

HOSTILE_NAME = 'scr\nprint("INJECTED")--.lua'
HOSTILE_NAME_CR = "scr\rprint('INJECTED')--.lua"

BOOM = """return app { root = "main", screens = { screen { id = "main", title = "Main", sections = { section {
  button { id = "b", text = "Boom", on_select = function(ctx) error(%s, 0) end },
} } } } }
"""

SECURE = """return app { root = "main", screens = { screen { id = "main", title = "Main", sections = { section {
  input { id = "pw", text = "Password", key = "password", secure = true },
  input { id = "name", text = "Name", key = "name" },
} } } } }
"""

SECURE_FUNCTION = """return app { root = "main", screens = { screen { id = "main", title = "Main",
  sections = function(ctx) return { section {
    input { id = "pw", text = "Password", key = "password", secure = true },
    input { id = "name", text = "Name", key = "name" },
  } } end } } }
"""


class Work(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-gen-")
        self.addCleanup(shutil.rmtree, self.work, True)

    def write(self, name, text):
        path = os.path.join(self.work, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run_cli(self, *args, stdin=None):
        return subprocess.run([support.BIN, *args], input=stdin, capture_output=True, text=True, cwd=self.work,
                              timeout=120, env={**os.environ, "XDG_CONFIG_HOME": self.work})

    def all_text(self, folder):
        texts = []
        for base, _, files in os.walk(os.path.join(self.work, folder)):
            for name in files:
                with open(os.path.join(base, name), "rb") as f:
                    texts.append(f.read().decode("utf-8", "replace"))
        return "\n".join(texts)

    def assert_not_injected(self, folder):
        """Runs every test in `folder`: the print the hostile text smuggled in must not run."""
        result = self.run_cli("test", folder)
        self.assertNotIn("# INJECTED", result.stdout, result.stdout)
        self.assertNotIn("\nINJECTED", result.stdout)
        self.assertNotIn("syntax error", result.stdout)
        return result


class ExploreOut(Work):
    def explore(self, script):
        result = self.run_cli("explore", script, "--seed", "1", "--walks", "3", "--out", "gen")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        return result

    def test_an_error_text_with_a_carriage_return_stays_in_its_comment(self):
        self.write("boom.lua", BOOM % '"boom\\rprint(\'INJECTED\')"')
        self.explore("boom.lua")
        self.assertNotIn("\r", self.all_text("gen"))
        result = self.assert_not_injected("gen")
        self.assertIn("not ok 1", result.stdout)

    def test_every_line_end_of_an_error_stays_in_its_comment(self):
        for n, end in enumerate(["\\n", "\\r\\n", "\\u{2028}", "\\u{85}", "\\v", "\\f"]):
            with self.subTest(end=end):
                self.write(f"boom{n}.lua", BOOM % f'"boom{end}print(\'INJECTED\')"')
                self.explore(f"boom{n}.lua")
        text = self.all_text("gen")
        for raw in ["\r", "\u2028", "\x85", "\x0b", "\x0c"]:
            self.assertNotIn(raw, text)
        self.assert_not_injected("gen")

    def test_a_script_named_to_inject_through_the_first_comment_line(self):
        for name in [HOSTILE_NAME, HOSTILE_NAME_CR]:
            with self.subTest(name=name):
                self.write(name, BOOM % '"boom"')
                self.explore(name)
        self.assert_not_injected("gen")
        # The file name is made of safe characters only (SPEC §14).
        for name in os.listdir(os.path.join(self.work, "gen")):
            self.assertRegex(name, r"^[A-Za-z0-9_.-]+$")


class RecordOut(Work):
    def setUp(self):
        super().setUp()
        os.mkdir(os.path.join(self.work, "tests"))

    def record(self, script, commands, *options, test="tests/rec_test.lua"):
        result = self.run_cli("run", script, *options, "--record", test, stdin="".join(c + "\n" for c in commands))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(os.path.join(self.work, test)) as f:
            return f.read()

    def test_a_script_named_to_inject_through_the_first_comment_line(self):
        for n, name in enumerate([HOSTILE_NAME, HOSTILE_NAME_CR]):
            with self.subTest(name=name):
                self.write(name, SECURE)
                self.record(name, ["set name bob"], "--store", "none", test=f"tests/rec{n}_test.lua")
        result = self.assert_not_injected("tests")
        self.assertIn("2 passed, 0 failed", result.stdout)

    def test_a_typed_line_and_an_alert_with_line_ends_stay_literal(self):
        self.write("alert.lua", """return app { root = "main", screens = { screen { id = "main", title = "Main",
          sections = { section { button { id = "b", text = "B",
            on_select = function(ctx) ctx:alert("a\\rprint('INJECTED')\\u{2028}b") end } } } } } }
        """)
        text = self.record("alert.lua", ["select b", "lua print('x')\rprint('INJECTED')"], "--store", "none")
        self.assertNotIn("\r", text)
        result = self.assert_not_injected("tests")
        self.assertIn("1 passed, 0 failed", result.stdout)

    def test_a_seeded_secret_is_written_as_xxxx(self):
        self.write("pw.lua", SECURE)
        self.write("store.json", '{"password": "hunter2", "name": "bob"}')
        text = self.record("pw.lua", ["set name alice"], "--store", "store.json")
        self.assertNotIn("hunter2", text)
        self.assertIn('["password"] = "xxxx"', text)
        self.assertIn('the seed holds "xxxx"', text)
        self.assertNotIn("hunter2", self.all_text("tests"))
        self.assertIn("1 passed, 0 failed", self.run_cli("test", "tests").stdout)

    def test_a_typed_secret_is_written_as_xxxx(self):
        self.write("pw.lua", SECURE)
        text = self.record("pw.lua", ["set pw hunter3", "set Password 'hunter 4'"], "--store", "none")
        self.assertNotIn("hunter3", text)
        self.assertNotIn("hunter 4", text)
        self.assertIn('s:set("pw", "xxxx")', text)
        self.assertIn('written as "xxxx"', text)
        self.assertIn("1 passed, 0 failed", self.run_cli("test", "tests").stdout)

    def test_a_secret_on_a_screen_whose_sections_is_a_function(self):
        self.write("fn.lua", SECURE_FUNCTION)
        self.write("store.json", '{"password": "hunter2"}')
        text = self.record("fn.lua", ["set pw s3cret", "set name x"], "--store", "store.json")
        for secret in ["hunter2", "s3cret"]:
            self.assertNotIn(secret, text)
            self.assertNotIn(secret, self.all_text("tests"))
        self.assertIn('s:set("pw", "xxxx")', text)
        self.assertIn("1 passed, 0 failed", self.run_cli("test", "tests").stdout)


class Reports(Work):
    def test_a_test_name_cannot_forge_a_tap_line(self):
        self.write("t/forge_test.lua", 'test("a\\r\\nok 7 - forged\\u{2028}ok 8 - forged\\u{85}ok 9 - x\\nnot ok 10", '
                   'function() eq(1, 2) end)\n'
                   'test("skip me # SKIP\\nok 11 - x", function() end)\n')
        result = self.run_cli("test", "t")
        self.assertEqual(result.returncode, 1)
        points = [line for line in result.stdout.splitlines() if line.startswith(("ok", "not ok"))]
        self.assertEqual(len(points), 2, result.stdout)
        self.assertTrue(points[0].startswith("not ok 1 - a"), points)
        self.assertEqual(points[1], "ok 2 - skip me \\# SKIP ok 11 - x")
        for raw in ["\r", "\u2028", "\x85"]:
            self.assertNotIn(raw, result.stdout)
        prove = subprocess.run(["prove", "-e", support.BIN + " test", "t/forge_test.lua"], capture_output=True,
                               text=True, cwd=self.work, timeout=120)
        self.assertIn("Tests=2", prove.stdout, prove.stdout)

    def test_a_chunk_name_cannot_forge_lcov_records(self):
        self.write("s.lua", """
            local f = load("return 1", "@x\\nSF:/etc/hostname\\nDA:1,7\\nend_of_record\\nSF:/y.lua") f()
            local g = load("return 2", "@" .. string.rep("a", 3) .. "\\rSF:/etc/passwd\\r.lua") g()
            return app { root = "main", screens = { screen { id = "main", title = "Main",
              sections = { section { row { id = "a", text = "A" } } } } } }
            """)
        self.write("tests/s_test.lua", 'test("opens", function() open("../s.lua") end)\n')
        result = self.run_cli("test", "tests", "--coverage", "cov.info")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        with open(os.path.join(self.work, "cov.info"), "rb") as f:
            lcov = f.read().decode()
        self.assertNotIn("/etc/hostname", lcov)
        self.assertNotIn("/etc/passwd", lcov)
        self.assertNotIn("\r", lcov)
        records = [line for line in lcov.splitlines() if line.startswith("SF:")]
        self.assertEqual(records, ["SF:" + os.path.realpath(os.path.join(self.work, "s.lua"))])
        if shutil.which("genhtml"):
            html = subprocess.run(["genhtml", "-q", "-o", os.path.join(self.work, "html"), "cov.info"],
                                  capture_output=True, text=True, cwd=self.work, timeout=120)
            self.assertEqual(html.returncode, 0, html.stderr)

    def test_the_coverage_summary_shows_escapes_not_raw_controls(self):
        name = "s\x1b]0;pwn\x07\u202e.lua"
        self.write(name, """return app { root = "main", screens = { screen { id = "main", title = "Main",
              sections = { section { row { id = "a", text = "A" } } } } } }""")
        self.write("tests/s_test.lua", 'test("opens", function() open("../s\\27]0;pwn\\7\\u{202E}.lua") end)\n')
        result = self.run_cli("test", "tests", "--coverage", "cov.info")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        summary = [line for line in result.stdout.splitlines() if line.startswith("coverage: s")]
        self.assertEqual(len(summary), 1, result.stdout)
        self.assertNotIn("\x1b", result.stdout)
        self.assertNotIn("\x07", result.stdout)
        self.assertNotIn("\u202e", result.stdout)
        self.assertIn("\\x1b]0;pwn\\x07\\u{202E}.lua", summary[0])

    def test_junit_escapes_what_a_script_supplies(self):
        self.write("t/x_test.lua", 'test("a\\0b\\r\\n<c>\\u{2028}&", function() print("out\\0\\r\\n]]>") eq(1, 2, "m\\0\\r\\n") end)\n')
        result = self.run_cli("test", "t", "--junit", "r.xml")
        self.assertEqual(result.returncode, 1)
        with open(os.path.join(self.work, "r.xml"), "rb") as f:
            data = f.read()
        self.assertNotIn(b"\x00", data)
        self.assertNotIn(b"\r", data)
        import xml.etree.ElementTree as ET
        suite = ET.fromstring(data).find("testsuite")
        case = suite.find("testcase")
        self.assertIn("<c>", case.get("name"))
        # What a test prints is in its suite's system-out (Ant's schema allows none in a testcase).
        self.assertIn("]]>", suite.find("system-out").text)

    def test_json_outputs_escape_line_and_paragraph_separators(self):
        import json
        self.write("y.lua", BOOM % '"e\\u{2028}f\\u{2029}\\r\\ng"')
        result = self.run_cli("explore", "y.lua", "--seed", "1", "--walks", "2", "--json")
        self.assertEqual(result.returncode, 1, result.stderr)
        for raw in ["\u2028", "\u2029", "\r", "\x00"]:
            self.assertNotIn(raw, result.stdout)
        self.assertIn("e\u2028f\u2029\r\ng", json.loads(result.stdout)["failure"]["message"])
        self.write("x.lua", 'error("a\\u{2028}b", 0)\n')
        check = self.run_cli("check", "x.lua", "--json")
        self.assertNotIn("\u2028", check.stdout)
        self.assertIn("\u2028", json.loads(check.stdout)[0]["message"])


if __name__ == "__main__":
    unittest.main()
