"""What a person sees (SPEC §10): the REPL driven through a pty into pyte, a terminal
emulator, and asserted on the emulated screen at 40x20, 80x24 and 120x40.

Golden screens (text and per-cell attributes) live in Tests/cli/golden/; rewrite them after a
change that is meant to move them with

    LUASCREEN_UPDATE_GOLDEN=1 python3 -m unittest Tests.cli.test_screen_pyte
    python3 Tests/cli/test_screen_pyte.py --update
"""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

try:
    import pyte  # noqa: F401
    import screensupport as screens
    from screensupport import Term
except ImportError:  # pragma: no cover
    screens = None

SIZES = [(40, 20), (80, 24), (120, 40)]
MARKER = re.compile(r"-- page (\d+)/(~?\d+): [a-z, ]+ --")

# Twenty subtitle rows: two lines each.
SUBTITLES = """\
local rows = {}
for i = 1, 20 do
  rows[i] = row { text = "Row " .. i, detail = "the detail of row " .. i, style = "subtitle",
                  on_select = function() end }
end
return screen { id = "s", title = "Subtitles", section { header = "Twenty", rows = rows } }
"""

# An Android-style preferences screen: categories with wrapped footers, subtitle rows
# (summaries), switches and plain rows.
PREFERENCES = """\
local sections = {}
for c = 1, 6 do
  local rows = {}
  for i = 1, 5 do
    local id = "c" .. c .. "r" .. i
    if i % 2 == 1 then
      rows[#rows + 1] = row { id = id, text = "Preference " .. c .. "." .. i, style = "subtitle",
        detail = "Summary of preference " .. c .. "." .. i .. ", long enough to be cut at forty columns",
        on_select = function() end }
    else
      rows[#rows + 1] = toggle { id = id, text = "Switch " .. c .. "." .. i, key = id }
    end
  end
  sections[c] = section { header = "Category " .. c, rows = rows,
    footer = "The footer of category " .. c .. " explains what these preferences do, in words enough to wrap on a narrow terminal." }
end
return screen { id = "prefs", title = "Preferences", sections = sections }
"""

KCONFIG = """\
return app {
  root = "main",
  screens = {
    screen { id = "main", title = ".config - Linux/x86 6.8.0 Kernel Configuration",
      section { row { text = "Processor type and features", push = "cpu" },
                row { text = "Driver A", push = "driver_a" }, row { text = "Driver B", push = "driver_b" },
                toggle { text = "Expert mode", key = "expert", default = false } } },
    screen { id = "cpu", title = "Processor type and features",
      section {
        row { text = "Preemption Model (Voluntary Kernel Preemption (Desktop))", push = "preempt" },
        row { text = "CPU frequency scaling", detail = "cpu" },
        toggle { text = "Preempt tracing", key = "ptrace", visible = function(ctx) return ctx.store.expert end },
      } },
    screen { id = "driver_a", title = "Driver options",
      section { toggle { text = "Enable CPU hotplug", key = "hotplug_a" } } },
    screen { id = "driver_b", title = "Driver options",
      section { toggle { text = "Enable CPU hotplug", key = "hotplug_b" } } },
    screen { id = "preempt", title = "Preemption Model",
      section { row { text = "CPU", detail = "no forced preemption" },
                row { text = "Voluntary Kernel Preemption (Desktop)", accessory = "checkmark" },
                row { text = "CPU idle", detail = "cpu" } } },
  },
}
"""

WIDE = """\
return screen { id = "w", title = "Wide text",
  section { header = "Columns",
    row { text = "设置", detail = "日本語" },
    row { text = "Cafe\\u{301} au lait", detail = "cre\\u{300}me" },
    row { text = "Plain", detail = "ascii" },
    row { text = "表示の設定とその他の項目が長いので切られる", detail = "詳細も長い説明です" },
  } }
"""

VALUES = """\
return screen { id = "v", title = "Values",
  section {
    number { text = "Font size", key = "font", default = 22, min = 8, max = 40, detail = "" },
    number { text = "Scale", key = "scale", default = 1, min = 0.5, max = 2, step = 0.5,
             detail = function(ctx) return string.rep("#", math.floor(ctx.store.scale * 4)) .. " " .. ctx.store.scale .. "x" end },
    input { text = "Nickname", key = "nick", placeholder = "your name" },
    toggle { text = "Sync", key = "sync", default = true },
    row { text = "Needs sync", enabled = function(ctx) return not ctx.store.sync end, on_select = function() end },
  },
  section { footer = "A footer, drawn dim." },
}
"""


