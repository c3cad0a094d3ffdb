"""Outputs that are documents (issue 40): a script's `print` never reaches `dump`'s JSON,
`graph`'s DOT or SVG, or `--json` (it goes to standard error, sanitized); `graph` quotes
screen ids one-to-one (two ids never become one node, in DOT or in Graphviz's SVG); `init`
that cannot write one of its files leaves none of them behind."""
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import textwrap
import unittest

from Tests.cli.replsupport import BIN, require_binary

# Prints at load time and from a field function, markup and terminal controls among them.
PRINTING = textwrap.dedent(r'''
    print("loading settings")
    print("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>")
    print("digraph evil { x -> y }")
    return app { root = "main", screens = {
      screen { id = "main", title = "Main",
        section {
          toggle { id = "wifi", text = "Wi-Fi", key = "wifi", default = true },
          row { text = function() print("\27]0;pwned\7 {\"x\": 1}") return "Advanced" end, push = "advanced" },
        },
      },
      screen { id = "advanced", title = "Advanced", section { row { text = "a" } } },
    } }
''')


def run(*args, cwd=None, **kw):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120, cwd=cwd, **kw)


class DocumentOutputTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-docs-")
        self.script = os.path.join(self.dir, "printing.lua")
        with open(self.script, "w") as f:
            f.write(PRINTING)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def assertPrintsOnStandardError(self, result):
        self.assertIn("loading settings", result.stderr)
        self.assertNotIn("loading settings", result.stdout)
        self.assertNotIn("<script>", result.stdout)
        self.assertNotIn("\x1b", result.stdout + result.stderr)  # sanitized where it went
        self.assertIn("\\x1b]0;pwned", result.stderr)

    def test_dump_is_only_json(self):
        result = run("dump", self.script, "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout)["root"], "main")
        self.assertPrintsOnStandardError(result)

    def test_graph_dot_is_only_dot(self):
        result = run("graph", self.script, "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue(result.stdout.startswith("digraph luascreen {\n"), result.stdout[:200])
        self.assertEqual(result.stdout.count("digraph"), 1)
        self.assertPrintsOnStandardError(result)
        if shutil.which("dot"):
            parsed = subprocess.run(["dot", "-Tplain"], input=result.stdout, capture_output=True, text=True, timeout=60)
            self.assertEqual(parsed.returncode, 0, parsed.stderr)

    @unittest.skipUnless(shutil.which("dot"), "needs Graphviz's dot")
    def test_graph_svg_holds_no_script_made_markup(self):
        result = run("graph", self.script, "--store", "none", "--format", "svg")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex(result.stdout, r"^<\?xml ")
        self.assertNotIn("<script", result.stdout)
        self.assertNotIn("alert(1)", result.stdout)
        self.assertEqual(result.stdout.count("<svg"), 1)
        self.assertPrintsOnStandardError(result)

    def test_check_json_is_only_json(self):
        result = run("check", self.script, "--json")
        json.loads(result.stdout)
        self.assertPrintsOnStandardError(result)

    def test_explore_json_is_only_json(self):
        result = run("explore", self.script, "--json", "--walks", "2", "--steps", "3", "--seed", "1", "--out", self.dir)
        json.loads(result.stdout)
        self.assertNotIn("loading settings", result.stdout)

    def test_preview_prints_its_url_first(self):
        from Tests.cli.previewsupport import Preview
        preview = Preview(self.script)  # reads the URL from the first line of stdout
        try:
            status, _, _ = preview.request("GET", "/")
            self.assertEqual(status, 200)
        finally:
            preview.stop()

    def test_check_without_json_still_shows_prints(self):
        # Not a document: the person running check sees the prints (sanitized) on stdout.
        result = run("check", self.script)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("loading settings", result.stdout)


IDS = textwrap.dedent(r'''
    return app { root = "a\27", screens = {
      screen { id = "a\27", title = "One", section { row { text = "to two", push = "a\\x1b" } } },
      screen { id = "a\\x1b", title = "Two", section { row { text = "to three", push = "q\"\\" } } },
      screen { id = "q\"\\", title = "Three", section { row { text = "x" } } },
      screen { id = "q\"\\\\", title = "Four", section { row { text = "y" } } },
    } }
''')


class GraphIdTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-graph-ids-")
        self.script = os.path.join(self.dir, "ids.lua")
        with open(self.script, "w") as f:
            f.write(IDS)

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_distinct_ids_stay_distinct_nodes(self):
        result = run("graph", self.script, "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("\x1b", result.stdout)
        nodes = re.findall(r'^  ("(?:[^"\\]|\\.)*") \[label=', result.stdout, re.MULTILINE)
        self.assertEqual(len(nodes), 4, result.stdout)
        self.assertEqual(len(set(nodes)), 4, nodes)
        edges = re.findall(r'^  ("(?:[^"\\]|\\.)*") -> ("(?:[^"\\]|\\.)*")', result.stdout, re.MULTILINE)
        self.assertEqual(len(edges), 2)
        self.assertEqual(edges[0], (nodes[0], nodes[1]))
        self.assertEqual(edges[1], (nodes[1], nodes[2]))
        if shutil.which("dot"):
            # Graphviz reads four nodes and two edges: no id merged, none cut at a quote.
            plain = subprocess.run(["dot", "-Tplain"], input=result.stdout, capture_output=True, text=True, timeout=60)
            self.assertEqual(plain.returncode, 0, plain.stderr)
            lines = plain.stdout.splitlines()
            self.assertEqual(sum(1 for line in lines if line.startswith("node ")), 4, plain.stdout)
            self.assertEqual(sum(1 for line in lines if line.startswith("edge ")), 2, plain.stdout)

    @unittest.skipUnless(shutil.which("dot"), "needs Graphviz's dot")
    def test_svg_has_four_nodes(self):
        result = run("graph", self.script, "--store", "none", "--format", "svg")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.count('class="node"'), 4, result.stdout)
        self.assertNotIn("\x1b", result.stdout)


class InitAllOrNothingTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-init-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def files(self):
        return sorted(os.path.relpath(os.path.join(d, f), self.dir) for d, _, fs in os.walk(self.dir) for f in fs)

    def test_a_file_that_cannot_be_written_leaves_none(self):
        # Root may write anywhere, so the failure is made with a file-size limit: the small
        # files fit, .luals/luascreen.lua (about 20 kB) does not.
        def limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        result = run("init", self.dir, preexec_fn=limit)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("luascreen.lua", result.stderr)
        self.assertEqual(self.files(), [], "init failed but left files behind")
        # Nothing left that blocks the next try.
        again = run("init", self.dir)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("settings.lua", self.files())
        self.assertIn(os.path.join("tests", "settings_test.lua"), self.files())

    @unittest.skipIf(os.geteuid() == 0, "root writes into a read-only folder")
    def test_an_unwritable_tests_folder_leaves_no_settings(self):
        os.mkdir(os.path.join(self.dir, "tests"), 0o555)
        result = run("init", self.dir)
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertEqual(self.files(), [])


if __name__ == "__main__":
    unittest.main()
