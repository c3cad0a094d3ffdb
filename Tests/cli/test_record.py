"""luascreen run SCRIPT --record FILE (SPEC §12): a REPL session written as a test that replays it."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

try:
    import pexpect
except ImportError:  # scripts/setup installs it
    pexpect = None

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT


class Record(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp()
        for name in ["settings.lua", "jmstatic.lua", "sync.lua", "reader.lua"]:
            shutil.copy(os.path.join(ROOT, "examples", name), self.work)
        os.mkdir(os.path.join(self.work, "tests"))

    def tearDown(self):
        shutil.rmtree(self.work)

    def record(self, script, commands, *options):
        return subprocess.run([support.BIN, "run", script, *options, "--record", "tests/recorded_test.lua"],
                              input="".join(c + "\n" for c in commands), capture_output=True, text=True,
                              cwd=self.work, timeout=60, env={**os.environ, "XDG_CONFIG_HOME": self.work})

    def recorded(self):
        with open(os.path.join(self.work, "tests", "recorded_test.lua")) as f:
            return f.read()

    def replay(self):
        return subprocess.run([support.BIN, "test", "tests"], capture_output=True, text=True, cwd=self.work, timeout=60)

    def test_the_readme_walk_through_replays(self):
        result = self.record("settings.lua", ["2", "store"], "--store", "none")
        self.assertEqual(result.returncode, 0, result.stderr)
        text = self.recorded()
        # A row named by its position is written by its id, the typed line above it.
        self.assertIn('  -- > 2\n  s:select("notifications")\n', text)
        self.assertIn('snapshot("recorded-last-screen", s:render(80))', text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, replay.stdout + replay.stderr)
        self.assertIn("1 passed, 0 failed", replay.stdout)
        # The snapshot is the screen the REPL showed last, not one the replay wrote.
        with open(os.path.join(self.work, "tests", "__snapshots__", "recorded-last-screen.txt")) as f:
            self.assertIn("Notifications                                                         ○ off", f.read())
        self.assertNotIn("wrote snapshot", replay.stdout)

    def test_a_longer_walk_with_values_and_navigation_replays(self):
        commands = ["Wi-Fi", "set Wi-Fi off", "back", "General", "back", "Sign Out", "y", "home"]
        result = self.record("jmstatic.lua", commands, "--store", "none")
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, self.recorded() + replay.stdout + replay.stderr + result.stdout)

    def test_a_failing_command_and_an_alert_give_raises_and_eq(self):
        result = self.record("settings.lua", ["nope", "3", "y", "set Notifications maybe"], "--store", "none")
        self.assertEqual(result.returncode, 1)
        text = self.recorded()
        self.assertIn('raises(function() s:select("nope") end)', text)
        self.assertIn('s:select("sign_out")', text)
        self.assertIn('eq(s:messages()[1], "Signed out")', text)
        self.assertIn('raises(function() s:set("notifications", "maybe") end)', text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    def test_a_declined_question_replays_as_no(self):
        self.record("settings.lua", ["3", "n"], "--store", "none")
        text = self.recorded()
        self.assertIn('s:select("sign_out", false)', text)
        self.assertNotIn("s:messages()", text)
        self.assertEqual(self.replay().returncode, 0)

    def test_rows_are_written_by_id_whatever_named_them(self):
        # A number, a text's prefix, an id: the replay names the row, not where it stood.
        with open(os.path.join(self.work, "ids.lua"), "w") as f:
            f.write('return screen { title = "Ids", section { '
                    'toggle { id = "wifi", text = "Wireless", key = "wifi" }, '
                    'number { id = "vol", text = "Volume level", key = "vol", default = 5, max = 10 }, '
                    'input { text = "Host name", key = "host" } } }\n')
        self.record("ids.lua", ["1", "set Volume level 7", "inc 2", "set 3 example.org", "reset vol"], "--store", "none")
        text = self.recorded()
        for call in ['s:select("wifi")', 's:set("vol", "7")', 's:inc("vol")', 's:set("host", "example.org")',
                     's:reset("vol")']:
            self.assertIn(call, text)
        for typed in ["-- > 1", "-- > set Volume level 7", "-- > inc 2", "-- > set 3 example.org"]:
            self.assertIn(typed, text)
        self.assertNotIn('s:select("1")', text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    def test_go_replays_as_the_rows_it_went_through(self):
        # `go N` opens the screens on the way by selecting their rows: the test does the same,
        # so the commands after it act on the screen it reached.
        with open(os.path.join(self.work, "nav.lua"), "w") as f:
            f.write('return app { root = "home", screens = {\n'
                    '  screen { id = "home", title = "Home", section { row { id = "to_climate", text = "Climate", push = "climate",\n'
                    '    on_select = function(ctx) ctx:alert("opening") end }, toggle { text = "Away", key = "away" } } },\n'
                    '  screen { id = "climate", title = "Climate", section { toggle { id = "eco", text = "Eco", key = "eco" } } } } }\n')
        self.record("nav.lua", ["Away", "find Eco", "go 1", "Eco", "find nothing", "go 1"], "--store", "none")
        text = self.recorded()
        self.assertIn("-- > go 1\n  s:home()\n  -- > go 1: select to_climate\n  s:select(\"to_climate\")\n"
                      "  eq(s:messages()[1], \"opening\")\n  -- > Eco\n  s:select(\"eco\")\n", text)
        self.assertIn("-- go 1 (not replayed)", text)  # the failed one
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    def test_the_stored_values_seed_the_test(self):
        store = os.path.join(self.work, "values.json")
        with open(store, "w") as f:
            json.dump({"sync": True, "interval": 30}, f)
        self.record("sync.lua", ["Only While Charging", "set Interval 45"], "--store", store)
        text = self.recorded()
        self.assertIn('["sync"] = true', text)
        self.assertIn('["interval"] = 30', text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    @unittest.skipIf(pexpect is None, "pexpect is not installed")
    def test_an_interactive_session_records_answers_and_typed_values(self):
        with open(os.path.join(self.work, "form.lua"), "w") as f:
            f.write('return screen { title = "Form", section { '
                    'input { text = "Name", key = "name" }, '
                    'button { text = "Go", confirm = "Sure?", on_select = function(ctx) ctx:alert("went " .. ctx.store.name) end } } }\n')
        child = pexpect.spawn(support.BIN, ["run", "form.lua", "--store", "none", "--record", "tests/recorded_test.lua"],
                              cwd=self.work, env={**os.environ, "XDG_STATE_HOME": self.work, "TERM": "xterm", "NO_COLOR": "1"},
                              dimensions=(24, 80), encoding="utf-8", timeout=support.PTY_TIMEOUT)
        try:
            child.expect_exact("Form> ")
            child.sendline("Name")
            child.expect_exact("New value for Name")
            child.sendline("Ada")
            child.expect_exact("Form> ")
            child.sendline("Go")
            child.expect_exact("Sure? [y/N]")
            child.sendline("y")
            child.expect_exact("went Ada")
            child.expect_exact("Form> ")
            child.sendline("quit")
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        text = self.recorded()
        self.assertIn('s:set("name", "Ada")', text)
        self.assertIn('s:select("go")', text)
        self.assertIn('eq(s:messages()[1], "went Ada")', text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    def test_a_secure_value_is_not_written_to_the_file(self):
        with open(os.path.join(self.work, "secret.lua"), "w") as f:
            f.write('return screen { title = "S", section { input { text = "Password", key = "pw", secure = true } } }\n')
        self.record("secret.lua", ["set Password hunter2"], "--store", "none")
        text = self.recorded()
        self.assertNotIn("hunter2", text)
        # SPEC §14: "xxxx" whatever the secret's length, and a comment says so.
        self.assertIn('s:set("pw", "xxxx")', text)
        self.assertIn('written as "xxxx"', text)
        self.assertEqual(self.replay().returncode, 0)

    def test_value_commands_replay_as_session_calls(self):
        # SPEC §8's commands (inc, dec, add, remove, move, action, edit) and a multi-line set
        # are recorded as §11's session calls, not notes, and the file replays.
        commands = ["action Dictionaries",  # lists: nothing to replay
                    "inc Font size", "inc Font size", "dec Line spacing",
                    "add Dictionaries Oxford", "add Dictionaries Collins", "add Dictionaries Oxford",
                    "move Dictionaries 3 1", "remove Dictionaries 2",
                    "Dictionaries", "add Larousse", "move 1 2", "remove 3", "back",
                    "action Dictionaries sort_a_z", "action Dictionaries clear", "n",
                    "edit Notes", "first line", "second line", ".",
                    r"set Notes one\ntwo", "set Sync folders",  # clearing: refused by min_selected
                    "Night mode", "Dictionaries"]  # ends on the list: its order is seen
        result = self.record("reader.lua", commands, "--store", "none")
        self.assertEqual(result.returncode, 1, result.stderr)  # the second "add ... Oxford" fails: unique
        text = self.recorded()
        # (rows named by their ids: the typed lines are the comments above the calls)
        for call in ['s:inc("font_size")', 's:dec("line_spacing")', 's:add("dictionaries", "Oxford")',
                     'raises(function() s:add("dictionaries", "Oxford") end)', 's:move("dictionaries", 3, 1)',
                     's:remove("dictionaries", 2)', 's:add("Larousse")', "s:move(1, 2)", "s:remove(3)",
                     's:action("dictionaries", "sort_a_z")', 's:action("dictionaries", "clear", false)',
                     r's:set("notes", "first line\nsecond line")', r's:set("notes", "one\ntwo")',
                     'raises(function() s:set("sync_folders", "") end)']:
            self.assertIn(call, text)
        self.assertNotIn("not replayed", text)
        self.assertNotIn("s:action(\"dictionaries\")", text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)
        self.assertIn("1 passed, 0 failed", replay.stdout)
        # The replay checks the behaviour: a script whose behaviour changed fails it.
        for old, new in [("max_items = 5", "max_items = 2"),                   # an add is refused
                         ("unique = true", "unique = false"),                  # the refused add passes
                         ("table.sort(sorted)", "")]:                          # the action sorts nothing
            with open(os.path.join(ROOT, "examples", "reader.lua")) as f:
                source = f.read()
            self.assertIn(old, source)
            with open(os.path.join(self.work, "reader.lua"), "w") as f:
                f.write(source.replace(old, new))
            replay = self.replay()
            self.assertEqual(replay.returncode, 1, "%s -> %s\n%s" % (old, new, replay.stdout))
            self.assertIn("0 passed, 1 failed", replay.stdout)

    def test_set_with_nothing_clears_a_list_and_replays(self):
        self.record("reader.lua", ["set Dictionaries", "set Sync folders Books, Comics"], "--store", "none")
        text = self.recorded()
        self.assertIn('s:set("dictionaries", "")', text)
        self.assertIn('s:set("sync_folders", "Books, Comics")', text)
        self.assertNotIn("not replayed", text)
        replay = self.replay()
        self.assertEqual(replay.returncode, 0, text + replay.stdout + replay.stderr)

    def test_record_goes_with_run(self):
        result = subprocess.run([support.BIN, "check", "settings.lua", "--record", "x_test.lua"],
                                capture_output=True, text=True, cwd=self.work)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--record goes with run", result.stderr)


if __name__ == "__main__":
    unittest.main()
