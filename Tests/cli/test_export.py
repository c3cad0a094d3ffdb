"""export and import (SPEC §13): Settings.bundle and androidx.preference files that the
platforms' own rules accept, round trips through import, and damaged plists refused."""
import glob
import json
import os
import plistlib
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.lua"))) + \
    sorted(glob.glob(os.path.join(ROOT, "examples", "lib", "*.lua")))
# reader.lua computes its title, footers and a default with functions and stores "yes"/"no"
# from a toggle (SPEC §8): a Settings.bundle holds none of that, so it cannot come back the same.
# managed.lua's values are symbols (docs/dependencies.md): their dependencies, selects and
# reasons have no Settings.bundle equivalent, so its rows cannot come back the same either.
ROUND_TRIP_EXAMPLES = [e for e in EXAMPLES if os.path.basename(e) not in ("reader.lua", "managed.lua")]
BUNDLES = os.path.join(ROOT, "Tests", "fixtures", "bundles")

# Apple's "Settings Application Schema Reference", one table per element: the keys it marks
# "(required)" and every key its table lists.
SCHEMA = {
    "PSGroupSpecifier": {
        "required": {"Type"},
        "keys": {"Type", "Title", "FooterText", "SupportedUserInterfaceIdioms"},
    },
    "PSTextFieldSpecifier": {
        "required": {"Type", "Key"},
        "keys": {"Type", "Title", "Key", "DefaultValue", "IsSecure", "KeyboardType",
                 "AutocapitalizationType", "AutocorrectionType", "SupportedUserInterfaceIdioms"},
    },
    "PSToggleSwitchSpecifier": {
        "required": {"Type", "Title", "Key", "DefaultValue"},
        "keys": {"Type", "Title", "Key", "DefaultValue", "TrueValue", "FalseValue", "SupportedUserInterfaceIdioms"},
    },
    "PSSliderSpecifier": {
        "required": {"Type", "Key", "DefaultValue", "MinimumValue", "MaximumValue"},
        "keys": {"Type", "Key", "DefaultValue", "MinimumValue", "MaximumValue", "MinimumValueImage",
                 "MaximumValueImage", "SupportedUserInterfaceIdioms"},
    },
    "PSTitleValueSpecifier": {
        "required": {"Type", "Title", "Key", "DefaultValue"},
        "keys": {"Type", "Title", "Key", "DefaultValue", "Values", "Titles", "SupportedUserInterfaceIdioms"},
    },
    "PSMultiValueSpecifier": {
        "required": {"Type", "Title", "Key", "DefaultValue", "Values", "Titles"},
        "keys": {"Type", "Title", "Key", "DefaultValue", "Values", "Titles", "ShortTitles",
                 "DisplaySortedByTitle", "SupportedUserInterfaceIdioms"},
    },
    "PSRadioGroupSpecifier": {
        "required": {"Type", "Key", "DefaultValue", "Values", "Titles"},
        "keys": {"Type", "Title", "FooterText", "Key", "DefaultValue", "Values", "Titles",
                 "DisplaySortedByTitle", "SupportedUserInterfaceIdioms"},
    },
    "PSChildPaneSpecifier": {
        "required": {"Type", "Title", "File"},
        "keys": {"Type", "Title", "File", "SupportedUserInterfaceIdioms"},
    },
    # InAppSettingsKit's README: a multi-line text view, "similar to PSTextFieldSpecifier", with
    # its KeyboardType, AutocapitalizationType and AutocorrectionType (a multiline input).
    "IASKTextViewSpecifier": {
        "required": {"Type", "Key"},
        "keys": {"Type", "Title", "Key", "DefaultValue", "KeyboardType", "AutocapitalizationType",
                 "AutocorrectionType", "SupportedUserInterfaceIdioms"},
    },
}
# The root of each schema file: PreferenceSpecifiers is required.
ROOT_KEYS = {"PreferenceSpecifiers", "StringsTable", "ApplicationGroupContainerIdentifier"}
# What luascreen adds beyond Apple's lists (Settings ignores keys it does not know):
# the screen's title at the root, so import gives it back, and a slider's Title, which
# Settings does not show but is the row's text.
LUASCREEN_EXTRAS = {"<root>": {"Title"}, "PSSliderSpecifier": {"Title"}}
# Value types the reference gives.
STRING_KEYS = {"Type", "Title", "Key", "FooterText", "File", "KeyboardType", "AutocapitalizationType",
               "AutocorrectionType", "MinimumValueImage", "MaximumValueImage"}
# The values the reference lists for KeyboardType, plus InAppSettingsKit's DecimalPad (what
# `keyboard = "decimal"` writes; iOS Settings shows its default keyboard for it).
KEYBOARDS = {"Alphabet", "NumbersAndPunctuation", "NumberPad", "URL", "EmailAddress"} | {"DecimalPad"}
AUTOCAPITALIZATION = {"None", "Sentences", "Words", "AllCharacters"}
AUTOCORRECTION = {"Default", "No", "Yes"}

ANDROID = "{http://schemas.android.com/apk/res/android}"
APP = "{http://schemas.android.com/apk/res-auto}"
# androidx.preference's res/values/attrs.xml: the attributes each element's styleables
# declare (Preference's for every element, then PreferenceGroup's, DialogPreference's, ...).
PREFERENCE_ATTRS = {APP + a for a in (
    "icon", "key", "title", "summary", "order", "fragment", "layout", "widgetLayout", "enabled",
    "selectable", "dependency", "persistent", "defaultValue", "shouldDisableView", "allowDividerAbove",
    "allowDividerBelow", "singleLineTitle", "iconSpaceReserved", "isPreferenceVisible", "enableCopying")} | \
    {ANDROID + a for a in (
        "icon", "key", "title", "summary", "order", "fragment", "layout", "widgetLayout", "enabled",
        "selectable", "dependency", "persistent", "defaultValue", "shouldDisableView", "singleLineTitle",
        "iconSpaceReserved")}
