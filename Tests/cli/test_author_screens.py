"""Issue 24 on an emulated terminal (pyte): errors and long questions wrap at word
boundaries; a long screen's first page keeps its title at 40x20."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import pyte  # noqa: F401
    import test_screen_pyte as base
except ImportError:  # pragma: no cover
    base = None

WORDY = """return screen { id = "w", title = "Wordy",
  section {
    number { text = "Size", key = "size", default = 3, min = 1, max = 10 },
    button { text = "Erase", confirm = "Erase every downloaded book, bookmark and note from this device now?",
             on_select = function(ctx) ctx:alert("erased") end },
  },
}
"""


@unittest.skipIf(base is None, "pyte is not installed")
class Wrapped(base.ScreenCase if base else unittest.TestCase):
    def test_an_error_wraps_at_word_boundaries(self):
        term = self.term(WORDY, 40, 20)
        term.send("set Size 99", ready=lambda t: t.cursor_line() == "Wordy> ")
        lines = term.lines()
        y = term.screen.cursor.y
        start = max(i for i in range(y) if lines[i].startswith("error:"))
        said = [line.rstrip() for line in lines[start:y]]
        self.assertGreater(len(said), 1, said)
        self.assertTrue(all(len(line) <= 40 for line in said), said)
        text = " ".join(line.strip() for line in said)
        self.assertEqual(text, 'error: 99 is above the maximum 10 of "Size"')

    def test_a_long_confirm_wraps(self):
        term = self.term(WORDY, 40, 20)
        term.send("Erase", ready=lambda t: "[y/N]" in t.cursor_line())
        lines = term.lines()
        y = term.screen.cursor.y
        start = max(i for i in range(y + 1) if lines[i].startswith("Erase every"))
        asked = [line.rstrip() for line in lines[start:y + 1]]
        self.assertGreater(len(asked), 1, asked)
        self.assertTrue(all(len(line) <= 40 for line in asked), asked)
        self.assertEqual(" ".join(asked), "Erase every downloaded book, bookmark and note from this device now? [y/N]")

    LONG = """local rows = {}
for i = 1, 40 do rows[i] = row { text = "Setting " .. i, on_select = function() end } end
return screen { id = "long", title = "Long settings", section { header = "All", rows = rows } }
"""

    def test_the_first_page_keeps_its_title_at_40x20(self):
        for script in (self.LONG, base.PREFERENCES):
            term = self.term(script, 40, 20)
            lines = term.lines()
            title = "Long settings" if script is self.LONG else "Preferences"
            self.assertEqual(lines[0], title, term.text())
            self.assertRegex(term.text(), r"-- page 1/\d+: next --")
            self.assertEqual(term.cursor_line(), title + "> ")


if __name__ == "__main__":
    unittest.main()
