"""Settings.bundle fidelity (SPEC §15, issue 23 items 1-11): each case is a small bundle as
real apps write them, imported, checked, exported and compared specifier by specifier with
the plist types (True is not 1, 1.0 is not 1)."""
import json
import os
import plistlib
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402
from bundle_roundtrip import typed  # noqa: E402


def run(*args):
    return subprocess.run([support.BIN, *args], capture_output=True, text=True, timeout=60)


class Fidelity(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-fidelity-")
        self.bundle = os.path.join(self.tmp, "Settings.bundle")
        os.mkdir(self.bundle)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def write(self, name, specifiers, **top):
        path = os.path.join(self.bundle, name + ".plist")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            plistlib.dump({"PreferenceSpecifiers": specifiers, **top}, f)

    def strings(self, lang, table, pairs):
        folder = os.path.join(self.bundle, lang + ".lproj")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, table + ".strings"), "w", encoding="utf-8") as f:
            for k, v in pairs.items():
                f.write(f'"{k}" = "{v}";\n')

    def round_trip(self, root="Root"):
        """The script (checked), the import warnings, and the exported bundle's folder."""
        script = os.path.join(self.tmp, "s.lua")
        imported = run("import", os.path.join(self.bundle, root + ".plist"), "--out", script)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        check = run("check", script)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        out = os.path.join(self.tmp, "out.bundle")
        exported = run("export", script, "--format", "settings-bundle", "--out", out)
        self.assertEqual(exported.returncode, 0, exported.stderr)
        return script, imported.stderr, out

    def exported(self, out, name="Root"):
        with open(os.path.join(out, name + ".plist"), "rb") as f:
            return plistlib.load(f)

    def assertSame(self, original, exported):
        self.assertEqual([typed(s) for s in original], [typed(s) for s in exported])

    def test_1_child_panes_in_folders_come_back_in_their_folder(self):
        child = [{"Type": "PSGroupSpecifier", "FooterText": "MIT License", "Title": "AFNetworking"}]
        self.write("com.mono0926.LicensePlist/AFNetworking", child)
        root = [{"Type": "PSChildPaneSpecifier", "Title": "AFNetworking", "File": "com.mono0926.LicensePlist/AFNetworking"}]
        self.write("Root", root)
        _, warnings, out = self.round_trip()
        self.assertNotIn("left out", warnings)
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])
        self.assertSame(child, self.exported(out, "com.mono0926.LicensePlist/AFNetworking")["PreferenceSpecifiers"])

    def test_2_two_specifiers_sharing_a_key_keep_it(self):
        root = [{"Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "version", "DefaultValue": "1.0"},
                {"Type": "PSTitleValueSpecifier", "Title": "Build", "Key": "version", "DefaultValue": "1.0"},
                {"Type": "PSToggleSwitchSpecifier", "Title": "A", "Key": "flag", "DefaultValue": True},
                {"Type": "PSToggleSwitchSpecifier", "Title": "B", "Key": "flag", "DefaultValue": True}]
        self.write("Root", root)
        _, warnings, out = self.round_trip()
        self.assertNotIn("version_2", warnings)
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_3_each_pane_reads_its_own_strings_table(self):
        self.write("Root", [{"Type": "PSChildPaneSpecifier", "Title": "Network", "File": "Network"},
                            {"Type": "PSChildPaneSpecifier", "Title": "Audio", "File": "Audio"}])
        self.write("Network", [{"Type": "PSGroupSpecifier", "Title": "Proxy"}])
        self.write("Audio", [{"Type": "PSGroupSpecifier", "Title": "Codecs"}], StringsTable="Sound")
        self.strings("fr", "Root", {"Network": "Réseau"})
        self.strings("fr", "Network", {"Proxy": "Mandataire"})
        self.strings("fr", "Sound", {"Codecs": "Codecs audio"})
        script, _, out = self.round_trip()
        for screen, word in (("Network", "Mandataire"), ("Audio", "Codecs audio")):
            shown = run("render", script, "--screen", screen, "--locale", "fr", "--store", "none")
            self.assertIn(word, shown.stdout, shown.stderr)
        self.assertEqual(self.exported(out, "Audio").get("StringsTable"), "Sound")
        with open(os.path.join(out, "fr.lproj", "Sound.strings"), encoding="utf-8") as f:
            self.assertIn('"Codecs" = "Codecs audio";', f.read())
        with open(os.path.join(out, "fr.lproj", "Network.strings"), encoding="utf-8") as f:
            self.assertIn('"Proxy" = "Mandataire";', f.read())

    def test_4_5_key_on_groups_and_child_panes_and_footer_text_on_every_specifier(self):
        self.write("More", [{"Type": "PSGroupSpecifier", "Title": "x"}])
        root = [{"Type": "PSGroupSpecifier", "Title": "Account", "Key": "account_group"},
                {"Type": "PSChildPaneSpecifier", "Title": "More", "File": "More", "Key": "more_pane"},
                {"Type": "PSMultiValueSpecifier", "Title": "Size", "Key": "size", "DefaultValue": "s",
                 "Values": ["s", "l"], "Titles": ["Small", "Large"], "FooterText": "Pick one"}]
        self.write("Root", root)
        _, _, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_6_an_untitled_text_field_gains_no_title(self):
        root = [{"Type": "PSTextFieldSpecifier", "Key": "server", "DefaultValue": "example.com"}]
        self.write("Root", root)
        _, _, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_7_8_values_and_defaults_keep_their_plist_types(self):
        root = [{"Type": "PSTitleValueSpecifier", "Title": "Mode", "Key": "mode", "DefaultValue": 3,
                 "Values": [1, 2], "Titles": ["One", "Two"]},
                {"Type": "PSTextFieldSpecifier", "Title": "Port", "Key": "port", "DefaultValue": 5060},
                {"Type": "PSTextFieldSpecifier", "Title": "Flag", "Key": "flag_text", "DefaultValue": True},
                {"Type": "PSMultiValueSpecifier", "Title": "Rate", "Key": "rate", "DefaultValue": 2.0,
                 "Values": [1.0, 2.0], "Titles": ["Slow", "Fast"]}]
        self.write("Root", root)
        _, _, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_9_keys_without_a_field_are_kept_in_ios(self):
        self.write("Licenses", [{"Type": "PSGroupSpecifier", "Title": "x"}])
        root = [{"Type": "PSToggleSwitchSpecifier", "Title": "Wi-Fi", "Key": "wifi", "DefaultValue": True,
                 "IASKCellImage": "wifi.png", "IASKSubtitle": "Networks", "IASKToggleStyle": "Checkmark",
                 "SupportedUserInterfaceIdioms": ["Phone"]},
                {"Type": "PSTextFieldSpecifier", "Title": "Mail", "Key": "mail", "DefaultValue": "a@b.c",
                 "IASKTextAlignment": "IASKUITextAlignmentRight", "IASKTextContentType": "EmailAddress", "infobuttonvalue": "Help"},
                {"Type": "PSChildPaneSpecifier", "Title": "Licenses", "File": "Licenses", "DefaultValue": "MIT",
                 "ExcludeTargets": ["tv"], "Platform": "iOS"}]
        self.write("Root", root)
        script, warnings, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])
        dump = json.loads(run("dump", script, "--store", "none").stdout)
        wifi = dump["screens"][0]["sections"][0]["rows"][0]
        self.assertEqual(wifi["ios"]["IASKSubtitle"], "Networks")

    def test_10_true_and_false_values_are_the_toggles_values(self):
        root = [{"Type": "PSToggleSwitchSpecifier", "Title": "Legacy", "Key": "legacy", "DefaultValue": "YES",
                 "TrueValue": "YES", "FalseValue": "NO"},
                {"Type": "PSToggleSwitchSpecifier", "Title": "Level", "Key": "level", "DefaultValue": True,
                 "TrueValue": 1, "FalseValue": 0}]
        self.write("Root", root)
        script, warnings, out = self.round_trip()
        self.assertNotIn("TrueValue", warnings)
        self.assertIn('values = { "YES", "NO" }', open(script, encoding="utf-8").read())
        self.assertIn("values = { 1, 0 }", open(script, encoding="utf-8").read())
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_11_a_pane_opened_from_several_rows_keeps_each_rows_title(self):
        self.write("Account", [{"Type": "PSTextFieldSpecifier", "Title": "User", "Key": "user", "DefaultValue": "u"}])
        root = [{"Type": "PSChildPaneSpecifier", "Title": f"Account {n}", "File": "Account"} for n in range(1, 6)]
        self.write("Root", root)
        script, _, out = self.round_trip()
        dump = json.loads(run("dump", script, "--store", "none").stdout)
        screens = {s["id"]: s for s in dump["screens"]}
        self.assertEqual([r["text"] for r in screens["Root"]["sections"][0]["rows"]], [f"Account {n}" for n in range(1, 6)])
        self.assertNotEqual(screens["Account"]["title"], "Account 1")
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    # ---- issue 42: every plist value comes back with its type ----

    def test_42_an_empty_array_stays_an_array_and_no_default_value_is_added(self):
        root = [{"Type": "IASKMailComposeSpecifier", "Title": "Feedback", "IASKMailComposeToRecipents": [],
                 "IASKMailComposeCcRecipents": [], "IASKMailComposeBody": "\\n----\\n{{text}}"},
                {"Type": "IASKOpenURLSpecifier", "Title": "Help", "File": "https://example.org/help"}]
        self.write("Root", root, ServerList=[])
        _, _, out = self.round_trip()
        exported = self.exported(out)
        self.assertSame(root, exported["PreferenceSpecifiers"])
        self.assertEqual(typed(exported["ServerList"]), typed([]))

    def test_42_no_key_is_added_and_no_specifier_is_lost(self):
        # A toggle, a multi-value and a title-value without DefaultValue get none on export; a
        # child pane with no File (a view controller) or a web page's URL comes back as written.
        root = [{"Type": "PSToggleSwitchSpecifier", "Title": "On", "Key": "on"},
                {"Type": "PSMultiValueSpecifier", "Title": "Mode", "Key": "mode", "Titles": ["A", "B"], "Values": ["a", "b"]},
                {"Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "version"},
                {"Type": "PSChildPaneSpecifier", "Title": "Custom", "IASKViewControllerClass": "CustomViewController"},
                {"Type": "PSChildPaneSpecifier", "Title": "Web", "File": "https://example.org/help"},
                {"Key": "kSettingHidden", "Title": "HIDDEN_TITLE"}, {"Key": "kOnlyAKey"}]
        self.write("Root", root)
        _, _, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_42_backslashes_and_line_breaks_come_back_unchanged(self):
        root = [{"Type": "PSGroupSpecifier", "Title": "A\\b", "FooterText": "one\ntwo"},
                {"Type": "PSTextFieldSpecifier", "Title": "Pattern", "Key": "p", "DefaultValue": "\\d+\\n"}]
        self.write("Root", root)
        # CR LF in an XML plist's text is one line break (XML reads it so; plistlib too).
        path = os.path.join(self.bundle, "Root.plist")
        with open(path, "rb") as f:
            data = f.read()
        with open(path, "wb") as f:
            f.write(data.replace(b"one\ntwo", b"one\r\ntwo"))
        _, _, out = self.round_trip()
        self.assertSame(root, self.exported(out)["PreferenceSpecifiers"])

    def test_42_a_placeholder_child_pane_is_a_warning_not_an_error(self):
        self.write("Root", [{"Type": "PSChildPaneSpecifier", "Title": "Licenses", "File": "Licenses"},
                            {"Type": "PSToggleSwitchSpecifier", "Title": "On", "Key": "on", "DefaultValue": True}])
        with open(os.path.join(self.bundle, "Licenses.plist"), "wb") as f:
            f.write(b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<string></string>\n</plist>\n')
        _, warnings, out = self.round_trip()
        self.assertIn("Licenses", warnings)
        self.assertIn("holds a string, not a dictionary", warnings)
        # The row that opens it is kept as written (its File may be filled in by the build).
        self.assertEqual([(s["Type"], s.get("File")) for s in self.exported(out)["PreferenceSpecifiers"]],
                         [("PSChildPaneSpecifier", "Licenses"), ("PSToggleSwitchSpecifier", None)])

    def test_42_a_dict_root_without_specifiers_imports_with_a_warning(self):
        with open(os.path.join(self.bundle, "Root.plist"), "wb") as f:
            plistlib.dump({"StringsTable": "Root"}, f)
        script = os.path.join(self.tmp, "s.lua")
        imported = run("import", os.path.join(self.bundle, "Root.plist"), "--out", script)
        self.assertEqual(imported.returncode, 0, imported.stderr)
        self.assertIn("no PreferenceSpecifiers key", imported.stderr)
        self.assertEqual(run("check", script).returncode, 0)

    def test_42_an_untitled_root_of_a_bundle_of_another_name_stays_untitled(self):
        self.bundle = os.path.join(self.tmp, "InAppSettings.bundle")
        os.mkdir(self.bundle)
        self.write("Root", [{"Type": "PSToggleSwitchSpecifier", "Title": "On", "Key": "on", "DefaultValue": True}])
        _, _, out = self.round_trip()
        self.assertNotIn("Title", self.exported(out))

    def test_42_a_text_translated_otherwise_on_a_pane_keeps_that_translation_there(self):
        # One VoIP app translates "Advanced" and "Port" differently on each pane: the pane's own
        # table wins for its rows (as iOS reads it), the app's elsewhere; none is lost.
        self.write("Root", [{"Type": "PSChildPaneSpecifier", "Title": "Audio", "File": "Audio"},
                            {"Type": "PSChildPaneSpecifier", "Title": "Video", "File": "Video"},
                            {"Type": "PSGroupSpecifier", "Title": "Advanced"}])
        self.write("Audio", [{"Type": "PSGroupSpecifier", "Title": "Advanced"},
                             {"Type": "PSToggleSwitchSpecifier", "Title": "Port", "Key": "ap", "DefaultValue": True}])
        self.write("Video", [{"Type": "PSGroupSpecifier", "Title": "Advanced"},
                             {"Type": "PSToggleSwitchSpecifier", "Title": "Port", "Key": "vp", "DefaultValue": True}])
        self.strings("fr", "Root", {"Advanced": "Avancé", "Audio": "Son", "Video": "Vidéo"})
        self.strings("fr", "Audio", {"Advanced": "Audio avancé", "Port": "Port audio"})
        self.strings("fr", "Video", {"Advanced": "Vidéo avancée", "Port": "Port vidéo"})
        script, warnings, out = self.round_trip()
        self.assertNotIn("keeps one translation", warnings)
        for screen, words in (("Root", ["Avancé"]), ("Audio", ["Audio avancé", "Port audio"]), ("Video", ["Vidéo avancée", "Port vidéo"])):
            shown = run("render", script, "--screen", screen, "--locale", "fr", "--store", "none", "--width", "60")
            for word in words:
                self.assertIn(word, shown.stdout, shown.stderr)
        for table, pairs in (("Audio", {"Advanced": "Audio avancé", "Port": "Port audio"}),
                             ("Video", {"Advanced": "Vidéo avancée", "Port": "Port vidéo"}), ("Root", {"Advanced": "Avancé"})):
            with open(os.path.join(out, "fr.lproj", table + ".strings"), encoding="utf-8") as f:
                text = f.read()
            for k, v in pairs.items():
                self.assertIn(f'"{k}" = "{v}";', text)
        # check --locale counts a screen's own strings: nothing is missing in French.
        checked = run("check", script, "--locale", "fr")
        self.assertEqual(checked.returncode, 0, checked.stderr)
        self.assertNotIn("Advanced", checked.stderr)
        self.assertNotIn("Port", checked.stderr)

    def test_device_roots_import_from_the_command_line(self):
        self.write("Root~ipad", [{"Type": "PSToggleSwitchSpecifier", "Title": "Split View", "Key": "split", "DefaultValue": False}])
        self.strings("de", "Root", {"Split View": "Geteilte Ansicht"})
        script, _, out = self.round_trip("Root~ipad")
        shown = run("render", script, "--locale", "de", "--store", "none")
        self.assertIn("Geteilte Ansicht", shown.stdout, shown.stderr)
        self.assertEqual(self.exported(out)["PreferenceSpecifiers"][0]["Key"], "split")


if __name__ == "__main__":
    unittest.main()
