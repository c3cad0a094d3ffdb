"""export (issue 38 items) with the real tools: a script holding each case exports a
Settings.bundle whose specifiers have the keys their references list and androidx XML that
aapt2 links; a real app's InAppSettingsKit text views (the first corpus, files nobody here
wrote) come back as the text views they were."""
import os
import plistlib
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402
import corpora  # noqa: E402
from test_aapt import aapt2, app_folder, tools_missing  # noqa: E402
import test_export  # noqa: E402
from test_export import luascreen  # noqa: E402

# One case of each item: a section whose rows are all left out, a multiline input, a dependency
# a helper makes, a number typed in a field (a port), one given a text field's type in ios.
ITEMS = """local function on(k) return function(ctx) return ctx.store[k] end end
return screen { id = "main", title = "Network",
  section { header = "Proxy",
    toggle { text = "Use a proxy", key = "proxy" },
    input { text = "Host", key = "host", enabled = on("proxy") },
    number { text = "Port", key = "port", min = 1, max = 65535, default = 8080, field = true, enabled = on("proxy") },
    number { text = "Retries", key = "retries", min = 0, max = 9, default = 3, ios = { Type = "PSTextFieldSpecifier" } },
    input { text = "Notes", key = "notes", multiline = true },
  },
  section { header = "Later", date { text = "Day", key = "day" } },
}
"""


class ExportItems(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-items-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.script = os.path.join(self.tmp, "items.lua")
        with open(self.script, "w") as f:
            f.write(ITEMS)

    def export(self, fmt, out):
        result = luascreen("export", self.script, "--format", fmt, "--out", os.path.join(self.tmp, out))
        self.assertEqual(result.returncode, 0, result.stderr)
        return os.path.join(self.tmp, out), result.stderr

    def test_the_settings_bundle_has_the_keys_its_references_list(self):
        out, stderr = self.export("settings-bundle", "Settings.bundle")
        with open(os.path.join(out, "Root.plist"), "rb") as f:
            root = plistlib.load(f)
        specs = root["PreferenceSpecifiers"]
        checker = test_export.SettingsBundleIsValid()
        for n, spec in enumerate(specs):
            checker.check_specifier(f"Root.plist[{n}]", spec, {"Root.plist": root})
        self.assertEqual(root["Title"], "Network")
        self.assertEqual([s.get("Title") for s in specs if s["Type"] == "PSGroupSpecifier"], ["Proxy"])
        by_key = {s.get("Key"): s for s in specs}
        self.assertEqual(by_key["port"], {"Type": "PSTextFieldSpecifier", "Title": "Port", "Key": "port",
                                          "DefaultValue": "8080", "KeyboardType": "NumberPad", "AutocorrectionType": "No"})
        self.assertNotIn("MinimumValue", by_key["retries"])
        self.assertEqual(by_key["notes"]["Type"], "IASKTextViewSpecifier")
        self.assertIn('section "Later" left out: each of its rows was left out', stderr)
        self.assertIn('input "Notes": written as InAppSettingsKit\'s IASKTextViewSpecifier', stderr)
        # The same script into an InAppSettings.bundle: InAppSettingsKit alone reads it.
        _, in_app = self.export("settings-bundle", "InAppSettings.bundle")
        self.assertNotIn("IASKTextViewSpecifier", in_app)

    def test_the_androidx_export_links_with_aapt2(self):
        missing = tools_missing()
        if missing:
            self.fail("%s missing: run scripts/setup" % missing)
        out, stderr = self.export("androidx", "app")
        with open(os.path.join(out, "res", "xml", "main.xml"), encoding="utf-8") as f:
            xml = f.read()
        self.assertEqual(xml.count('app:dependency="proxy"'), 2, xml)
        self.assertIn('<EditTextPreference\n            app:key="port"', xml)
        self.assertNotIn("later", xml)
        self.assertNotIn("enabled (a function of ctx", stderr)
        status, output = aapt2(app_folder(out))
        self.assertEqual(status, 0, output)


class RealTextViews(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        corpora.require(self, corpora.FIRST)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-items-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def test_an_apps_text_views_are_multiline_inputs_and_come_back(self):
        pane = os.path.join(corpora.FIRST, "bundles", "iask-sample", "Settings.bundle", "Complete.plist")
        script = os.path.join(self.tmp, "complete.lua")
        result = luascreen("import", pane, "--out", script)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(script, encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(text.count("multiline = true"), 2)
        with open(pane, "rb") as f:
            views = [s for s in plistlib.load(f)["PreferenceSpecifiers"] if s.get("Type") == "IASKTextViewSpecifier"]
        for folder, warned in (("Settings.bundle", True), ("InAppSettings.bundle", False)):
            out = os.path.join(self.tmp, folder)
            exported = luascreen("export", script, "--format", "settings-bundle", "--out", out)
            self.assertEqual(exported.returncode, 0, exported.stderr)
            self.assertEqual("IASKTextViewSpecifier (multiline)" in exported.stderr, warned, exported.stderr)
            with open(os.path.join(out, "Root.plist"), "rb") as f:
                back = [s for s in plistlib.load(f)["PreferenceSpecifiers"] if s.get("Type") == "IASKTextViewSpecifier"]
            self.assertEqual(back, views)


if __name__ == "__main__":
    unittest.main()
