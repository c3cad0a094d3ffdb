"""A project (issue 38): `check` and `run` of a module of an app load the app, as the language
server does (Project.forFile); the project file `init` writes names the entry; a bad project
file is one clear error; a cycle of requires is one diagnostic, in a folder's check too."""
import json
import os
import shutil
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

APP = os.path.join(support.ROOT, "examples", "podcasts")


class Project(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.app = os.path.join(self.sandbox.dir, "podcasts")
        shutil.copytree(APP, self.app)

    def tearDown(self):
        self.sandbox.close()

    def run_in(self, folder, *args, stdin=None):
        return subprocess.run([support.BIN, *args], capture_output=True, text=True, cwd=folder, input=stdin,
                              env=self.sandbox.env(), timeout=120)

    def break_playback(self):
        path = os.path.join(self.app, "screens", "playback.lua")
        with open(path) as f:
            text = f.read()
        with open(path, "w") as f:
            f.write(text.replace('default = "1"', 'defualt = "1"'))

    def test_the_examples_module_checked_alone_is_checked_as_part_of_its_app(self):
        for module in ["screens/playback.lua", "screens/downloads.lua", "lib/prefs.lua"]:
            result = self.run_in(support.ROOT, "check", "examples/podcasts/" + module)
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertNotIn("not found", result.stderr)
            self.assertEqual(result.stderr, "examples/podcasts/%s: note: checked as part of the app "
                                            "examples/podcasts/podcasts.lua, which requires it\n" % module)

    def test_a_modules_own_error_is_reported_at_its_line(self):
        self.break_playback()
        screens = os.path.join(self.app, "screens")
        result = self.run_in(screens, "check", "playback.lua")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines(), [
            "playback.lua: note: checked as part of the app ../podcasts.lua, which requires it",
            'playback.lua:13: error: screens[2].sections[2].rows[2].defualt: unknown field "defualt" (did you mean "default"?)'])
        # Its sibling is clean, and says the app has an error elsewhere.
        sibling = self.run_in(screens, "check", "downloads.lua")
        self.assertEqual(sibling.returncode, 0, sibling.stderr)
        self.assertIn("the app has 1 error in its other files (luascreen check ../podcasts.lua)", sibling.stderr)
        # A folder of modules whose entry is elsewhere: each module's own problems once.
        folder = self.run_in(self.app, "check", "screens", "--json")
        self.assertEqual([(d["file"], d["line"]) for d in json.loads(folder.stdout)], [("screens/playback.lua", 13)])
        # The app's folder: the entry checked, the modules with it, the error once.
        whole = self.run_in(self.app, "check", ".")
        self.assertEqual(len([l for l in whole.stderr.splitlines() if "defualt" in l]), 1, whole.stderr)

    def test_run_of_a_module_runs_its_app(self):
        result = self.run_in(self.app, "run", "screens/playback.lua", "--store", "none", stdin="show\n")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("screens/playback.lua: note: a module of the app podcasts.lua: running the app", result.stderr)
        self.assertIn("Podcasts", result.stdout)
        self.assertIn("Downloads", result.stdout)

    def test_the_project_file_names_the_app(self):
        # A module that loads alone without trouble: only the project file says it is a part.
        with open(os.path.join(self.app, "screens", "extra.lua"), "w") as f:
            f.write('return screen { id = "extra", title = "Extra", section { row { text = "x", push = "podcasts" } } }\n')
        with open(os.path.join(self.app, "podcasts.lua")) as f:
            entry = f.read()
        with open(os.path.join(self.app, "podcasts.lua"), "w") as f:
            f.write('local extra = require("screens.extra")\n' + entry.replace("screens = {", "screens = { extra,", 1))
        alone = self.run_in(self.app, "check", "screens/extra.lua")
        self.assertEqual(alone.returncode, 1, "alone, its push names an unknown screen")
        with open(os.path.join(self.app, "luascreen.json"), "w") as f:
            f.write('{"entry": "podcasts.lua"}\n')
        part = self.run_in(self.app, "check", "screens/extra.lua")
        self.assertEqual((part.returncode, part.stderr),
                         (0, "screens/extra.lua: note: checked as part of the app podcasts.lua, which requires it\n"))

    def test_a_bad_project_file_is_one_error_naming_its_line(self):
        path = os.path.join(self.app, "luascreen.json")
        with open(path, "w") as f:
            f.write('{\n  "entry": "podcasts.lua",\n  "strigs": "locales"\n}\n')
        result = self.run_in(self.app, "check", "screens/playback.lua")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, 'luascreen.json:3: error: project file: unknown member "strigs" (did you mean "strings"?); '
                                        'a project file has "entry", "strings", "tests" (fix the project file, or remove it to '
                                        'find the app from its files)\n')
        with open(path, "w") as f:
            f.write('{"entry": "main.lua"}\n')
        result = self.run_in(self.app, "run", "screens/playback.lua", stdin="")
        self.assertEqual(result.returncode, 1)
        self.assertIn('luascreen.json:1: error: project file: "entry": main.lua is not a file', result.stderr)

    def test_a_cycle_of_requires_is_one_diagnostic(self):
        folder = os.path.join(self.sandbox.dir, "cycle")
        os.makedirs(folder)
        with open(os.path.join(folder, "a.lua"), "w") as f:
            f.write('local b = require("b")\nreturn screen { id = "a", title = "A", section { row { text = "x" } } }\n')
        with open(os.path.join(folder, "b.lua"), "w") as f:
            f.write('local a = require("a")\nreturn {}\n')
        for operand in ["a.lua", "."]:
            result = self.run_in(folder, "check", operand, "--json")
            found = json.loads(result.stdout)
            self.assertEqual(len(found), 1, found)
            self.assertIn("requires itself", found[0]["message"])


if __name__ == "__main__":
    unittest.main()
