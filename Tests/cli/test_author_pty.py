"""Issue 24 in a pseudo-terminal (pexpect): Ctrl-C stops a long callback; value prompts."""
import os
import signal
import sys
import time
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
                                   encoding="utf-8", timeout=10)
        return self.child

    def test_ctrl_c_stops_a_long_callback_and_rolls_it_back(self):
        child = self.spawn("loop.lua", LOOPING)
        child.expect_exact("Loop> ")
        child.sendline("Spin")
        time.sleep(1.0)  # the callback is looping now (the time backstop stops it only after ~2 s)
        child.kill(signal.SIGINT)
        child.expect_exact("Loop> ", timeout=5)
        said = child.before
        self.assertIn("interrupted (Ctrl-C)", said)
        self.assertRegex(said, r"loop\.lua:\d+: interrupted")
        self.assertNotIn("press Ctrl-C again", said)
        child.sendline("= ctx.store.flag")
        child.expect_exact("Loop> ")
        self.assertIn("false", child.before, "the callback's write was rolled back")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)


if __name__ == "__main__":
    unittest.main()
