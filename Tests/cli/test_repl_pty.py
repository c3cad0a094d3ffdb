"""The interactive REPL in a pseudo-terminal (pexpect): prompt, Tab, Ctrl-C, Ctrl-D, history."""
import os
import stat
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

try:
    import pexpect
except ImportError:  # pragma: no cover
    pexpect = None

SETTINGS = "examples/settings.lua"
JMSTATIC = "examples/jmstatic.lua"
ROOT_PROMPT = "Settings> "
PROFILE_PROMPT = "Settings › Profile> "


@unittest.skipIf(pexpect is None, "pexpect is not installed")
class PtyTestCase(unittest.TestCase):
    rows, columns = 24, 80

    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.fixture = self.sandbox.script("fixture.lua", support.FIXTURE)
        self.child = None

    def tearDown(self):
        if self.child is not None and self.child.isalive():
            self.child.terminate(force=True)
        self.sandbox.close()

    def spawn(self, script=SETTINGS, *options, store=("--store", "none"), env=None):
        self.child = pexpect.spawn(support.BIN, [script, *store, *options], cwd=support.ROOT,
                                   env=env or self.sandbox.env(), dimensions=(self.rows, self.columns),
                                   encoding="utf-8", timeout=support.PTY_TIMEOUT)
        return self.child

    def command(self, line, prompt=ROOT_PROMPT):
        """Types a line and waits for the next prompt; returns what came in between."""
        self.child.sendline(line)
        self.child.expect_exact(prompt)
        return self.child.before

    def finish(self):
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


class Starting(PtyTestCase):
    def test_shows_the_root_screen_the_hint_and_the_prompt(self):
        child = self.spawn()
        child.expect_exact(ROOT_PROMPT)
        shown = child.before
        self.assertIn("Settings\r\n────────", shown)
        self.assertIn(" 2   Notifications", shown)
        self.assertIn("Type a row's number or name to select it", shown)
        self.assertNotIn("\x1b[", shown)  # NO_COLOR, TERM=dumb

    def test_quit_exits_0(self):
        self.spawn().expect_exact(ROOT_PROMPT)
        self.child.sendline("quit")
        self.assertEqual(self.finish(), 0)

    def test_ctrl_d_exits_0(self):
        self.spawn().expect_exact(ROOT_PROMPT)
        self.child.sendeof()
        self.assertEqual(self.finish(), 0)

    def test_a_script_that_does_not_load_exits_1(self):
        child = self.spawn("examples/broken/syntax.lua")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 1)
        self.assertIn("examples/broken/syntax.lua:", child.before)


class Navigating(PtyTestCase):
    def setUp(self):
        super().setUp()
        self.spawn().expect_exact(ROOT_PROMPT)

    def test_select_by_number_then_back(self):
        shown = self.command("1", PROFILE_PROMPT)
        self.assertIn("Profile\r\n───────", shown)
        self.assertIn("Ada", shown)
        shown = self.command("back")
        self.assertIn("Notifications", shown)

    def test_dot_dot_and_home(self):
        self.command("1", PROFILE_PROMPT)
        self.command("..")
        self.command("Profile", PROFILE_PROMPT)
        self.command("home")

    def test_select_by_text_prefix(self):
        shown = self.command("notif")
        self.assertIn("○ off", shown)
        shown = self.command("Notifications")
        self.assertIn("● on", shown)

    def test_an_unknown_row_is_an_error_and_the_repl_goes_on(self):
        shown = self.command("nosuchrow")
        self.assertIn('error: no row "nosuchrow"', shown)
        shown = self.command("show")
        self.assertIn("Notifications", shown)

    def test_confirm_no_cancels(self):
        self.child.sendline("3")
        self.child.expect_exact("Sign out now? [y/N] ")
        shown = self.command("n")
        self.assertIn("Cancelled.", shown)
        self.assertNotIn("Signed out", shown)

    def test_confirm_yes_runs_the_button(self):
        self.child.sendline("Sign Out")
        self.child.expect_exact("Sign out now? [y/N] ")
        shown = self.command("y")
        self.assertIn("! Signed out", shown)

    def test_help(self):
        shown = self.command("help")
        self.assertIn("set REF VALUE", shown)
        self.assertIn("Tab completes", shown)


