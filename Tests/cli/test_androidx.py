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


# ---- import of an export gives back the same elements (SPEC §15 "What the same means") ----
import glob  # noqa: E402
import re  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

ANDROID_NS = "http://schemas.android.com/apk/res/android"
EXAMPLES = sorted(glob.glob(os.path.join(ROOT, "examples", "*.lua")))
# Real apps' preference XML with their res/values*/ (data from public repositories, kept out of
# this repository: see SOURCES.md there); the test runs over it when it is present.
import corpora  # noqa: E402
CORPUS = os.environ.get("LUASCREEN_ANDROIDX_CORPUS") or os.path.join(corpora.FIRST, "androidx")
PACKAGES = ("androidx.preference.", "android.preference.", "android.support.v7.preference.", "android.support.v14.preference.")
SAME_ELEMENT = {"SwitchPreference": "SwitchPreferenceCompat", "CheckBoxPreference": "SwitchPreferenceCompat",
                "TwoStatePreference": "SwitchPreferenceCompat"}
# What export may add: a key where there was none, and attributes at androidx's own defaults
# (iconSpaceReserved="false" is what SPEC §15 has export write on every element without an icon).
ADDED_DEFAULTS = {"iconSpaceReserved": "false", "useSimpleSummaryProvider": "false", "showSeekBarValue": "false"}
TEXTS = {"title", "summary", "summaryOn", "summaryOff", "dialogTitle", "dialogMessage"}
# Attributes at androidx's defaults that import reads into fields and export need not repeat.
DEFAULTS = {"enabled": "true", "selectable": "true", "persistent": "true", "isPreferenceVisible": "true"}
from test_export import ANDROIDX, ANDROID, APP  # noqa: E402  (the attrs.xml table)


def aapt_text(raw):
    """A resource string as aapt compiles it (white space, quotes and escapes)."""
    out, quoted, space, i = [], False, False, 0
    while i < len(raw):
        c = raw[i]
        if c == "\\" and i + 1 < len(raw):
            n = raw[i + 1]
            i += 2
            if n == "u" and re.match(r"[0-9a-fA-F]{4}", raw[i:i + 4]):
                ch, i = chr(int(raw[i:i + 4], 16)), i + 4
            else:
                ch = {"n": "\n", "t": "\t"}.get(n, n)
            if space and out:
                out.append(" ")
            space = False
            out.append(ch)
            continue
        i += 1
        if c == '"':
            quoted = not quoted
            continue
        if not quoted and c in " \n\t\r":
            space = True
            continue
        if space and out:
            out.append(" ")
        space = False
        out.append(c)
    return "".join(out)


def folder_locale(name):
    """The locale of a values folder, one name for each locale however Android spells it
    (values-ast and values-b+ast are one), "" for values; None for other qualifiers."""
    m = re.match(r"values(?:-([a-z]{2,3}(?:-r[A-Z]{2})?))?$", name)
    if m:
        return m.group(1) or ""
    m = re.match(r"values-b\+([a-z]{2,3})((?:\+[A-Za-z0-9]{1,8}){0,3})$", name)
    if not m:
        return None
    rest = [t for t in m.group(2).split("+") if t]
    if not rest:
        return m.group(1)
    if len(rest) == 1 and re.match(r"[A-Z]{2}$", rest[0]):
        return "%s-r%s" % (m.group(1), rest[0])
    return "b+" + "+".join([m.group(1)] + rest)


class Resources:
    """An app's res/values*/ strings and arrays, by locale ("" the default)."""

    def __init__(self, res):
        self.tables = {}
        for folder in sorted(glob.glob(os.path.join(res, "values*"))):
            locale = folder_locale(os.path.basename(folder))
            if locale is None:
                continue
            table = self.tables.setdefault(locale, {})
            for path in sorted(glob.glob(os.path.join(folder, "*.xml"))):
                try:
                    root = ET.parse(path).getroot()
                except ET.ParseError:
                    continue
                for e in root:
                    name = e.get("name")
                    kind = e.get("type") if e.tag == "item" else e.tag
                    if kind in ("string", "bool", "integer"):
                        table[("@%s/" % kind) + name] = aapt_text("".join(e.itertext()))
                    elif kind in ("string-array", "array", "integer-array"):
                        table["@array/" + name] = [aapt_text("".join(i.itertext())) for i in e if i.tag == "item"]

    def locales(self):
        return sorted(self.tables)

    def resolve(self, value, locale="", depth=0):
        if not isinstance(value, str) or not value.startswith("@") or depth > 8:
            return value
        for table in (self.tables.get(locale, {}), self.tables.get("", {})):
            if value in table:
                found = table[value]
                if isinstance(found, list):
                    return [self.resolve(v, locale, depth + 1) for v in found]
                return self.resolve(found, locale, depth + 1)
        return value


