"""The older hidden sets' items still open in issue 40: `find` over a failing field function
is an error (non-zero exit), a FIFO and /dev/zero as child panes are named for what they
are, `inc`/`dec` step finite values near 1.8e308, a list of 1,000,000 items is refused
naming the 100,000-item limit, and a test file that loops through or plays tricks with its
session object gets clear errors and no crash."""
import os
import shutil
import subprocess
import tempfile
import textwrap
import unittest

from Tests.cli.replsupport import BIN, require_binary


def run(*args, stdin="", cwd=None, timeout=120):
    return subprocess.run([BIN, *args], input=stdin, capture_output=True, text=True, timeout=timeout, cwd=cwd)


class OlderSetTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-older-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(textwrap.dedent(text))
        return path

    def test_find_over_a_failing_field_function_is_an_error(self):
        script = self.write("tests/find.lua", '''
            return screen { id = "f", title = "Found", section {
              row { text = "Alpha" },
              row { text = "More", push = screen { id = "child", title = "Child", section {
                row { id = "broken", text = function() error("text broke") end } } } },
            } }
        ''')
        result = run("run", script, "--store", "none", stdin="find al\n")
        self.assertNotEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("Alpha", result.stdout)  # what could be searched is still listed
        self.assertRegex(result.stderr, r"find could not search row \"broken\" of screen \"child\".*text broke")
        self.assertRegex(result.stderr, r"error:")
        self.assertNotIn("warning: find", result.stderr)
        # A test file's s:find fails its test.
        self.write("tests/find_test.lua", '''
            test("find", function() local s = open("find.lua") s:find("al") end)
        ''')
        result = run("test", "tests", cwd=self.dir)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("text broke", result.stdout)

    def test_fifo_and_dev_zero_child_panes_are_named_for_what_they_are(self):
        bundle = os.path.join(self.dir, "Settings.bundle")
        os.mkdir(bundle)
        specifiers = "".join(
            f"<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>{name}</string>"
            f"<key>File</key><string>{name}</string></dict>" for name in ("Zero", "Fifo"))
        with open(os.path.join(bundle, "Root.plist"), "w") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>PreferenceSpecifiers</key>'
                    f"<array>{specifiers}</array></dict></plist>\n")
        os.symlink("/dev/zero", os.path.join(bundle, "Zero.plist"))
        os.mkfifo(os.path.join(bundle, "Fifo.plist"))
        result = run("import", bundle, "--out", "-", timeout=30)
        self.assertRegex(result.stderr, r"Zero\.plist: error: a symbolic link to /dev/zero \(a character device\)")
        self.assertRegex(result.stderr, r"Fifo\.plist: error: not a regular file: a FIFO \(named pipe\)")

    def test_inc_and_dec_near_the_largest_double(self):
        script = self.write("big.lua", '''
            return screen { id = "m", title = "M", section {
              number { id = "c", text = "C", key = "c", min = -1e308, max = 1e308, step = 1e307, default = 9e307 },
              number { id = "d", text = "D", key = "d", min = -1.7976931348623157e308, step = 1e307,
                       default = 1.6023068651376846e308 },
            } }
        ''')
        check = run("check", script)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        self.assertNotIn("not a multiple of step", check.stdout + check.stderr)
        result = run("run", script, "--store", "none", "--width", "60", stdin="inc c\ndec c\ndec c\ninc d\ninc d\n")
        values = [float(line.split()[-1]) for line in result.stdout.splitlines() if line.strip().startswith(("1 C", "2 D"))]
        for got, expected in ((values[2], 1e308), (values[4], 9e307), (values[6], 8e307), (values[9], 1.7023068651376845e308)):
            self.assertAlmostEqual(got / expected, 1, places=12, msg=values)
        # No grid value above: a clear refusal, not "give a number, not inf".
        self.assertRegex(result.stderr, r"inc: \"D\" has no next value above")
        self.assertNotIn("inf", result.stderr)
        self.assertNotIn("nan", result.stderr)

    def test_a_million_item_list_names_the_limit(self):
        script = self.write("list.lua", '''
            return screen { id = "m", title = "M", section {
              list { text = "Tags", key = "tags", default = {} },
              button { id = "fill", text = "Fill", on_select = function(ctx)
                local t = {} for i = 1, 1000000 do t[i] = "x" end ctx.store.tags = t end },
            } }
        ''')
        result = run("run", script, "--store", "none", stdin="select fill\n")
        self.assertRegex(result.stderr, r"\"tags\" cannot hold a list of 1000000 items: a stored list holds at most 100000 items")

    def test_a_test_file_looping_through_and_tricking_its_session(self):
        self.write("tests/app.lua", '''
            return screen { id = "m", title = "M", section { toggle { id = "wifi", text = "Wi-Fi", key = "wifi" } } }
        ''')
        self.write("tests/trick_test.lua", '''
            local kept
            test("loops", function()
              local s = open("app.lua")
              kept = s
              local ok, message = pcall(function() for k, v in pairs(s) do end end)
              assert(not ok, "pairs over a session")
              ok = pcall(function() for k, v in pairs(getmetatable(s) or {}) do end end)
              assert(not ok, "the metatable is hidden")
              assert(not pcall(rawset, s, "select", 1))
              assert(not pcall(setmetatable, s, {}))
              eq(getmetatable(s), "session")
            end)
            test("tricks", function()
              local s = open("app.lua")
              local select = s.select
              for _, other in ipairs({ 1, "x", {}, io or false }) do
                local ok, message = pcall(select, other, "wifi")
                assert(not ok and message:find("with a colon"), tostring(message))
              end
              local ok, message = pcall(select, s, s)
              assert(not ok and message:find("REF is a row"), tostring(message))
              for i = 1, 2000 do s:select("wifi") end
              local t = {}
              for i = 1, 100000 do t[#t + 1] = s:screen() end
            end)
            test("after", function()
              local ok, message = pcall(kept.select, kept, "wifi")
              assert(not ok and message:find("closed"), tostring(message))
            end)
        ''')
        result = run("test", "tests", cwd=self.dir, timeout=300)
        self.assertIn(result.returncode, (0, 1), result.stdout + result.stderr)
        self.assertIn("ok 1 - loops", result.stdout)
        # 100,000 screens kept in a table pass, or stop at the memory limit: never a crash.
        self.assertRegex(result.stdout, r"(?m)^ok 2 - tricks$|memory limit exceeded")
        self.assertIn("ok 3 - after", result.stdout)
        self.assertNotRegex(result.stderr, r"Fatal error|internal error|PANIC")


if __name__ == "__main__":
    unittest.main()
