"""Batch mode: luascreen with commands piped to stdin (SPEC §4)."""
import os
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

SETTINGS = "examples/settings.lua"
JMSTATIC = "examples/jmstatic.lua"
BOOKS = "examples/books.lua"


class BatchTestCase(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.fixture = self.sandbox.script("fixture.lua", support.FIXTURE)

    def tearDown(self):
        self.sandbox.close()

    def run_batch(self, script, commands, *options, env=None):
        return support.batch(self.sandbox, [script, "--store", "none", *options], commands, env=env)

    def assertSucceeded(self, result):
        self.assertEqual(result.returncode, 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
        self.assertEqual(result.stderr, "")

    def echoed(self, result):
        return [line for line in result.stdout.splitlines() if line.startswith("> ")]


class EchoAndStatus(BatchTestCase):
    def test_each_command_is_echoed_before_its_output(self):
        result = self.run_batch(SETTINGS, ["1", "back"])
        self.assertSucceeded(result)
        self.assertEqual(self.echoed(result), ["> 1", "> back"])
        lines = result.stdout.splitlines()
        # the root screen comes first, then each command and what it shows
        self.assertEqual(lines[0], "Settings")
        first = lines.index("> 1")
        self.assertIn("Notifications", "\n".join(lines[:first]))
        self.assertEqual(lines[first + 1], "Profile")
        self.assertEqual(lines[lines.index("> back") + 1], "Settings")

    def test_blank_lines_and_comments_are_skipped(self):
        result = self.run_batch(SETTINGS, "\n# a comment\n   \n  show  \n\n# another\n")
        self.assertSucceeded(result)
        self.assertEqual(self.echoed(result), ["> show"])

    def test_a_line_that_is_not_utf8_is_refused_and_nothing_is_stored(self):
        # Piped Latin-1 ("caf\xe9") was repaired into "caf\ufffd" and stored.
        store = os.path.join(self.sandbox.home, "values.json")
        result = subprocess.run([support.BIN, "examples/jmstatic.lua", "--store", store],
                                input=b"set Name caf\xe9\nset Name ok\n", capture_output=True,
                                cwd=support.ROOT, env=self.sandbox.env(), timeout=30)
        self.assertEqual(result.returncode, 1)
        err = result.stderr.decode()
        self.assertIn("error: the line is not UTF-8 text (byte 0xE9 at byte 13); nothing was done with it", err)
        self.assertNotIn("caf", result.stdout.decode())
        with open(store, encoding="utf-8") as f:
            text = f.read()
        self.assertNotIn("\ufffd", text)
        self.assertIn('"ok"', text)

    def test_the_refusal_names_the_byte_that_breaks_utf8_even_in_a_well_formed_looking_sequence(self):
        # ED A0 80 is a UTF-16 surrogate written as UTF-8: lead and continuation bytes of the
        # right shape, yet not UTF-8. The refusal names its first byte and place.
        result = subprocess.run([support.BIN, "examples/jmstatic.lua", "--store", "none"],
                                input=b"set Name ab\xed\xa0\x80\n", capture_output=True,
                                cwd=support.ROOT, env=self.sandbox.env(), timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertIn("the line is not UTF-8 text (byte 0xED at byte 12)", result.stderr.decode())

    def test_no_prompt_no_hint(self):
        result = self.run_batch(SETTINGS, ["show"])
        self.assertSucceeded(result)
        self.assertNotIn("Settings>", result.stdout)
        self.assertNotIn("help' for", result.stdout)

    def test_a_failed_command_exits_1_and_the_rest_still_runs(self):
        result = self.run_batch(SETTINGS, ["nosuchrow", "show"])
        self.assertEqual(result.returncode, 1)
        self.assertIn('error: no row "nosuchrow"', result.stderr)
        self.assertEqual(self.echoed(result), ["> nosuchrow", "> show"])
        self.assertNotIn("error", result.stdout)

    def test_back_at_the_root_fails(self):
        result = self.run_batch(SETTINGS, ["back"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("error: ", result.stderr)

    def test_no_escape_codes_even_when_colour_is_asked(self):
        env = self.sandbox.env(TERM="xterm-256color", NO_COLOR=None)
        result = self.run_batch(SETTINGS, ["2", "help", "store", "nosuchrow", "find name"], "--color", "always", env=env)
        self.assertNotIn("\x1b", result.stdout)
        self.assertNotIn("\x1b", result.stderr)

    def test_quit_stops_reading(self):
        result = self.run_batch(SETTINGS, ["quit", "show"])
        self.assertSucceeded(result)
        self.assertEqual(self.echoed(result), ["> quit"])

    def test_exit_too(self):
        result = self.run_batch(SETTINGS, ["exit", "nosuchrow"])
        self.assertSucceeded(result)

    def test_a_script_that_does_not_load_exits_1_with_its_diagnostics(self):
        result = self.run_batch("examples/broken/syntax.lua", ["show"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("examples/broken/syntax.lua:", result.stderr)
        self.assertIn("error:", result.stderr)
        self.assertEqual(result.stdout, "")

    def test_usage_errors_are_failures(self):
        for line in ["set", "select", "why", "go", "find", "show me", "reset"]:
            with self.subTest(line=line):
                result = self.run_batch(SETTINGS, [line])
                self.assertEqual(result.returncode, 1)
                # In batch mode an error names the command's line of standard input.
                self.assertTrue(result.stderr.startswith("stdin:1: error: "), result.stderr)


class Selecting(BatchTestCase):
    def test_by_number_text_prefix_and_id(self):
        result = self.run_batch(SETTINGS, ["2", "notif", "notifications", "select Notifications"])
        self.assertSucceeded(result)
        out = result.stdout
        blocks = out.split("\n> ")
        self.assertIn("○ off", blocks[1])
        self.assertIn("● on", blocks[2])
        self.assertIn("○ off", blocks[3])
        self.assertIn("● on", blocks[4])

    def test_a_word_that_is_a_command_is_the_command(self):
        result = self.run_batch(self.fixture, ["select reset"])
        self.assertSucceeded(result)
        self.assertIn("! started over", result.stdout)

    def test_a_command_in_capitals_when_no_row_has_that_name(self):
        result = self.run_batch(SETTINGS, ["1", "Back"])
        self.assertSucceeded(result)
        self.assertEqual(result.stdout.splitlines()[-1].strip(), "Thanks for using our app!")

    def test_a_bare_command_followed_by_a_row_text_selects_the_row(self):
        # "show previews" names the row "Show Previews" of jmstatic's Notifications
        result = self.run_batch(JMSTATIC, ["4", "show previews"])
        self.assertSucceeded(result)
        self.assertIn("When Unlocked", result.stdout.split("> show previews")[1])

    def test_confirm_yes(self):
        result = self.run_batch(SETTINGS, ["3", "y"])
        self.assertSucceeded(result)
        self.assertIn("Sign out now? [y/N]\n> y\n", result.stdout)
        self.assertIn("! Signed out", result.stdout)

    def test_confirm_no(self):
        result = self.run_batch(SETTINGS, ["Sign Out", "n"])
        self.assertSucceeded(result)
        self.assertIn("Cancelled.", result.stdout)
        self.assertNotIn("Signed out", result.stdout)

    def test_confirm_without_an_answer_fails(self):
        result = self.run_batch(SETTINGS, ["3", "show"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("needs an answer", result.stderr)
        self.assertEqual(self.echoed(result), ["> 3", "> show"])
        self.assertNotIn("Signed out", result.stdout)

    def test_an_input_row_says_to_use_set(self):
        result = self.run_batch(JMSTATIC, ["5"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("set", result.stderr)
        self.assertIn("VALUE", result.stderr)

    def test_a_failing_callback_shows_file_line_and_traceback(self):
        result = self.run_batch(self.fixture, ["Explode", "show"])
        self.assertEqual(result.returncode, 1)
        lines = result.stderr.splitlines()
        self.assertTrue(lines[0].startswith(f"{self.fixture}:11: error: "), lines[0])
        self.assertIn("attempt to index a nil value", lines[0])
        self.assertTrue(any(line.startswith("  ") and "fixture.lua" in line for line in lines[1:]), lines)

    def test_alerts_stand_out(self):
        result = self.run_batch(JMSTATIC, ["2", "Office"])
        self.assertSucceeded(result)
        self.assertIn("\n! Joined Office.\n", result.stdout)

    def test_disabled_rows_say_why(self):
        result = self.run_batch(BOOKS, ["Sync", "2", "why 2"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("disabled", result.stderr)
        self.assertIn("disabled because sync = false", result.stdout)


class Values(BatchTestCase):
    def test_set_store_and_reset(self):
        result = self.run_batch(SETTINGS, ["set Notifications off", "store", "reset Notifications", "store"])
        self.assertSucceeded(result)
        parts = result.stdout.split("\n> ")
        self.assertIn("○ off", parts[1])
        self.assertIn("* notifications = false", parts[2])
        self.assertIn("(default: true)", parts[2])
        self.assertIn("memory", parts[2])
        self.assertIn("● on", parts[3])
        self.assertIn("  notifications = true", parts[4])
        self.assertNotIn("* notifications", parts[4])

    def test_reset_all(self):
        result = self.run_batch(JMSTATIC, ["1", "3", "reset all", "y", "store"])
        self.assertSucceeded(result)
        self.assertIn("Put 2 changed values back to their defaults? [y/N]", result.stdout)
        self.assertNotIn("\n* ", result.stdout.split("> store")[1])

    def test_watch_goes_with_run(self):
        result = support.batch(self.sandbox, ["check", JMSTATIC, "--watch"], [])
        self.assertEqual(result.returncode, 2)
        self.assertIn("--watch goes with run", result.stderr)

    def test_reset_all_asks_first(self):
        # no answer on the next line: nothing is reset, and the command fails saying why
        result = self.run_batch(JMSTATIC, ["1", "reset all", "store"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("needs an answer", result.stderr)
        self.assertIn("\n* ", result.stdout.split("> store")[1])
        result = self.run_batch(JMSTATIC, ["1", "reset all", "n", "store"])
        self.assertSucceeded(result)
        self.assertIn("Cancelled.", result.stdout)
        self.assertIn("\n* ", result.stdout.split("> store")[1])

    def test_set_with_a_multi_word_row(self):
        result = self.run_batch(self.fixture, ["set Font size 16", "store"])
        self.assertSucceeded(result)
        self.assertIn("16 pt", result.stdout)
        self.assertIn("font_size = 16", result.stdout)

    def test_set_with_quotes(self):
        result = self.run_batch(JMSTATIC, ["2", 'set "Network Name" Attic Loft', "Other", "store"])
        self.assertSucceeded(result)
        self.assertIn("Added Attic Loft.", result.stdout)

    def test_set_an_empty_text(self):
        result = self.run_batch(self.fixture, ['set Nickname ""', "store"])
        self.assertSucceeded(result)
        self.assertIn('nickname  = ""', result.stdout)

    def test_a_choice_by_text(self):
        result = self.run_batch(JMSTATIC, ["4", "set Sound Glass", "store"])
        self.assertSucceeded(result)
        self.assertIn('sound         = "glass"', result.stdout)

    def test_an_invalid_value_fails_and_changes_nothing(self):
        result = self.run_batch(self.fixture, ["set Font size 15", "store"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("step", result.stderr)
        self.assertIn("  font_size = 14", result.stdout)

    def test_a_secure_value_is_never_shown(self):
        result = self.run_batch(self.fixture, ["set Password hunter2", "store", "help Password"])
        self.assertSucceeded(result)
        shown = "\n".join(line for line in result.stdout.splitlines() if not line.startswith("> "))
        self.assertNotIn("hunter2", shown)
        self.assertIn("password  = ••••", shown)

    def test_values_persist_in_the_store_file(self):
        store = os.path.join(self.sandbox.dir, "values.json")
        first = support.batch(self.sandbox, [SETTINGS, "--store", store], ["set Notifications off"])
        self.assertSucceeded(first)
        second = support.batch(self.sandbox, [SETTINGS, "--store", store], ["store"])
        self.assertSucceeded(second)
        self.assertIn("* notifications = false", second.stdout)
        self.assertIn(store, second.stdout)


class Commands(BatchTestCase):
    def test_help_lists_the_commands(self):
        result = self.run_batch(SETTINGS, ["help"])
        self.assertSucceeded(result)
        for command in ["set REF VALUE", "back", "find TEXT", "why REF", "store", "reset all", "reload", "= EXPR", "quit"]:
            self.assertIn(command, result.stdout)

    def test_help_of_a_row(self):
        result = self.run_batch(SETTINGS, ["help Notifications"])
        self.assertSucceeded(result)
        self.assertIn("key: notifications", result.stdout)
        self.assertIn("default: true", result.stdout)

    def test_find_and_go(self):
        result = self.run_batch(SETTINGS, ["find name", "go 1"])
        self.assertSucceeded(result)
        self.assertIn("1. Settings › Profile › Name", result.stdout)
        after = result.stdout.split("> go 1\n")[1]
        self.assertTrue(after.startswith("Profile\n"), after)

    def test_go_without_find_fails(self):
        result = self.run_batch(SETTINGS, ["go 1"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("find", result.stderr)

    def test_lua_and_expressions(self):
        result = self.run_batch(SETTINGS, ["= 1 + 1", "lua ctx.store.notifications = false", "= ctx.store.notifications"])
        self.assertSucceeded(result)
        parts = result.stdout.split("\n> ")
        self.assertEqual(parts[1].splitlines()[1], "2")
        self.assertIn("○ off", parts[2])  # the screen changed, so it is shown again
        self.assertEqual(parts[3].splitlines()[1], "false")

    def test_lua_errors_fail(self):
        result = self.run_batch(SETTINGS, ["= nosuch.field"])
        self.assertEqual(result.returncode, 1)
        self.assertIn("error: ", result.stderr)

    def test_next_and_prev_in_batch_show_whole_screens(self):
        result = self.run_batch(self.fixture, ["Long list", "next"])
        self.assertSucceeded(result)
        self.assertIn("Item 60", result.stdout.split("> next")[0])

    def test_reload_keeps_the_path_and_reports_a_broken_script(self):
        script = self.sandbox.script("reloaded.lua", """\
            return screen { id = "top", title = "Top", section {
              row { text = "Child", push = screen { id = "child", title = "Child", section { row { text = "Version one" } } } } } }
            """)
        process = subprocess.Popen([support.BIN, script, "--store", "none"], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   cwd=support.ROOT, env=self.sandbox.env())
        try:
            process.stdin.write("Child\n")
            process.stdin.flush()
            seen = ""
            deadline = time.time() + support.deadline(60)
            while "Version one" not in seen and time.time() < deadline:
                seen += process.stdout.readline()
            self.assertIn("Version one", seen)
            with open(script, "w") as f:
                f.write('return screen { id = "top", title = "Top", section {\n'
                        '  row { text = "Child", push = screen { id = "child", title = "Child", '
                        'section { row { text = "Version two" } } } } } }\n')
            process.stdin.write("reload\n")
            process.stdin.flush()
            while "Version two" not in seen and time.time() < deadline:
                seen += process.stdout.readline()
            self.assertIn("Version two", seen)
            with open(script, "w") as f:
                f.write("return screen {\n")
            process.stdin.write("reload\nshow\n")
            out, err = process.communicate(timeout=support.deadline(60))
        finally:
            if process.poll() is None:
                process.kill()
        self.assertEqual(process.returncode, 1)
        self.assertIn(f"{script}:", err)
        self.assertIn("still running the version loaded before", err)
        self.assertIn("Version two", out.split("> show")[1])


if __name__ == "__main__":
    unittest.main()


class LongScreens(BatchTestCase):
    """A screen of more than 4,000 rows is shown a page at a time in batch mode too (issue
    26): each command prints a page, not the whole screen; `next` and `prev` page; the first
    page says once how to print it whole."""

    def long_screen(self, rows):
        body = "\n".join('    { text = "Row %d", on_select = function() end },' % i for i in range(1, rows + 1))
        return self.sandbox.script("long.lua", 'return { title = "Long", sections = { { rows = {\n%s\n} } } }\n' % body)

    def test_each_command_prints_a_page(self):
        result = self.run_batch(self.long_screen(5000), ["1", "next", "prev", "select Row 4999"])
        self.assertSucceeded(result)
        out = result.stdout
        self.assertLess(len(out.splitlines()), 5 * 30, out[:2000])
        self.assertNotIn("Row 4321", out)
        self.assertIn("-- page 1/", out)
        self.assertIn("-- page 2/", out)
        self.assertEqual(out.count("luascreen render SCRIPT --screen ID"), 1, out[:2000])

    def toggles(self, count):
        body = "\n".join('    { type = "toggle", text = "Toggle %d", key = "t%d", default = %s },' % (i, i, "true" if i % 2 else "false")
                         for i in range(1, count + 1))
        return self.sandbox.script("toggles.lua", 'return { title = "Toggles", sections = { { rows = {\n%s\n} } } }\n' % body)

    def test_a_store_of_more_than_4000_keys_is_listed_a_page_at_a_time(self):
        # (store, then next and prev page the listing; after another command they page the screen)
        result = self.run_batch(self.toggles(4500), ["set Toggle 4 on", "store", "next", "prev", "prev", "show", "next",
                                                     "store t449"])
        self.assertSucceeded(result)
        outputs = result.stdout.split("\n> ")  # the root screen, then each command's echo and output
        first = outputs[2]
        self.assertIn("t1 ", first)
        self.assertNotIn("t4321", first)
        self.assertRegex(first, r"\* t4\s+= true   \(default: false\)")
        self.assertIn("* changed from the default", first)
        self.assertRegex(first, r"-- page 1/~?\d+: next --")
        self.assertLess(len(first.splitlines()), 26, first)
        second = outputs[3]
        self.assertRegex(second, r"-- page 2/~?\d+: next, prev --")
        keys = lambda out: [line.split()[0] for line in out.splitlines() if line.startswith("  t")]
        self.assertTrue(keys(second) and keys(first)[-1] != keys(second)[0], second)
        self.assertEqual(int(keys(second)[0][1:]), int(keys(first)[-1][1:]) + 1, "the next page starts after the last key shown")
        self.assertEqual(keys(outputs[4]), keys(first), "prev shows the first page again")
        self.assertIn("Already on the first page.", outputs[5])
        self.assertIn("-- page 2/", outputs[7], "after another command next pages the screen")
        self.assertIn("Toggle ", outputs[7])
        pattern = outputs[8]
        self.assertEqual(sorted(keys(pattern)), sorted(["t449"] + ["t449%d" % i for i in range(10)]))
        self.assertNotIn("-- page", pattern)

    def test_a_store_of_4000_keys_is_listed_whole(self):
        result = self.run_batch(self.toggles(4000), ["store", "next"])
        self.assertSucceeded(result)
        outputs = result.stdout.split("\n> ")
        self.assertIn("t4000 ", outputs[1])
        self.assertNotIn("-- page", outputs[1])
        self.assertIn("(batch mode shows whole screens: nothing to page)", outputs[2], "next pages the screen: the listing was whole")

    def test_a_screen_of_4000_rows_is_shown_whole(self):
        result = self.run_batch(self.long_screen(4000), ["next"])
        self.assertSucceeded(result)
        self.assertIn("Row 4000", result.stdout)
        self.assertIn("(batch mode shows whole screens: nothing to page)", result.stdout)