def is_preference(e):
    """A preference element (a class: its last name capitalised), not data such as <intent>."""
    return e.tag.split(".")[-1][:1].isupper()


def data_xml(e, res):
    """A child element that is not a preference, with its namespaces' URIs and its `@string/`
    references resolved (what the app reads there), for comparison."""
    return (e.tag, tuple(sorted((k, str(res.resolve(v))) for k, v in e.attrib.items())), (e.text or "").strip(),
            tuple(data_xml(c, res) for c in e))


def elements(path, res, locales):
    """The preference elements of a file, in order, nested screens inline: (depth, type,
    {namespace:name: value resolved in every locale}). Every attribute counts (issue 42): the
    android and app namespaces by name, any other by its URI, one with no namespace (`style`)
    as it is; child elements that are not preferences (<intent>, <extra>) as `children`."""
    out = []

    def walk(e, depth):
        tag = e.tag
        for p in PACKAGES:
            if tag.startswith(p):
                tag = tag[len(p):]
        tag = SAME_ELEMENT.get(tag, tag)
        attributes = {}
        for name, value in e.attrib.items():
            m = re.match(r"\{(.*)\}(.*)", name)
            if not m:
                attributes[name] = (value, str(res.resolve(value)))
                continue
            ns = "android" if m.group(1) == ANDROID_NS else "app" if "schemas.android.com/apk/res" in m.group(1) else "{%s}" % m.group(1)
            bare = m.group(2)
            # Each attribute as written and resolved (texts in every locale): the same when
            # either matches (a custom element keeps a reference to the app's own array).
            # A literal as aapt reads it (its escapes: `\n` a line break), a reference resolved.
            literal = aapt_text(value) if depth >= 0 and not value.startswith(("@", "?")) else value
            if bare in TEXTS or bare == "entries":
                resolved = tuple(str(res.resolve(literal, locale)) for locale in locales)
            else:
                resolved = str(res.resolve(literal))
            known = bare in TEXTS or bare in ("entries", "key", "defaultValue", "entryValues", "dependency", "fragment", "min", "max",
                                              "enabled", "selectable", "isPreferenceVisible", "persistent")
            attributes[bare if known else ns + ":" + bare] = (value, resolved)
        data = tuple(data_xml(c, res) for c in e if not is_preference(c))
        if data:
            attributes["children"] = (data, data)
        out.append((depth, tag, attributes))
        for child in e:
            if is_preference(child):
                walk(child, depth + 1)

    walk(ET.parse(path).getroot(), 0)
    return out


def differences(original, exported):
    out = []
    if [(d, t) for d, t, _ in original] != [(d, t) for d, t, _ in exported]:
        return ["elements: %s became %s" % ([t for _, t, _ in original], [t for _, t, _ in exported])]
    for (_, tag, a), (_, _, b) in zip(original, exported):
        for name in sorted(set(a) | set(b)):
            bare = name.split(":")[-1]
            if name not in b:
                if DEFAULTS.get(name) == a[name][1]:
                    continue  # the default, which import reads into a field
                out.append("%s %s: %s=%r is missing" % (tag, a.get("key"), name, a[name][1]))
            elif name not in a:
                if name == "key" or ADDED_DEFAULTS.get(bare) == b[name][1] or \
                        (tag == "SwitchPreferenceCompat" and name == "defaultValue" and b[name][1] == "false"):
                    continue
                out.append("%s %s: %s=%r was added" % (tag, b.get("key"), name, b[name][1]))
            elif a[name][0] != b[name][0] and a[name][1] != b[name][1]:
                out.append("%s %s: %s=%r became %r" % (tag, a.get("key"), name, a[name][1], b[name][1]))
    return out


