"""Authoring at scale (SPEC §9, issue 14): diagnostics traced through helpers, key typos,
made-up ids, test files given to check, and localisation through the command line."""
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

KCONFIG = textwrap.dedent("""\
    -- a kernel-config-like screen whose toggles all come from one helper
    local function bool(sym, text, default, deps)
      return toggle { key = sym, text = text, default = default,
                      enabled = deps and function(ctx) return ctx.store[deps] end }
    end

    local function menu(title, rows)
      return section { header = title, rows = rows }
    end

    return screen {
      id = "kconfig", title = "Kernel",
      menu("Processor", {
        bool("SMP", "Symmetric multi-processing", true),
        bool("PREEMPT", "Preemptible kernel", false, "SMP"),
      }),
      menu("Debugging", {
        bool("DEBUG_KERNEL", "Kernel debugging", false),
        bool("DEBUG_FS", "Debug filesystem", "yes"),
      }),
    }
    """)


class Authoring(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-authoring-")
        self.env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1")
        self.env.pop("LC_MESSAGES", None)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def luascreen(self, *args, stdin=None, env=None):
        return subprocess.run([support.BIN, *args], cwd=self.dir, input=stdin, capture_output=True,
                              text=True, timeout=60, env=env or self.env)

    def test_a_mistake_in_a_helper_built_row_names_the_row_and_the_calls(self):
        self.write("kconfig.lua", KCONFIG)
        result = self.luascreen("check", "kconfig.lua")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines(), [
            'kconfig.lua:3: error: sections[2].rows[2](DEBUG_FS).default: expected a boolean, got string',
            "kconfig.lua:19: note: called from here",
        ])

    def test_notes_follow_every_level_of_helpers_up_to_the_main_chunk(self):
        self.write("deep.lua", textwrap.dedent("""\
            local function leaf(text) return row { text = text, detial = "x" } end
            local function branch(text) local made = leaf(text); return made end  -- not a tail call
            return screen { id = "s", title = "S", section { branch("A") } }
            """))
        result = self.luascreen("check", "deep.lua")
        self.assertEqual(result.stderr.splitlines(), [
            'deep.lua:1: error: sections[1].rows[1].detial: unknown field "detial" (did you mean "detail"?)',
            "deep.lua:2: note: called from here",
            "deep.lua:3: note: called from here",
        ])

    def test_rows_written_in_the_main_chunk_keep_their_plain_paths(self):
        self.write("plain.lua", 'return screen { id = "s", title = "S", section {\n'
                                '  toggle { key = "k", text = "K", default = "yes" } } }\n')
        result = self.luascreen("check", "plain.lua")
        self.assertEqual(result.stderr.strip(),
                         'plain.lua:2: error: sections[1].rows[1].default: expected a boolean, got string')

    def test_json_diagnostics_stay_one_object_each(self):
        self.write("kconfig.lua", KCONFIG)
        result = self.luascreen("check", "kconfig.lua", "--json")
        self.assertIn('"path" : "sections[2].rows[2](DEBUG_FS).default"', result.stdout.replace('": ', '" : '))

    def test_a_misspelt_store_key_is_warned_about_with_a_suggestion(self):
        self.write("typo.lua", textwrap.dedent("""\
            return screen { id = "k", title = "K", section {
              toggle { text = "SMP", key = "SMP" },
              row { text = "CPUs", detail = "8", visible = function(ctx) return ctx.store.SPM end },
              row { text = "Hz", detail = function(ctx) return ctx.store["HZ"] or "250" end },
              button { text = "Set", on_select = function(ctx) ctx.store.HZ = 100 end },
              -- ctx.store.IN_A_COMMENT is not read
            } }
            """))
        result = self.luascreen("check", "typo.lua")
        self.assertEqual(result.returncode, 0)    # a warning: the script still works
        self.assertEqual(result.stderr.splitlines(), [
            'typo.lua:3: warning: ctx.store.SPM is read, but no row binds the key "SPM" and the script '
            'never writes it (did you mean "SMP"?)'])

    def test_a_misspelt_store_key_in_a_required_module_is_warned_about_in_each_require_form(self):
        # The scan follows `require "m"`, `require("m")` and `require ( 'm' )`; a text saying
        # "required" names no module.
        self.write("uses.lua", textwrap.dedent("""\
            local a = require "moda"
            local b = require("modb")
            local c = require ( 'modc' )
            return screen { id = "u", title = "U", section {
              toggle { text = "SMP", key = "SMP", help = "This is required by the scheduler." },
              row { text = "A", detail = a.detail }, row { text = "B", detail = b.detail },
              row { text = "C", detail = c.detail },
            } }
            """))
        for name in ("a", "b", "c"):
            self.write("mod%s.lua" % name, 'local M = {}\nfunction M.detail(ctx) return ctx.store.SMP%s and "on" or "off" end\n'
                                           'return M\n' % name.upper())
        result = self.luascreen("check", "uses.lua")
        self.assertEqual(result.returncode, 0, result.stderr)
        for name in ("a", "b", "c"):
            self.assertIn('mod%s.lua:2: warning: ctx.store.SMP%s is read, but no row binds the key "SMP%s"' % (name, name.upper(), name.upper()),
                          result.stderr)

    def test_an_id_made_up_for_a_text_function_is_warned_about(self):
        self.write("madeup.lua", 'return screen { id = "s", title = "S", section {\n'
                                 '  row { text = "Static" },\n'
                                 '  row { text = function(ctx) return "Dynamic" end, on_select = function() end },\n'
                                 '  row { id = "named", text = function(ctx) return "Named" end },\n'
                                 '} }\n')
        result = self.luascreen("check", "madeup.lua")
        self.assertEqual(result.returncode, 0)
        lines = result.stderr.splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        self.assertTrue(lines[0].startswith("madeup.lua:3: warning: sections[1].rows[2]: this row's text is a function, "
                                            'so its id was made up ("row2")'), lines[0])
        self.assertIn('give the row an id = "..."', lines[0])

    def test_check_of_a_test_file_says_to_run_it_with_luascreen_test(self):
        path = os.path.join(support.ROOT, "examples", "tests", "settings_test.lua")
        result = self.luascreen("check", path)
        self.assertEqual(result.returncode, 1)
        self.assertIn("this is a test file", result.stderr)
        self.assertIn(f"run it with luascreen test {path}", result.stderr)


