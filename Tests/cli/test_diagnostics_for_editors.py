"""Diagnostics as editors read them (issue 25): `FILE:LINE: error: msg` everywhere, with the
column where one is known; batch-mode errors name the line of standard input; check --json
keeps the notes. Read back with vim's quickfix (`vim -es`, the default 'errorformat')."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

try:
    import pexpect
except ImportError:  # pragma: no cover
    pexpect = None

CALLBACKS = """\
return app {
  root = "main",
  screens = {
    screen { id = "main", title = "Main", section {
      button { id = "boom", text = "Boom", on_select = function(ctx) error("it broke") end },
      row { text = "Deeper", push = "deeper" } } },
    screen { id = "deeper", title = "Deeper", on_appear = function(ctx) error("not ready") end,
      section { row { text = "x" } } },
  },
}
"""

HELPER = """\
local function make(text)
  return row { text = text, accesory = "disclosure" }
end
return screen {
  id = "s", title = "S",
  section {
    make("a"),
  },
}
"""


def quickfix(text, directory):
    """The entries vim's quickfix makes of `text` with the default 'errorformat':
    (valid, file, line, column, text) each."""
    errors = os.path.join(directory, "errors.txt")
    out = os.path.join(directory, "qf.txt")
    with open(errors, "w", encoding="utf-8") as f:
        f.write(text)
    script = ('for e in getqflist() | call writefile([printf("%d\\t%s\\t%d\\t%d\\t%s", e.valid,'
              " bufname(e.bufnr), e.lnum, e.col, e.text)], '" + out + "', 'a') | endfor")
    subprocess.run(["vim", "-es", "-N", "-u", "NONE", "-i", "NONE", "-c", "cgetfile " + errors,
                    "-c", script, "-c", "qa!"], check=False, timeout=30, cwd=directory,
                   stdin=subprocess.DEVNULL, capture_output=True)
    entries = []
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            for line in f.read().splitlines():
                valid, name, lnum, col, message = line.split("\t", 4)
                entries.append((int(valid), name, int(lnum), int(col), message))
    return entries


class EditorDiagnostics(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.callbacks = self.sandbox.script("callbacks.lua", CALLBACKS)
        self.helper = self.sandbox.script("helper.lua", HELPER)

    def tearDown(self):
        self.sandbox.close()

    def luascreen(self, *args, stdin=""):
        return subprocess.run([support.BIN, *args], input=stdin, capture_output=True, text=True,
                              cwd=self.sandbox.dir, env=self.sandbox.env(), timeout=60)

    def require_vim(self):
        if shutil.which("vim") is None:
            self.fail("vim is missing (Debian package vim): run scripts/setup")

    def test_a_callback_error_puts_its_place_first(self):
        result = self.luascreen("run", self.callbacks, "--store", "none", stdin="boom\n")
        self.assertEqual(result.returncode, 1)
        lines = result.stderr.splitlines()
        self.assertEqual(lines[0], f'{self.callbacks}:5: error: it broke (in on_select of row "boom")')
        self.assertNotIn("error: " + self.callbacks, result.stderr)

    def test_batch_errors_name_the_line_of_standard_input(self):
        # Blank and comment lines count: the numbers are the lines of the input as written.
        commands = "show\n\n# a comment\nnosuchrow\nboom\n= nosuch.field\n"
        result = self.luascreen("run", self.callbacks, "--store", "none", stdin=commands)
        self.assertEqual(result.returncode, 1)
        lines = result.stderr.splitlines()
        self.assertTrue(any(line.startswith('stdin:4: error: no row "nosuchrow" on screen "Main"') for line in lines), lines)
        # An error in the script keeps the script's place and says which command ran it.
        at = lines.index(f'{self.callbacks}:5: error: it broke (in on_select of row "boom")')
        self.assertIn('stdin:5: note: in the command "boom"', lines[at:])
        # Lua typed at the prompt is that line of standard input.
        self.assertIn("stdin:6: error: attempt to index a nil value (global 'nosuch')", lines)

    def test_render_of_a_screen_whose_on_appear_fails(self):
        result = self.luascreen("render", self.callbacks, "--screen", "deeper", "--store", "none")
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stderr.startswith(f'{self.callbacks}:7: error: not ready (in on_appear of screen "deeper")'),
                        result.stderr)

    def test_a_damaged_store_names_its_line_and_column(self):
        store = os.path.join(self.sandbox.dir, "values.json")
        with open(store, "w") as f:
            f.write('{\n  "a": 1,,\n}\n')
        result = self.luascreen("render", self.callbacks, "--store", store)
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stderr.startswith(f"{store}:2:10: error: the store file is damaged: not valid JSON: "),
                        result.stderr)

    def test_check_json_keeps_the_notes(self):
        text = self.luascreen("check", self.helper)
        self.assertEqual(text.returncode, 1)
        self.assertIn(f"{self.helper}:7: note: called from here", text.stderr)
        result = self.luascreen("check", "--json", self.helper)
        self.assertEqual(result.returncode, 1)
        [diagnostic] = json.loads(result.stdout)
        self.assertEqual(diagnostic["line"], 2)
        self.assertEqual(diagnostic["notes"], [{"file": self.helper, "line": 7, "message": "called from here"}])
        self.assertEqual(diagnostic["code"], "unknown-field")

    def test_check_json_gives_the_codes_the_language_server_gives(self):
        # A key-rules clash and a failing `options` function have codes of their own, not
        # bad-default; a require cycle is a cycle.
        for rows, code in (("number { id = 'a', text = 'A', key = 'n', min = 0, default = 1 },\n"
                            "number { id = 'b', text = 'B', key = 'n', min = 1, default = 1 },", "key-conflict"),
                           ("choice { text = 'C', key = 'c', options = function() error('no network') end },", "options-failed")):
            script = os.path.join(self.sandbox.dir, "codes.lua")
            with open(script, "w") as f:
                f.write("return screen { id = 's', title = 'S', section {\n" + rows + "\n} }\n")
            result = self.luascreen("check", "--json", script)
            self.assertEqual([d["code"] for d in json.loads(result.stdout)], [code], result.stdout)
        for name, other in (("a", "b"), ("b", "a")):
            with open(os.path.join(self.sandbox.dir, name + ".lua"), "w") as f:
                f.write(f'local o = require("{other}")\nreturn screen {{ id = "{name}", title = "T" }}\n')
        result = self.luascreen("check", "--json", os.path.join(self.sandbox.dir, "a.lua"))
        self.assertEqual([(d["code"], "requires itself" in d["message"]) for d in json.loads(result.stdout)], [("cycle", True)], result.stdout)

    def test_vim_quickfix_reads_every_kind_of_error(self):
        self.require_vim()
        store = os.path.join(self.sandbox.dir, "values.json")
        with open(store, "w") as f:
            f.write('{"a": 1,,}')
        stderr = ""
        stderr += self.luascreen("run", self.callbacks, "--store", "none", stdin="boom\nnosuchrow\n").stderr
        stderr += self.luascreen("render", self.callbacks, "--screen", "deeper", "--store", "none").stderr
        stderr += self.luascreen("render", self.callbacks, "--store", store).stderr
        stderr += self.luascreen("check", self.helper).stderr
        entries = [e for e in quickfix(stderr, self.sandbox.dir) if e[0] == 1]
        kinds = {(name, lnum, col, message.strip().split(":")[0]) for _, name, lnum, col, message in entries}
        for expected in [(self.callbacks, 5, 0, "error"), ("stdin", 2, 0, "error"), (self.callbacks, 7, 0, "error"),
                         (store, 1, 9, "error"), (self.helper, 2, 0, "error"), (self.helper, 7, 0, "note")]:
            self.assertIn(expected, kinds)
        # No entry takes the word "error" for a file name.
        self.assertFalse([e for e in entries if e[1].startswith("error")], entries)


@unittest.skipIf(pexpect is None, "pexpect is not installed")
class InteractiveDiagnostics(unittest.TestCase):
    def test_a_callback_error_at_the_prompt_puts_its_place_first(self):
        support.require_binary(self)
        sandbox = support.Sandbox()
        self.addCleanup(sandbox.close)
        script = sandbox.script("callbacks.lua", CALLBACKS)
        child = pexpect.spawn(support.BIN, [script, "--store", "none"], cwd=sandbox.dir, env=sandbox.env(),
                              dimensions=(24, 80), encoding="utf-8", timeout=support.PTY_TIMEOUT)
        self.addCleanup(lambda: child.isalive() and child.terminate(force=True))
        child.expect_exact("Main> ")
        child.sendline("boom")
        child.expect_exact("Main> ")
        # At a terminal a long error wraps at word boundaries (issue 24), its place first.
        shown = child.before.replace("\r\n  ", " ")
        self.assertIn(f'{script}:5: error: it broke (in on_select of row "boom")', shown)
        child.sendline("nosuchrow")
        child.expect_exact("Main> ")
        # Typed at a terminal there is no line of standard input to name.
        self.assertIn('\nerror: no row "nosuchrow"', child.before.replace("\r", ""))
        child.sendeof()
        child.expect(pexpect.EOF)


if __name__ == "__main__":
    unittest.main()
