"""Issue 38's REPL and test-runner items: what `=`, `why` and `set` say, and test failures
in the test API's words (the value prompt and `--record` are in test_repl_pty/test_record)."""
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

SCRIPT = """\
return screen { id = "main", title = "T", section {
  choice { text = "Tags", key = "tags", multiple = true, options = { "a", "b" } },
  list { text = "Hosts", key = "hosts" },
  input { text = "Nick", key = "nick" },
  toggle { text = "Notification Sound", key = "sound" },
  toggle { id = "x", text = "Extra", key = "x",
           enabled = function(ctx) return #ctx.store.tags > 0 end },
  toggle { id = "y", text = "Yonder", key = "y", enabled = function(ctx) return ctx.store.nick ~= "" end },
  row { id = "secret", text = "Secret", visible = function(ctx) return #ctx.store.hosts > 0 end },
} }
"""


class TrialRepl(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.path = self.sandbox.script("trial.lua", SCRIPT)

    def tearDown(self):
        self.sandbox.close()

    def batch(self, *commands):
        return support.batch(self.sandbox, [self.path, "--store", "none"], list(commands))

    def test_an_expression_prints_a_list_as_store_does(self):
        result = self.batch("= ctx.store.tags", "set Tags a, b", "= ctx.store.tags", "= ctx.store.hosts", "store")
        out = result.stdout
        self.assertIn("> = ctx.store.tags\n{}\n", out)
        self.assertIn('> = ctx.store.tags\n{ "a", "b" }\n', out)
        self.assertIn("> = ctx.store.hosts\n{}\n", out)
        self.assertIn('= { "a", "b" }', out)  # `store` writes the same
        self.assertNotIn("table: 0x", out)
        # Any other table as a constructor too: nested lists, fields sorted after the items.
        out = self.batch("set Tags a, b", '= { ctx.store.tags, n = 2, ["a b"] = {} }').stdout
        self.assertIn('{ { "a", "b" }, ["a b"] = {}, n = 2 }\n', out)

    def test_why_shows_an_empty_list_and_an_empty_text_as_values(self):
        out = self.batch("why Extra", "why Yonder", "why secret").stdout
        self.assertIn("Extra: disabled because tags = {}", out)
        self.assertIn('Yonder: disabled because nick = ""', out)
        self.assertIn("hosts = {}", out)
        self.assertNotIn("tags = ,", out)
        # `help` says a value the same way.
        help_out = self.batch("help Hosts", "help Nick").stdout
        self.assertIn("value: {}\n", help_out)
        self.assertIn("default: {}\n", help_out)
        self.assertIn('default: ""\n', help_out)

    def test_a_multi_word_reference_with_a_typo_is_named_whole(self):
        result = self.batch("set Notfication Sound on")
        self.assertIn('no row "Notfication Sound"', result.stderr)
        self.assertIn('did you mean "Notification Sound"', result.stderr)
        result = self.batch("set Notfication Sond on")
        self.assertIn('no row "Notfication Sond"', result.stderr)
        # A typo after words that start the row's text: not the start taken as the row and
        # the rest as its value ("Sond on" is no toggle value), but the reference named whole.
        result = self.batch("set Notification Sond on")
        self.assertIn('no row "Notification Sond" on screen "T" (did you mean "Notification Sound"?)', result.stderr)
        self.assertNotIn("is a toggle", result.stderr)
        # ...while a prefix with a good value still sets, and a bad value of a whole name is said as such.
        result = self.batch("set Notification on", "set Notification Sound maybe", "= ctx.store.sound")
        self.assertIn("> = ctx.store.sound\ntrue", result.stdout)
        self.assertIn('"Notification Sound" is a toggle: give on or off', result.stderr)
        # A typo in the start of a row's text suggests the row it starts.
        result = self.batch("set Notfication on", "Notfication")
        self.assertEqual(result.stderr.count('no row "Notfication" on screen "T" (did you mean "Notification Sound"?)'), 2,
                         result.stderr)
        # `add` with no item's text says so in add's words, not set's.
        result = self.batch("add Hosts", "remove 1")
        self.assertIn("add needs the item's text after the list: add Hosts TEXT", result.stderr)
        self.assertIn("which list? add, remove and move name a list row: add REF TEXT", result.stderr)
        self.assertNotIn("set needs", result.stderr)
        # A row suggested: no command two edits away beside it (house/home), one edit still.
        house = self.sandbox.script("house.lua", 'return screen { title = "H", section { input { text = "House name", key = "h" } } }\n')
        result = support.batch(self.sandbox, [house, "--store", "none"], ["House nme", "hme", "bakc"])
        self.assertIn('no row "House nme" on screen "H" (did you mean "House name"?)\n', result.stderr)
        self.assertNotIn("`home`?)", result.stderr.split("\n")[0])
        self.assertIn("did you mean the command `home`?", result.stderr)
        self.assertIn("did you mean the command `back`?", result.stderr)
        # a one-word value after a one-word reference: as before
        result = self.batch("set Nik bob")
        self.assertIn('no row "Nik"', result.stderr)


class TrialTestMessages(unittest.TestCase):
    """A test's failure speaks the test API (`s:why(...)`, `s:set(...)`), not REPL commands."""

    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.sandbox.script("trial.lua", SCRIPT)
        os.makedirs(os.path.join(self.sandbox.scripts, "tests"))
        self.sandbox.script("tests/trial_test.lua", """\
            test("disabled", function() local s = open("../trial.lua"); s:select("Extra") end)
            test("hidden", function() local s = open("../trial.lua"); s:select("secret") end)
            test("wants a value", function() local s = open("../trial.lua"); s:select("Nick") end)
            test("which list", function() local s = open("../trial.lua"); s:add("Hosts") end)
            test("raises sees it", function()
              local s = open("../trial.lua")
              local ok, message = pcall(function() s:select("Extra") end)
              eq(ok, false)
              assert(message:find('s:why("5")', 1, true), message)
            end)
            """)

    def tearDown(self):
        self.sandbox.close()

    def test_failures_name_the_session_methods(self):
        result = subprocess.run([support.BIN, "test", "tests"], cwd=self.sandbox.scripts, capture_output=True,
                                text=True, timeout=60, env=self.sandbox.env())
        out = (result.stdout + result.stderr).replace('\\"', '"')  # TAP's quoted messages
        self.assertIn('row "Extra" is disabled; `s:why("5")` tells why', out)
        self.assertIn('row "Secret" is hidden; `s:why("secret")` tells why', out)
        self.assertIn('"Nick" is an input row: give its new value with s:set("3", VALUE)', out)
        self.assertIn("which list? s:add, s:remove and s:move name a list row first: s:add(REF, TEXT)", out)
        self.assertNotIn("`why ", out)
        self.assertNotIn("with set ", out)
        self.assertNotIn("add REF TEXT", out)
        self.assertIn("1 passed, 4 failed", out)


if __name__ == "__main__":
    unittest.main()
