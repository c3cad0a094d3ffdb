"""Command-line habits, each checked with the real tool: `help help`, `luascreen` alone,
a usage error pointing at its command's help, one exit status for a missing input, `-` as
standard input for render and dump, a `#!` first line, `lsp --stdio`, `scripts/install
--help`, bash completing each command's own `--format` values, zsh and fish completing
`help COMMAND`, and the man page's SYNOPSIS with a hanging indent (man, at 60 columns)."""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli import replsupport as support

SCREEN = 'return screen { title = "S", section { row { text = "hi" } } }\n'
COMMANDS = ["run", "check", "dump", "render", "test", "explore", "export", "import", "preview", "graph", "init",
            "stubs", "lsp", "completions", "man"]


def run(args, **kwargs):
    kwargs.setdefault("timeout", 60)
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


class Habits(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-habits-")
        self.addCleanup(shutil.rmtree, self.work, True)

    def cli(self, *args, **kwargs):
        return run([support.BIN, *args], cwd=self.work, **kwargs)

    def test_help_help_and_no_arguments_print_the_command_list(self):
        alone, helped, help_help = self.cli(), self.cli("help"), self.cli("help", "help")
        for result in (alone, helped, help_help):
            self.assertEqual((result.returncode, result.stderr), (0, ""))
            self.assertEqual(result.stdout, helped.stdout)
            for command in COMMANDS + ["help"]:
                self.assertIn(f"luascreen {command}", result.stdout)

    def test_a_usage_error_inside_a_command_points_at_its_help(self):
        for args, hint in [(["check", "x.lua", "--bogus"], "try 'luascreen check --help'"),
                           (["export", "x.lua"], "try 'luascreen export --help'"),
                           (["help", "render", "--nope"], "try 'luascreen render --help'"),
                           (["--bogus"], "try 'luascreen --help'")]:
            result = self.cli(*args)
            self.assertEqual(result.returncode, 2, args)
            self.assertEqual(result.stderr.splitlines()[-1], hint, args)

    def test_a_missing_input_exits_alike_for_check_and_test(self):
        check, test = self.cli("check", "nowhere.lua"), self.cli("test", "nowhere")
        self.assertEqual(check.returncode, 1, check.stderr)
        self.assertEqual(test.returncode, check.returncode, test.stderr)

    def test_render_and_dump_read_standard_input_as_check_does(self):
        render = self.cli("render", "-", "--width", "20", "--store", "none", input=SCREEN)
        self.assertEqual(render.returncode, 0, render.stderr)
        self.assertIn("hi", render.stdout)
        dump = self.cli("dump", "-", "--store", "none", input=SCREEN)
        self.assertEqual(dump.returncode, 0, dump.stderr)
        self.assertIn('"title": "S"', dump.stdout)
        bad = SCREEN.replace('text = "hi"', 'text = "hi", txt = 1')
        for command in ("check", "render", "dump"):
            result = self.cli(command, "-", input=bad)
            self.assertEqual(result.returncode, 1, command)
            self.assertIn('stdin:1: error: sections[1].rows[1].txt: unknown field "txt"', result.stderr, command)

    def test_a_shebang_line_is_skipped_as_plain_lua_does(self):
        script = os.path.join(self.work, "s.lua")
        with open(script, "w") as f:
            f.write("#!/usr/bin/env luascreen\n" + SCREEN.replace('text = "hi"', 'text = "hi", txt = 1'))
        if shutil.which("lua5.4"):
            self.assertEqual(run(["lua5.4", "-e", "screen=function(t) return t end section=screen row=screen",
                                  script]).returncode, 0)  # plain lua runs it
        result = self.cli("check", "s.lua")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.splitlines()[0].split(": error:")[0], "s.lua:2")  # the file's own lines

    def test_lsp_accepts_stdio_as_editors_pass_it(self):
        result = self.cli("lsp", "--stdio", input="")
        self.assertEqual(result.returncode, 0, result.stderr)

    def test_scripts_install_help_prints_usage_and_installs_nothing(self):
        install = os.path.join(support.ROOT, "scripts", "install")
        result = run([install, "--help"], cwd=self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("usage: scripts/install", result.stdout)
        self.assertFalse(os.path.exists(os.path.join(support.ROOT, "--help")))
        self.assertEqual(run([install, "--bogus"]).returncode, 2)


class Completion(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-complete-")
        self.addCleanup(shutil.rmtree, self.work, True)

    def script(self, shell):
        path = os.path.join(self.work, "luascreen." + shell)
        with open(path, "w") as f:
            f.write(run([support.BIN, "completions", shell]).stdout)
        return path

    def test_bash_completes_each_commands_own_format_values(self):
        script = self.script("bash")
        probe = 'source "$1"; shift; COMP_WORDS=("$@" ""); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _luascreen; echo "${COMPREPLY[*]}"'
        def complete(*words):
            return run(["bash", "-c", probe, "bash", script, *words]).stdout.split()
        self.assertEqual(complete("luascreen", "export", "x.lua", "--format"), ["settings-bundle", "androidx"])
        self.assertEqual(complete("luascreen", "import", "x.plist", "--format"), ["settings-bundle", "androidx"])
        self.assertEqual(complete("luascreen", "graph", "x.lua", "--format"), ["dot", "svg"])
        self.assertEqual(sorted(complete("luascreen", "help")), sorted(COMMANDS))

    def test_fish_completes_help_command(self):
        if shutil.which("fish") is None:
            self.fail("fish is missing (Debian package fish): run scripts/setup")
        script = self.script("fish")
        result = run(["fish", "--no-config", "-c", f"source {script}; complete -C 'luascreen help '"], cwd=self.work)
        self.assertEqual(sorted(line.split("\t")[0] for line in result.stdout.splitlines()), sorted(COMMANDS))
        result = run(["fish", "--no-config", "-c", f"source {script}; complete -C 'luascreen hel'"], cwd=self.work)
        self.assertIn("help", [line.split("\t")[0] for line in result.stdout.splitlines()])

    def test_zsh_completes_help_command(self):
        if shutil.which("zsh") is None:
            self.fail("zsh is missing (Debian package zsh): run scripts/setup")
        script = self.script("zsh")
        # The script's own function, run by zsh with the completion system's entry points
        # recorded: what it offers after `luascreen help ` and after `luascreen `.
        probe = r'''
_describe() { print -r -- "describe: ${(j: :)${(@P)${@[-1]}}}"; }
_arguments() { print -r -- "arguments: $*"; }
_files() { :; }
source "$1"
print -r -- "-- probe"
words=(luascreen help ""); CURRENT=3; _luascreen
words=(luascreen ""); CURRENT=2; _luascreen
'''
        result = run(["zsh", "-f", "-c", probe, "zsh", script], cwd=self.work)
        self.assertEqual(result.returncode, 0, result.stderr)
        probed = result.stdout.split("-- probe\n", 1)[1]
        arguments = [line for line in probed.splitlines() if line.startswith("arguments: ")]
        self.assertEqual(len(arguments), 1, result.stdout)
        offered = re.search(r"1:command:\((.*)\)", arguments[0]).group(1).split()
        self.assertEqual(sorted(offered), sorted(COMMANDS))
        self.assertRegex(probed, r"describe: .*help:")


class ManEnvironment(unittest.TestCase):
    def test_the_environment_names_every_variable_luascreen_reads(self):
        support.require_binary(self)
        page = run([support.BIN, "man"]).stdout
        environment = page.split(".SH ENVIRONMENT", 1)[1].split(".SH ", 1)[0]
        for name in ("NO_COLOR", "TERM", "LC_ALL", "VISUAL", "EDITOR", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                     "HOME", "TAP_VERSION", "LUASCREEN_PREVIEW_SECONDS", "LUASCREEN_TIMING"):
            self.assertIn(name, environment)
        # Every LUASCREEN_ variable the sources read is in it.
        read = set(re.findall(r"LUASCREEN_[A-Z_]+", subprocess.run(
            ["grep", "-rhoE", r"(getenv|environment\[|Environment\.value)\(?\s*\"LUASCREEN_[A-Z_]+",
             os.path.join(support.ROOT, "Sources")], capture_output=True, text=True).stdout))
        self.assertTrue(read, "no LUASCREEN_ variable found in Sources")
        for name in read:
            self.assertIn(name, environment)


class ManSynopsis(unittest.TestCase):
    def test_a_synopsis_that_wraps_hangs_under_its_first_word(self):
        support.require_binary(self)
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "luascreen.1")
            with open(page, "w") as f:
                f.write(run([support.BIN, "man"]).stdout)
            shown = run(["man", "-l", page], env=dict(os.environ, MANWIDTH="60")).stdout
        synopsis = shown.split("SYNOPSIS", 1)[1].split("DESCRIPTION", 1)[0]
        lines = [line for line in synopsis.splitlines() if line.strip()]
        test = next(i for i, line in enumerate(lines) if line.strip().startswith("luascreen test"))
        start = lines[test].index("luascreen")
        # The next line continues test's synopsis, indented past "luascreen ".
        self.assertTrue(lines[test + 1].startswith(" " * (start + len("luascreen "))), synopsis)
        self.assertFalse(lines[test + 1].strip().startswith("luascreen"), synopsis)


if __name__ == "__main__":
    unittest.main()