@unittest.skipIf(screens is None, "pyte is not installed (scripts/setup installs it)")
class ScreenCase(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.sandbox = support.Sandbox()
        self.terms = []

    def tearDown(self):
        for term in self.terms:
            term.close()
        self.sandbox.close()

    def term(self, script, cols, rows, *options, color=False, env=None):
        path = script if script.startswith("examples/") else self.sandbox.script("s.lua", script)
        term = Term(self.sandbox, [path, "--store", "none", *options], cols=cols, rows=rows, color=color, env=env)
        self.terms.append(term)
        return term

    # helpers on the emulated screen

    def marker(self, term):
        """(page, count, line) of the last page marker on the screen, or None."""
        found = None
        for y, line in enumerate(term.lines()):
            m = MARKER.search(line)
            if m:
                found = int(m.group(1)), m.group(2), y
        return found

    def title_line(self, term, end):
        """The line of the last title above line `end` (the line above its rule)."""
        lines = term.lines()
        return max(y for y in range(1, end) if lines[y] and set(lines[y]) == {"─"}) - 1

    def page_rows(self, term):
        """Numbers of the rows on the page shown last (from its title down to its marker)."""
        lines = term.lines()
        _, _, end = self.marker(term)
        start = self.title_line(term, end)
        return [int(m.group(1)) for m in (re.match(r"\s*(\d+) ", l) for l in lines[start:end]) if m]

    def free_lines(self, term):
        """Lines the page left unused: the terminal's height less the lines from the blank
        line before the title down to the prompt."""
        _, _, end = self.marker(term)
        used = term.screen.cursor.y - self.title_line(term, end) + 1 + 1  # and the blank line before
        return term.screen.lines - used


class Paging(ScreenCase):
    def walk_pages(self, term):
        """Every page from the first: (rows on it, free lines), following `next`."""
        term.send("show")
        pages = []
        while True:
            page, count, _ = self.marker(term)
            pages.append((self.page_rows(term), self.free_lines(term)))
            if str(page) == count.lstrip("~"):
                return pages
            term.send("next")

    def test_subtitle_rows_fill_each_page(self):
        for cols, rows in SIZES:
            with self.subTest(size=f"{cols}x{rows}"):
                term = self.term(SUBTITLES, cols, rows)
                pages = self.walk_pages(term)
                seen = [n for shown, _ in pages for n in shown]
                self.assertEqual(seen, list(range(1, 21)), "every row once, in order")
                for shown, free in pages[:-1]:
                    # each row takes two lines: a page leaves at most one line unused
                    self.assertLessEqual(free, 1, f"page {shown} leaves {free} lines unused")
                    self.assertGreater(len(shown), 1)
                # (today's bug: one row a page, 20 pages)
                available = rows - 3 - 4  # blank, marker, prompt; title, rule, blank, header
                self.assertEqual(len(pages), -(-20 // (available // 2)))

    def test_preferences_with_wrapped_footers_fill_each_page(self):
        for cols, rows in [(40, 20), (100, 30)]:
            with self.subTest(size=f"{cols}x{rows}"):
                term = self.term(PREFERENCES, cols, rows)
                pages = self.walk_pages(term)
                seen = [n for shown, _ in pages for n in shown]
                self.assertEqual(seen, list(range(1, 31)))
                for shown, free in pages[:-1]:
                    # the next row did not fit: at most a blank line, a header and a
                    # two-line row (or a row and its wrapped footer) could be missing
                    self.assertLess(free, 4 + (3 if cols == 40 else 2), f"page {shown}: {free} lines free")
                if (cols, rows) == (100, 30):
                    self.assertLessEqual(len(pages), 5, "an Android-style screen at 100x30 (was 23 pages)")

    def test_show_after_the_terminal_shrinks_repaginates(self):
        term = self.term(PREFERENCES, 80, 24)
        term.send("next")
        term.send("next")
        first = self.page_rows(term)[0]
        term.resize(40, 12)
        term.send("show")
        page, count, _ = self.marker(term)
        shown = self.page_rows(term)
        self.assertIn(first, shown, "the row at the top before is on the page shown after")
        self.assertLess(page, int(count.lstrip("~")) + 1)
        self.assertNotEqual(page, 23)
        self.assertLessEqual(self.free_lines(term), 6)
        # and back to a tall terminal: the whole screen at once would not fit, pages again
        term.resize(120, 40)
        term.send("show")
        self.assertIn(first, self.page_rows(term))
        term.send("next")
        self.assertIsNotNone(self.marker(term))

    def test_a_screen_that_fits_has_no_page_marker(self):
        term = self.term("examples/settings.lua", 80, 24)
        term.send("show")
        self.assertIsNone(self.marker(term))
        self.assertIn(" 2   Notifications", term.text())


class Finding(ScreenCase):
    def test_find_shows_the_row_text_whole_and_marks_hidden_rows(self):
        for cols, rows in SIZES:
            with self.subTest(size=f"{cols}x{rows}"):
                term = self.term(KCONFIG, cols, rows)
                out = term.send("find preempt")
                results = [l for l in out.split("\n") if l.strip()][1:-1]  # between the echo and "go N ..."
                joined = " ".join(l.strip() for l in results)
                self.assertIn("Preemption Model (Voluntary Kernel", joined)
                self.assertIn("Preemption (Desktop))", joined)
                self.assertIn("Voluntary Kernel Preemption (Desktop)", joined)
                self.assertIn("Preempt tracing (hidden)", joined)
                for line in out.split("\n"):
                    self.assertLessEqual(len(line), cols, f"{line!r} is wider than the terminal")
                self.assertRegex(out, r"(?m)^\d\. .*› ")

    def test_find_at_40_columns_has_no_look_alike_lines(self):
        term = self.term(KCONFIG, 40, 20)
        for needle, count in [("cpu", 5), ("hotplug", 2)]:
            out = term.send("find " + needle)
            lines = out.split("\n")
            starts = [i for i, l in enumerate(lines) if re.match(r"\s*\d+\. ", l)]
            ends = starts[1:] + [next(i for i, l in enumerate(lines) if l.startswith("go N"))]
            bodies = [" ".join(l.strip() for l in lines[a:b]).split(". ", 1)[1] for a, b in zip(starts, ends)]
            self.assertEqual(len(bodies), count, out)
            self.assertEqual(len(set(bodies)), count, f"look-alike results: {bodies}")

    def test_go_to_a_hidden_row_says_why(self):
        term = self.term(KCONFIG, 80, 24)
        term.send("find tracing")
        out = term.send("go 1")
        self.assertIn("Preempt tracing: hidden because expert = false", out)
        self.assertIn("Processor type and features>", term.cursor_line())


class Columns(ScreenCase):
    def test_wide_characters_and_combining_marks_keep_the_columns(self):
        for cols, rows in SIZES:
            with self.subTest(size=f"{cols}x{rows}"):
                term = self.term(WIDE, cols, rows)
                buffer = term.screen.buffer
                for needle in ["设置", "Caf", "Plain", "表示"]:
                    y = term.row_of(needle)
                    # the detail ends at the last column, whatever the widths before it
                    self.assertNotEqual(buffer[y][cols - 1].data, " ", f"{needle}: {term.lines()[y]!r}")
                    # the text starts in its column, after the number column
                    self.assertEqual(term.lines()[y][:3], "   ")
                    self.assertNotEqual(term.lines()[y][3], " ")
                y = term.row_of("Caf")
                cells = "".join(buffer[y][x].data for x in range(cols))
                self.assertIn("Café", cells.replace("e\u0301", "é"))
                self.assertIn("crème", cells.replace("e\u0300", "è"))
                y = term.row_of("表示")
                if cols == 40:  # 42 columns of text and 18 of detail: cut, on a cell boundary
                    self.assertIn("…", term.lines()[y])


class Looks(ScreenCase):
    def test_colour_and_dim_where_they_belong(self):
        term = self.term(VALUES, 80, 24, color=True)
        self.assertEqual(term.style_of("Values"), {"bold"})
        self.assertEqual(term.style_of("your name"), {"dim"}, "a placeholder is dim")
        self.assertNotIn("‹", term.text(), "with colour a placeholder has no brackets")
        self.assertEqual(term.style_of("A footer, drawn dim."), {"dim"})
        self.assertEqual(term.style_of("● on"), {"green"})
        self.assertIn("dim", "".join(term.style_of("Needs sync")), "a disabled row is dim")
        self.assertEqual(term.style_of("Font size"), {""})

    def test_without_colour_a_placeholder_is_in_angle_quotes(self):
        term = self.term(VALUES, 80, 24)
        self.assertIn("‹your name›", term.text())
        self.assertEqual(term.style_of("‹your name›"), {""})

    def test_the_value_prompt_shows_the_value(self):
        term = self.term(VALUES, 80, 24)
        ask = lambda t: "New value for" in t.cursor_line()
        term.send("Font size", ready=ask)
        # the value said in the prompt (issue 38), the bounds beside it; the line starts
        # empty: what is typed replaces the value
        self.assertEqual("New value for Font size (now: 22; 8 to 40):", term.cursor_line().rstrip())
        term.control("c")
        term.send("Scale", ready=ask)
        self.assertTrue(term.cursor_line().rstrip().endswith("(now: 1; 0.5 to 2, step 0.5):"), term.cursor_line())
        term.control("c")
        term.send("Nickname", ready=ask)
        self.assertTrue(term.cursor_line().rstrip().endswith("New value for Nickname:"), term.cursor_line())
        self.assertNotIn("your name", term.cursor_line())

    def test_ctrl_c_at_a_value_prompt_cancels_and_gives_the_prompt_back(self):
        term = self.term(VALUES, 80, 24)
        term.send("Font size", ready=lambda t: "New value for" in t.cursor_line())
        term.child.send("30")
        term.settle(lambda t: t.cursor_line().endswith("30"))
        term.control("c")
        lines = term.lines()
        y = term.screen.cursor.y
        self.assertEqual(term.cursor_line(), "Values> ")
        self.assertIn("Cancelled.", lines[y - 1])
        self.assertTrue(lines[y - 2].endswith("30^C"), lines[y - 2])
        out = term.send("store")
        self.assertIn("font  = 22", out)

    def test_ctrl_c_at_the_prompt_clears_the_line(self):
        term = self.term(VALUES, 80, 24)
        term.child.send("some words")
        term.settle(lambda t: t.cursor_line().endswith("some words"))
        term.control("c")
        y = term.screen.cursor.y
        self.assertEqual(term.lines()[y - 1], "Values> some words^C")
        self.assertEqual(term.cursor_line(), "Values> ")

    def test_ctrl_c_at_a_confirm_cancels(self):
        term = self.term("examples/settings.lua", 80, 24)
        term.send("Sign Out", ready=lambda t: t.cursor_line().endswith("[y/N] "))
        term.control("c")
        self.assertEqual(term.cursor_line(), "Settings> ")
        self.assertIn("Cancelled.", term.lines()[term.screen.cursor.y - 1])

    def test_reset_all_asks_first(self):
        term = self.term(VALUES, 80, 24)
        term.send("Sync")
        term.send("reset all", ready=lambda t: t.cursor_line().endswith("[y/N] "))
        self.assertIn("Put 1 changed value back to its default? [y/N] ", term.cursor_line())
        term.send("n")
        self.assertIn("* sync = false", term.send("store").replace("  ", " "))
        term.send("reset all", ready=lambda t: t.cursor_line().endswith("[y/N] "))
        out = term.send("y")
        self.assertIn("1 value back to the default.", out)


class Wrapping(ScreenCase):
    def test_help_why_and_store_fit_40_columns(self):
        term = self.term(VALUES, 40, 20)
        term.send("lua ctx.store.a_key_that_is_longer_than_twenty_four = 1")
        for command in ["help", "why Needs sync", "store", "help Scale"]:
            with self.subTest(command=command):
                out = term.send(command)
                for line in out.split("\n"):
                    self.assertLessEqual(len(line), 40, f"{command}: {line!r}")
        out = term.send("store")
        keys = [l for l in out.split("\n") if "= " in l]
        columns = {l.index("= ") for l in keys}
        self.assertEqual(len(columns), 1, f"the values are not aligned:\n{out}")

    def test_store_aligns_keys_longer_than_24_at_80_columns(self):
        term = self.term(VALUES, 80, 24)
        term.send("lua ctx.store.a_key_that_is_longer_than_twenty_four = 1")
        out = term.send("store")
        keys = [l for l in out.split("\n") if " = " in l]
        self.assertEqual(len({l.index(" = ") for l in keys}), 1, out)


class Completing(ScreenCase):
    def test_accessory_completes_a_row_with_a_detail_button(self):
        term = self.term("examples/money.lua", 80, 40)
        term.child.send("accessory Sa\t")
        term.settle(lambda t: t.cursor_line().rstrip().endswith("accessory Sam Soffes"))
        out = term.send("")
        self.assertIn("! Sam Soffes wrote Static", out)


class Watching(ScreenCase):
    def test_watch_reloads_when_a_required_module_changes(self):
        module = self.sandbox.script("names.lua", 'return { first = "Before" }\n')
        script = self.sandbox.script("main.lua", """\
            local names = require("names")
            return screen { id = "m", title = "Watched", section { row { text = names.first } } }
            """)
        term = Term(self.sandbox, [script, "--store", "none", "--watch"], cols=80, rows=24)
        self.terms.append(term)
        self.assertIn("Before", term.text())
        term.child.send("sho")
        term.settle(lambda t: t.cursor_line().endswith("sho"))
        with open(module, "w") as f:
            f.write('return { first = "After" }\n')
        term.settle(lambda t: "After" in t.text() and t.cursor_line().endswith("sho"))
        text = term.text()
        self.assertIn("names.lua changed on disk: reloading.", text)
        self.assertIn("Reloaded ", text)
        self.assertEqual(term.cursor_line(), "Watched> sho", "the prompt, and what was typed, come back")
        out = term.send("w")  # "show"
        self.assertIn("After", out)

    def test_watch_reloads_the_translations_when_a_locale_file_changes(self):
        os.makedirs(os.path.join(self.sandbox.scripts, "locales"))
        locale = self.sandbox.script("locales/fr.lua", 'return { ["Sound"] = "Son" }\n')
        script = self.sandbox.script("main.lua", """\
            return app { root = "m", strings = "locales", screens = {
              screen { id = "m", title = "Watched", section { row { text = "Sound" } } } } }
            """)
        term = Term(self.sandbox, [script, "--store", "none", "--watch", "--locale", "fr"], cols=80, rows=24)
        self.terms.append(term)
        self.assertIn("Son", term.text())
        with open(locale, "w") as f:
            f.write('return { ["Sound"] = "Audio du son" }\n')
        term.settle(lambda t: "Audio du son" in t.text() and t.cursor_line() == "Watched> ")
        self.assertIn("fr.lua changed on disk: reloading.", term.text())

    def test_watch_reloads_when_a_module_required_only_later_changes(self):
        # Required by on_select, not while loading: the project's requires reach it, so it is watched.
        module = self.sandbox.script("later.lua", 'return { text = "Before" }\n')
        script = self.sandbox.script("main.lua", """\
            return screen { id = "m", title = "Later", section {
              row { text = "Ask", on_select = function(ctx) ctx:alert(require("later").text) end } } }
            """)
        term = Term(self.sandbox, [script, "--store", "none", "--watch"], cols=80, rows=24)
        self.terms.append(term)
        with open(module, "w") as f:
            f.write('return { text = "After" }\n')
        term.settle(lambda t: "later.lua changed on disk: reloading." in t.text() and t.cursor_line() == "Later> ")
        out = term.send("Ask")
        self.assertIn("After", out)

    def test_watch_keeps_the_loaded_version_when_the_script_breaks(self):
        script = self.sandbox.script("main.lua", 'return screen { id = "m", title = "Kept", section { row { text = "One" } } }\n')
        term = Term(self.sandbox, [script, "--store", "none", "--watch"], cols=80, rows=24)
        self.terms.append(term)
        with open(script, "w") as f:
            f.write('return screen { id = "m", title = "Kept", section { row { txt = "Two" } } }\n')
        term.settle(lambda t: "still running the version loaded before" in t.text() and t.cursor_line() == "Kept> ")
        self.assertIn('unknown field "txt"', term.text())
        with open(script, "w") as f:
            f.write('return screen { id = "m", title = "Kept", section { row { text = "Three" } } }\n')
        term.settle(lambda t: "Three" in t.text() and t.cursor_line() == "Kept> ")


class Golden(ScreenCase):
    """Screens of the examples that a change must not move unnoticed."""

    def check(self, name, script, cols, rows, *commands):
        term = self.term(script, cols, rows, color=True)
        for command in commands:
            term.send(command)
        screens.golden(self, name, term)

    def test_settings_80x24(self):
        self.check("settings-80x24", "examples/settings.lua", 80, 24)

    def test_money_40x20_paged(self):
        self.check("money-40x20", "examples/money.lua", 40, 20, "show", "next")

    def test_sync_120x40(self):
        self.check("sync-120x40", "examples/sync.lua", 120, 40, "1")

    def test_jmstatic_find_80x24(self):
        self.check("jmstatic-find-80x24", "examples/jmstatic.lua", 80, 24, "find on")


if __name__ == "__main__":
    unittest.main()