class LineEditing(PtyTestCase):
    def setUp(self):
        super().setUp()
        self.spawn().expect_exact(ROOT_PROMPT)

    def test_tab_completes_a_unique_row_prefix(self):
        self.child.send("Notif\t")
        self.child.expect_exact("ications")
        shown = self.command("")
        self.assertIn("○ off", shown)  # the completed line selected Notifications

    def test_tab_completes_a_command(self):
        self.child.send("sto\t")
        self.child.expect_exact("re")
        shown = self.command("")
        self.assertIn("notifications = true", shown)

    def test_tab_completes_a_row_after_a_command(self):
        self.child.send("help Notif\t")
        self.child.expect_exact("ications")
        shown = self.command("")
        self.assertIn("key: notifications", shown)

    def test_tab_completes_the_second_word_of_a_row(self):
        self.child.send("Sign O\t")
        self.child.expect_exact("ut")
        self.child.sendline("")
        self.child.expect_exact("Sign out now? [y/N] ")
        self.command("n")

    def test_tab_completes_a_value_after_set(self):
        self.child.send("set Notifications of\t")
        self.child.expect_exact("f")
        shown = self.command("")
        self.assertIn("○ off", shown)

    def test_ctrl_c_clears_the_line_and_keeps_the_repl(self):
        self.child.send("hello wor")
        self.child.expect_exact("hello wor")
        self.child.send("\x03")
        self.child.expect_exact(ROOT_PROMPT)
        self.assertTrue(self.child.isalive())
        shown = self.command("show")
        self.assertNotIn("error", shown)
        self.assertIn("Notifications", shown)

    def test_ctrl_c_at_a_question_cancels_it(self):
        # SPEC §10: Ctrl-C at a question cancels it (the typed "ye" is not an answer)
        self.child.sendline("3")
        self.child.expect_exact("Sign out now? [y/N] ")
        self.child.send("ye")
        self.child.expect_exact("ye")
        self.child.send("\x03")
        self.child.expect_exact("Cancelled.")
        self.child.expect_exact(ROOT_PROMPT)
        shown = self.command("store")
        self.assertNotIn("Signed out", shown)


class ChoiceValues(PtyTestCase):
    def test_tab_completes_an_option_of_a_choice(self):
        self.spawn(JMSTATIC).expect_exact(ROOT_PROMPT)
        self.command("Notifications", "Settings › Notifications> ")
        self.child.send("set Show Previews When\t")
        self.child.expect_exact(" Unlocked")
        shown = self.command("", "Settings › Notifications> ")
        self.assertIn("When Unlocked ›", shown)


class ActionIDs(PtyTestCase):
    """Tab after `action REF ` offers the row's action ids (examples/reader.lua)."""
    PROMPT = "Reader> "

    def setUp(self):
        super().setUp()
        self.spawn("examples/reader.lua").expect_exact(self.PROMPT)

    def test_tab_lists_the_action_ids_of_the_row(self):
        self.child.send("action Dictionaries \t\t")
        self.child.expect("clear\\s+sort_a_z")  # readline lists both, sorted
        self.child.send("\x03")  # clear the line
        self.child.expect_exact(self.PROMPT)

    def test_tab_completes_an_action_id_and_runs_it(self):
        self.child.send("action Dictionaries so\t")
        self.child.expect_exact("rt_a_z")
        self.command("", self.PROMPT)
        self.child.send("action 2 cl\t")  # the row by number
        self.child.expect_exact("ear")
        self.child.sendline("")
        self.child.expect_exact("Remove every dictionary? [y/N] ")
        shown = self.command("y", self.PROMPT)
        self.assertIn("none yet", shown)  # the list is empty: its placeholder shows

    def test_tab_after_action_offers_only_rows_with_actions(self):
        self.child.send("action Dic\t")
        self.child.expect_exact("tionaries")
        self.child.send("\x03")
        self.child.expect_exact(self.PROMPT)
        self.child.send("action Font\t")  # Font size has no actions: Tab completes nothing
        # A character typed after the Tab is echoed only once readline has handled the Tab:
        # it comes right after "Font" (a bell between them at most), nothing completed.
        self.child.send("@")
        self.child.expect("action Font\x07?@")
        shown = self.child.before + self.child.after
        self.child.send("\x03")
        self.child.expect_exact(self.PROMPT)
        shown += self.child.before
        self.assertIn("action Font", shown)
        self.assertNotIn("size", shown)


