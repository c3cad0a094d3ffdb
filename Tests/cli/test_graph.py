"""`luascreen graph` (SPEC §17): the dot text parsed back (nodes with title and row count,
pushes labelled with the row, dashed edges for what conditions read), and `--format svg`
through Graphviz's dot, or a clear message where it is not installed."""
import os
import re
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli.replsupport import BIN, ROOT, require_binary

QUOTED = r'"((?:[^"\\]|\\.)*)"'
NODE = re.compile(rf'^\s*{QUOTED} \[label={QUOTED}(.*)\];$')
EDGE = re.compile(rf'^\s*{QUOTED} -> {QUOTED} \[(.*)\];$')
ATTRIBUTE = re.compile(rf'(\w+)=(?:{QUOTED}|(\w+))')


def unquote(text):
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), text)


def parse(dot):
    """(nodes {id: label}, edges [(from, to, {attribute: value})]) of luascreen's dot."""
    nodes, edges = {}, []
    lines = dot.splitlines()
    assert lines[0] == "digraph luascreen {" and lines[-1] == "}", dot[:200]
    for line in lines[1:-1]:
        if m := EDGE.match(line):
            attributes = {k: unquote(q) if q is not None and q != "" or w is None else w for k, q, w in ATTRIBUTE.findall(m.group(3))}
            edges.append((unquote(m.group(1)), unquote(m.group(2)), attributes))
        elif m := NODE.match(line):
            nodes[unquote(m.group(1))] = unquote(m.group(2))
    return nodes, edges


def graph(*args):
    return subprocess.run([BIN, "graph", *args], capture_output=True, text=True, timeout=60, cwd=ROOT)


class GraphTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)

    def test_jmstatic_screens_pushes_and_conditions(self):
        result = graph("examples/jmstatic.lua", "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        nodes, edges = parse(result.stdout)
        self.assertIn("settings", nodes)
        self.assertRegex(nodes["settings"], r"^Settings\n\d+ rows?$")
        pushes = [(a, b, e["label"]) for a, b, e in edges if e.get("style") != "dashed"]
        self.assertIn(("settings", "notifications", "Notifications"), pushes)
        dashed = [e for _, _, e in edges if e.get("style") == "dashed"]
        self.assertTrue(any(e["key"] == "notifications" and e["condition"] in ("enabled",) for e in dashed), dashed)
        for e in dashed:
            self.assertIn(e["key"], e["label"])

    def test_settings_is_two_screens_and_one_push(self):
        result = graph("examples/settings.lua", "--store", "none")
        nodes, edges = parse(result.stdout)
        self.assertEqual(nodes, {"settings": "Settings\n4 rows", "profile": "Profile\n1 row"})
        self.assertEqual([(a, b, e["label"]) for a, b, e in edges], [("settings", "profile", "Profile")])

    def test_svg(self):
        if shutil.which("dot") is None:
            result = graph("examples/settings.lua", "--format", "svg")
            self.assertEqual(result.returncode, 1)
            self.assertIn("needs Graphviz's dot, which is not installed", result.stderr)
            return
        result = graph("examples/settings.lua", "--store", "none", "--format", "svg")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("<svg", result.stdout)
        self.assertIn("Profile", result.stdout)

    def test_svg_without_graphviz_says_so(self):
        empty = tempfile.mkdtemp(prefix="luascreen-nodot-")
        try:
            result = subprocess.run([BIN, "graph", "examples/settings.lua", "--store", "none", "--format", "svg"],
                                    capture_output=True, text=True, timeout=60, cwd=ROOT, env=dict(os.environ, PATH=empty))
            self.assertEqual(result.returncode, 1)
            self.assertIn("needs Graphviz's dot, which is not installed", result.stderr)
        finally:
            shutil.rmtree(empty)

    def test_usage(self):
        result = graph("examples/settings.lua", "--format", "png")
        self.assertEqual(result.returncode, 2)
        self.assertIn("--format takes dot or svg", result.stderr)
        self.assertEqual(graph().returncode, 2)


if __name__ == "__main__":
    unittest.main()