GROUP_ATTRS = {APP + "orderingFromXml", ANDROID + "orderingFromXml", APP + "initialExpandedChildrenCount"}
DIALOG_ATTRS = {p + a for p in (APP, ANDROID) for a in (
    "dialogTitle", "dialogMessage", "dialogIcon", "positiveButtonText", "negativeButtonText", "dialogLayout")}
LIST_ATTRS = {APP + "entries", ANDROID + "entries", APP + "entryValues", ANDROID + "entryValues"}
SWITCH_ATTRS = {p + a for p in (APP, ANDROID) for a in (
    "summaryOn", "summaryOff", "switchTextOn", "switchTextOff", "disableDependentsState")}
ANDROIDX = {
    "PreferenceScreen": PREFERENCE_ATTRS | GROUP_ATTRS,
    "PreferenceCategory": PREFERENCE_ATTRS | GROUP_ATTRS,
    "Preference": PREFERENCE_ATTRS,
    "SwitchPreferenceCompat": PREFERENCE_ATTRS | SWITCH_ATTRS,
    "ListPreference": PREFERENCE_ATTRS | DIALOG_ATTRS | LIST_ATTRS | {APP + "useSimpleSummaryProvider"},
    "MultiSelectListPreference": PREFERENCE_ATTRS | DIALOG_ATTRS | LIST_ATTRS,
    "EditTextPreference": PREFERENCE_ATTRS | DIALOG_ATTRS | {APP + "useSimpleSummaryProvider"},
    "SeekBarPreference": PREFERENCE_ATTRS | {APP + "min", ANDROID + "max", ANDROID + "layout",
                                             APP + "seekBarIncrement", APP + "adjustable",
                                             APP + "showSeekBarValue", APP + "updatesContinuously"},
}
# What each element needs to work (a preference with a value needs a key; a list its arrays).
ANDROIDX_REQUIRED = {
    "SwitchPreferenceCompat": {APP + "key", ANDROID + "title"},
    "ListPreference": {APP + "key", ANDROID + "title", APP + "entries", APP + "entryValues"},
    "MultiSelectListPreference": {APP + "key", ANDROID + "title", APP + "entries", APP + "entryValues"},
    "EditTextPreference": {APP + "key", ANDROID + "title"},
    "SeekBarPreference": {APP + "key", ANDROID + "title", APP + "min", ANDROID + "max"},
    "Preference": {APP + "key", ANDROID + "title"},
}
# Each line a warning, or the `note: called from here` under a warning about a row a helper built.
WARNING = re.compile(r"^[^:\n]+(:\d+)?: (warning|note): ")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def luascreen(*args, cwd=ROOT):
    return subprocess.run([support.BIN, *args], cwd=cwd, capture_output=True, text=True, timeout=60)


