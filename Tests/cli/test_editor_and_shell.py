"""Editor and shell support: `luascreen stubs` (LuaLS, luacheck), `completions`, `man`, and
the option table's usage errors."""
import glob
import os
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli import replsupport as support


def run(args, cwd=support.ROOT, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, cwd=cwd, timeout=120, **kwargs)


class Folder(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.folder = tempfile.mkdtemp(prefix="luascreen-tools-")
        self.addCleanup(shutil.rmtree, self.folder, True)

    def write(self, name, text):
        path = os.path.join(self.folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path


class Stubs(Folder):
    def test_stubs_out_writes_the_lua_ls_definitions(self):
        out = os.path.join(self.folder, "luascreen.lua")
        result = run([support.BIN, "stubs", "--out", out])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, "")
        with open(out) as f:
            text = f.read()
        self.assertTrue(text.startswith("---@meta luascreen\n"))
        for line in ["---@class luascreen.Toggle: luascreen.Row",
                     "---@field key string the store key the toggle sets",
                     "---@param t luascreen.Toggle", "function toggle(t) end",
                     "---@class luascreen.Ctx", "function open(path, opts) end"]:
            self.assertIn(line, text)
        # Valid Lua: it loads (and defines the functions) in a plain Lua.
        self.assertEqual(run(["lua5.4", out]).returncode, 0)

    def test_stubs_take_no_operands(self):
        result = run([support.BIN, "stubs", "extra"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("stubs takes no arguments", result.stderr)


class Luacheck(Folder):
    def setUp(self):
        super().setUp()
        if shutil.which("luacheck") is None:
            self.fail("luacheck is missing (Debian package lua-check): run scripts/setup")
        self.config = os.path.join(self.folder, ".luacheckrc")
        result = run([support.BIN, "stubs", "--luacheck", "--out", self.config])
        self.assertEqual(result.returncode, 0, result.stderr)

    def luacheck(self, *paths, cwd=support.ROOT):
        # --only 1: the global-variable warnings (undefined, set, mutated).
        return run(["luacheck", *paths, "--config", self.config, "--no-color", "--codes", "--only", "1"], cwd=cwd)

    def test_no_undefined_globals_in_the_examples_and_their_tests(self):
        scripts = sorted(glob.glob("examples/*.lua", root_dir=support.ROOT) + glob.glob("examples/lib/*.lua", root_dir=support.ROOT))
        result = self.luacheck(*scripts, "examples/tests")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("0 warnings / 0 errors", result.stdout)

    def test_the_examples_are_clean_under_the_config_init_writes(self):
        # Every warning (lines over 120 columns, unused arguments, ...), not only globals, with
        # the .luacheckrc that `luascreen init` writes: what an author's `luacheck .` reports.
        made = run([support.BIN, "init", os.path.join(self.folder, "start")])
        self.assertEqual(made.returncode, 0, made.stderr)
        config = os.path.join(self.folder, "start", ".luacheckrc")
        paths = sorted(glob.glob("examples/*.lua", root_dir=support.ROOT)) + ["examples/lib", "examples/locales", "examples/tests"]
        result = run(["luacheck", *paths, "--config", config, "--no-color", "--codes"])
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertRegex(result.stdout, r"Total: 0 warnings / 0 errors in \d+ files")
        # It looked at the scripts, the modules, the locales, the tests and their fixtures.
        for name in ["examples/reader.lua", "examples/lib/shared_rows.lua", "examples/locales/de.lua",
                     "examples/tests/reader_test.lua", "examples/tests/fixtures/rollback.lua"]:
            self.assertIn("Checking " + name, result.stdout)

    def test_a_long_line_and_an_unused_argument_are_reported(self):
        # The check above could pass by reporting nothing: the same config flags both kinds.
        script = self.write("app/sloppy.lua", 'return screen { title = "T", section {\n'
                                              '  row { text = "x", detail = function(ctx) return "' + "y" * 100 + '" end },\n} }\n')
        result = run(["luacheck", script, "--config", self.config, "--no-color", "--codes"], cwd=self.folder)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("sloppy.lua:2:39: (W212) unused argument 'ctx'", result.stdout)
        self.assertIn("(W631) line is too long", result.stdout)

    def test_a_misspelt_constructor_and_a_test_global_in_a_script_are_undefined(self):
        script = self.write("app/misspelt.lua", 'return screen { title = "T", section {\n'
                                                '  togle { text = "Wi-Fi", key = "wifi" },\n'
                                                '  row { text = "x", on_select = function() os.execute("ls") end },\n'
                                                '  row { text = tostring(eq) },\n} }\n')
        result = self.luacheck(script, cwd=self.folder)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("misspelt.lua:2:3: (W113) accessing undefined variable 'togle'", result.stdout)
        self.assertIn("(W143) accessing undefined field 'execute' of global 'os'", result.stdout)
        self.assertIn("(W113) accessing undefined variable 'eq'", result.stdout)
        self.assertIn("3 warnings", result.stdout)

    def test_test_files_know_the_test_globals(self):
        test = self.write("tests/a_test.lua", 'test("x", function() local s = open("../a.lua"); eq(s:path(), { "a" }) end)\n')
        result = self.luacheck(test, cwd=self.folder)
        self.assertEqual(result.returncode, 0, result.stdout)


class Completions(Folder):
    def complete(self, line, cwd=None):
        """The candidates bash's completion function offers for `line` (its last word
        being completed; a line ending in a space completes an empty word)."""
        script = os.path.join(self.folder, "luascreen.bash")
        with open(script, "w") as f:
            f.write(run([support.BIN, "completions", "bash"]).stdout)
        words = line.split(" ")
        quoted = " ".join("'" + w + "'" for w in words)
        program = (f'source {script}\n'
                   f'COMP_WORDS=({quoted})\n'
                   f'COMP_CWORD={len(words) - 1}\n'
                   '_luascreen 2>/dev/null\n'
                   'printf "%s\\n" "${COMPREPLY[@]}"\n'
                   'complete -p luascreen\n')
        result = run(["bash", "--norc", "--noprofile", "-c", program], cwd=cwd or self.folder)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[-1], "complete -F _luascreen luascreen")
        return sorted(l for l in lines[:-1] if l)

    def setUp(self):
        super().setUp()
        for name in ["settings.lua", "notes.txt", "sub/inner.lua"]:
            self.write(name, "")

    def test_commands(self):
        self.assertEqual(self.complete("luascreen ch"), ["check"])
        self.assertEqual(self.complete("luascreen co"), ["completions"])

    def test_options_of_the_command(self):
        self.assertEqual(self.complete("luascreen check --j"), ["--json"])
        render = self.complete("luascreen render --")
        self.assertIn("--screen", render)
        self.assertNotIn("--json", render)
        self.assertEqual(self.complete("luascreen test --f"), ["--filter"])
        # No command: the script form, which is run.
        self.assertIn("--store", self.complete("luascreen settings.lua --st"))

    def test_option_values(self):
        self.assertEqual(self.complete("luascreen render settings.lua --color "), ["always", "auto", "never"])
        self.assertEqual(self.complete("luascreen completions "), ["bash", "fish", "zsh"])

    def test_lua_files_and_folders(self):
        self.assertEqual(self.complete("luascreen check "), ["settings.lua", "sub"])
        self.assertEqual(self.complete("luascreen check sub/"), ["sub/inner.lua"])
        self.assertEqual(self.complete("luascreen se"), ["settings.lua"])
        self.assertIn("notes.txt", self.complete("luascreen test --junit "))

    def fish_complete(self, line):
        script = os.path.join(self.folder, "luascreen.fish")
        with open(script, "w") as f:
            f.write(run([support.BIN, "completions", "fish"]).stdout)
        result = run(["fish", "--no-config", "-c", f"source {script}; complete -C '{line}'"], cwd=self.folder,
                     env=dict(os.environ, HOME=self.folder))
        self.assertEqual(result.returncode, 0, result.stderr)
        return sorted(l.split("\t")[0] for l in result.stdout.splitlines())

    def test_fish_completes_commands_options_values_and_lua_files(self):
        if shutil.which("fish") is None:
            self.fail("fish is missing (Debian package fish): run scripts/setup")
        self.assertEqual(self.fish_complete("luascreen ch"), ["check"])
        self.assertEqual(self.fish_complete("luascreen check --j"), ["--json"])
        self.assertEqual(self.fish_complete("luascreen render settings.lua --color "), ["always", "auto", "never"])
        self.assertEqual(self.fish_complete("luascreen completions "), ["bash", "fish", "zsh"])
        self.assertEqual(self.fish_complete("luascreen check "), ["settings.lua", "sub/"])

    def test_the_zsh_script_parses(self):
        if shutil.which("zsh") is None:
            self.fail("zsh is missing (Debian package zsh): run scripts/setup")
        script = os.path.join(self.folder, "_luascreen")
        with open(script, "w") as f:
            f.write(run([support.BIN, "completions", "zsh"]).stdout)
        result = run(["zsh", "-n", script])
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_zsh_and_fish_scripts_name_every_command(self):
        for shell in ["zsh", "fish"]:
            result = run([support.BIN, "completions", shell])
            self.assertEqual(result.returncode, 0, result.stderr)
            for command in ["run", "check", "dump", "render", "test", "stubs", "completions", "man"]:
                self.assertIn(command, result.stdout)
        self.assertTrue(run([support.BIN, "completions", "zsh"]).stdout.startswith("#compdef luascreen\n"))
        result = run([support.BIN, "completions", "tcsh"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("completions takes one of bash, zsh or fish", result.stderr)


class ManPage(Folder):
    def test_man_reads_the_page_without_warnings(self):
        if shutil.which("man") is None:
            self.fail("man is missing (Debian package man-db): run scripts/setup")
        page = os.path.join(self.folder, "luascreen.1")
        with open(page, "w") as f:
            f.write(run([support.BIN, "man"]).stdout)
        result = run(["man", "--warnings", "-l", page], env=dict(os.environ, MANPAGER="cat", MANWIDTH="80", LANG="C.UTF-8"))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, "")
        text = result.stdout
        for heading in ["NAME", "SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS"]:
            self.assertIn(heading, text)
        for option in ["--junit", "--filter", "--store", "--max-memory", "--luacheck"]:
            self.assertIn(option, text)

    def page(self):
        page = os.path.join(self.folder, "luascreen.1")
        with open(page, "w") as f:
            f.write(run([support.BIN, "man"]).stdout)
        return page

    def test_mandoc_lint_finds_nothing(self):
        if shutil.which("mandoc") is None:
            self.fail("mandoc is missing (Debian package mandoc): run scripts/setup")
        result = run(["mandoc", "-T", "lint", self.page()])
        self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))

    def test_the_page_is_dated_and_names_files_environment_and_repl_commands(self):
        roff = open(self.page()).read()
        th = roff.splitlines()[0]
        self.assertRegex(th, r'^\.TH LUASCREEN 1 \d{4}-\d{2}-\d{2} "luascreen \d')
        # The date comes with the version, not the clock: the same on every build.
        self.assertEqual(run([support.BIN, "man"]).stdout.splitlines()[0], th)
        result = run(["man", "-l", self.page()], env=dict(os.environ, MANPAGER="cat", MANWIDTH="60", LANG="C.UTF-8"))
        text = result.stdout
        for heading in ["FILES", "ENVIRONMENT", "REPL COMMANDS"]:
            self.assertIn("\n" + heading + "\n", text)
        for name in ["VISUAL", "EDITOR", "LC_ALL", "LANG", "TERM", "NO_COLOR", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                     ".NAME.json.lock", "luascreen/history", "find TEXT, go N", "why REF", "reload"]:
            self.assertIn(name, text)
        # No identifier is hyphenated at a line's end (60 columns forces many breaks).
        self.assertNotRegex(text, r"[A-Za-z_]\u2010\n|[A-Za-z_]-\n")


class Usage(Folder):
    def test_help_lists_every_command_and_a_commands_help_its_options(self):
        result = run([support.BIN, "--help"])
        self.assertEqual(result.returncode, 0)
        for command in ["run", "check", "dump", "render", "test", "stubs", "completions", "man"]:
            self.assertIn(f"luascreen {command}", result.stdout)
        result = run([support.BIN, "help", "test"])
        self.assertIn("--junit FILE", result.stdout)
        self.assertNotIn("--json", result.stdout)
        self.assertEqual(run([support.BIN, "test", "--help"]).stdout, result.stdout)

    def test_an_option_of_another_command_is_a_usage_error(self):
        result = run([support.BIN, "dump", "examples/settings.lua", "--json"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("luascreen: --json goes with check", result.stderr)
        result = run([support.BIN, "check", "examples/settings.lua", "--jsn"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown option --jsn", result.stderr)
        result = run([support.BIN, "render", "examples/settings.lua", "--color", "blue"])
        self.assertEqual(result.returncode, 2)
        self.assertIn("--color takes auto, always or never, got \"blue\"", result.stderr)


if __name__ == "__main__":
    unittest.main()
