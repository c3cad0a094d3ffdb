"""Translations (SPEC §9; issues 38 and 42): a screen's own strings win for what it shows,
locale files are read again on reload, and check --locale reports every text a person sees
(units, a bound row's detail, action texts and confirms), translations no text uses, and names
the locale file to add."""
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

APP = """return app { root = "main", strings = "locales", screens = {
  screen { id = "main", title = "Main",
    section { header = "Advanced", toggle { text = "Sound", key = "s" }, row { text = "Audio", push = "audio" } } },
  screen { id = "audio", title = "Audio", strings = { fr = { ["Advanced"] = "Audio avancé" } },
    section { header = "Advanced", number { text = "Buffer", key = "b", unit = "KB", default = 1 } } },
} }
"""


def run(*args, cwd=None, stdin=None):
    return subprocess.run([support.BIN, *args], cwd=cwd, input=stdin, capture_output=True, text=True, timeout=60)


class Translations(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-tr-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        os.mkdir(os.path.join(self.tmp, "locales"))
        self.script = os.path.join(self.tmp, "app.lua")
        with open(self.script, "w") as f:
            f.write(APP)
        self.locale({"Main": "Principal", "Advanced": "Avancé", "Sound": "Son", "Audio": "Audio",
                     "Buffer": "Tampon", "KB": "Ko"})

    def locale(self, pairs, name="fr"):
        with open(os.path.join(self.tmp, "locales", name + ".lua"), "w") as f:
            f.write("return {\n" + "".join(f'  ["{k}"] = "{v}",\n' for k, v in pairs.items()) + "}\n")

    def test_a_screens_own_strings_win_on_that_screen_only(self):
        main = run("render", self.script, "--locale", "fr", "--store", "none", "--width", "60")
        self.assertIn("Avancé", main.stdout, main.stderr)
        audio = run("render", self.script, "--screen", "audio", "--locale", "fr", "--store", "none", "--width", "60")
        self.assertIn("Audio avancé", audio.stdout, audio.stderr)
        self.assertIn("1 Ko", audio.stdout)  # a unit is translated too

    def test_check_locale_is_clean_and_counts_screen_strings(self):
        checked = run("check", self.script, "--locale", "fr")
        self.assertEqual((checked.returncode, checked.stderr), (0, ""))

    def test_check_locale_reports_units_details_actions_and_confirms(self):
        with open(self.script, "w") as f:
            f.write('return app { root = "m", strings = { fr = { ["M"] = "M" } }, screens = { screen { id = "m", title = "M", section {\n'
                    '  number { text = "N", key = "n", unit = "KB", default = 1 },\n'
                    '  toggle { text = "T", key = "t", detail = "Quiet" },\n'
                    '  row { text = "R", actions = { { text = "Delete", confirm = "Really?", on_select = function(ctx) end } } } } } } }\n')
        checked = run("check", self.script, "--locale", "fr").stderr
        for text in ('"KB"', '"Quiet"', '"Delete"', '"Really?"'):
            self.assertIn("no \"fr\" translation for " + text, checked)

    def test_a_translation_no_text_uses_is_a_warning(self):
        self.locale({"Main": "Principal", "Advanced": "Avancé", "Sound": "Son", "Audio": "Audio",
                     "Buffer": "Tampon", "KB": "Ko", "Volume": "Volume"})
        checked = run("check", self.script, "--locale", "fr")
        self.assertIn('the "fr" translation of "Volume" is used by no text', checked.stderr)
        # At its line of the locale file (the 7th entry, after `return {`).
        self.assertIn(os.path.join(self.tmp, "locales", "fr.lua") + ':8: warning: strings: the "fr" translation of "Volume"',
                      checked.stderr)
        here = run("check", "app.lua", "--locale", "fr", cwd=self.tmp)
        self.assertIn('locales/fr.lua:8: warning: strings: the "fr" translation of "Volume"', here.stderr)

    def test_the_words_of_the_previews_controls_are_no_leftover(self):
        # The page's screen-reader labels (PresentationWords.controls) are translated by the
        # same strings: their translations are used, not left over.
        self.locale({"Main": "Principal", "Advanced": "Avancé", "Sound": "Son", "Audio": "Audio",
                     "Buffer": "Tampon", "KB": "Ko", "Decrease %@": "Diminuer %@", "New item": "Nouvel élément",
                     "Volume": "Volume"})
        checked = run("check", self.script, "--locale", "fr")
        self.assertIn('the "fr" translation of "Volume" is used by no text', checked.stderr)
        self.assertNotIn("Decrease", checked.stderr)
        self.assertNotIn("New item", checked.stderr)

    def test_a_text_a_function_returns_is_no_leftover(self):
        # A detail function's literals are translated as they are shown: their translations
        # are used, whichever branch ran when check evaluated the screen.
        with open(os.path.join(self.tmp, "fn.lua"), "w") as f:
            f.write('return app { root = "m", strings = "locales", screens = { screen { id = "m", title = "Main", section {\n'
                    '  toggle { text = "Sound", key = "on", default = true },\n'
                    '  row { text = "Audio", detail = function(ctx) return ctx.store.on and "Loud" or "Quiet" end },\n'
                    '} } } }\n')
        self.locale({"Main": "Principal", "Sound": "Son", "Audio": "Audio", "Loud": "Fort", "Quiet": "Calme", "Gone": "Parti"})
        checked = run("check", "fn.lua", "--locale", "fr", cwd=self.tmp)
        self.assertIn('the "fr" translation of "Gone" is used by no text', checked.stderr)
        self.assertNotIn('"Quiet"', checked.stderr)
        self.assertNotIn('"Loud"', checked.stderr)
        shown = run("run", "fn.lua", "--locale", "fr", "--store", "none", cwd=self.tmp, stdin="set Son off\n")
        self.assertIn("Fort", shown.stdout)
        self.assertIn("Calme", shown.stdout)

    def test_the_advice_names_the_missing_locale_file(self):
        checked = run("check", self.script, "--locale", "de")
        self.assertIn("add locales/de.lua", checked.stderr)
        # From another folder: the file as the person reaches it from there.
        outside = subprocess.run([support.BIN, "check", os.path.join(os.path.basename(self.tmp), os.path.basename(self.script)),
                                  "--locale", "de"], cwd=os.path.dirname(self.tmp), capture_output=True, text=True, timeout=60)
        self.assertIn("add locales/de.lua in %s)" % os.path.basename(self.tmp), outside.stderr)
        here = run("check", "app.lua", "--locale", "de", cwd=self.tmp)
        self.assertIn("(it has fr; add locales/de.lua)", here.stderr)

    def test_reload_reads_an_edited_locale_file_again(self):
        process = subprocess.Popen([support.BIN, "run", self.script, "--locale", "fr", "--store", "none"], cwd=self.tmp,
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        process.stdin.write("show\n")
        process.stdin.flush()
        time.sleep(0.5)
        self.locale({"Main": "Principal", "Advanced": "Avancé", "Sound": "Bruit", "Audio": "Audio", "Buffer": "Tampon", "KB": "Ko"})
        process.stdin.write("reload\n")
        process.stdin.close()
        out = process.stdout.read()
        process.wait(timeout=30)
        self.assertIn("Son", out)
        self.assertIn("Bruit", out.split("reload", 1)[1])

    def test_a_screens_strings_must_be_a_table_of_locales(self):
        with open(self.script, "w") as f:
            f.write('return screen { id = "m", title = "M", strings = "locales", section { row { text = "R" } } }\n')
        checked = run("check", self.script)
        self.assertEqual(checked.returncode, 1)
        self.assertIn("a screen's strings is a table of locales", checked.stderr)


if __name__ == "__main__":
    unittest.main()


class TodoFile(unittest.TestCase):
    """`check --locale LANG --todo FILE` writes the texts LANG lacks for a translator (issue 38)."""

    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-todo-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.script = os.path.join(self.tmp, "app.lua")
        with open(self.script, "w") as f:
            f.write('return app { root = "m", strings = { fr = { ["M"] = "M" } }, screens = { screen { id = "m", title = "M",\n'
                    '  section { toggle { text = "Say \\"hi\\"", key = "t" }, number { text = "Size", key = "n", unit = "KB", default = 1 } } } } }\n')

    def test_the_missing_texts_are_written_as_a_table_to_fill_in(self):
        todo = os.path.join(self.tmp, "fr_todo.lua")
        result = run("check", self.script, "--locale", "fr", "--todo", todo)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(todo, encoding="utf-8") as f:
            text = f.read()
        self.assertIn('["Say \\"hi\\""] = nil, -- TODO', text)
        self.assertIn('["KB"] = nil, -- TODO', text)
        self.assertNotIn('["M"]', text)
        # Filled in and used as the app's strings, the locale is complete.
        os.makedirs(os.path.join(self.tmp, "locales"))
        with open(os.path.join(self.tmp, "locales", "fr.lua"), "w", encoding="utf-8") as f:
            f.write(text.replace('nil, -- TODO', '"x",').replace("return {", 'return {\n  ["M"] = "M",'))
        with open(self.script, encoding="utf-8") as f:
            source = f.read()
        with open(self.script, "w", encoding="utf-8") as f:
            f.write(source.replace('strings = { fr = { ["M"] = "M" } }', 'strings = "locales"'))
        checked = run("check", self.script, "--locale", "fr")
        self.assertEqual((checked.returncode, checked.stderr), (0, ""))

    def test_a_file_there_already_is_never_overwritten(self):
        todo = os.path.join(self.tmp, "fr.lua")
        with open(todo, "w") as f:
            f.write("return { ['Size'] = 'Taille' }\n")
        result = run("check", self.script, "--locale", "fr", "--todo", todo)
        self.assertEqual(result.returncode, 1)
        self.assertIn("exists already", result.stderr)
        with open(todo) as f:
            self.assertEqual(f.read(), "return { ['Size'] = 'Taille' }\n")

    def test_todo_needs_a_locale(self):
        result = run("check", self.script, "--todo", os.path.join(self.tmp, "x.lua"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("--todo needs --locale", result.stderr)
