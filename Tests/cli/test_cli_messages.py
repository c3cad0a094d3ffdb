"""Messages of the command line that used to mislead (issue 13): an on_appear error shown
as an unknown screen id, a store that cannot be written reported as `Read-only file
system` without saying which file, that nothing was lost, or what to do, and the REPL's
`store` listing a string with its line breaks turned to spaces."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

SCREENS = textwrap.dedent("""\
    return app {
      root = "main",
      screens = {
        screen { id = "main", title = "Main", sections = { section { rows = {
          toggle { key = "wifi", text = "Wi-Fi", default = true },
          input { key = "note", text = "Note", default = "", multiline = true },
          row { text = "Broken", push = "broken" },
        } } } },
        screen { id = "broken", title = "Broken",
          on_appear = function(ctx) error("the network list is not ready") end,
          sections = { section { rows = { row { text = "x" } } } } },
        screen { id = "counted", title = "Counted",
          on_appear = function(ctx) ctx.store.visits = (ctx.store.visits or 0) + 1 end,
          sections = { section { rows = { row { text = "y" } } } } },
      },
    }
    """)

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


class CLIMessages(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-messages-")
        self.script = os.path.join(self.dir, "screens.lua")
        with open(self.script, "w", encoding="utf-8") as f:
            f.write(SCREENS)
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1",
                        XDG_CONFIG_HOME=os.path.join(self.dir, "config"))

    def tearDown(self):
        for folder, dirs, files in os.walk(self.dir):
            os.chmod(folder, 0o700)
        shutil.rmtree(self.dir, ignore_errors=True)

    def luascreen(self, *args, stdin=None):
        return subprocess.run([support.BIN, *args], cwd=self.dir, input=stdin, capture_output=True,
                              text=True, timeout=60, env=self.env)

    # check

    def test_check_gives_a_root_on_appear_that_raises_on_one_line(self):
        path = os.path.join(self.dir, "appear.lua")
        with open(path, "w", encoding="utf-8") as f:
            f.write('return screen { id = "root", title = "T",\n'
                    '  on_appear = function(ctx) error("not ready") end,\n'
                    '  section { toggle { text = "A", key = "a", default = false } } }\n')
        result = self.luascreen("check", path)
        self.assertEqual(result.returncode, 1)
        # One line with the script's place; no escaped traceback after it (it was "\\x0a  ...").
        self.assertEqual(result.stderr, f'{path}: error: {path}:2: not ready (in on_appear of screen "root")\n')

    # render --screen

    def test_render_screen_reports_the_on_appear_error_not_an_unknown_id(self):
        result = self.luascreen("render", self.script, "--screen", "broken", "--store", "none")
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertNotIn("no screen with id", result.stderr)
        self.assertIn(f"{self.script}:10: error: the network list is not ready", result.stderr)
        self.assertIn("on_appear", result.stderr)

    def test_render_screen_with_an_unknown_id_suggests_the_close_one(self):
        result = self.luascreen("render", self.script, "--screen", "brokn", "--store", "none")
        self.assertEqual(result.returncode, 1)
        self.assertIn('no screen with id "brokn"', result.stderr)
        self.assertIn('did you mean "broken"?', result.stderr)
        self.assertIn("screens: main, broken, counted", result.stderr)

    def test_render_screen_whose_on_appear_writes_says_render_only_reads(self):
        store = os.path.join(self.dir, "values.json")
        with open(store, "w") as f:
            f.write('{"visits": 3}\n')
        result = self.luascreen("render", self.script, "--screen", "counted", "--store", store)
        self.assertEqual(result.returncode, 1)
        self.assertIn("render only reads the values", result.stderr)
        self.assertNotIn("Read-only file system", result.stderr)
        with open(store) as f:
            self.assertEqual(json.load(f), {"visits": 3})

    def test_store_lists_a_string_as_the_lua_literal_that_reads_back(self):
        result = self.luascreen("run", self.script, "--store", "none",
                                stdin='lua ctx.store.note = "two\\nlines \\"q\\" \\27[31m"\nstore\n')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('* note = "two\\nlines \\"q\\" \\x1b[31m"   (default: "")', result.stdout)
        self.assertNotIn("\x1b", result.stdout)

    # a store that cannot be written

    def set_wifi_off(self, store):
        return self.luascreen("run", self.script, "--store", store, stdin="set Wi-Fi off\n")

    def assert_clear_store_error(self, result, blocked):
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn(f"{blocked} cannot be written", result.stderr)
        self.assertIn("this change is not saved and the values stored before are kept", result.stderr)
        self.assertIn("writable, or choose another store file", result.stderr)
        self.assertIn("--store PATH", result.stderr)

    @unittest.skipUnless(os.path.isdir("/sys"), "no /sys")
    def test_a_folder_no_one_may_write_names_the_folder(self):
        # /sys refuses new files even to root (EACCES, or EROFS where it is mounted read-only).
        result = self.set_wifi_off("/sys/luascreen-values.json")
        self.assert_clear_store_error(result, "the folder /sys")
        self.assertFalse(os.path.exists("/sys/luascreen-values.json"))

    @unittest.skipIf(IS_ROOT, "root may write a read-only folder")
    def test_a_read_only_folder_names_the_folder_and_keeps_the_file(self):
        folder = os.path.join(self.dir, "locked")
        os.makedirs(folder)
        store = os.path.join(folder, "values.json")
        with open(store, "w") as f:
            f.write('{"wifi": true}\n')
        os.chmod(folder, 0o555)
        result = self.set_wifi_off(store)
        self.assert_clear_store_error(result, f"the folder {folder}")
        with open(store) as f:
            self.assertEqual(json.load(f), {"wifi": True})

    @unittest.skipIf(IS_ROOT, "root may write a read-only file")
    def test_a_read_only_file_is_not_replaced(self):
        store = os.path.join(self.dir, "values.json")
        with open(store, "w") as f:
            f.write('{"wifi": true}\n')
        os.chmod(store, 0o444)
        result = self.set_wifi_off(store)
        self.assert_clear_store_error(result, f"the file {store}")
        with open(store) as f:
            self.assertEqual(json.load(f), {"wifi": True})
        self.assertEqual(os.stat(store).st_mode & 0o777, 0o444)


if __name__ == "__main__":
    unittest.main()
