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


if __name__ == "__main__":
    unittest.main()