class History(PtyTestCase):
    def test_history_is_written_and_read_back(self):
        self.spawn().expect_exact(ROOT_PROMPT)
        self.command("1", PROFILE_PROMPT)
        self.command("back")
        self.child.sendline("quit")
        self.assertEqual(self.finish(), 0)
        with open(self.sandbox.history, encoding="utf-8") as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[-3:], ["1", "back", "quit"])
        # a new session recalls them: Ctrl-P twice is "back", then "1"
        self.spawn().expect_exact(ROOT_PROMPT)
        self.child.send("\x10\x10\x10")  # quit, back, 1
        self.child.expect_exact("1")
        shown = self.command("", PROFILE_PROMPT)
        self.assertIn("Ada", shown)

    def test_history_folder_defaults_under_home(self):
        env = self.sandbox.env(XDG_STATE_HOME=None)
        self.spawn(env=env).expect_exact(ROOT_PROMPT)
        self.command("show")
        self.child.sendline("quit")
        self.assertEqual(self.finish(), 0)
        path = os.path.join(self.sandbox.home, ".local", "state", "luascreen", "history")
        self.assertTrue(os.path.exists(path))
        self.assertEqual(os.stat(path).st_mode & 0o777, 0o600)

    def test_a_fifo_at_the_history_path_is_not_waited_on(self):
        # readline's read_history opened it and waited for a writer: no prompt, ever.
        os.makedirs(os.path.dirname(self.sandbox.history), exist_ok=True)
        os.mkfifo(self.sandbox.history)
        self.spawn().expect_exact("warning: not keeping the history: %s: error: not a regular file; "
                                  "luascreen never replaces it" % self.sandbox.history)
        self.child.expect_exact(ROOT_PROMPT)
        self.command("show")
        self.child.sendline("quit")
        self.assertEqual(self.finish(), 0)
        self.assertTrue(stat.S_ISFIFO(os.lstat(self.sandbox.history).st_mode))

    def test_the_history_is_never_written_through_a_link(self):
        os.makedirs(os.path.dirname(self.sandbox.history), exist_ok=True)
        victim = os.path.join(self.sandbox.dir, "precious.txt")
        with open(victim, "w", encoding="utf-8") as f:
            f.write("a person's notes\n")
        os.symlink(victim, self.sandbox.history)
        self.spawn().expect_exact("warning: not keeping the history")
        self.child.expect_exact(ROOT_PROMPT)
        self.command("show")
        self.child.sendline("quit")
        self.assertEqual(self.finish(), 0)
        with open(victim, encoding="utf-8") as f:
            self.assertEqual(f.read(), "a person's notes\n")
        self.assertTrue(os.path.islink(self.sandbox.history))

    def test_a_secure_value_typed_with_set_stays_out_of_the_history(self):
        self.spawn(self.fixture).expect_exact("Fixture> ")
        self.command("set Password hunter2", "Fixture> ")
        self.command("set Nickname bob", "Fixture> ")
        self.child.sendline("quit")
        self.finish()
        with open(self.sandbox.history, encoding="utf-8") as f:
            text = f.read()
        self.assertNotIn("hunter2", text)
        self.assertIn("set Nickname bob", text)