class ExportTestCase(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-export-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def export(self, script, fmt, name=None):
        out = os.path.join(self.tmp, name or (os.path.basename(script) + "." + fmt))
        result = luascreen("export", script, "--format", fmt, "--out", out)
        self.assertEqual(result.returncode, 0, f"export {script}: {result.stderr}")
        for line in result.stderr.splitlines():
            self.assertRegex(line, WARNING, f"stderr of export {script}")
        return out, result

    def import_(self, plist, name):
        out = os.path.join(self.tmp, name)
        result = luascreen("import", plist, "--out", out)
        self.assertEqual(result.returncode, 0, f"import {plist}: {result.stderr}")
        check = luascreen("check", out)
        self.assertEqual((check.returncode, check.stdout + check.stderr), (0, ""),
                         f"the imported script fails check:\n{read(out)}")
        return out, result


def load_bundle(folder):
    """Every plist of an exported bundle, by file name, and each LANG.lproj/Root.strings."""
    plists = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.plist"))):
        with open(path, "rb") as f:
            plists[os.path.basename(path)] = plistlib.load(f)
    for path in sorted(glob.glob(os.path.join(folder, "*.lproj", "*.strings"))):
        plists[os.path.relpath(path, folder)] = read(path)
    return plists


STRINGS_LINE = re.compile(r'^"((?:[^"\\]|\\.)*)" = "((?:[^"\\]|\\.)*)";$')


class SettingsBundleIsValid(ExportTestCase):
    def check_specifier(self, where, spec, files):
        self.assertIsInstance(spec, dict, where)
        kind = spec.get("Type")
        self.assertIn(kind, SCHEMA, f"{where}: unknown Type {kind!r}")
        table = SCHEMA[kind]
        missing = table["required"] - spec.keys()
        self.assertFalse(missing, f"{where}: {kind} lacks required keys {sorted(missing)}")
        extra = spec.keys() - table["keys"] - LUASCREEN_EXTRAS.get(kind, set())
        self.assertFalse(extra, f"{where}: {kind} has keys the reference does not list: {sorted(extra)}")
        for key in STRING_KEYS & spec.keys():
            self.assertIsInstance(spec[key], str, f"{where}: {key}")
        if "IsSecure" in spec:
            self.assertIsInstance(spec["IsSecure"], bool, where)
        if "KeyboardType" in spec:
            self.assertIn(spec["KeyboardType"], KEYBOARDS, where)
        if "AutocapitalizationType" in spec:
            self.assertIn(spec["AutocapitalizationType"], AUTOCAPITALIZATION, where)
        if "AutocorrectionType" in spec:
            self.assertIn(spec["AutocorrectionType"], AUTOCORRECTION, where)
        if "DisplaySortedByTitle" in spec:
            self.assertIsInstance(spec["DisplaySortedByTitle"], bool, where)
        if "ShortTitles" in spec:
            self.assertEqual(len(spec["ShortTitles"]), len(spec["Values"]), where)
            self.assertTrue(all(isinstance(t, str) for t in spec["ShortTitles"]), where)
        if kind in ("PSMultiValueSpecifier", "PSRadioGroupSpecifier"):
            self.assertIsInstance(spec["Values"], list, where)
            self.assertIsInstance(spec["Titles"], list, where)
            self.assertEqual(len(spec["Values"]), len(spec["Titles"]), where)
            self.assertTrue(spec["Values"], f"{where}: no values")
            self.assertIn(spec["DefaultValue"], spec["Values"], f"{where}: the default is not a value")
        if kind == "PSSliderSpecifier":
            for key in ("DefaultValue", "MinimumValue", "MaximumValue"):
                self.assertIsInstance(spec[key], (int, float), f"{where}: {key}")
            self.assertLessEqual(spec["MinimumValue"], spec["DefaultValue"], where)
            self.assertLessEqual(spec["DefaultValue"], spec["MaximumValue"], where)
        if kind == "PSToggleSwitchSpecifier":
            self.assertIsInstance(spec["DefaultValue"], bool, where)
        if kind == "PSChildPaneSpecifier":
            self.assertNotIn("/", spec["File"], where)
            self.assertIn(spec["File"] + ".plist", files, f"{where}: File names no plist of the bundle")

    def test_every_example_exports_plists_with_the_keys_apple_requires(self):
        for script in EXAMPLES:
            with self.subTest(script=os.path.relpath(script, ROOT)):
                out, _ = self.export(script, "settings-bundle")
                plists = load_bundle(out)
                self.assertIn("Root.plist", plists)
                for name, top in plists.items():
                    if name.endswith(".strings"):
                        for line in top.splitlines():
                            self.assertRegex(line, STRINGS_LINE, name)
                        continue
                    self.assertIsInstance(top, dict, name)
                    self.assertFalse(top.keys() - ROOT_KEYS - LUASCREEN_EXTRAS["<root>"], name)
                    self.assertIsInstance(top["PreferenceSpecifiers"], list, name)
                    for n, spec in enumerate(top["PreferenceSpecifiers"]):
                        self.check_specifier(f"{name}[{n}]", spec, plists)

    def test_the_settings_example_maps_as_the_spec_says(self):
        out, result = self.export("examples/settings.lua", "settings-bundle")
        root = load_bundle(out)["Root.plist"]["PreferenceSpecifiers"]
        self.assertEqual(root, [
            {"Type": "PSGroupSpecifier", "Title": "Account"},
            {"Type": "PSChildPaneSpecifier", "Title": "Profile", "File": "profile"},
            {"Type": "PSToggleSwitchSpecifier", "Title": "Notifications", "Key": "notifications", "DefaultValue": True},
            {"Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "version", "DefaultValue": "2.0.0"},
        ])
        self.assertEqual(load_bundle(out)["profile.plist"]["PreferenceSpecifiers"],
                         [{"Type": "PSTitleValueSpecifier", "Title": "Name", "Key": "name", "DefaultValue": "Ada"}])
        # The button has no equivalent: one warning naming it, with its file and line; its
        # section, left with no row, is no empty group (a header over nothing).
        self.assertEqual(result.stderr.splitlines(), [
            'examples/settings.lua:12: warning: screen settings.sections[2]: '
            'section "About" left out: each of its rows was left out (its footer with it)',
            'examples/settings.lua:14: warning: screen settings.sections[2].rows[1]: '
            'button "Sign Out" left out: a Settings.bundle has no buttons'])

    def test_translations_become_lproj_strings_files(self):
        out, _ = self.export("examples/prefs.lua", "settings-bundle")
        bundle = load_bundle(out)
        # One strings table a pane, named after its plist (what iOS reads when a pane names
        # no StringsTable), holding the translations of the texts that pane shows.
        self.assertEqual(sorted(k for k in bundle if k.endswith(".strings")),
                         ["de.lproj/Root.strings", "de.lproj/account.strings", "ja.lproj/Root.strings", "ja.lproj/account.strings"])
        self.assertNotIn("StringsTable", bundle["Root.plist"])
        self.assertIn('"General" = "Allgemein";', bundle["de.lproj/Root.strings"].splitlines())
        shown = {}
        for table in ("Root", "account"):
            shown[table] = set()
            for spec in bundle[table + ".plist"]["PreferenceSpecifiers"]:
                shown[table].update(v for k, v in spec.items() if k in ("Title", "FooterText"))
                shown[table].update(spec.get("Titles", []))
        # A child's table holds what it shows; the root's also every translation no pane
        # shows (so none is lost: the app may look them up itself).
        for line in bundle["de.lproj/account.strings"].splitlines():
            self.assertIn(STRINGS_LINE.match(line).group(1), shown["account"])
        for line in bundle["de.lproj/Root.strings"].splitlines():
            self.assertNotIn(STRINGS_LINE.match(line).group(1), shown["account"] - shown["Root"])
        # Imported back, the script has the translations: render --locale de shows them.
        imported, _ = self.import_(os.path.join(out, "Root.plist"), "prefs_back.lua")
        german = luascreen("render", imported, "--store", "none", "--locale", "de")
        self.assertIn("Allgemein", german.stdout)

    def test_each_row_without_an_equivalent_gets_one_warning_naming_it(self):
        _, result = self.export("examples/sync.lua", "settings-bundle")
        lines = result.stderr.splitlines()
        for name in ('toggle "Sync": on_change', 'row "status" left out: its text is a function',
                     'row "Last synced" left out: its detail is a function', 'button "Sync Now" left out',
                     'choice "Photo Quality" left out: its options are a function',
                     'number "Interval": step (a slider is continuous), unit left out'):
            self.assertEqual(sum(name in line for line in lines), 1, f"{name!r} in {lines}")
        self.assertTrue(all(line.startswith("examples/sync.lua:") for line in lines), lines)

    def test_lua_text_that_needs_escaping_survives(self):
        script = os.path.join(self.tmp, "tricky.lua")
        with open(script, "w") as f:
            f.write('return screen { id = "t", title = "T & <Co>",\n'
                    '  section { header = "Quotes \\" and \\\\ back", footer = "Line one\\nline two \\u{1F600}",\n'
                    '    toggle { text = "<b>&amp;</b>", key = "a&b", default = false },\n'
                    '    choice { text = "Ümlaut", key = "c", options = { "x\\"y", "]]>", "@home", "?q" } },\n'
                    '    row { text = "Tab\\there", detail = "caf\\u{E9} \\u{202E}rtl" } } }\n')
        out, _ = self.export(script, "settings-bundle")
        spec = load_bundle(out)["Root.plist"]["PreferenceSpecifiers"]
        self.assertEqual(spec[0]["Title"], 'Quotes " and \\ back')
        self.assertEqual(spec[0]["FooterText"], "Line one\nline two \U0001F600")
        self.assertEqual(spec[2]["Values"], ['x"y', "]]>", "@home", "?q"])
        imported, _ = self.import_(os.path.join(out, "Root.plist"), "tricky_imported.lua")
        original = json.loads(luascreen("dump", script, "--store", "none").stdout)
        back = json.loads(luascreen("dump", imported, "--store", "none").stdout)
        self.assertEqual(rows_of(original["screens"][0]), rows_of(back["screens"][0]))
        # androidx: the same strings as resource literals, the XML well formed.
        android, _ = self.export(script, "androidx")
        arrays = ET.parse(os.path.join(android, "res", "values", "arrays.xml")).getroot()
        items = [i.text for i in arrays.iter("item")]
        self.assertIn('x\\"y', items)
        self.assertIn("\\@home", items)
        self.assertIn("\\?q", items)


def rows_of(screen):
    """The rows as luascreen shows them: text, kind, key, value and detail, by section."""
    return [(s["header"], s["footer"],
             [(r["text"], r["type"], r["key"], r["value"], r["detail"]) for r in s["rows"]])
            for s in screen["sections"]]


class AndroidXIsValid(ExportTestCase):
    def check_file(self, path, arrays):
        root = ET.parse(path).getroot()
        self.assertEqual(root.tag, "PreferenceScreen", path)
        for element in root.iter():
            name = element.tag
            self.assertIn(name, ANDROIDX, f"{path}: unknown element <{name}>")
            unknown = set(element.attrib) - ANDROIDX[name]
            self.assertFalse(unknown, f"{path}: <{name}> does not accept {sorted(unknown)}")
            missing = ANDROIDX_REQUIRED.get(name, set()) - set(element.attrib)
            self.assertFalse(missing, f"{path}: <{name}> lacks {sorted(missing)}")
            if name in ("PreferenceScreen", "PreferenceCategory"):
                continue
            self.assertEqual(len(element), 0, f"{path}: <{name}> holds elements")
            if name in ("ListPreference", "MultiSelectListPreference"):
                entries = element.attrib[APP + "entries"]
                values = element.attrib[APP + "entryValues"]
                for ref in (entries, values):
                    self.assertTrue(ref.startswith("@array/"), ref)
                    self.assertIn(ref[7:], arrays, f"{path}: {ref} is not in arrays.xml")
                self.assertEqual(len(arrays[entries[7:]]), len(arrays[values[7:]]))
                default = element.attrib.get(APP + "defaultValue")
                if default is not None and name == "MultiSelectListPreference":
                    # A multi-select's default is a string-array of some of its values.
                    self.assertTrue(default.startswith("@array/"), default)
                    self.assertLessEqual(set(arrays[default[7:]]), set(arrays[values[7:]]))
                elif default is not None:
                    self.assertIn(default, arrays[values[7:]])
            if name == "SeekBarPreference":
                low, high = int(element.attrib[APP + "min"]), int(element.attrib[ANDROID + "max"])
                self.assertLessEqual(low, int(element.attrib[APP + "defaultValue"]))
                self.assertLessEqual(int(element.attrib[APP + "defaultValue"]), high)
            if name == "SwitchPreferenceCompat":
                self.assertIn(element.attrib.get(APP + "defaultValue"), ("true", "false"))

    def test_every_example_exports_elements_and_attributes_androidx_declares(self):
        for script in EXAMPLES:
            with self.subTest(script=os.path.relpath(script, ROOT)):
                out, _ = self.export(script, "androidx")
                arrays_root = ET.parse(os.path.join(out, "res", "values", "arrays.xml")).getroot()
                self.assertEqual(arrays_root.tag, "resources")
                arrays = {a.attrib["name"]: [i.text or "" for i in a] for a in arrays_root.iter("string-array")}
                files = glob.glob(os.path.join(out, "res", "xml", "*.xml"))
                self.assertTrue(files)
                for path in files:
                    self.assertRegex(os.path.basename(path), r"^[a-z][a-z0-9_]*\.xml$")
                    self.check_file(path, arrays)

    def test_the_sync_example_in_androidx(self):
        out, _ = self.export("examples/sync.lua", "androidx")
        root = ET.parse(os.path.join(out, "res", "xml", "sync.xml")).getroot()
        seek = next(root.iter("SeekBarPreference"))
        self.assertEqual((seek.attrib[APP + "key"], seek.attrib[APP + "min"], seek.attrib[ANDROID + "max"],
                          seek.attrib[APP + "defaultValue"]), ("interval", "5", "120", "15"))
        switches = [e.attrib[APP + "key"] for e in root.iter("SwitchPreferenceCompat")]
        self.assertEqual(switches, ["sync", "cellular", "charging_only"])
        # A button is a Preference whose click the app handles.
        self.assertIn("sync_now", [e.attrib[APP + "key"] for e in root.iter("Preference")])

    def test_a_choice_becomes_a_list_preference_with_its_arrays(self):
        out, _ = self.export("examples/jmstatic.lua", "androidx")
        arrays = ET.parse(os.path.join(out, "res", "values", "arrays.xml")).getroot()
        lists = [e for path in glob.glob(os.path.join(out, "res", "xml", "*.xml"))
                 for e in ET.parse(path).getroot().iter("ListPreference")]
        self.assertTrue(lists)
        names = {a.attrib["name"] for a in arrays}
        for element in lists:
            self.assertIn(element.attrib[APP + "entries"][7:], names)


def differences(original, exported, where=""):
    """Where two plist values differ, key for key, by type as well as by value (plistlib
    reads 1 == 1.0 == True; Settings does not)."""
    if type(original) is not type(exported):
        return [f"{where}: {original!r} became {exported!r}"]
    if isinstance(original, dict):
        out = []
        for key in sorted(original.keys() | exported.keys()):
            if key not in exported:
                out.append(f"{where}.{key}: {original[key]!r} is missing")
            elif key not in original:
                out.append(f"{where}.{key}: {exported[key]!r} was added")
            else:
                out += differences(original[key], exported[key], f"{where}.{key}")
        return out
    if isinstance(original, list):
        if len(original) != len(exported):
            return [f"{where}: {len(original)} items became {len(exported)}"]
        return [d for n, (a, b) in enumerate(zip(original, exported)) for d in differences(a, b, f"{where}[{n}]")]
    return [] if original == exported else [f"{where}: {original!r} became {exported!r}"]


# What import then export does not give back, each with its reason. Keys are checked
# everywhere else, in every specifier of every fixture bundle.
# None today: IsSecure NO comes back as secure = false, TrueValue YES and FalseValue NO as
# values = { true, false }, a slider without Title as one whose text is its key.
ROUND_TRIP_EXCEPTIONS = {
    # (specifier Type, key, value in the original): why it does not come back
}
# Fixture bundles that are not expected to come back: what they are for.
NOT_ROUND_TRIP_BUNDLES = {
    "iask.bundle": "InAppSettingsKit's specifiers and damaged specifiers: import warns about each (InAppSettingsKit test)",
}


def without_exceptions(specifiers):
    """The specifiers less the keys ROUND_TRIP_EXCEPTIONS lists."""
    return [{k: v for k, v in spec.items()
             if not any(spec.get("Type") == t and k == key and type(v) is type(value) and v == value
                        for (t, key, value) in ROUND_TRIP_EXCEPTIONS)} for spec in specifiers]


class RoundTrips(ExportTestCase):
    def test_every_example_export_import_export_gives_the_same_bundle(self):
        for script in ROUND_TRIP_EXAMPLES:
            name = os.path.basename(script)
            with self.subTest(script=name):
                first, exported = self.export(script, "settings-bundle", name + ".first")
                imported, _ = self.import_(os.path.join(first, "Root.plist"), name + ".imported.lua")
                second, again = self.export(imported, "settings-bundle", name + ".second")
                self.assertEqual(again.stderr, "", "the imported script exports without warnings")
                self.assertEqual(differences(load_bundle(first), load_bundle(second)), [])

    def test_every_example_imported_renders_the_same_exportable_rows(self):
        for script in ROUND_TRIP_EXAMPLES:
            name = os.path.basename(script)
            with self.subTest(script=name):
                first, exported = self.export(script, "settings-bundle", name + ".b")
                imported, _ = self.import_(os.path.join(first, "Root.plist"), name + ".lua")
                lines = exported.stderr.splitlines()
                named = [re.search(r'(\w+) "([^"]*)" left out:', line) for line in lines]
                # Rows exported without some of their parts (a unit, a detail beside a push):
                # compared without their detail.
                changed = [m.group(1) for m in (re.search(r'\w+ "([^"]*)": .* left out \(', line) for line in lines) if m]
                original = json.loads(luascreen("dump", script, "--store", "none").stdout)
                back = json.loads(luascreen("dump", imported, "--store", "none").stdout)
                back_screens = {s["title"]: s for s in back["screens"]}
                hidden_screens = [m.group(2) for m in named if m and m.group(1) == "screen"]

                def shown(r, detail):
                    return (r["text"], r["type"], r["key"], r["value"], r["detail"] if detail else None)
                for screen in original["screens"]:
                    if screen["title"] in hidden_screens:
                        continue
                    self.assertIn(screen["title"], back_screens)
                    expected, kept = [], []
                    for section in screen["sections"]:
                        kept += [r for r in section["rows"] if not any(
                            m and m.group(1) != "screen" and m.group(2) in (r["text"], r["id"]) for m in named)]
                    expected = [shown(r, r["text"] not in changed) for r in kept]
                    got = [shown(r, r["text"] not in changed)
                           for s in back_screens[screen["title"]]["sections"] for r in s["rows"]]
                    self.assertEqual(got, expected, f"screen {screen['id']}")

    def test_each_fixture_import_export_gives_the_same_specifiers(self):
        bundles = sorted(os.path.basename(p) for p in glob.glob(os.path.join(BUNDLES, "*.bundle")))
        self.assertIn("full.bundle", bundles)
        self.assertIn("binary.bundle", bundles)
        for bundle in bundles:
            if bundle in NOT_ROUND_TRIP_BUNDLES:
                continue
            with self.subTest(bundle=bundle):
                folder = os.path.join(BUNDLES, bundle)
                imported, result = self.import_(os.path.join(folder, "Root.plist"), bundle + ".lua")
                self.assertEqual(result.stderr, "", "a bundle of specifiers luascreen holds imports without warnings")
                out, exported = self.export(imported, "settings-bundle", bundle + ".out")
                self.assertEqual(exported.stderr, "")
                written = load_bundle(out)
                plists = sorted(os.path.basename(p) for p in glob.glob(os.path.join(folder, "*.plist")))
                self.assertEqual(sorted(n for n in written if n.endswith(".plist")), plists)
                for name in plists:
                    with open(os.path.join(folder, name), "rb") as f:
                        original = plistlib.load(f)["PreferenceSpecifiers"]
                    got = written[name]["PreferenceSpecifiers"]
                    self.assertEqual(differences(without_exceptions(original), without_exceptions(got), name), [])
                    # Each exception is needed: without it, the difference shows.
                    for spec, back in zip(original, got):
                        for (t, key, value) in ROUND_TRIP_EXCEPTIONS:
                            if spec.get("Type") == t and spec.get(key) == value and type(spec.get(key)) is type(value):
                                self.assertNotIn(key, back, f"{name}: {t}.{key} comes back: drop the exception")

    def test_the_strict_comparison_sees_types_and_missing_keys(self):
        self.assertEqual(differences({"a": 1}, {"a": 1}), [])
        self.assertTrue(differences({"a": 1}, {"a": 1.0}))
        self.assertTrue(differences({"a": True}, {"a": 1}))
        self.assertTrue(differences({"a": 1}, {}))
        self.assertTrue(differences([{"a": 1}], [{"a": 1}, {}]))

    def test_binary_and_xml_plists_import_alike(self):
        xml_script, _ = self.import_(os.path.join(BUNDLES, "full.bundle", "Root.plist"), "xml.lua")
        binary_script, _ = self.import_(os.path.join(BUNDLES, "binary.bundle", "Root.plist"), "binary.lua")
        def body(path):
            # The first line names the file; the root's title is the bundle folder's name.
            lines = read(path).splitlines()[1:]
            return [line.replace('title = "binary"', 'title = "full"') for line in lines]
        self.assertEqual(body(xml_script), body(binary_script))

    def test_every_specifier_type_becomes_the_row_it_should(self):
        imported, _ = self.import_(os.path.join(BUNDLES, "full.bundle", "Root.plist"), "kinds.lua")
        dump = json.loads(luascreen("dump", imported, "--store", "none").stdout)
        rows = {r["text"]: r for s in dump["screens"] for sec in s["sections"] for r in sec["rows"]}
        expect = {"Name": ("input", "name", "Ada"), "Password": ("input", "password", "••••"),
                  "Notifications": ("toggle", "notifications", True), "Version": ("text", None, None),
                  "Appearance": ("text", None, None), "Quality": ("choice", "quality", "medium"),
                  "Retries": ("choice", "retries", 3), "Volume": ("number", "volume", 0.5),
                  "Start Page": ("choice", "start_page", "home"), "Theme": ("choice", "theme", "system"),
                  "Size": ("number", "font_size", 14), "Family": ("text", None, None)}
        for text, (kind, key, value) in expect.items():
            self.assertEqual((rows[text]["type"], rows[text]["key"], rows[text]["value"]), (kind, key, value), text)
        self.assertEqual(rows["Version"]["detail"], "2.0.0")
        self.assertEqual(rows["Family"]["detail"], 'Helvetica "Neue" & <Co>')
        self.assertEqual(rows["Quality"]["detail"], "Medium")
        self.assertEqual([s["id"] for s in dump["screens"]], ["Root", "Appearance", "Fonts"])


class InAppSettingsKit(ExportTestCase):
    def test_custom_specifiers_become_rows_or_one_warning_each(self):
        plist = os.path.join(BUNDLES, "iask.bundle", "Root.plist")
        imported, result = self.import_(plist, "iask.lua")
        lines = result.stderr.splitlines()
        # XML plists: each warning names the line where its specifier starts.
        starts = [n + 1 for n, text in enumerate(read(plist).splitlines()) if re.match(r"^\t\t<(dict|string)>", text)]
        for line in lines:
            m = re.match(re.escape(plist) + r":(\d+): warning: PreferenceSpecifiers\[(\d+)\]: ", line)
            self.assertTrue(m, line)
            self.assertEqual(int(m.group(1)), starts[int(m.group(2))], line)
        for name in ("IASKButtonSpecifier \"Reset Cache\"", "IASKDatePickerSpecifier \"Birthday\"",
                     "IASKCustomViewSpecifier \"Logo\" kept as a plain row",
                     "IASKOpenURLSpecifier \"Website\"", "IASKMailComposeSpecifier \"Contact\"",
                     "PSSliderSpecifier (Key \"bad_slider\") kept as a plain row", "PSMultiValueSpecifier \"Empty\" kept as a plain row",
                     "PSSliderSpecifier \"Clash\" kept as a plain row", "PSChildPaneSpecifier \"Missing\": its pane is not read",
                     "PSFancySpecifier \"Fancy\" kept as a plain row", "PreferenceSpecifiers[16]: a specifier without a Type",
                     "PreferenceSpecifiers[17]: a string, not a specifier",
                     'PSTextFieldSpecifier "Handle": KeyboardType "Twitter" kept in ios',
                     'PSTextFieldSpecifier "Handle": AutocorrectionType "Maybe" kept in ios',
                     'PSMultiValueSpecifier "Size": 1 ShortTitles for 2 Values'):
            self.assertEqual(sum(name in line for line in lines), 1, f"{name!r} in\n" + "\n".join(lines))
        dump = json.loads(luascreen("dump", imported, "--store", "none").stdout)
        rows = {r["text"]: r for sec in dump["screens"][0]["sections"] for r in sec["rows"]}
        self.assertEqual(rows["Reset Cache"]["type"], "button")
        self.assertEqual(rows["Bio"]["type"], "input")
        # A text view is a multiline input (export writes the text view back): no warning.
        self.assertIn('input { text = "Bio", key = "bio", default = "Hello", multiline = true }', read(imported))
        self.assertFalse(any("Bio" in line for line in lines), lines)
        self.assertEqual(rows["Website"]["detail"], "https://example.com")
        self.assertEqual(rows["Mode"]["detail"], "Advanced")
        # TrueValue YES and FalseValue NO are the toggle's values (SPEC §15): it stores "YES".
        self.assertEqual(rows["Legacy"]["value"], "YES")
        self.assertFalse(any("TrueValue" in line for line in lines), lines)
        # A specifier luascreen cannot show is a plain row keeping its keys for export (SPEC §15).
        self.assertEqual(rows["Logo"]["type"], "text")
        self.assertEqual(rows["Logo"]["ios"]["Type"], "IASKCustomViewSpecifier")
        # What import could read of a specifier with a value it cannot is kept.
        hints = {r["text"]: r.get("hints") for sec in dump["screens"][0]["sections"] for r in sec["rows"]}
        self.assertEqual(hints["Handle"], {"autocapitalize": "words"})
        self.assertEqual(hints["Size"], {"short": ["S", "Large"]})
        # The button runs: it says the app handled it.
        batch = subprocess.run([support.BIN, "run", imported, "--store", "none"], input="reset_cache\n",
                               capture_output=True, text=True, timeout=30)
        self.assertEqual(batch.returncode, 0, batch.stderr)
        self.assertIn("Reset Cache (handled by the app)", batch.stdout)


class DamagedPlists(ExportTestCase):
    def test_each_is_an_error_with_its_position(self):
        expected = {
            "empty.plist": r"error: the file is empty",
            "truncated.plist": r"error: at byte \d+: ",
            "bad_trailer.plist": r"error: at byte \d+: offset table",
            "bad_offset.plist": r"error: at byte \d+: ",
            "unclosed.plist": r":\d+:\d+: error: the file ends before </array>",
            "bad_element.plist": r":39:4: error: unknown element <maybe>",
            "bad_integer.plist": r":\d+:\d+: error: <integer> holds \"one\"",
            "not_a_plist.plist": r":1:1: error: expected <plist>",
            "array_root.plist": r"error: the plist holds an array",
            "cycle.plist": r"error: at byte 8: object 0 contains itself",
            "invalid_utf8.plist": r":\d+:\d+: error: the text is not valid UTF-8",
        }
        # A dictionary without PreferenceSpecifiers is an empty pane, with a warning (issue 42).
        warned = {"no_specifiers.plist": "warning: no PreferenceSpecifiers key"}
        self.assertEqual(set(expected) | set(warned), {os.path.basename(p) for p in glob.glob(os.path.join(BUNDLES, "damaged", "*"))})
        for name, text in warned.items():
            with self.subTest(plist=name):
                result = luascreen("import", os.path.join(BUNDLES, "damaged", name))
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertIn(text, result.stderr)
        for name, pattern in expected.items():
            with self.subTest(plist=name):
                path = os.path.join(BUNDLES, "damaged", name)
                result = luascreen("import", path)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertEqual(result.stdout, "")
                lines = result.stderr.splitlines()
                self.assertEqual(len(lines), 1, lines)
                self.assertTrue(lines[0].startswith(path), lines[0])
                self.assertRegex(lines[0][len(path):], "^" + ("" if pattern.startswith(":") else ": ") + pattern)

    def test_a_damaged_child_pane_is_an_error_and_no_script_is_written(self):
        folder = os.path.join(self.tmp, "Broken.bundle")
        os.makedirs(folder)
        with open(os.path.join(folder, "Root.plist"), "wb") as f:
            plistlib.dump({"PreferenceSpecifiers": [{"Type": "PSChildPaneSpecifier", "Title": "More", "File": "More"}]}, f)
        with open(os.path.join(folder, "More.plist"), "wb") as f:
            f.write(b"bplist00\x00")
        out = os.path.join(self.tmp, "broken.lua")
        with open(out, "w") as f:
            f.write("-- kept\n")
        result = luascreen("import", os.path.join(folder, "Root.plist"), "--out", out)
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stderr, r"More\.plist: error: at byte \d+: ")
        self.assertEqual(read(out), "-- kept\n")


class Usage(ExportTestCase):
    def test_usage_errors(self):
        cases = [
            (["export", "examples/settings.lua", "--out", self.tmp], "export needs --format"),
            (["export", "examples/settings.lua", "--format", "android", "--out", self.tmp], 'did you mean androidx?'),
            (["export", "examples/settings.lua", "--format", "androidx"], "export needs --out"),
            (["export", "--format", "androidx", "--out", self.tmp], "which script?"),
            (["import"], "which plist?"),
            (["check", "examples/settings.lua", "--format", "androidx"], "--format goes with export, import or graph"),
            (["import", "x.plist", "--format", "android"], '--format takes settings-bundle, androidx or kconfig, got "android"'),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                result = luascreen(*args)
                self.assertEqual(result.returncode, 2, result.stderr)
                self.assertIn(message, result.stderr)

    def test_a_script_with_errors_is_not_exported(self):
        out = os.path.join(self.tmp, "none")
        result = luascreen("export", "examples/broken/diagnostics.lua", "--format", "settings-bundle", "--out", out)
        self.assertEqual(result.returncode, 1)
        self.assertIn(": error: ", result.stderr)
        self.assertFalse(os.path.exists(out))

    def test_an_out_that_cannot_be_written_is_an_error(self):
        blocker = os.path.join(self.tmp, "file")
        with open(blocker, "w") as f:
            f.write("kept\n")
        result = luascreen("export", "examples/settings.lua", "--format", "androidx", "--out", blocker)
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{blocker}: error: it is a file, not a folder", result.stderr)
        self.assertEqual(read(blocker), "kept\n")
        result = luascreen("import", os.path.join(BUNDLES, "full.bundle", "Root.plist"), "--out", self.tmp)
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"{self.tmp}: error: not a regular file; luascreen never replaces it", result.stderr)

    def test_a_bundle_folder_stands_for_its_root_plist(self):
        by_folder = luascreen("import", os.path.join(BUNDLES, "full.bundle"))
        by_file = luascreen("import", os.path.join(BUNDLES, "full.bundle", "Root.plist"))
        self.assertEqual(by_folder.returncode, 0, by_folder.stderr)
        self.assertEqual(by_folder.stdout.splitlines()[1:], by_file.stdout.splitlines()[1:])

    def test_import_without_out_prints_the_script(self):
        result = luascreen("import", os.path.join(BUNDLES, "full.bundle", "Root.plist"))
        self.assertEqual(result.returncode, 0)
        self.assertTrue(result.stdout.startswith("-- Imported from "))
        self.assertIn('toggle { text = "Sounds", key = "sounds", default = false }', result.stdout)
        # TrueValue YES and FalseValue NO written out come back as values = { true, false }.
        self.assertIn('toggle { text = "Notifications", key = "notifications", default = true, values = { true, false } }', result.stdout)
        # A written empty DefaultValue is kept in ios (export leaves an empty default out).
        self.assertIn('input { text = "Email", key = "email", default = "", keyboard = "email", autocapitalize = "none", autocorrect = false, ios = { ["DefaultValue"] = "" } }', result.stdout)
        self.assertIn('{ value = "low", text = "Low", short = "L" }', result.stdout)
        self.assertIn('default = "en", sorted = true }', result.stdout)
        self.assertIn('default = "home", radio = true }', result.stdout)


if __name__ == "__main__":
    unittest.main()


class ControlCharactersInEveryText(unittest.TestCase):
    """Issue 40 (set 3): SOH, VT, FF and ESC, which XML cannot hold, are never dropped without a
    warning: in a detail and in the platform tables too, for each format."""

    def test_each_text_that_loses_a_character_is_named(self):
        tmp = tempfile.mkdtemp(prefix="luascreen-controls-")
        self.addCleanup(shutil.rmtree, tmp, True)
        script = os.path.join(tmp, "c.lua")
        with open(script, "w") as f:
            f.write('return screen { id = "main", title = "Ti\\27tle", section { header = "H\\1",\n'
                    '  toggle { text = "T\\11", key = "t", detail = "D\\12", android = { ["app:summaryOn"] = "On\\27" },'
                    ' ios = { IASKSubtitle = "S\\27" } } } }\n')
        for fmt, named in (("androidx", ["title", "header", "the text", "the detail", "android.app:summaryOn"]),
                           ("settings-bundle", ["title", "header", "the text", "ios.IASKSubtitle"])):
            with self.subTest(format=fmt):
                result = luascreen("export", script, "--format", fmt, "--out", os.path.join(tmp, fmt))
                self.assertEqual(result.returncode, 0, result.stderr)
                lost = [line for line in result.stderr.splitlines() if "cannot hold; left out of the file" in line]
                for what in named:
                    self.assertTrue(any(what in line for line in lost), (what, result.stderr))
