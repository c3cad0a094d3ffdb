"""Files it writes and reads (SPEC §14): one atomic writer for every output, no target that is
not a regular file replaced, `-` as standard output, no output over an input, export file
names inside --out, snapshots and test files that never lead out through a link.

Every FIFO, socket and link is made inside a temporary folder; no output ever names a device."""
import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT
REFUSED = "error: not a regular file; luascreen never replaces it"

APP = """return app {
  root = "main",
  screens = {
    screen { id = "main", title = "Main",
      section { toggle { text = "Wi-Fi", key = "wifi" } } },
  },
}
"""

PASSING_TEST = """test("passes", function()
  local s = open("../app.lua")
  eq(s:row("Wi-Fi").value, false)
end)
"""


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


class FilesCase(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-files-")
        self.outside = os.path.join(self.work, "outside")
        os.mkdir(self.outside)
        self.proj = os.path.join(self.work, "proj")
        write(os.path.join(self.proj, "app.lua"), APP)
        write(os.path.join(self.proj, "tests", "app_test.lua"), PASSING_TEST)
        self.sockets = []

    def tearDown(self):
        for s in self.sockets:
            s.close()
        shutil.rmtree(self.work)

    def run_cli(self, *args, stdin="", cwd=None, shell_prefix=None):
        """Runs luascreen in `cwd` (the project). `shell_prefix`: shell commands run first by a
        shell that then execs luascreen, so they see the PID luascreen will have ($$)."""
        env = {**os.environ, "XDG_CONFIG_HOME": os.path.join(self.work, "config"), "NO_COLOR": "1"}
        argv = [support.BIN, *args]
        if shell_prefix:
            argv = ["sh", "-c", shell_prefix + ' && exec "$@"', "sh", *argv]
        return subprocess.run(argv, input=stdin, capture_output=True, text=True, cwd=cwd or self.proj,
                              timeout=120, env=env)

    # Things that are not regular files, all inside the temporary folder.
    def fifo(self, path):
        os.mkfifo(path)
        return path

    def sock(self, path):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(path)
        self.sockets.append(s)
        return path

    def link_to_secret(self, path):
        secret = os.path.join(self.outside, "secret-" + os.path.basename(path))
        write(secret, "secret\n")
        os.symlink(secret, path)
        return path

    def folder(self, path):
        os.mkdir(path)
        return path

    def device(self, path):
        """A character device node (the null device's numbers) inside the temporary folder,
        when this process may make one (root with CAP_MKNOD); else None."""
        try:
            os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        except (PermissionError, OSError):
            return None
        return path

    def targets(self, name):
        """One target of each kind that is not a regular file, under distinct names."""
        base = os.path.join(self.work, "targets")
        os.makedirs(base, exist_ok=True)
        found = {
            "fifo": self.fifo(os.path.join(base, "fifo-" + name)),
            "socket": self.sock(os.path.join(base, "sock-" + name)),
            "link": self.link_to_secret(os.path.join(base, "link-" + name)),
            "folder": self.folder(os.path.join(base, "dir-" + name)),
            "device": self.device(os.path.join(base, "dev-" + name)),
        }
        return {kind: path for kind, path in found.items() if path}

    def assert_untouched(self, kind, path):
        mode = os.lstat(path).st_mode
        expected = {"fifo": stat.S_ISFIFO, "socket": stat.S_ISSOCK, "link": stat.S_ISLNK, "folder": stat.S_ISDIR,
                    "device": stat.S_ISCHR}[kind]
        self.assertTrue(expected(mode), f"{path} is no longer a {kind}")
        if kind == "link":
            self.assertEqual(read(path), b"secret\n")
        if kind == "folder":
            self.assertEqual(os.listdir(path), [])
        self.assertEqual([n for n in os.listdir(os.path.dirname(path)) if ".tmp" in n], [])


class NotRegularTargets(FilesCase):
    """A FIFO, socket, symbolic link or folder named as an output is refused, never replaced."""

    def check_refused(self, make_args, stdin="", before_running=False):
        for kind, target in self.targets(make_args.__name__).items():
            with self.subTest(kind=kind):
                result = self.run_cli(*make_args(target), stdin=stdin)
                self.assertNotEqual(result.returncode, 0, result.stdout + result.stderr)
                self.assertIn(f"{target}: {REFUSED}", result.stderr)
                self.assert_untouched(kind, target)
                if before_running:  # refused before any test ran
                    self.assertNotIn("ok 1", result.stdout)

    def test_junit(self):
        def junit(t): return ["test", "tests", "--junit", t]
        self.check_refused(junit, before_running=True)

    def test_coverage(self):
        def coverage(t): return ["test", "tests", "--coverage", t]
        self.check_refused(coverage, before_running=True)

    def test_stubs_out(self):
        def stubs(t): return ["stubs", "--out", t]
        self.check_refused(stubs)

    def test_import_out(self):
        plist = os.path.join(ROOT, "Tests", "fixtures", "bundles", "full.bundle", "Root.plist")

        def imp(t): return ["import", plist, "--out", t]
        self.check_refused(imp)

    def test_record(self):
        def record(t): return ["run", "app.lua", "--store", "none", "--record", t]
        self.check_refused(record, stdin="wifi\n")

    def test_export_file_inside_out(self):
        out = os.path.join(self.work, "Settings.bundle")
        os.mkdir(out)
        write(os.path.join(out, "Keep.txt"), "kept\n")
        root = self.fifo(os.path.join(out, "Root.plist"))
        result = self.run_cli("export", "app.lua", "--format", "settings-bundle", "--out", out)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn(f"{root}: {REFUSED}", result.stderr)
        self.assertTrue(stat.S_ISFIFO(os.lstat(root).st_mode))
        self.assertEqual(sorted(os.listdir(out)), ["Keep.txt", "Root.plist"])

    def test_store_that_is_a_fifo_is_not_replaced(self):
        store = self.fifo(os.path.join(self.work, "store.json"))
        result = self.run_cli("run", "app.lua", "--store", store, stdin="set wifi on\n")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(store, result.stderr)
        self.assertTrue(stat.S_ISFIFO(os.lstat(store).st_mode))
        self.assertIn(f"{store}: not a regular file; luascreen never replaces it", result.stderr)

    def test_store_that_is_a_symbolic_link_is_refused_and_its_target_kept(self):
        # SPEC §14 lists the store among the outputs never written through a link.
        real = os.path.join(self.work, "real.json")
        write(real, '{"wifi": false}\n')
        link = os.path.join(self.work, "store.json")
        os.symlink(real, link)
        result = self.run_cli("run", "app.lua", "--store", link, stdin="set wifi on\n")
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(f"{link}: not a regular file; luascreen never replaces it", result.stderr)
        self.assertEqual(os.readlink(link), real)
        with open(real) as f:
            self.assertEqual(f.read(), '{"wifi": false}\n')


class StandardOutput(FilesCase):
    """`-` is standard output for the outputs that are one file."""

    def test_dash_writes_to_stdout_and_creates_no_file(self):
        plist = os.path.join(ROOT, "Tests", "fixtures", "bundles", "full.bundle", "Root.plist")
        cases = {
            "junit": (["test", "tests", "--junit", "-"], "<testsuites"),
            "coverage": (["test", "tests", "--coverage", "-"], "end_of_record"),
            "stubs": (["stubs", "--out", "-"], "---@meta"),
            "import": (["import", plist, "--out", "-"], "return app"),
        }
        for name, (args, marker) in cases.items():
            with self.subTest(name=name):
                result = self.run_cli(*args)
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertIn(marker, result.stdout)
                self.assertFalse(os.path.exists(os.path.join(self.proj, "-")))


class OutputIsAnInput(FilesCase):
    """No output may be one of the command's inputs: an error before anything is written."""

    def assert_refused(self, result, path, original):
        self.assertNotEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("one of the command's inputs", result.stderr)
        self.assertEqual(read(path), original)

    def test_record_over_the_script(self):
        script = os.path.join(self.proj, "app.lua")
        before = read(script)
        for spelling in ["app.lua", "./tests/../app.lua", script]:
            with self.subTest(spelling=spelling):
                result = self.run_cli("run", "app.lua", "--store", "none", "--record", spelling, stdin="wifi\n")
                self.assert_refused(result, script, before)
        self.assertFalse(os.path.exists(os.path.join(self.proj, "__snapshots__")))

    def test_record_over_a_required_module(self):
        write(os.path.join(self.proj, "rows.lua"), 'return { text = "Wi-Fi", key = "wifi" }\n')
        write(os.path.join(self.proj, "mod.lua"), APP.replace('toggle { text = "Wi-Fi", key = "wifi" }', 'toggle(require("rows"))'))
        module = os.path.join(self.proj, "rows.lua")
        before = read(module)
        result = self.run_cli("run", "mod.lua", "--store", "none", "--record", "rows.lua", stdin="wifi\n")
        self.assert_refused(result, module, before)

    def test_record_over_a_hard_link_to_the_script(self):
        os.link(os.path.join(self.proj, "app.lua"), os.path.join(self.proj, "tests", "same_test.lua"))
        before = read(os.path.join(self.proj, "app.lua"))
        result = self.run_cli("run", "app.lua", "--store", "none", "--record", "tests/same_test.lua", stdin="wifi\n")
        self.assert_refused(result, os.path.join(self.proj, "app.lua"), before)

    def test_import_over_its_plist(self):
        bundle = os.path.join(self.work, "My.bundle")
        shutil.copytree(os.path.join(ROOT, "Tests", "fixtures", "bundles", "full.bundle"), bundle)
        plist = os.path.join(bundle, "Root.plist")
        before = read(plist)
        result = self.run_cli("import", plist, "--out", plist)
        self.assert_refused(result, plist, before)
        result = self.run_cli("import", bundle, "--out", os.path.join(bundle, "..", "My.bundle", "Root.plist"))
        self.assert_refused(result, plist, before)

    def test_junit_and_coverage_over_the_test_file(self):
        test = os.path.join(self.proj, "tests", "app_test.lua")
        before = read(test)
        for option in ["--junit", "--coverage"]:
            with self.subTest(option=option):
                result = self.run_cli("test", "tests/app_test.lua", option, "tests/app_test.lua")
                self.assert_refused(result, test, before)
                self.assertNotIn("passes", result.stdout)  # refused before any test ran

    def test_coverage_over_the_script_it_covers(self):
        script = os.path.join(self.proj, "app.lua")
        before = read(script)
        result = self.run_cli("test", "tests", "--coverage", "app.lua")
        self.assert_refused(result, script, before)

    def test_export_over_the_script(self):
        out = os.path.join(self.work, "out")
        os.mkdir(out)
        write(os.path.join(out, "Root.plist"), APP)
        result = self.run_cli("export", os.path.join(out, "Root.plist"), "--format", "settings-bundle", "--out", out)
        self.assert_refused(result, os.path.join(out, "Root.plist"), APP.encode())


BUNDLE_APP = """return app {{
  root = "main",
  strings = {strings},
  screens = {{
    screen {{ id = "main", title = "Main",
      section {{ {rows} }} }},
    {screens}
  }},
}}
"""


class ExportNames(FilesCase):
    """File names made from ids and locales stay inside --out and hold only safe bytes; a
    refused export leaves --out as it was."""

    def export(self, source, fmt="settings-bundle"):
        write(os.path.join(self.proj, "names.lua"), source)
        self.out = os.path.join(self.work, "Out.bundle")
        os.makedirs(self.out, exist_ok=True)
        return self.run_cli("export", "names.lua", "--format", fmt, "--out", self.out)

    def listing(self):
        found = []
        for folder, _, names in os.walk(self.work):
            found += [os.path.relpath(os.path.join(folder, n), self.work) for n in names]
        return sorted(found)

    def app(self, strings="{}", rows='toggle { text = "On", key = "on" }', screens=""):
        return BUNDLE_APP.format(strings=strings, rows=rows, screens=screens)

    def test_a_locale_that_climbs_out_is_refused_and_nothing_is_written(self):
        write(os.path.join(self.work, "Out.bundle", "Root.plist"), "old\n")
        before = self.listing()
        result = self.export(self.app(strings='{ ["../../outside/pwn"] = { On = "An" }, de = { On = "Ein" } }'))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn('locale "../../outside/pwn" cannot name a folder', result.stderr)
        self.assertEqual(self.listing(), sorted(before + ["proj/names.lua"]))
        self.assertEqual(read(os.path.join(self.out, "Root.plist")), b"old\n")

    def test_an_id_with_a_nul_does_not_overwrite_root_plist(self):
        screens = 'screen { id = "Root.plist\\0", title = "Child", section { toggle { text = "C", key = "c" } } },'
        result = self.export(self.app(rows='toggle { text = "On", key = "on" }, row { text = "Go", push = "Root.plist\\0" }',
                                      screens=screens))
        self.assertEqual(result.returncode, 0, result.stderr)
        names = sorted(os.listdir(self.out))
        self.assertIn("Root.plist", names)
        self.assertEqual(len(names), 2, names)
        child = [n for n in names if n != "Root.plist"][0]
        self.assertRegex(child, r"^Root\.plist_-[0-9a-f]{8}\.plist$")
        self.assertIn(b"<string>Main</string>", read(os.path.join(self.out, "Root.plist")))
        self.assertIn(child[:-len(".plist")].encode(), read(os.path.join(self.out, "Root.plist")))

    def test_a_300_character_id_is_an_error_naming_the_row_and_root_plist_is_kept(self):
        long_id = "x" * 300
        write(os.path.join(self.work, "Out.bundle", "Root.plist"), "old root\n")
        screens = f'screen {{ id = "{long_id}", title = "Child", section {{ toggle {{ text = "C", key = "c" }} }} }},'
        result = self.export(self.app(rows=f'row {{ text = "Go", push = "{long_id}" }}', screens=screens))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("names.lua:", result.stderr)
        self.assertIn("cannot be mapped to a file name", result.stderr)
        self.assertIn("error: screen " + "x" * 150, result.stderr)
        self.assertIn("x…", result.stderr)
        self.assertNotIn("x" * 201, result.stderr)
        self.assertEqual(read(os.path.join(self.out, "Root.plist")), b"old root\n")
        self.assertEqual(os.listdir(self.out), ["Root.plist"])

    def test_other_ids_are_mapped_to_safe_distinct_names(self):
        screens = "".join(
            f'screen {{ id = "{i}", title = "T{n}", section {{ toggle {{ text = "C", key = "c{n}" }} }} }},'
            for n, i in enumerate(["Général", "G_n_ral", "a b", ".hidden", "ok-id.v2"]))
        rows = ", ".join(f'row {{ text = "Go{n}", push = "{i}" }}'
                         for n, i in enumerate(["Général", "G_n_ral", "a b", ".hidden", "ok-id.v2"]))
        result = self.export(self.app(rows=rows, screens=screens))
        self.assertEqual(result.returncode, 0, result.stderr)
        names = sorted(os.listdir(self.out))
        self.assertEqual(len(names), 6, names)
        for name in names:
            self.assertRegex(name, r"^[A-Za-z0-9_\-][A-Za-z0-9_.\-]*$")
            self.assertLessEqual(len(name.encode()), 200)
        self.assertIn("G_n_ral.plist", names)
        self.assertIn("ok-id.v2.plist", names)
        self.assertIn("Root.plist", names)
        self.assertEqual(len([n for n in names if n.startswith("G_n_ral-")]), 1)

    def test_a_linked_folder_inside_out_is_not_written_through(self):
        os.makedirs(os.path.join(self.work, "Out.bundle"))
        os.symlink(self.outside, os.path.join(self.work, "Out.bundle", "de.lproj"))
        result = self.export(self.app(strings='{ de = { On = "Ein" } }'))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("de.lproj: error: it is a symbolic link", result.stderr)
        self.assertEqual(os.listdir(self.outside), [])
        self.assertEqual(os.listdir(self.out), ["de.lproj"])

    def test_controls_that_xml_cannot_hold_are_warned_about(self):
        rows = 'toggle { text = "A\\1B\\vC\\fD\\27E", key = "on" }'
        result = self.export(self.app(rows=rows))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("names.lua:", result.stderr)
        self.assertIn("warning: sections[1].rows[1]: the text holds the characters \\x01, \\x0b, \\x0c, \\x1b", result.stderr)
        self.assertIn("left out of the file", result.stderr)


class PlantedLinks(FilesCase):
    """A temporary file is new and random: a link or hard link planted at a name an older
    writer used (`NAME.tmp-PID`, `NAME.luascreen-PID`) is never written through."""

    def test_junit_temporary_name(self):
        victim = os.path.join(self.outside, "victim")
        write(victim, "victim\n")
        result = self.run_cli("test", "tests", "--junit", "report.xml",
                              shell_prefix=f'ln -s {victim} "report.xml.tmp-$$"')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read(victim), b"victim\n")
        self.assertTrue(stat.S_ISREG(os.lstat(os.path.join(self.proj, "report.xml")).st_mode))

    def test_export_temporary_name_as_a_hard_link(self):
        victim = os.path.join(self.outside, "victim")
        write(victim, "victim\n")
        out = os.path.join(self.work, "Out.bundle")
        os.mkdir(out)
        result = self.run_cli("export", "app.lua", "--format", "settings-bundle", "--out", out,
                              shell_prefix=f'ln {victim} "{out}/Root.plist.luascreen-$$"')
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(read(victim), b"victim\n")

    def test_snapshot_temporary_name(self):
        victim = os.path.join(self.outside, "victim")
        write(victim, "victim\n")
        write(os.path.join(self.proj, "tests", "snap_test.lua"),
              'test("snap", function() snapshot("shot", open("../app.lua"):render(40)) end)\n')
        os.makedirs(os.path.join(self.proj, "tests", "__snapshots__"))
        write(os.path.join(self.proj, "tests", "__snapshots__", "shot.txt"), "old\n")
        shot = os.path.join(self.proj, "tests", "__snapshots__", "shot.txt")
        result = self.run_cli("test", "tests/snap_test.lua", "--update-snapshots",
                              shell_prefix=f'ln -s {victim} "{shot}.tmp-$$"')
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(read(victim), b"victim\n")
        self.assertIn(b"Wi-Fi", read(shot))


