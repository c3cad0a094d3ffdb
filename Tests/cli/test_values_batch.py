"""Batch mode with the kinds of value of SPEC §6 and §8: every write checked, lists,
multi-select, dates and times, multiline text, inc/dec, actions (examples/reader.lua)."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

READER = "examples/reader.lua"

KERNEL = """
return screen { id = "k", title = "Kernel",
  section {
    number { text = "CPUs", key = "NR_CPUS", default = 8, min = 1, max = 512 },
    choice { text = "Timer", key = "HZ", options = { 100, 250, 1000 }, default = 250 },
    number { text = "Volume", key = "vol", min = 0, max = 10 },
    button { text = "Loud", on_select = function(ctx) ctx.store.vol = 99 end },
  } }
"""


class ValuesBatch(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()

    def tearDown(self):
        self.sandbox.close()

    def run_batch(self, script, commands, *options):
        return support.batch(self.sandbox, [script, *options], commands)

    def output_after(self, result, command):
        lines = result.stdout.splitlines()
        start = lines.index("> " + command) + 1
        end = next((i for i in range(start, len(lines)) if lines[i].startswith("> ")), len(lines))
        return lines[start:end]

    def test_writes_from_lua_callbacks_and_set_are_checked(self):
        script = self.sandbox.script("kernel.lua", KERNEL)
        store = os.path.join(self.sandbox.dir, "k.json")
        result = self.run_batch(script, ["lua ctx.store.NR_CPUS = 9999", "lua ctx.store.HZ = 123", "Loud",
                                         "set CPUs 1000", "lua ctx.store.HZ = 1000"], "--store", store)
        self.assertEqual(result.returncode, 1)
        self.assertIn("ctx.store.NR_CPUS: 9999 is above the maximum 512 of \"CPUs\"", result.stderr)
        self.assertIn("ctx.store.HZ: \"123\" is not an option of \"Timer\"", result.stderr)
        self.assertIn("ctx.store.vol: 99 is above the maximum 10 of \"Volume\" (in on_select of row \"loud\")", result.stderr)
        self.assertIn("1000 is above the maximum 512 of \"CPUs\"", result.stderr)
        with open(store) as f:
            self.assertEqual(json.load(f), {"HZ": 1000})

    def test_a_stored_value_breaking_its_row_warns_once_and_is_not_rewritten(self):
        script = self.sandbox.script("kernel.lua", KERNEL)
        store = os.path.join(self.sandbox.dir, "k.json")
        with open(store, "w") as f:
            f.write('{"NR_CPUS": 9999}\n')
        result = self.run_batch(script, ["show", "show"], "--store", store)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr.count("warning:"), 1, result.stderr)
        self.assertIn("above the maximum 512", result.stderr)
        self.assertNotIn("9999", result.stdout)
        with open(store) as f:
            self.assertEqual(f.read(), '{"NR_CPUS": 9999}\n')

    def test_multi_select_and_lists(self):
        store = os.path.join(self.sandbox.dir, "reader.json")
        result = self.run_batch(READER, ["Sync folders", "Comics", "back", "set Sync folders papers, Books",
                                         "Dictionaries", "add Oxford", "add Collins", "move 3 1", "remove 2",
                                         "back", "add Dictionaries Larousse", "remove Dictionaries 9"], "--store", store, "--width", "60")
        self.assertEqual(result.returncode, 1)
        self.assertIn("no item 9", result.stderr)
        self.assertIn(" 3 Comics", "\n".join(self.output_after(result, "Comics")))
        screen = "\n".join(self.output_after(result, "move 3 1"))
        self.assertIn(" 1 Collins", screen)
        self.assertIn(" 3 Oxford", screen)
        with open(store) as f:
            values = json.load(f)
        self.assertEqual(values["sync_folders"], ["Books", "papers"])
        self.assertEqual(values["dictionaries"], ["Collins", "Oxford", "Larousse"])

    def test_set_with_nothing_clears_a_list(self):
        result = self.run_batch(READER, ["set Dictionaries", "store"], "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertRegex("\n".join(self.output_after(result, "set Dictionaries")), r"2 Dictionaries +‹none yet› ›")

    def test_dates_times_and_steps(self):
        result = self.run_batch(READER, ["set From 25:00", "set Subscription 2026-02-30", "set Until 6:30",
                                         "inc Font size", "dec Line spacing"], "--store", "none", "--width", "60")
        self.assertEqual(result.returncode, 1)
        self.assertIn("\"25:00\" is not a time of day", result.stderr)
        self.assertIn("\"2026-02-30\" is not a real day", result.stderr)
        self.assertIn("06:30", "\n".join(self.output_after(result, "set Until 6:30")))
        self.assertIn("20 pt", "\n".join(self.output_after(result, "inc Font size")))
        self.assertIn("1.4", "\n".join(self.output_after(result, "dec Line spacing")))

    def test_edit_reads_lines_up_to_a_dot_and_set_reads_backslash_n(self):
        result = self.run_batch(READER, ["edit Notes", "first line", "second line", ".", "= ctx.store.notes",
                                         "set Notes one\\ntwo", "= ctx.store.notes"], "--store", "none", "--width", "60")
        self.assertEqual(result.returncode, 0, result.stderr)
        # `=` shows a string as Lua writes it: quoted, the newline escaped (issue 24)
        self.assertEqual(self.output_after(result, "= ctx.store.notes")[:1], ['"first line\\nsecond line"'])
        self.assertIn("first line…", "\n".join(self.output_after(result, "edit Notes")))

    def test_actions_list_run_and_confirm(self):
        result = self.run_batch(READER, ["action Dictionaries", "add Dictionaries Atlas", "action Dictionaries sort_a_z",
                                         "action Dictionaries clear", "n", "help Dictionaries"], "--store", "none", "--width", "60")
        self.assertEqual(result.returncode, 0, result.stderr)
        listed = self.output_after(result, "action Dictionaries")
        self.assertIn("  1. sort_a_z  Sort A-Z", listed)
        self.assertIn("  2. clear  Remove all (destructive)", listed)
        self.assertIn("Cancelled.", result.stdout)
        # help wraps at the width: compared with its lines joined
        self.assertIn("actions: sort_a_z (Sort A-Z), clear (Remove all, destructive)", " ".join(line.strip() for line in result.stdout.splitlines()))

    def test_toggle_values_and_dump(self):
        store = os.path.join(self.sandbox.dir, "reader.json")
        result = self.run_batch(READER, ["Night mode"], "--store", store)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(store) as f:
            self.assertEqual(json.load(f)["night_mode"], "yes")
        dump = support.batch(self.sandbox, ["dump", READER, "--store", store], [])
        self.assertEqual(dump.returncode, 0, dump.stderr)
        rows = {row["id"]: row for screen in json.loads(dump.stdout)["screens"]
                for section in screen["sections"] for row in section["rows"]}
        self.assertEqual(rows["night_mode"]["value"], "yes")
        self.assertEqual(rows["sync_folders"]["value"], ["Books"])
        self.assertEqual(rows["dictionaries"]["actions"],
                         [{"id": "sort_a_z", "text": "Sort A-Z", "destructive": False},
                          {"id": "clear", "text": "Remove all", "destructive": True}])
        self.assertNotIn("actions", rows["font_size"])

    def test_check_reports_the_new_fields(self):
        script = self.sandbox.script("bad.lua", """
return screen { title = "T", section {
  toggle { text = "A", key = "a", values = { "yes" } },
  list { text = "B", key = "b", max_itmes = 3 },
  time { text = "C", key = "c", default = "25:00" },
  row { text = "D", actions = { { text = "Go" } } },
} }
""")
        result = support.batch(self.sandbox, ["check", script], [])
        self.assertEqual(result.returncode, 1)
        self.assertIn("sections[1].rows[1].values: values must be a list of two values", result.stdout + result.stderr)
        self.assertIn('unknown field "max_itmes" (did you mean "max_items"?)', result.stdout + result.stderr)
        self.assertIn('the default "25:00" is not a time HH:MM', result.stdout + result.stderr)
        self.assertIn('actions[1]: missing required field "on_select"', result.stdout + result.stderr)


if __name__ == "__main__":
    unittest.main()
