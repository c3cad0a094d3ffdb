"""The command line's habits (issue 25): check - / DIR / --werror, a mistyped command,
--color always against NO_COLOR, zsh descriptions with apostrophes, a toggle's values."""
import json
import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

SCREEN = 'return screen { id = "a", title = "A", section { toggle { text = "T", key = "t" } } }\n'
WARNS = ('return screen { id = "a", title = "A", section {\n'
         '  input { text = "Pin", key = "pin", secure = true, multiline = true } } }\n')
BROKEN = 'return screen { id = "b", title = "B", section { row { txt = "x" } } }\n'
MODULE = 'local M = {}\nfunction M.rows() return { row { text = "shared" } } end\nreturn M\n'
USES_MODULE = ('local m = require("helpers")\n'
               'return screen { id = "u", title = "U", section { rows = m.rows() } }\n')
TEST = 'test("x", function() eq(1, 1) end)\n'


class CommandLine(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()

    def tearDown(self):
        self.sandbox.close()

    def luascreen(self, *args, stdin="", env=None, cwd=None):
        return subprocess.run([support.BIN, *args], input=stdin, capture_output=True, text=True,
                              cwd=cwd or self.sandbox.dir, env=env or self.sandbox.env(), timeout=60)

    def folder(self, files):
        root = os.path.join(self.sandbox.dir, "screens")
        for name, text in files.items():
            path = os.path.join(root, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        return root

    # check - / DIR / --werror

    def test_check_reads_standard_input_and_names_it_stdin(self):
        result = self.luascreen("check", "-", stdin=BROKEN)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, 'stdin:1: error: sections[1].rows[1]: missing required field "text"\n'
                                        'stdin:1: error: sections[1].rows[1].txt: unknown field "txt" (did you mean "text"?)\n')
        self.assertEqual(self.luascreen("check", "-", stdin=SCREEN).returncode, 0)

    def test_check_of_a_folder_checks_its_scripts_not_tests_nor_modules(self):
        root = self.folder({"good.lua": SCREEN, "sub/broken.lua": BROKEN, "helpers.lua": MODULE,
                            "uses.lua": USES_MODULE, "good_test.lua": TEST, "locales/de.lua": '["T"] = "Tt"\n'})
        with open(os.path.join(root, "locales", "de.lua"), "w") as f:
            f.write('return { ["T"] = "Tt" }\n')
        result = self.luascreen("check", root)
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{root}/sub/broken.lua:1: error: ", result.stderr)
        # The module was checked with the script that requires it; the test file is not a screen.
        self.assertNotIn("helpers.lua", result.stderr)
        self.assertNotIn("good_test.lua", result.stderr)
        self.assertNotIn("de.lua", result.stderr)
        self.assertEqual(len(result.stderr.splitlines()), 2, result.stderr)

    def test_check_of_a_folder_without_scripts_fails(self):
        root = self.folder({"only_test.lua": TEST})
        result = self.luascreen("check", root)
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{root}: error: no scripts", result.stderr)

    def test_werror_makes_warnings_fail(self):
        plain = self.luascreen("check", "-", stdin=WARNS)
        self.assertEqual(plain.returncode, 0)
        self.assertIn("stdin:2: warning: ", plain.stderr)
        strict = self.luascreen("check", "--werror", "-", stdin=WARNS)
        self.assertEqual(strict.returncode, 1)
        self.assertEqual(self.luascreen("check", "--werror", "-", stdin=SCREEN).returncode, 0)

    # a mistyped command

    def test_a_mistyped_command_is_a_usage_error_with_a_suggestion(self):
        script = self.sandbox.script("x.lua", SCREEN)
        for args in (["chek", script], ["help", "chek"]):
            with self.subTest(args=args):
                result = self.luascreen(*args)
                self.assertEqual(result.returncode, 2)
                self.assertIn('unknown command "chek" (did you mean "check"?)', result.stderr)
                self.assertEqual(result.stdout, "")

    def test_a_script_still_runs_without_the_command(self):
        script = self.sandbox.script("noext", SCREEN)  # exists, whatever its name
        self.assertEqual(self.luascreen(script, "--store", "none", stdin="show\n").returncode, 0)
        missing = self.luascreen("missing.lua", "--store", "none")
        self.assertEqual(missing.returncode, 1)
        self.assertNotIn("unknown command", missing.stderr)

    # colour

    def test_color_always_beats_no_color_and_auto_obeys_it(self):
        script = self.sandbox.script("x.lua", SCREEN)
        always = self.luascreen("render", script, "--store", "none", "--color", "always",
                                env=self.sandbox.env(NO_COLOR="1", TERM="xterm"))
        self.assertIn("\x1b[", always.stdout)
        auto = self.luascreen("render", script, "--store", "none", env=self.sandbox.env(NO_COLOR="1", TERM="xterm"))
        self.assertNotIn("\x1b[", auto.stdout)

    # a toggle's values

    def test_a_toggle_with_values_says_its_values_once(self):
        result = self.luascreen("run", os.path.join(support.ROOT, "examples", "reader.lua"), "--store", "none",
                                stdin='set "Night mode" maybe\n')
        self.assertIn('"Night mode" is a toggle: give on or off: yes or no (its values), or on/off, true/false',
                      result.stderr)
        self.assertNotIn("yes/no or yes/no", result.stderr)

    # zsh

    def test_zsh_descriptions_keep_their_apostrophes(self):
        if shutil.which("zsh") is None:
            self.fail("zsh is missing: run scripts/setup")
        script = self.luascreen("completions", "zsh").stdout
        start = script.index("commands=(")
        block = script[start:script.index("\n    )", start) + 6]
        # zsh itself reads the commands' array: the description comes back with its apostrophe.
        result = subprocess.run(["zsh", "-f", "-c", "f() {\nlocal -a commands\n" + block + "\nprint -rl -- $commands\n}\nf"], capture_output=True,
                                text=True, timeout=30)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("import:a Settings.bundle's Root.plist", result.stdout)


class Init(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()

    def tearDown(self):
        self.sandbox.close()

    def run_in(self, folder, *args):
        return subprocess.run(list(args), capture_output=True, text=True, cwd=folder, env=self.sandbox.env(), timeout=120)

    def test_init_writes_a_start_that_passes_check_test_and_luacheck(self):
        folder = os.path.join(self.sandbox.dir, "new")
        made = self.run_in(self.sandbox.dir, support.BIN, "init", "new")
        self.assertEqual(made.returncode, 0, made.stderr)
        for name in ["settings.lua", "tests/settings_test.lua", "luascreen.json", ".luarc.json", ".luacheckrc", ".luals/luascreen.lua"]:
            self.assertTrue(os.path.isfile(os.path.join(folder, name)), name)
        with open(os.path.join(folder, "luascreen.json")) as f:
            self.assertEqual(json.load(f), {"entry": "settings.lua", "strings": "locales", "tests": "tests"})
        check = self.run_in(folder, support.BIN, "check", "--werror", "settings.lua")
        self.assertEqual((check.returncode, check.stderr), (0, ""))
        test = self.run_in(folder, support.BIN, "test")
        self.assertEqual(test.returncode, 0, test.stdout + test.stderr)
        self.assertIn("1 passed, 0 failed", test.stdout)
        if shutil.which("luacheck") is None:
            self.fail("luacheck is missing (Debian package lua-check): run scripts/setup")
        # `luacheck .` as the README says: the generated .luacheckrc leaves out .luals (the
        # LuaLS definitions are not scripts), so only the screen and its test are linted.
        lint = self.run_in(folder, "luacheck", ".", "--no-color")
        self.assertEqual(lint.returncode, 0, lint.stdout + lint.stderr)
        self.assertIn("Total: 0 warnings / 0 errors in 2 files", lint.stdout)
        self.assertNotIn(".luals", lint.stdout)

    def test_init_never_overwrites(self):
        folder = os.path.join(self.sandbox.dir, "mine")
        os.makedirs(folder)
        with open(os.path.join(folder, "settings.lua"), "w") as f:
            f.write("-- mine\n")
        again = self.run_in(self.sandbox.dir, support.BIN, "init", "mine")
        self.assertEqual(again.returncode, 1)
        self.assertIn("settings.lua: error: it exists already", again.stderr)
        self.assertEqual(open(os.path.join(folder, "settings.lua")).read(), "-- mine\n")
        self.assertFalse(os.path.exists(os.path.join(folder, ".luacheckrc")))

    def test_a_second_init_names_every_file_that_exists(self):
        first = self.run_in(self.sandbox.dir, support.BIN, "init", "twice")
        self.assertEqual(first.returncode, 0, first.stderr)
        again = self.run_in(self.sandbox.dir, support.BIN, "init", "twice")
        self.assertEqual(again.returncode, 1)
        for name in ["settings.lua", "tests/settings_test.lua", "luascreen.json", ".luarc.json", ".luals/luascreen.lua", ".luacheckrc"]:
            self.assertIn("twice/%s: error: it exists already" % name, again.stderr)
        self.assertIn("changed nothing", again.stderr)
        # Two of five exist: those two are named, nothing is written.
        folder = os.path.join(self.sandbox.dir, "some")
        os.makedirs(os.path.join(folder, "tests"))
        for name in [".luacheckrc", "tests/settings_test.lua"]:
            with open(os.path.join(folder, name), "w") as f:
                f.write("-- mine\n")
        some = self.run_in(self.sandbox.dir, support.BIN, "init", "some")
        self.assertEqual(some.returncode, 1)
        self.assertIn("some/tests/settings_test.lua: error: it exists already", some.stderr)
        self.assertIn("some/.luacheckrc: error: it exists already", some.stderr)
        self.assertNotIn(".luarc.json", some.stderr)
        self.assertFalse(os.path.exists(os.path.join(folder, "settings.lua")))

    def test_init_names_the_script_and_its_test_opens_it(self):
        made = self.run_in(self.sandbox.dir, support.BIN, "init", "podcast/player.lua")
        self.assertEqual(made.returncode, 0, made.stderr)
        folder = os.path.join(self.sandbox.dir, "podcast")
        self.assertTrue(os.path.isfile(os.path.join(folder, "player.lua")))
        self.assertFalse(os.path.exists(os.path.join(folder, "settings.lua")))
        with open(os.path.join(folder, "luascreen.json")) as f:
            self.assertEqual(json.load(f)["entry"], "player.lua")
        with open(os.path.join(folder, "tests", "player_test.lua")) as f:
            self.assertIn('open("../player.lua")', f.read())
        self.assertIn("luascreen run player.lua", made.stdout)
        test = self.run_in(folder, support.BIN, "test")
        self.assertEqual(test.returncode, 0, test.stdout + test.stderr)
        self.assertIn("1 passed, 0 failed", test.stdout)
        # A bare name writes into the current folder.
        here = os.path.join(self.sandbox.dir, "here")
        os.makedirs(here)
        made = self.run_in(here, support.BIN, "init", "mail.lua")
        self.assertEqual(made.returncode, 0, made.stderr)
        self.assertTrue(os.path.isfile(os.path.join(here, "mail.lua")))
        self.assertTrue(os.path.isfile(os.path.join(here, "tests", "mail_test.lua")))

    def test_init_luarc_narrows_luals_to_the_sandbox(self):
        made = self.run_in(self.sandbox.dir, support.BIN, "init", "rc")
        self.assertEqual(made.returncode, 0, made.stderr)
        with open(os.path.join(self.sandbox.dir, "rc", ".luarc.json")) as f:
            config = json.load(f)
        self.assertEqual(config["runtime.version"], "Lua 5.4")
        self.assertEqual(config["workspace.library"], [".luals"])
        self.assertEqual(config["runtime.builtin"], {"io": "disable", "debug": "disable", "package": "disable"})


if __name__ == "__main__":
    unittest.main()
