"""Issue 24 in a pseudo-terminal (pexpect): Ctrl-C stops a long callback; value prompts."""
import os
import signal
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

try:
    import pexpect
except ImportError:  # pragma: no cover
    pexpect = None

LOOPING = """return screen { id = "s", title = "Loop",
  section {
    toggle { text = "Flag", key = "flag" },
    button { text = "Spin", on_select = function(ctx)
      ctx.store.flag = true
      while true do
        local ok = pcall(function() for i = 1, 100 do end end)
      end
    end },
  },
}
"""


@unittest.skipIf(pexpect is None, "pexpect is not installed")
class AuthorPty(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.child = None

    def tearDown(self):
        if self.child is not None and self.child.isalive():
            self.child.terminate(force=True)
        self.sandbox.close()

    def spawn(self, name, text, *options, columns=100, rows=40):
        script = self.sandbox.script(name, text)
        self.child = pexpect.spawn(support.BIN, [script, "--store", "none", "--max-instructions", "100000000000", *options],
                                   cwd=support.ROOT, env=self.sandbox.env(), dimensions=(rows, columns),
                                   encoding="utf-8", timeout=support.PTY_TIMEOUT)
        return self.child

    def test_ctrl_c_stops_a_long_callback_and_rolls_it_back(self):
        child = self.spawn("loop.lua", LOOPING)
        child.expect_exact("Loop> ")
        child.sendline("Spin")
        # Ctrl-C once the callback is looping: the line was read, and the REPL has spent CPU
        # time since (at a prompt it spends none). The backstop stops the loop only after ~2 s
        # of its own CPU time, however slowly a loaded machine gives it that.
        child.expect_exact("Spin\r\n")
        start = support.cpu_seconds(child.pid)
        support.wait_until(lambda: support.cpu_seconds(child.pid) - start >= 0.2, 60, "the callback to loop")
        child.kill(signal.SIGINT)
        child.expect_exact("Loop> ")
        said = child.before
        self.assertIn("interrupted (Ctrl-C)", said)
        self.assertRegex(said, r"loop\.lua:\d+: (error: )?interrupted")
        self.assertNotIn("press Ctrl-C again", said)
        child.sendline("= ctx.store.flag")
        child.expect_exact("Loop> ")
        self.assertIn("false", child.before, "the callback's write was rolled back")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

    def test_edit_opens_the_editor_on_a_private_temporary_file_and_stores_its_text(self):
        tmp = os.path.join(self.sandbox.dir, "tmp")
        os.makedirs(tmp)
        seen = os.path.join(self.sandbox.dir, "seen.txt")
        editor = self.sandbox.script("editor.sh", """\
            #!/bin/sh
            { echo "$1"; stat -c %%a "$1"; cat "$1"; } > "%s"
            printf 'first line\\nsecond line\\n' > "$1"
            """ % seen)
        os.chmod(editor, 0o755)
        script = self.sandbox.script("notes.lua", 'return screen { title = "Notes", section { input { text = "Note", key = "note", default = "old text", multiline = true } } }')
        env = self.sandbox.env(EDITOR=editor, TMPDIR=tmp)
        self.child = child = pexpect.spawn(support.BIN, [script, "--store", "none"], cwd=support.ROOT, env=env,
                                           dimensions=(40, 100), encoding="utf-8", timeout=support.PTY_TIMEOUT)
        child.expect_exact("Notes> ")
        child.sendline("edit Note")
        child.expect_exact("Notes> ")
        child.sendline("= ctx.store.note")
        child.expect_exact("Notes> ")
        self.assertIn('"first line\\nsecond line"', child.before)
        child.sendline("quit")
        child.expect(pexpect.EOF)
        with open(seen, encoding="utf-8") as f:
            path, mode, text = f.read().split("\n", 2)
        self.assertTrue(path.startswith(tmp + "/luascreen-edit-") and path.endswith(".txt"), path)
        self.assertEqual(mode, "600")
        self.assertEqual(text, "old text\n")
        self.assertEqual(os.listdir(tmp), [], "the temporary file is removed")

    VALUES = """return screen { id = "v", title = "Vals",
  section {
    number { text = "Size", key = "size", default = 12, min = 6, max = 40 },
    date { text = "Day", key = "day", min = "2026-01-01", max = "2026-12-31" },
    input { text = "Name", key = "name", default = "Ada" },
  },
}
"""

    def test_value_prompts_say_the_value_keep_their_own_history_and_ask_again(self):
        child = self.spawn("vals.lua", self.VALUES)
        child.expect_exact("Vals> ")
        child.sendline("help Day")  # a command in the history
        child.expect_exact("Vals> ")
        self.assertIn("min 2026-01-01, max 2026-12-31", child.before)
        child.sendline("Size")
        child.expect_exact("New value for Size (now: 12; 6 to 40")
        child.expect_exact("): ")  # the value said, the line empty: what is typed replaces it
        child.send("\x1b[A")  # Up: no command history in a value prompt
        child.send("\x15")  # Ctrl-U: clear the line
        child.sendline("99")  # refused (past max): said, and asked again
        child.expect("above|max|at most")
        child.expect_exact("New value for Size")
        child.expect_exact("): 99")  # what was typed, to be corrected
        child.send("\x15")
        child.sendline("20")
        child.expect_exact("Vals> ")
        self.assertNotIn("help Day", child.before)
        child.sendline("= ctx.store.size")
        child.expect_exact("Vals> ")
        self.assertIn("20", child.before)
        child.sendline("Day")
        child.expect_exact("New value for Day (now: 2026-01-01; YYYY-MM-DD; 2026-01-01 to 2026-12-31): ")
        child.sendintr()  # Ctrl-C cancels
        child.expect_exact("Cancelled.")
        child.expect_exact("Vals> ")
        child.sendline("Name")
        child.expect_exact("New value for Name (now: Ada): ")
        child.send("\x1b[A")  # Up at a value prompt: earlier values, never commands
        child.expect_exact("20")  # the value last given (to Size)
        shown = child.before + child.after
        child.sendline("")
        child.expect_exact("Vals> ")
        shown += child.before
        self.assertNotIn("help Day", shown)
        self.assertNotIn("= ctx.store.size", shown)
        child.sendline("quit")
        child.expect(pexpect.EOF)

    def test_a_change_on_another_page_says_what_changed(self):
        rows = "\n".join(f'    toggle {{ text = "Switch {i}", key = "s{i}" }},' for i in range(1, 41))
        child = self.spawn("long.lua", 'return screen { id = "l", title = "Long", section {\n' + rows + "\n} }\n",
                           columns=60, rows=15)
        child.expect_exact("Long> ")
        child.sendline("set s35 on")
        child.expect_exact("Long> ")
        self.assertIn("Switch 35 is now on (page", child.before)
        child.sendline("set s1 on")
        child.expect_exact("Long> ")
        self.assertNotIn("is now", child.before, "the row is on the page shown")


if __name__ == "__main__":
    unittest.main()
