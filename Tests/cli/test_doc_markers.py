"""The doc test's runner (Tests/docs/doctest.py) on Markdown written here: a block without a
marker fails, a compared output that differs fails, `...` and `{...}` stand for lines and
text, `run` needs exit 0, `file PATH` compares with the file, and `skip:` needs a reason."""
import os
import subprocess
import sys
import tempfile
import unittest

from Tests.cli import replsupport as support

RUNNER = os.path.join(support.ROOT, "Tests", "docs", "doctest.py")


class DocMarkers(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)

    def doctest(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
            f.write(text)
        self.addCleanup(os.remove, f.name)
        return subprocess.run([sys.executable, RUNNER, f.name], capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, LUASCREEN_BIN=support.BIN))

    def test_a_block_without_a_marker_fails(self):
        result = self.doctest("Text.\n\n```\n$ echo hi\nhi\n```\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("no doctest marker before this block", result.stdout, result.stderr)

    def test_compare_checks_the_output_with_ellipses(self):
        good = self.doctest("<!-- doctest: compare -->\n```\n$ printf 'a\\nb\\nc 42 s\\n'\na\n...\nc {...} s\n"
                            "$ luascreen --version\nluascreen {...}\n```\n")
        self.assertEqual(good.returncode, 0, good.stdout + good.stderr)
        bad = self.doctest("<!-- doctest: compare -->\n```\n$ echo hi\nho\n```\n")
        self.assertEqual(bad.returncode, 1)
        self.assertIn("-ho", bad.stdout, bad.stdout + bad.stderr)
        self.assertIn("+hi", bad.stdout)

    def test_run_needs_exit_0_and_skip_a_reason(self):
        self.assertEqual(self.doctest("<!-- doctest: run -->\n```sh\ntrue\n```\n").returncode, 0)
        self.assertEqual(self.doctest("<!-- doctest: run -->\n```sh\nfalse\n```\n").returncode, 1)
        self.assertEqual(self.doctest("<!-- doctest: skip: needs a terminal -->\n```\nx\n```\n").returncode, 0)
        self.assertEqual(self.doctest("<!-- doctest: skip: -->\n```\nx\n```\n").returncode, 1)

    def test_file_compares_with_the_repository_file(self):
        with open(os.path.join(support.ROOT, "examples", "settings.lua")) as f:
            opening = f.read().split("\n\n")[0].rstrip("\n")
        ok = self.doctest(f"<!-- doctest: file examples/settings.lua -->\n```lua\n{opening}\n```\n")
        self.assertEqual(ok.returncode, 0, ok.stdout + ok.stderr)
        bad = self.doctest("<!-- doctest: file examples/settings.lua -->\n```lua\nreturn nothing\n```\n")
        self.assertEqual(bad.returncode, 1)
        self.assertIn("the block differs from the file", bad.stdout, bad.stderr)


if __name__ == "__main__":
    unittest.main()