class SnapshotsAndTestFiles(FilesCase):
    def test_record_does_not_write_through_a_shipped_snapshots_link(self):
        os.symlink(self.outside, os.path.join(self.proj, "tests", "__snapshots__"))
        result = self.run_cli("run", "app.lua", "--store", "none", "--record", "tests/rec_test.lua", stdin="wifi\n")
        self.assertNotEqual(result.returncode, 0, result.stderr)
        self.assertIn("__snapshots__: error: it is a symbolic link", result.stderr)
        self.assertEqual(os.listdir(self.outside), [])
        self.assertFalse(os.path.exists(os.path.join(self.proj, "tests", "rec_test.lua")))

    def test_a_test_file_linked_out_of_the_root_is_not_run(self):
        write(os.path.join(self.outside, "evil_test.lua"), 'print("EVIL RAN")\ntest("evil", function() end)\n')
        os.symlink(os.path.join(self.outside, "evil_test.lua"), os.path.join(self.proj, "tests", "evil_test.lua"))
        result = self.run_cli("test", "tests")
        self.assertNotIn("EVIL RAN", result.stdout + result.stderr)
        self.assertIn("evil_test.lua: error: not run: it is a symbolic link out of the test root", result.stdout + result.stderr)
        self.assertNotEqual(result.returncode, 0)
        # A link that stays inside the root runs.
        os.remove(os.path.join(self.proj, "tests", "evil_test.lua"))
        os.symlink("app_test.lua", os.path.join(self.proj, "tests", "again_test.lua"))
        result = self.run_cli("test", "tests")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("2 passed, 0 failed", result.stdout)

class ExploreOut(FilesCase):
    def test_a_script_name_that_is_no_file_name_is_mapped_inside_out(self):
        name = 'scr\nprint("INJECTED")--.lua'
        shutil.copy(os.path.join(ROOT, "Tests", "explore", "planted", "out_of_range.lua"), os.path.join(self.proj, name))
        result = self.run_cli("explore", name, "--seed", "3", "--out", "gen")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        written = os.listdir(os.path.join(self.proj, "gen"))
        self.assertEqual(len(written), 1, written)
        self.assertRegex(written[0], r"^explore_scr_print__INJECTED__---[0-9a-f]{8}_3_test\.lua$")
        self.assertLessEqual(len(written[0].encode()), 200)


if __name__ == "__main__":
    unittest.main()
