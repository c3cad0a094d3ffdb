"""import reads only regular files inside the bundle (SPEC §14 "Reading a bundle", issue 21):
names with '..', absolute paths, NULs and links out of the folder are refused with a warning
naming the specifier; FIFOs are "not a regular file"; what a plist expands to is charged to
--max-memory; panes nest at most 64 deep; import is linear; errors never carry raw escapes."""
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

ROOT = support.ROOT


def luascreen(*args, timeout=60):
    return subprocess.run([support.BIN, *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def pane(*specifiers, **top):
    return {"PreferenceSpecifiers": list(specifiers), **top}


def child(title, file):
    return {"Type": "PSChildPaneSpecifier", "Title": title, "File": file}


def text_row(title, value, key=None):
    return {"Type": "PSTitleValueSpecifier", "Title": title, "Key": key or title.lower(), "DefaultValue": value}


class ImportReads(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-import-")
        self.bundle = os.path.join(self.tmp, "Settings.bundle")
        os.mkdir(self.bundle)
        self.outside = os.path.join(self.tmp, "outside")
        os.mkdir(self.outside)

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def write(self, relative, value, fmt=plistlib.FMT_XML, folder=None):
        path = os.path.join(folder or self.bundle, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            plistlib.dump(value, f, fmt=fmt)
        return path

    def import_(self, *extra, timeout=60):
        return luascreen("import", os.path.join(self.bundle, "Root.plist"), *extra, timeout=timeout)

    def test_a_child_pane_linked_out_of_the_bundle_is_refused_naming_the_specifier(self):
        self.write("Leak.plist", pane(text_row("Secret", "hunter2")), folder=self.outside)
        os.symlink(os.path.join(self.outside, "Leak.plist"), os.path.join(self.bundle, "Leak.plist"))
        self.write("Root.plist", pane(child("Leak", "Leak")))
        result = self.import_()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("hunter2", result.stdout)
        self.assertIn('PreferenceSpecifiers[0]: PSChildPaneSpecifier "Leak" left out:', result.stderr)
        self.assertIn("outside", result.stderr)

    def test_names_with_dotdot_absolute_paths_or_nul_are_refused(self):
        self.write("secret.plist", pane(text_row("Secret", "hunter2")), folder=self.outside)
        for n, name in enumerate(["../outside/secret", os.path.join(self.outside, "secret"), "secret\x00"]):
            self.write("Root.plist", pane(child("Bad", name)), fmt=plistlib.FMT_BINARY)
            result = self.import_()
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertNotIn("hunter2", result.stdout, name)
            self.assertIn('PSChildPaneSpecifier "Bad" left out:', result.stderr, name)
            self.assertNotIn("\x00", result.stderr)

    def test_a_strings_table_outside_or_with_a_nul_is_not_read(self):
        os.makedirs(os.path.join(self.outside, "de.lproj"))
        with open(os.path.join(self.outside, "de.lproj", "secret.strings"), "w") as f:
            f.write('"Name" = "hunter2";\n')
        os.makedirs(os.path.join(self.bundle, "de.lproj"))
        with open(os.path.join(self.bundle, "de.lproj", "Root.strings"), "w") as f:
            f.write('"Name" = "Name auf Deutsch";\n')
        for table in ["../../outside/de.lproj/secret", "../outside/de.lproj/secret", "Root\x00"]:
            self.write("Root.plist", pane(text_row("Name", "x"), StringsTable=table), fmt=plistlib.FMT_BINARY)
            result = self.import_()
            self.assertEqual(result.returncode, 0, result.stderr)
            self.assertNotIn("hunter2", result.stdout, table)
            self.assertNotIn("Name auf Deutsch", result.stdout, table)  # not Root.strings either
            self.assertIn("StringsTable", result.stderr, table)

    def test_a_fifo_as_child_pane_is_not_a_regular_file_and_is_never_opened(self):
        os.mkfifo(os.path.join(self.bundle, "Pipe.plist"))
        self.write("Root.plist", pane(child("Pipe", "Pipe")))
        result = self.import_(timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('PSChildPaneSpecifier "Pipe" left out:', result.stderr)
        self.assertIn("not a regular file", result.stderr)
        self.assertNotIn("permission denied", result.stderr)

    def test_a_fifo_as_the_root_plist_is_an_error(self):
        fifo = os.path.join(self.tmp, "Root.plist")
        os.mkfifo(fifo)
        result = luascreen("import", fifo, timeout=20)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, f"{fifo}: error: not a regular file: a FIFO (named pipe); refused without reading it\n")

    def test_child_panes_in_folders_are_read(self):
        self.write("com.mono0926.LicensePlist/AFNetworking.plist", pane(text_row("Licence", "MIT")))
        self.write("Root.plist", pane(child("AFNetworking", "com.mono0926.LicensePlist/AFNetworking")))
        result = self.import_()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("left out", result.stderr)
        script = os.path.join(self.tmp, "s.lua")
        with open(script, "w") as f:
            f.write(result.stdout)
        dump = json.loads(luascreen("dump", script, "--store", "none").stdout)
        screens = {s["id"]: s for s in dump["screens"]}
        self.assertIn("com.mono0926.LicensePlist/AFNetworking", screens)
        self.assertEqual(screens["com.mono0926.LicensePlist/AFNetworking"]["sections"][0]["rows"][0]["detail"], "MIT")

    def test_a_shared_binary_object_counts_each_time_it_is_used(self):
        # One 4 MiB string, referred to by 300 specifiers (plistlib writes one object for it).
        big = "x" * (4 << 20)
        row = {"Type": "PSTitleValueSpecifier", "Title": big, "Key": "k", "DefaultValue": "v"}
        self.write("Root.plist", {"PreferenceSpecifiers": [row] * 300}, fmt=plistlib.FMT_BINARY)
        self.assertLess(os.path.getsize(os.path.join(self.bundle, "Root.plist")), 5 << 20)
        timed = subprocess.run(["/usr/bin/time", "-f", "%M", support.BIN, "import", os.path.join(self.bundle, "Root.plist")],
                               capture_output=True, text=True, timeout=60)
        self.assertEqual(timed.returncode, 1, timed.stderr[-500:])
        self.assertIn("expand to more than 64 MiB (a shared object counts each time it is used); raise --max-memory", timed.stderr)
        peak_kib = int(timed.stderr.strip().splitlines()[-1])
        self.assertLess(peak_kib, 300 * 1024, "peak memory")
        # A bigger limit takes more uses; a small one fewer.
        small = self.import_("--max-memory", "1M")
        self.assertIn("expand to more than 1 MiB", small.stderr)

    def test_a_chain_of_20000_panes_ends_with_a_clear_warning(self):
        count = 20000
        for n in range(1, count):
            with open(os.path.join(self.bundle, f"P{n}.plist"), "w") as f:
                f.write(f'<?xml version="1.0"?><plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>'
                        f'<dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>Next</string>'
                        f'<key>File</key><string>P{n + 1}</string></dict></array></dict></plist>')
        self.write("Root.plist", pane(child("Next", "P1")))
        result = self.import_(timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr[-500:])
        self.assertIn("child panes nest more than 64 deep", result.stderr)
        self.assertEqual(result.stdout.count("screen {"), 64)

    def test_import_is_linear_in_values_and_groups(self):
        # 99,000 distinct Values in one multi-value, and 19,900 groups with one title: each was
        # quadratic (minutes); the timeout is far above what linear work takes (BENCHMARKS.md).
        values = list(range(99000))
        self.write("Root.plist", pane({"Type": "PSMultiValueSpecifier", "Title": "Many", "Key": "many",
                                       "Values": values, "Titles": [str(v) for v in values], "DefaultValue": 0}),
                   fmt=plistlib.FMT_BINARY)
        result = self.import_(timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr[-500:])
        groups = [{"Type": "PSGroupSpecifier", "Title": "Same"} for _ in range(19900)]
        self.write("Root.plist", pane(*groups), fmt=plistlib.FMT_BINARY)
        result = self.import_(timeout=20)
        self.assertEqual(result.returncode, 0, result.stderr[-500:])
        self.assertIn('id = "same_19900"', result.stdout)

    def test_errors_show_escapes_not_raw_control_characters(self):
        root = os.path.join(self.bundle, "Root.plist")
        for body, shown in [("<integer>1\x1b[2J\x07</integer>", "\\x1b[2J\\x07"), ("<integer>\u202e1</integer>", "\\u{202E}1"),
                            ("<string>&bad\x1b;</string>", "&bad\\x1b;")]:
            with open(root, "w", encoding="utf-8") as f:
                f.write(f'<?xml version="1.0"?><plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>{body}</array></dict></plist>')
            result = self.import_()
            self.assertEqual(result.returncode, 1)
            self.assertIn(shown, result.stderr)
            for raw in ("\x1b", "\x07", "\u202e"):
                self.assertNotIn(raw, result.stderr)

    def test_the_smallest_integer_imports_as_an_integer(self):
        low = -2 ** 63
        self.write("Root.plist", pane({"Type": "PSMultiValueSpecifier", "Title": "Edge", "Key": "edge",
                                       "Values": [low, 1], "Titles": ["min", "one"], "DefaultValue": low}))
        result = self.import_()
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("math.mininteger", result.stdout)
        script = os.path.join(self.tmp, "s.lua")
        with open(script, "w") as f:
            f.write(result.stdout)
        check = luascreen("check", script)
        self.assertEqual(check.returncode, 0, check.stderr)
        dump = luascreen("dump", script, "--store", "none").stdout
        self.assertIn('"value": -9223372036854775808', dump)
        out = os.path.join(self.tmp, "out.bundle")
        luascreen("export", script, "--format", "settings-bundle", "--out", out)
        with open(os.path.join(out, "Root.plist"), "rb") as f:
            exported = plistlib.load(f)["PreferenceSpecifiers"][0]
        self.assertEqual(exported["Values"], [low, 1])
        self.assertEqual(exported["DefaultValue"], low)


if __name__ == "__main__":
    unittest.main()