class Exports:
    """`export --format androidx` into a folder under self.tmp (for test cases that mix it in)."""

    def export(self, script, name):
        out = os.path.join(self.tmp, name)
        result = luascreen("export", script, "--format", "androidx", "--out", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        return out


class AndroidXRoundTrip(Exports, unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-androidx-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def import_(self, xml, name):
        out = os.path.join(self.tmp, name + ".lua")
        result = luascreen("import", xml, "--out", out)
        self.assertEqual(result.returncode, 0, result.stderr)
        check = luascreen("check", out)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        self.assertEqual(luascreen("render", out, "--store", "none").returncode, 0)
        return out

    def round_trip(self, xml, res, name):
        script = self.import_(xml, name)
        out = self.export(script, name + "-out")
        back = os.path.join(out, "res", "xml", os.path.basename(xml))
        self.assertTrue(os.path.exists(back), "the root keeps its file name res/xml/%s" % os.path.basename(xml))
        exported = Resources(os.path.join(out, "res"))
        locales = sorted(set(res.locales()) | set(exported.locales())) or [""]
        return differences(elements(xml, res, locales), elements(back, exported, locales))

    def test_every_example_export_import_export_gives_the_same_elements(self):
        for script in EXAMPLES:
            with self.subTest(script=os.path.basename(script)):
                out = self.export(script, os.path.basename(script) + "-1")
                for xml in glob.glob(os.path.join(out, "res", "xml", "*.xml")):
                    self.assertEqual(self.round_trip(xml, Resources(os.path.join(out, "res")), os.path.basename(script)), [])

    # What still differs in the second corpus, by file: a pattern every difference matches.
    # AnkiDroid's toolbar positions ("Top", "Bottom", "None") are translated otherwise by
    # another array of the app: luascreen keeps one translation of an option's text.
    KNOWN = {"anki-android/res/xml/preferences_reviewer.xml": r"ListPreference .*reviewer_toolbar_position.*: entries="}

    def corpus_comes_back(self, corpus, known=None):
        files = sorted(glob.glob(os.path.join(corpus, "*", "res", "xml", "*.xml")))
        self.assertTrue(files, "no res/xml files in %s" % corpus)
        for xml in files:
            app = os.path.relpath(xml, corpus).split(os.sep)[0]
            name = os.path.relpath(xml, corpus)
            with self.subTest(file=name):
                res = Resources(os.path.join(corpus, app, "res"))
                diffs = self.round_trip(xml, res, app + "-" + os.path.basename(xml))
                pattern = (known or {}).get(name)
                self.assertEqual([d for d in diffs if not (pattern and re.match(pattern, d))], [])

    def test_every_real_preference_file_imports_and_comes_back(self):
        corpora.require(self, corpora.FIRST, "androidx")
        self.corpus_comes_back(CORPUS)

    def test_every_file_of_the_second_corpus_imports_and_comes_back(self):
        self.corpus_comes_back(corpora.require(self, corpora.SECOND, "androidx"), known=self.KNOWN)


# ---- issue 42: what real apps' files hold comes back as it was ----
KEPT = os.path.join(ROOT, "Tests", "fixtures", "androidx", "kept", "res", "xml", "prefactions__more_information.xml")


class KeptAsItWas(Exports, unittest.TestCase):
    """A small file of our own with each kind of thing the second corpus showed lost."""

    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-kept-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.script = os.path.join(self.tmp, "kept.lua")
        result = luascreen("import", KEPT, "--out", self.script)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.warnings = result.stderr
        self.out = self.export(self.script, "out")
        self.xml_path = os.path.join(self.out, "res", "xml", "prefactions__more_information.xml")

    def xml(self):
        with open(self.xml_path, encoding="utf-8") as f:
            return f.read()

    def test_every_element_attribute_and_child_comes_back(self):
        res = Resources(os.path.join(os.path.dirname(os.path.dirname(KEPT))))
        exported = Resources(os.path.join(self.out, "res"))
        locales = sorted(set(res.locales()) | set(exported.locales()))
        self.assertEqual(differences(elements(KEPT, res, locales), elements(self.xml_path, exported, locales)), [])

    def test_the_file_keeps_its_r_xml_name(self):
        self.assertTrue(os.path.exists(self.xml_path), os.listdir(os.path.join(self.out, "res", "xml")))

    def test_attributes_in_any_namespace_keep_it(self):
        root = ET.parse(self.xml_path).getroot()
        about = next(e for e in root.iter("Preference") if e.get("{%s}key" % "http://schemas.android.com/apk/res-auto") == "about")
        self.assertEqual(about.get("{http://schemas.android.com/apk/res-auto}ignore"), "true")
        self.assertEqual(about.get("{http://schemas.android.com/tools}targetApi"), "26")
        xml = self.xml()
        for kept in ('style="@style/CategoryStyle"', 'xmlns:search="http://schemas.android.com/apk/res-auto"', 'search:ignore="true"',
                     'chroma:colorMode="rgb"', 'android:inputType="textMultiLine"', 'android:maxLength="200"',
                     'android:layout_width="match_parent"', 'android:id="@+id/theme_list"', 'app:level="2"',
                     'android:defaultValue="none"', 'app:defaultValue=""'):
            self.assertIn(kept, xml)
        self.assertNotIn("left out", self.warnings)

    def test_child_elements_come_back_inside_their_element(self):
        root = ET.parse(self.xml_path).getroot()
        intents = [(parent.tag, child) for parent in root.iter() for child in parent if child.tag == "intent"]
        self.assertEqual(sorted(tag for tag, _ in intents), ["Preference", "PreferenceScreen"])
        extra = [e for _, i in intents for e in i if e.tag == "extra"]
        self.assertEqual(extra[0].get("{%s}value" % ANDROID_NS), "settings")

    def test_an_intent_under_a_nested_screen_is_no_row(self):
        with open(self.script, encoding="utf-8") as f:
            self.assertNotIn('"intent"', f.read())

    def test_a_root_key_reference_is_resolved(self):
        root = ET.parse(self.xml_path).getroot()
        self.assertEqual(root.get("{http://schemas.android.com/apk/res-auto}key"), "more_information")

    def test_dialog_and_button_texts_go_to_strings_with_their_translations(self):
        en = Resources(os.path.join(self.out, "res"))
        root = ET.parse(self.xml_path).getroot()
        signature = next(e for e in root.iter("EditTextPreference"))
        message = signature.get("{%s}dialogMessage" % ANDROID_NS)
        self.assertTrue(message.startswith("@string/"), message)
        self.assertEqual(en.resolve(message), "Sent with each mail.\nLeave empty for none.")
        self.assertEqual(en.resolve(message, "fr"), "Envoyée avec chaque courriel.\nLaisser vide pour aucune.")
        for name, fr in (("dialogTitle", "Votre signature"), ("positiveButtonText", "Enregistrer"), ("negativeButtonText", "Annuler")):
            self.assertEqual(en.resolve(signature.get("{%s}%s" % (ANDROID_NS, name)), "fr"), fr)

    def test_a_list_summary_with_percent_s_shows_the_chosen_entry(self):
        shown = luascreen("render", self.script, "--store", "none", "--width", "60", "--locale", "fr")
        self.assertEqual(shown.returncode, 0, shown.stderr)
        theme = [line for line in shown.stdout.splitlines() if "Thème" in line]
        self.assertTrue(theme and "Clair" in theme[0] and "%s" not in shown.stdout, shown.stdout)

    def test_a_category_inside_a_category_stays_inside(self):
        root = ET.parse(self.xml_path).getroot()
        auto = "{http://schemas.android.com/apk/res-auto}key"
        outer = next(e for e in root if e.get(auto) == "outer")
        inner = next(e for e in outer if e.get(auto) == "inner")
        self.assertEqual(inner.tag, "org.example.ExtendedPreferenceCategory")
        self.assertEqual([e.get(auto) for e in inner], ["ipv6", "innermost"])
        self.assertEqual([e.get(auto) for e in outer], ["host", "inner", "mode"])
        mode = next(e for e in outer if e.get(auto) == "mode")
        self.assertIsNone(mode.get("{http://schemas.android.com/apk/res-auto}defaultValue"))


class TranslationsInContext(KeptAsItWas):
    def test_a_text_translated_otherwise_in_a_dialog_keeps_that_translation(self):
        # "Theme" is the list's title ("Thème") and its dialog's title ("Choisir le thème").
        res = Resources(os.path.join(self.out, "res"))
        theme = next(e for e in ET.parse(self.xml_path).getroot().iter("ListPreference")
                     if e.get("{http://schemas.android.com/apk/res-auto}key") == "theme")
        self.assertEqual(res.resolve(theme.get("{%s}title" % ANDROID_NS), "fr"), "Thème")
        self.assertEqual(res.resolve(theme.get("{%s}dialogTitle" % ANDROID_NS), "fr"), "Choisir le thème")
        self.assertEqual(res.resolve(theme.get("{%s}dialogTitle" % ANDROID_NS)), "Theme")