class Localisation(unittest.TestCase):
    PREFS = os.path.join(support.ROOT, "examples", "prefs.lua")

    def setUp(self):
        support.require_binary(self)
        self.env = dict(os.environ, LANG="C.UTF-8", NO_COLOR="1")
        for name in ("LC_ALL", "LC_MESSAGES"):
            self.env.pop(name, None)

    def run_cli(self, *args, env=None):
        return subprocess.run([support.BIN, *args], capture_output=True, text=True, timeout=60,
                              env=env or self.env, cwd=support.ROOT)

    def test_render_in_german_and_japanese(self):
        de = self.run_cli("render", self.PREFS, "--locale", "de", "--width", "40", "--store", "none")
        self.assertEqual(de.returncode, 0, de.stderr)
        self.assertEqual(de.stdout.splitlines()[0], "Einstellungen")
        self.assertIn(" 1 Dunkles Design                  ○ aus", de.stdout)
        ja = self.run_cli("render", self.PREFS, "--locale", "ja_JP.UTF-8", "--width", "40", "--store", "none")
        self.assertEqual(ja.stdout.splitlines()[0], "設定")
        self.assertIn(" 8 間隔                    60 min (無効)", ja.stdout)

    def test_the_locale_comes_from_the_environment_when_not_given(self):
        env = dict(self.env, LANG="de_DE.UTF-8")
        result = self.run_cli("render", self.PREFS, "--width", "40", "--store", "none", env=env)
        self.assertEqual(result.stdout.splitlines()[0], "Einstellungen")
        env = dict(self.env, LANG="de_DE.UTF-8", LC_ALL="ja_JP.UTF-8")   # LC_ALL wins
        result = self.run_cli("render", self.PREFS, "--width", "40", "--store", "none", env=env)
        self.assertEqual(result.stdout.splitlines()[0], "設定")

    def test_check_locale_is_clean_when_everything_is_translated(self):
        for locale in ("de", "ja"):
            result = self.run_cli("check", self.PREFS, "--locale", locale)
            self.assertEqual((result.returncode, result.stderr), (0, ""), locale)

    def test_check_locale_names_an_untranslated_string_at_the_helpers_caller(self):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(self.PREFS, os.path.join(tmp, "prefs.lua"))
            shutil.copytree(os.path.join(support.ROOT, "examples", "locales"), os.path.join(tmp, "locales"))
            german = os.path.join(tmp, "locales", "de.lua")
            with open(german, encoding="utf-8") as f:
                text = f.read()
            with open(german, "w", encoding="utf-8") as f:
                f.write(text.replace('  ["Vibrate"] = "Vibration",\n', ""))
            result = self.run_cli("check", os.path.join(tmp, "prefs.lua"), "--locale", "de")
        self.assertEqual(result.returncode, 0)
        lines = result.stderr.replace(tmp + "/", "").splitlines()
        self.assertEqual(lines[0], 'prefs.lua:8: warning: screen prefs.sections[2].vibrate.text: no "de" translation for "Vibrate"')
        self.assertEqual(lines[1], "prefs.lua:44: note: called from here")
        self.assertEqual(len(lines), 2, result.stderr)

    def test_check_locale_without_strings_for_it_says_so_once(self):
        result = self.run_cli("check", self.PREFS, "--locale", "fr")
        self.assertEqual(result.stderr.strip(),
                         f'{self.PREFS}: warning: strings: no strings for the locale "fr" (it has de, ja; add locales/fr.lua)')

    def test_check_of_a_locale_file_checks_its_entries(self):
        # A locale file is checked as what it is: clean, exit 0; other commands say it is
        # not a screen and which app reads it.
        for name in ("de", "ja"):
            result = self.run_cli("check", f"examples/locales/{name}.lua")
            self.assertEqual((result.returncode, result.stderr), (0, ""), name)
        result = self.run_cli("render", "examples/locales/de.lua")
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stderr, r"examples/locales/de\.lua:\d+: error: this file returns a table of strings "
                         r"\(text = translation\), not a screen or app: it is a locale file")
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "de.lua")
            with open(bad, "w", encoding="utf-8") as f:
                f.write('return {\n  ["Settings"] = "Einstellungen",\n  ["Vibrate"] = 3,\n}\n')
            result = self.run_cli("check", bad)
        self.assertEqual(result.returncode, 1)
        # The entry named, at its line.
        self.assertEqual(result.stderr.strip(), f'{bad}:3: error: ["Vibrate"]: each entry is ["text"] = "translation" (two strings), '
                                                'got a string key and a number value')
        # A locale file whose every entry is wrong, or with a list item, is still checked as one
        # (not as a screen missing its title).
        for text, said in [('return { [\'Vibrate\'] = 3 }\n', ':1: error: ["Vibrate"]: each entry is ["text"] = "translation" '
                                                             '(two strings), got a string key and a number value'),
                           ('return { ["Settings"] = "Einstellungen", "Vibrate" }\n',
                            ': error: [1]: each entry is ["text"] = "translation" (two strings), got a number key and a string value')]:
            with tempfile.TemporaryDirectory() as tmp:
                bad = os.path.join(tmp, "de.lua")
                with open(bad, "w", encoding="utf-8") as f:
                    f.write(text)
                result = self.run_cli("check", bad)
            self.assertEqual(result.returncode, 1)
            self.assertEqual(result.stderr.strip(), bad + said)


if __name__ == "__main__":
    unittest.main()
