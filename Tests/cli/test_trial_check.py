"""Issue 38's `check and friends` items: the step grid's words, `check DIR` with modules,
`list { min_items }`, explore's rows never selected, alerts/refusals/validate in the
strings, coverage by declaring file, ctx's closed set of members, a key typo kept beside an
error, and `reset` through validate."""
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402


class TrialCheck(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.dir = self.sandbox.scripts

    def tearDown(self):
        self.sandbox.close()

    def write(self, name, text):
        os.makedirs(os.path.dirname(os.path.join(self.dir, name)), exist_ok=True)
        return self.sandbox.script(name, text)

    def run_cli(self, *args, stdin=None):
        return subprocess.run([support.BIN, *args], input=stdin, capture_output=True, text=True, cwd=self.dir,
                              timeout=120, env=self.sandbox.env())

    def podcast(self, typo=True):
        """An app split into modules (screens/, lib/) with a locale folder, as the trial's."""
        self.write("app.lua", """\
            local playback = require("screens.playback")
            return app { root = "main", strings = "locales", screens = {
              screen { id = "main", title = "Podcasts", section { row { text = "Playback", push = "playback" } } },
              playback,
            } }
            """)
        self.write("screens/playback.lua", """\
            local prefs = require("lib.prefs")
            return screen { id = "playback", title = "Playback", section {
              prefs.speed(),
              toggle { text = "Skip silence", key = "skip", %s = true },
            } }
            """ % ("defualt" if typo else "default"))
        self.write("lib/prefs.lua", """\
            local M = {}
            function M.speed()
              return number { text = "Speed", key = "speed", min = 1, max = 3, step = 0.5, default = 1 }
            end
            return M
            """)
        self.write("locales/fr.lua", 'return { ["Podcasts"] = "Balados", ["Playback"] = "Lecture" }\n')

    def test_a_default_off_the_grid_counts_the_grid_from_min(self):
        self.write("n.lua", """\
            return screen { title = "N", section {
              number { text = "Buffer", key = "buffer", min = 1, max = 10000, step = 100, default = 2000 },
            } }
            """)
        result = self.run_cli("check", "n.lua")
        self.assertIn("the default 2000 is off the grid from 1 in steps of 100 (nearest: 1901 or 2001)", result.stderr)
        self.assertNotIn("multiple", result.stderr)
        ran = self.run_cli("run", "n.lua", "--store", "none", stdin="set Buffer 300\nset Buffer 301\n")
        self.assertIn('300 for "Buffer" is off the grid from 1 in steps of 100 (nearest: 201 or 301)', ran.stderr)
        self.assertNotIn("Buffer", ran.stderr.replace('300 for "Buffer"', ""))

    def test_check_dir_checks_modules_as_parts_of_their_app(self):
        self.podcast(typo=True)
        result = self.run_cli("check", ".")
        self.assertEqual(result.returncode, 1)
        # The module's own mistake, once, and no false `require` error from checking it alone.
        self.assertIn('screens/playback.lua:4: error: ', result.stderr)
        self.assertIn('unknown field "defualt" (did you mean "default"?)', result.stderr)
        self.assertEqual(len([l for l in result.stderr.splitlines() if "defualt" in l]), 1, result.stderr)
        self.assertNotIn("not found", result.stderr)
        self.assertNotIn("is a module", result.stderr)
        self.assertNotIn("table of functions", result.stderr)
        self.podcast(typo=False)
        clean = self.run_cli("check", ".")
        self.assertEqual((clean.returncode, clean.stderr), (0, ""))

    def test_a_list_takes_min_items(self):
        self.write("l.lua", """\
            return screen { title = "L", section {
              list { text = "Servers", key = "servers", min_items = 1, default = { "a.example" } },
            } }
            """)
        check = self.run_cli("check", "--werror", "l.lua")
        self.assertEqual((check.returncode, check.stderr), (0, ""))
        ran = self.run_cli("run", "l.lua", "--store", "none",
                           stdin="set Servers\nremove Servers 1\nadd Servers b.example\nremove Servers 1\n= ctx.store.servers\n")
        self.assertEqual(ran.stderr.count('"Servers" needs at least 1 item; this is 0'), 2, ran.stderr)
        self.assertIn('{ "b.example" }', ran.stdout)
        self.write("bad.lua", """\
            return screen { title = "L", section {
              list { text = "A", key = "a", min_items = 2, default = { "x" } },
              list { text = "B", key = "b", min_items = 3, max_items = 2 },
            } }
            """)
        bad = self.run_cli("check", "bad.lua")
        self.assertIn("the default has 1 item, fewer than min_items 2", bad.stderr)
        self.assertIn("min_items (3) is greater than max_items (2)", bad.stderr)
        # The test API refuses the same write.
        os.makedirs(os.path.join(self.dir, "tests"), exist_ok=True)
        self.write("tests/l_test.lua", """\
            test("min_items", function()
              local s = open("../l.lua")
              raises(function() s:set("Servers", "") end, "needs at least 1 item")
            end)
            """)
        tested = self.run_cli("test", "tests")
        self.assertIn("1 passed, 0 failed", tested.stdout, tested.stdout + tested.stderr)

    def test_explore_names_the_rows_never_selected(self):
        self.write("e.lua", """\
            return screen { id = "e", title = "E", section {
              toggle { id = "alpha", text = "Alpha", key = "a" },
              toggle { id = "beta", text = "Beta", key = "b" },
              toggle { id = "gamma", text = "Gamma", key = "c" },
            } }
            """)
        text = self.run_cli("explore", "e.lua", "--walks", "1", "--steps", "1", "--seed", "3")
        self.assertEqual(text.returncode, 0, text.stderr)
        self.assertIn("rows selected 1/3", text.stdout)
        self.assertIn("rows never selected (2):", text.stdout)
        report = json.loads(self.run_cli("explore", "e.lua", "--walks", "1", "--steps", "1", "--seed", "3", "--json").stdout)
        never = report["rows_never_selected"]
        self.assertEqual(len(never), 2)
        for row in never:
            self.assertIn('  e/%s "%s"' % (row["row"], row["text"]), text.stdout)
            self.assertEqual(row["screen"], "e")
        self.assertEqual(len({r["row"] for r in never} | {"alpha", "beta", "gamma"}), 3)
        everything = json.loads(self.run_cli("explore", "e.lua", "--walks", "20", "--steps", "20", "--json").stdout)
        self.assertEqual(everything["rows_never_selected"], [])
        # Every kind is reached: a time and a date are set, a confirm given by a function is
        # answered, and a list's items (named by position) are the list's values, not rows.
        self.write("kinds.lua", """\
            return screen { id = "k", title = "K", section {
              time { id = "from", text = "From", key = "from", default = "22:00" },
              date { id = "ends", text = "Ends", key = "ends", min = "2020-01-01", max = "2030-12-31" },
              list { id = "hosts", text = "Hosts", key = "hosts", default = { "a", "b", "c" } },
              button { id = "wipe", text = "Wipe", confirm = function(ctx) return "Wipe " .. #ctx.store.hosts .. "?" end,
                       on_select = function(ctx) end },
              button { id = "never", text = "Never", on_select = function(ctx) ctx:refuse("not now") end },
              toggle { id = "off", text = "Off", key = "off", enabled = false },
            } }
            """)
        kinds = json.loads(self.run_cli("explore", "kinds.lua", "--walks", "30", "--steps", "30", "--seed", "5", "--json").stdout)
        self.assertIsNone(kinds["failure"])
        # A button whose on_select refuses was selected; a row always disabled never was.
        self.assertEqual(kinds["rows_never_selected"], [{"screen": "k", "row": "off", "text": "Off"}])
        self.assertEqual(kinds["rows_selectable"], 6)

    def test_alerts_refusals_and_validate_messages_are_translated(self):
        self.write("t.lua", """\
            return app { root = "main", strings = "locales", screens = {
              screen { id = "main", title = "Main", section {
                button { text = "Go", on_select = function(ctx) ctx:alert("Saved") end },
                button { text = "No", on_select = function(ctx) ctx:refuse("Nothing to clear") end },
                input { text = "Name", key = "name", validate = function(v) if v == "x" then return "Too short" end end },
                button { text = "Other", on_select = function(ctx) ctx:alert("Plain words") end },
              } } } }
            """)
        self.write("locales/fr.lua", """\
            return { ["Main"] = "Principal", ["Go"] = "Aller", ["No"] = "Non", ["Name"] = "Nom", ["Other"] = "Autre",
              ["Saved"] = "Enregistré", ["Nothing to clear"] = "Rien à effacer", ["Too short"] = "Trop court" }
            """)
        ran = self.run_cli("run", "t.lua", "--store", "none", "--locale", "fr", stdin="Aller\nNon\nset Nom x\n")
        self.assertIn("Enregistré", ran.stdout)
        self.assertIn("error: Rien à effacer", ran.stderr)
        self.assertIn('"Nom": Trop court', ran.stderr)
        self.assertNotIn("Saved", ran.stdout + ran.stderr)
        check = self.run_cli("check", "t.lua", "--locale", "fr")
        self.assertIn('t.lua:6: warning: ctx:alert: no "fr" translation for "Plain words"', check.stderr)
        self.assertNotIn('"Saved"', check.stderr)
        # A validate's message is a text the script uses: its translation is no leftover,
        # and one without a translation is asked for at its line.
        self.assertNotIn('"Too short"', check.stderr)
        self.write("locales/fr.lua", 'return { ["Main"] = "Principal" }\n')
        check = self.run_cli("check", "t.lua", "--locale", "fr")
        self.assertIn('t.lua:5: warning: validate: no "fr" translation for "Too short"', check.stderr)

    def test_coverage_counts_a_modules_rows_under_the_module_and_leaves_locales_out(self):
        self.podcast(typo=False)
        os.makedirs(os.path.join(self.dir, "tests"), exist_ok=True)
        self.write("tests/app_test.lua", """\
            test("skip", function()
              local s = open("../app.lua", { locale = "fr" })
              s:select("Lecture")
              s:select("Skip silence")
            end)
            """)
        result = self.run_cli("test", "tests", "--coverage", "cov.lcov")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        out = result.stdout + result.stderr
        # Each file's own rows: the app's one row, the module's toggle, the helper's number.
        self.assertRegex(out, r"coverage: app\.lua: lines run \d+/\d+, rows shown 1/1, rows selected 1/1")
        self.assertRegex(out, r"coverage: screens/playback\.lua: lines run \d+/\d+, rows shown 1/1, rows selected 1/1")
        self.assertRegex(out, r"coverage: lib/prefs\.lua: lines run \d+/\d+, rows shown 1/1, rows selected 0/1")
        with open(os.path.join(self.dir, "cov.lcov")) as f:
            lcov = f.read()
        self.assertNotIn("locales", lcov)
        self.assertNotIn("locales", out)

    def test_ctx_members_are_a_closed_set(self):
        self.write("c.lua", """\
            return screen { title = "C", section {
              button { text = "Go", on_select = function(ctx) ctx:alret("x") end },
              button { text = "Ok", on_select = function(ctx) ctx:alert("ctx:nope in a string") end }, -- ctx:comment
              row { text = "L", detail = function(ctx) return ctx.locael or "en" end },
            } }
            """)
        check = self.run_cli("check", "c.lua")
        self.assertEqual(check.returncode, 1)
        self.assertIn("c.lua:2: error: ctx:alret: ctx has no such method (did you mean ctx:alert?)", check.stderr)
        self.assertIn("ctx.locael: ctx has no such member (did you mean ctx.locale?)", check.stderr)
        # Said once: not again as the error of the detail function that read it.
        self.assertEqual(check.stderr.count("ctx.locael"), 1, check.stderr)
        self.assertNotIn("nope", check.stderr)
        self.assertNotIn("comment", check.stderr)
        # A callback that names its ctx otherwise is read the same, inside it only.
        self.write("alias.lua", """\
            local colors = { { name = "red" } }
            for _, c in ipairs(colors) do local _ = c.name end
            local function upper(c) return c:upper() end
            return screen { title = "A", section {
              button { text = "B", on_select = function(c)
                table.sort(colors, function(a, c) return a.name < c.nmae end)
                c:alret("y")
              end },
              input { text = "N", key = "n", validate = function(v, context) if v == "" then context:refuze("e") end end },
              row { text = "E", detail = function(c) return "c:stor in a string" end }, -- c:comment
            } }
            """)
        alias = self.run_cli("check", "alias.lua")
        self.assertIn("alias.lua:7: error: ctx:alret: ctx has no such method (did you mean ctx:alert?)", alias.stderr)
        self.assertIn("alias.lua:9: error: ctx:refuze: ctx has no such method (did you mean ctx:refuse?)", alias.stderr)
        self.assertEqual(len(alias.stderr.strip().splitlines()), 2, alias.stderr)
        ran = self.run_cli("run", "c.lua", "--store", "none", stdin="Go\n")
        self.assertIn("ctx has no such member (did you mean ctx:alert?)", ran.stderr)
        self.assertNotIn("attempt to call a nil value", ran.stderr)

    def test_a_key_typo_warning_stays_beside_an_error(self):
        typo = 'return ctx.store.notifcations'
        for name, broken in [("rows.lua", 'row { text = "Bad", push = 3 },'),
                             ("field.lua", 'row { text = "Boom", detail = function(ctx) error("boom") end },'),
                             ("syntax.lua", 'row { text = "Half typed" '),
                             ("raises.lua", 'row { text = "Raised", detail = ({}).x.y },'),
                             ("appear.lua", None)]:
            head = 'return screen { title = "K", %ssection {\n' % (
                'on_appear = function(ctx) error("appear") end, ' if broken is None else "")
            self.write(name, head + """\
              toggle { text = "Notifications", key = "notifications" },
              row { text = "Sound", enabled = function(ctx) %s end },
              %s
            } }
            """ % (typo, broken or ""))
            result = self.run_cli("check", name)
            self.assertEqual(result.returncode, 1, name)
            self.assertIn("%s:3: warning: ctx.store.notifcations is read" % name, result.stderr)
            self.assertIn('did you mean "notifications"?', result.stderr)
            self.assertIn("error", result.stderr.replace("warning", ""))

    def test_a_key_typo_warning_stays_beside_a_broken_module(self):
        # The module that does not compile is read as text: the keys it binds are known.
        self.write("app.lua", """\
            local extra = require("lib.extra")
            return screen { title = "K", section {
              toggle { text = "Notifications", key = "notifications" },
              row { text = "Sound", enabled = function(ctx) return ctx.store.notifcations and ctx.store.vibrate end },
              extra.row(),
            } }
            """)
        self.write("lib/extra.lua", 'local M = {}\nfunction M.row() return toggle { text = "V", key = "vibrate" \nreturn M\n')
        result = self.run_cli("check", "app.lua")
        self.assertEqual(result.returncode, 1)
        # The module's syntax error at its own line, required from the app's.
        self.assertIn("lib/extra.lua:3: error: syntax error: '}' expected", result.stderr)
        self.assertIn("app.lua:1: note: called from here", result.stderr)
        self.assertIn('app.lua:4: warning: ctx.store.notifcations is read', result.stderr)
        self.assertNotIn("ctx.store.vibrate", result.stderr)
        # A module that binds a computed key may bind any: no typo is claimed.
        self.write("lib/extra.lua", 'local M = {}\nfunction M.row() return toggle { text = "V", key = "n" .. 1 } end\nerror("x")\nreturn M\n')
        result = self.run_cli("check", "app.lua")
        self.assertEqual(result.returncode, 1)
        self.assertNotIn("notifcations", result.stderr)

    def test_a_script_that_stops_early_keeps_only_sure_warnings(self):
        # A computed key may bind any read key: no typo is claimed, but ctx's members still are checked.
        self.write("computed.lua", """\
            local rows = {}
            for i = 1, 3 do rows[i] = toggle { text = "T" .. i, key = "flag" .. i } end
            rows[4] = button { text = "Go", on_select = function(ctx) ctx:alret(ctx.store.flag9) end }
            return screen { title = "C", section { rows = rows }
            """)
        result = self.run_cli("check", "computed.lua")
        self.assertIn("syntax error", result.stderr)
        self.assertIn("computed.lua:3: error: ctx:alret: ctx has no such method (did you mean ctx:alert?)", result.stderr)
        self.assertNotIn("flag9", result.stderr)

    def test_reset_goes_through_validate(self):
        self.write("r.lua", """\
            return screen { title = "R", section {
              input { text = "Name", key = "name", default = "",
                      validate = function(v) if v == "" then return "a name is needed" end end },
              number { text = "Port", key = "port", default = 80,
                       validate = function(v) if v < 1024 then return "not a system port" end end },
            } }
            """)
        ran = self.run_cli("run", "r.lua", "--store", "none",
                           stdin="set Name bob\nreset Name\nset Port 8080\nreset Port\nreset all\n= ctx.store.name\n= ctx.store.port\n")
        self.assertIn('"Name": a name is needed', ran.stderr)
        self.assertIn('"Port": not a system port', ran.stderr)
        self.assertEqual(ran.stderr.count("error:"), 3, ran.stderr)  # reset Name, reset Port, reset all
        self.assertIn('> = ctx.store.name\n"bob"', ran.stdout)
        self.assertIn("> = ctx.store.port\n8080", ran.stdout)


if __name__ == "__main__":
    unittest.main()
