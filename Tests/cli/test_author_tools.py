"""Issue 24, tools around authoring: check --locale (strings marked untranslated, ctx:tr
literals), key typos in keys a script computes from its data, check of a module, and the
caller's line under export warnings about rows built by helpers."""
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

LIB = """\
local M = {}
function M.helper_row(text)
  return button { text = text, on_select = function(ctx) ctx:alert(ctx:tr("Done")) end }
end
return M
"""

APP = """\
local lib = require "lib"
local settings = {
  { key = "editor.minimap", text = "Minimap" },
  { key = "editor.minimap_side", text = "Minimap side", depends = "editor.minimapp" },
}
local rows = {}
for _, s in ipairs(settings) do
  rows[#rows + 1] = toggle { text = s.text, key = s.key,
    enabled = s.depends and function(ctx) return ctx.store[s.depends] end }
end
return app {
  strings = "locales",
  untranslated = { "GitHub" },
  screens = {
    screen { id = "main", title = "Main",
      section { header = "General",
        row { text = "Version", detail = "2.0.0" },
        row { text = "GitHub", detail = function(ctx) return ctx:tr("Hello there") end },
        row { text = "Ada Lovelace" },
        lib.helper_row("Helped"),
      },
      section { header = "Editor", table.unpack(rows) },
    },
  },
}
"""

DE = """\
return { ["Main"] = "Haupt", ["General"] = "Allgemein", ["Version"] = "Version",
  ["Helped"] = "Geholfen", ["Editor"] = "Editor", ["Minimap"] = "Minikarte",
  ["Minimap side"] = "Seite der Minikarte", ["Ada Lovelace"] = "Ada Lovelace" }
"""


class AuthorTools(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.app = self.sandbox.script("app.lua", APP)
        self.sandbox.script("lib.lua", LIB)
        os.makedirs(os.path.join(self.sandbox.scripts, "locales"))
        self.sandbox.script("locales/de.lua", DE)

    def tearDown(self):
        self.sandbox.close()

    def luascreen(self, *args):
        return subprocess.run([support.BIN, *args], capture_output=True, text=True, timeout=60,
                              cwd=self.sandbox.scripts, env=self.sandbox.env())

    def locale_warnings(self):
        result = self.luascreen("check", "app.lua", "--locale", "de")
        self.assertEqual(result.returncode, 0, result.stderr)
        return [line for line in result.stderr.splitlines() if "translation for" in line]

    def test_strings_marked_untranslated_and_strings_without_letters_are_not_asked_for(self):
        warned = "\n".join(self.locale_warnings())
        # "GitHub" is in app { untranslated = ... }, "Ada Lovelace" translated as itself,
        # "2.0.0" has no letter to translate.
        self.assertNotIn('"GitHub"', warned)
        self.assertNotIn('"Ada Lovelace"', warned)
        self.assertNotIn('"2.0.0"', warned)

    def test_untranslated_must_be_a_list_of_strings(self):
        self.sandbox.script("bad.lua", 'return app { untranslated = { 3 }, screens = { screen { id = "a", '
                            'title = "A", section { row { text = "x" } } } } }\n')
        result = self.luascreen("check", "bad.lua")
        self.assertEqual(result.returncode, 1)
        self.assertIn("bad.lua:1: error: untranslated[1]: expected a string", result.stderr)

    def test_ctx_tr_literals_are_checked(self):
        warned = self.locale_warnings()
        self.assertIn('app.lua:18: warning: ctx:tr: no "de" translation for "Hello there"', warned)
        self.assertIn('lib.lua:3: warning: ctx:tr: no "de" translation for "Done"', warned)

    def test_a_key_computed_from_the_scripts_data_is_checked(self):
        result = self.luascreen("check", "app.lua")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('app.lua:8: warning: ctx.store["editor.minimapp"] is read by enabled of row '
                      '"editor.minimap_side", but no row binds the key "editor.minimapp" and the script '
                      'never writes it (did you mean "editor.minimap"?)', result.stderr)

    def test_a_computed_key_the_script_may_write_is_not_called_a_typo(self):
        # ctx.store[k] = value may store any key: what the functions read is then no typo.
        with open(self.app, encoding="utf-8") as f:
            text = f.read()
        self.sandbox.script("writes.lua", text.replace(
            'row { text = "Ada Lovelace" },',
            'button { text = "Ada Lovelace", on_select = function(ctx) local k = "editor." .. "x"; ctx.store[k] = true end },'))
        result = self.luascreen("check", "writes.lua")
        self.assertEqual((result.returncode, result.stderr), (0, ""))

    def test_check_of_a_module_says_it_is_a_module(self):
        # Required by app.lua beside it, the module is checked as part of that app.
        result = self.luascreen("check", "lib.lua")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("lib.lua: note: checked as part of the app app.lua, which requires it", result.stderr)
        self.assertNotIn("missing required field", result.stderr)
        # With no app that requires it, it is checked alone and called a module.
        os.remove(self.app)
        result = self.luascreen("check", "lib.lua")
        self.assertNotIn("missing required field", result.stderr)
        self.assertRegex(result.stderr, r"lib\.lua:\d+: warning: this file returns a table of functions \(helper_row\), "
                         r"not a screen or app: it is a module")
        self.assertEqual(result.returncode, 0, result.stderr)
        result = self.luascreen("render", "lib.lua")
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stderr, r"lib\.lua:\d+: error: this file returns a table of functions \(helper_row\)")

    def test_export_warnings_name_the_helpers_caller(self):
        result = self.luascreen("export", "app.lua", "--format", "settings-bundle", "--out", "Settings.bundle")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stderr.splitlines()
        at = next(i for i, line in enumerate(lines) if '"Helped" left out' in line)
        self.assertTrue(lines[at].startswith("lib.lua:3: warning: "), lines[at])
        self.assertEqual(lines[at + 1], "app.lua:20: note: called from here")

    def test_explore_out_beside_the_scripts_folder_writes_a_test_that_opens_the_script(self):
        # Guards what was verified: the path written is relative to the test's folder, so the
        # test opens its script from the parent folder and from the script's own.
        self.sandbox.script("bug.lua", 'return screen { id = "b", title = "B", section { button { text = "Boom",\n'
                            '  on_select = function(ctx) local t = nil; return t.x end } } }\n')
        result = subprocess.run([support.BIN, "explore", "scripts/bug.lua", "--seed", "1", "--walks", "2",
                                 "--steps", "3", "--out", "explored"], capture_output=True, text=True,
                                cwd=self.sandbox.dir, env=self.sandbox.env(), timeout=60)
        self.assertEqual(result.returncode, 1, result.stdout)
        for cwd, folder in ((self.sandbox.dir, "explored"), (self.sandbox.scripts, "../explored")):
            run = subprocess.run([support.BIN, "test", folder], capture_output=True, text=True, cwd=cwd,
                                 env=self.sandbox.env(), timeout=60)
            self.assertIn("attempt to index a nil value (local 't')", run.stdout, cwd)
            self.assertIn("0 passed, 1 failed", run.stdout)


if __name__ == "__main__":
    unittest.main()