class Values(PtyTestCase):
    def test_selecting_an_input_asks_for_its_value(self):
        self.spawn(JMSTATIC).expect_exact(ROOT_PROMPT)
        self.child.sendline("5")
        # The value is said in the prompt, which starts empty: what is typed replaces it.
        self.child.expect_exact("New value for Name (now: luascreen; at most 24 characters): ")
        shown = self.command("Laptop")
        self.assertIn("Laptop", shown)

    def test_an_empty_answer_changes_nothing(self):
        self.spawn(JMSTATIC).expect_exact(ROOT_PROMPT)
        self.child.sendline("Name")
        self.child.expect_exact("New value for Name")
        shown = self.command("")
        self.assertIn("Unchanged.", shown)

    def test_a_value_that_is_not_utf8_is_refused_not_stored_as_replacement_characters(self):
        # A terminal set to Latin-1 sends 0xE9 for "é": it must not become U+FFFD in the store.
        # readline echoes the raw byte: the pty's output is decoded with replacements.
        self.child = pexpect.spawn(support.BIN, [JMSTATIC, "--store", "none"], cwd=support.ROOT,
                                   env=self.sandbox.env(), dimensions=(self.rows, self.columns),
                                   encoding="utf-8", codec_errors="replace", timeout=support.PTY_TIMEOUT)
        self.child.expect_exact(ROOT_PROMPT)
        self.child.sendline("Name")
        self.child.expect_exact("New value for Name")
        os.write(self.child.child_fd, b"caf\xe9\r")
        self.child.expect_exact("not UTF-8 text (byte 0xE9")
        shown = self.command("store")
        self.assertNotIn("\ufffd", shown)
        self.assertNotIn("caf", shown)
        # At the main prompt too: the command is refused, nothing runs.
        os.write(self.child.child_fd, b"set Name caf\xe9\r")
        self.child.expect_exact("not UTF-8 text")
        self.child.expect_exact(ROOT_PROMPT)
        shown = self.command("store")
        self.assertNotIn("caf", shown)

    def test_a_number_prompt_tells_the_range(self):
        self.spawn(self.fixture).expect_exact("Fixture> ")
        self.child.sendline("4")
        self.child.expect_exact("New value for Font size (now: 14; in pt; 10 to 30, step 2): ")
        shown = self.command("16", "Fixture> ")
        self.assertIn("16 pt", shown)

    def test_a_secure_input_is_read_without_echo(self):
        self.spawn(self.fixture).expect_exact("Fixture> ")
        self.child.sendline("Password")
        self.child.expect_exact("New value for Password: ")
        shown = self.command("hunter2", "Fixture> ")
        self.assertNotIn("hunter2", shown)
        self.assertIn("••••", shown)


class Paging(PtyTestCase):
    def test_a_long_screen_is_shown_a_page_at_a_time(self):
        self.spawn(self.fixture).expect_exact("Fixture> ")
        shown = self.command("Long list", "Fixture › Long> ")
        self.assertIn("Item 1\r\n", shown)
        self.assertNotIn("Item 60", shown)
        self.assertRegex(shown, r"-- page 1/\d+: next --")
        self.assertLessEqual(len(shown.rstrip("\r\n").split("\r\n")), self.rows)
        shown = self.command("next", "Fixture › Long> ")
        self.assertRegex(shown, r"-- page 2/\d+: next, prev --")
        self.assertNotIn("Item 1\r\n", shown)
        shown = self.command("prev", "Fixture › Long> ")
        self.assertIn("Item 1\r\n", shown)
        shown = self.command("prev", "Fixture › Long> ")
        self.assertIn("Already on the first page.", shown)

    def test_go_opens_the_page_of_the_row_found(self):
        self.spawn(self.fixture).expect_exact("Fixture> ")
        self.command("find Item 55", "Fixture> ")
        shown = self.command("go 1", "Fixture › Long> ")
        self.assertIn("Item 55", shown)
        self.assertIn("Item 55 is row 55.", shown)


class StorePaging(PtyTestCase):
    """`store` on a terminal shorter than the listing shows a page of it (issue 26), as the
    screen is shown: `next` and `prev` page the listing until another command runs."""

    def test_a_long_listing_is_shown_a_page_at_a_time(self):
        rows = "\n".join('  toggle { text = "Switch %d", key = "k%02d" },' % (i, i) for i in range(1, 61))
        script = self.sandbox.script("switches.lua", 'return screen { id = "s", title = "Switches", section {\n%s\n} }\n' % rows)
        self.spawn(script).expect_exact("Switches> ")
        first = self.command("store", "Switches> ")
        self.assertIn("k01", first)
        self.assertNotIn("k40", first)
        self.assertIn("-- page 1/", first)
        self.assertIn("60 keys: `store PATTERN` shows those whose key contains PATTERN", first)
        self.assertLess(len(first.strip().splitlines()), 24, first)
        second = self.command("next", "Switches> ")
        self.assertIn("-- page 2/", second)
        self.assertNotIn("k01 ", second)
        self.assertIn("k01", self.command("prev", "Switches> "))
        self.assertIn("Switch 1", self.command("show", "Switches> "))
        self.assertIn("Already on the first page.", self.command("prev", "Switches> "), "prev pages the screen again")
        self.assertIn("k60", self.command("store k6", "Switches> "))


class Ascii(PtyTestCase):
    def test_ascii_prompt(self):
        self.spawn(SETTINGS, "--ascii").expect_exact(ROOT_PROMPT)
        self.child.sendline("1")
        self.child.expect_exact("Settings > Profile> ")


if __name__ == "__main__":
    unittest.main()
