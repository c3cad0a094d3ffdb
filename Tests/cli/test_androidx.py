"""androidx import on the command line (SPEC §15): a res/xml file is recognised by its
extension or its root element, --format names the format, and the script passes check."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT
SAMPLE = os.path.join(ROOT, "Tests", "fixtures", "androidx", "sample", "res", "xml", "prefs.xml")


def luascreen(*args):
    return subprocess.run([support.BIN, *args], cwd=ROOT, capture_output=True, text=True, timeout=60)


class AndroidXImport(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-androidx-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def test_a_res_xml_file_imports_checks_and_renders(self):
        out = os.path.join(self.tmp, "prefs.lua")
        result = luascreen("import", SAMPLE, "--out", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("com.example.ColorPreference is not an androidx.preference element", result.stderr)
        self.assertEqual(luascreen("check", out).returncode, 0)
        german = luascreen("render", out, "--store", "none", "--locale", "de", "--width", "60")
        self.assertEqual(german.returncode, 0, german.stderr)
        self.assertIn("Allgemein", german.stdout)
        self.assertIn("Sync jetzt", german.stdout)

    def test_the_format_is_found_by_content_or_given(self):
        # No .xml extension: the root element says it is preference XML.
        renamed = os.path.join(self.tmp, "res", "xml", "prefs")
        os.makedirs(os.path.dirname(renamed))
        shutil.copy(SAMPLE, renamed)
        result = luascreen("import", renamed)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('toggle { text = "@string/sync", key = "sync"', result.stdout)
        # --format settings-bundle reads it as a plist, and says it is not one.
        as_plist = luascreen("import", SAMPLE, "--format", "settings-bundle")
        self.assertEqual(as_plist.returncode, 1)
        self.assertIn("error:", as_plist.stderr)
        given = luascreen("import", renamed, "--format", "androidx")
        self.assertEqual(given.returncode, 0, given.stderr)

    def test_out_may_not_name_an_input(self):
        values = os.path.join(os.path.dirname(os.path.dirname(SAMPLE)), "values", "strings.xml")
        before = open(values, "rb").read()
        result = luascreen("import", SAMPLE, "--out", values)
        self.assertEqual(result.returncode, 1)
        self.assertIn("it is one of the command's inputs", result.stderr)
        self.assertEqual(open(values, "rb").read(), before)

    def test_help_man_and_completions_name_import_formats(self):
        self.assertIn("--format", luascreen("help", "import").stdout)
        self.assertIn("androidx", luascreen("completions", "bash").stdout)


if __name__ == "__main__":
    unittest.main()
