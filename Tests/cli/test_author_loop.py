"""Issue 24: what new authors met in the REPL (batch mode; the pty items are in test_author_pty)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

APP = """return screen { id = "s", title = "S",
  section { id = "main",
    toggle { text = "Adv", key = "adv" },
    number { text = "Size", key = "size", default = 3, min = 1, max = 10,
      on_change = function(ctx, new, old) ctx:alert("size " .. old .. " > " .. new) end },
    choice { text = "Mode", key = "mode", options = { "a", "b" }, multiple = true, default = { "a" } },
    list { text = "Items", key = "items" },
    input { text = "Name", key = "name", default = "1" },
    date { text = "Day", key = "day", min = "2026-01-01", max = "2026-12-31" },
  },
  section { id = "extra", header = "Extra", visible = function(ctx) return ctx.store.adv end,
    row { text = "Hidden row", id = "hr" },
  },
}
"""


class AuthorLoopBatch(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.app = self.sandbox.script("app.lua", APP)

    def tearDown(self):
        self.sandbox.close()

    def run_batch(self, commands, *options):
        return support.batch(self.sandbox, [self.app, "--store", "none", "--width", "100", *options], commands)

    def output_of(self, result, command):
        return result.stdout.split("> " + command + "\n", 1)[1].split("\n> ", 1)[0]

    def test_reset_runs_on_change_and_an_unchanged_set_does_not(self):
        result = self.run_batch(["set Size 3", "set Size 5", "reset Size"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertNotIn("size 3 > 3", result.stdout)
        self.assertIn("size 3 > 5", self.output_of(result, "set Size 5"))
        self.assertIn("size 5 > 3", self.output_of(result, "reset Size"))

    def test_why_names_a_hidden_sections_condition_and_takes_a_section(self):
        result = self.run_batch(["why hr", "why extra"])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn('hidden because its section "extra" is hidden because adv = false', self.output_of(result, "why hr"))
        self.assertIn('section "extra": hidden because adv = false', self.output_of(result, "why extra"))

    def test_store_quotes_list_items_and_shows_an_empty_list(self):
        result = self.run_batch(["store"])
        self.assertEqual(result.returncode, 0, result.stderr)
        out = self.output_of(result, "store")
        self.assertRegex(out, r'mode\s+= \{ "a" \}')
        self.assertRegex(out, r'items\s+= \{\}')
        self.assertRegex(out, r'name\s+= "1"')

    def test_an_expression_shows_strings_quoted(self):
        result = self.run_batch(["= ctx.store.name", "= ctx.store.size", '= "a\\nb"'])
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(self.output_of(result, "= ctx.store.name").strip(), '"1"')
        self.assertEqual(self.output_of(result, "= ctx.store.size").strip(), "3")
        self.assertEqual(self.output_of(result, '= "a\\nb"').strip(), '"a\\nb"')

    def test_store_pattern_filters_the_keys(self):
        result = self.run_batch(["store SI", "store nothing-like-it"])
        self.assertEqual(result.returncode, 0, result.stderr)
        out = self.output_of(result, "store SI")
        self.assertIn("size", out)
        self.assertNotIn("adv", out)
        self.assertIn('no key contains "nothing-like-it"', self.output_of(result, "store nothing-like-it"))

    def test_a_refusal_is_said_without_a_traceback(self):
        script = self.sandbox.script("clear.lua", """return screen { id = "c", title = "C", section {
  button { text = "Clear", on_select = function(ctx) ctx:refuse("Nothing to clear") end } } }
""")
        result = support.batch(self.sandbox, [script, "--store", "none"], ["Clear"])
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr.strip().splitlines()[0].split("error: ", 1)[1], "Nothing to clear")
        self.assertNotIn("traceback", result.stderr)
        self.assertNotIn("in function", result.stderr)

    def test_a_sandboxed_io_says_so_and_names_trusted(self):
        script = self.sandbox.script("io.lua", 'local f = io.open("x")\nreturn screen { title = "T" }\n')
        result = support.batch(self.sandbox, ["check", script], [])
        self.assertEqual(result.returncode, 1)
        self.assertIn("(global 'io'); scripts run sandboxed, without io (run with --trusted to allow it)", result.stderr)

    def test_test_refuses_store(self):
        result = support.batch(self.sandbox, ["test", "examples/tests", "--store", "x.json"], [])
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        self.assertIn("--store", result.stderr)


if __name__ == "__main__":
    unittest.main()
