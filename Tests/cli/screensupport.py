"""Drives the interactive REPL through a pty into pyte, a terminal emulator, so tests can
assert on the screen a person sees: its text, and each cell's colour and attributes.

Waiting is by condition (the answer to what was typed arrived, the prompt drawn and the
output settled), with a generous limit (replsupport.deadline, scaled by
LUASCREEN_TEST_TIMEOUT_SCALE) only so a broken build fails instead of hanging.
"""
import json
import os
import re
import sys
import time

import pexpect
import pyte

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replsupport import BIN, PTY_TIMEOUT, ROOT, deadline  # noqa: E402

PROMPT = re.compile(r"> $")
GOLDEN = os.path.join(os.path.dirname(__file__), "golden")
# LUASCREEN_UPDATE_GOLDEN=1, or `python3 Tests/cli/test_screen_pyte.py --update`, rewrites
# the golden screens instead of comparing with them.
UPDATE = os.environ.get("LUASCREEN_UPDATE_GOLDEN") == "1" or "--update" in sys.argv
if "--update" in sys.argv:
    sys.argv.remove("--update")


class DimScreen(pyte.Screen):
    """pyte's screen, which drops SGR 2 (dim): here dim is kept in the italics slot of each
    cell (luascreen never draws italics), so tests can see where dim text is."""

    def select_graphic_rendition(self, *attrs, **kwargs):
        mapped, i = [], 0
        while i < len(attrs):
            a = attrs[i]
            if a in (38, 48) and i + 1 < len(attrs):  # extended colours keep their parameters
                n = 3 if attrs[i + 1] == 5 else 5
                mapped += list(attrs[i:i + n])
                i += n
                continue
            mapped += [3] if a == 2 else [22, 23] if a == 22 else [a]
            i += 1
        super().select_graphic_rendition(*mapped, **kwargs)


class Term:
    """luascreen run SCRIPT in a pty of `cols` x `rows`, its output fed to a pyte screen."""

    def __init__(self, sandbox, args, cols=80, rows=24, color=False, env=None):
        extra = {"TERM": "xterm-256color", "NO_COLOR": None if color else "1"}
        extra.update(env or {})
        self.screen = DimScreen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.child = pexpect.spawn(BIN, ["run"] + list(args), cwd=ROOT, env=sandbox.env(**extra),
                                   dimensions=(rows, cols), timeout=PTY_TIMEOUT)
        self.settle()

    def feed(self, timeout=0.05):
        """Reads what the program wrote so far into the screen; False when nothing came."""
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.stream.feed(data)
        self.raw += data
        return True

    def settle(self, ready=None, limit=60.0, answered=None):
        """Feeds output until the cursor's line ends with the prompt (or `ready(self)` holds)
        and nothing more arrives; with `answered(raw output since)`, only once that holds too
        (what was typed has been answered, not just the prompt from before still shown)."""
        ready = ready or (lambda t: PROMPT.search(t.cursor_line()) is not None)
        since = len(self.raw)
        answered = answered or (lambda new: True)
        end = time.monotonic() + deadline(limit)
        while time.monotonic() < end:
            if not self.feed() and answered(self.raw[since:]) and ready(self):
                # quiet and ready: one more short look so a late line is not missed
                if not self.feed(0.05):
                    return self
        raise AssertionError("the screen did not settle; it shows:\n" + self.text())

    def send(self, line, ready=None):
        """Types a line and Enter; returns the text the program wrote for it (escape
        sequences removed), once the screen settled."""
        start = len(self.raw)
        self.child.send(line + "\r")
        # The prompt is on the screen before the program has read the line: settled means
        # the line was taken (its newline came back) and the next prompt drawn.
        self.settle(ready, answered=lambda new: b"\n" in new)
        return plain(self.raw[start:])

    def control(self, char, ready=None):
        """Types Ctrl-`char`; returns once the program answered it and the screen settled."""
        self.child.sendcontrol(char)
        return self.settle(ready, answered=lambda new: len(new) > 0)

    def resize(self, cols, rows):
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def lines(self):
        return [line.rstrip() for line in self.screen.display]

    def text(self):
        return "\n".join(self.lines())

    def cursor_line(self):
        return self.screen.display[self.screen.cursor.y][: self.screen.cursor.x]

    def row_of(self, needle):
        for y, line in enumerate(self.screen.display):
            if needle in line:
                return y
        raise AssertionError(f"{needle!r} is not on the screen:\n" + self.text())

    def style_at(self, y, x):
        """The look of the cell at line y, column x: 'fg+bold+dim' ('' when plain)."""
        return attrs(self.screen.buffer[y][x])

    def style_of(self, needle):
        """The looks of the cells of the first occurrence of `needle` on the screen (one
        cell a character: not for wide characters)."""
        y = self.row_of(needle)
        x = self.screen.display[y].index(needle)
        return {self.style_at(y, x + i) for i, ch in enumerate(needle) if ch != " "}

    def attributes(self):
        """Each line as runs of (text, attributes) where attributes are not plain."""
        out = []
        for y in range(self.screen.lines):
            row = self.screen.buffer[y]
            runs, current, style = [], "", None
            for x in range(self.screen.columns):
                cell = row[x]
                s = attrs(cell)
                if s != style:
                    if current and style:
                        runs.append([current, style])
                    current, style = "", s
                current += cell.data
            if current.strip() and style:
                runs.append([current.rstrip(), style])
            out.append(runs)
        return out

    def snapshot(self):
        return {"size": [self.screen.columns, self.screen.lines], "text": self.lines(),
                "styled": [[y, run] for y, runs in enumerate(self.attributes()) for run in runs]}

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)  # SIGHUP ends the REPL (also at an open question)
        self.child.close(force=True)


ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r")


def plain(data):
    """Program output as text without escape sequences and carriage returns."""
    return ESCAPES.sub("", data.decode("utf-8", "replace"))


def attrs(cell):
    """A cell's look as a short string: fg colour, bold, dim ('' when plain)."""
    parts = []
    if cell.fg != "default":
        parts.append(cell.fg)
    if cell.bold:
        parts.append("bold")
    if cell.italics:  # dim (see DimScreen)
        parts.append("dim")
    if cell.reverse:
        parts.append("reverse")
    return "+".join(parts)


def golden(case, name, term):
    """Compares the screen with Tests/cli/golden/NAME.json; rewrites it when
    LUASCREEN_UPDATE_GOLDEN=1 (or the test is run with --update)."""
    path = os.path.join(GOLDEN, name + ".json")
    shot = term.snapshot()
    if UPDATE or not os.path.exists(path):
        if not UPDATE:
            case.fail(f"no golden screen {path}: run with LUASCREEN_UPDATE_GOLDEN=1 to write it")
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(shot, f, ensure_ascii=False, indent=1)
            f.write("\n")
        return
    with open(path, encoding="utf-8") as f:
        want = json.load(f)
    case.maxDiff = None
    case.assertEqual(want["text"], shot["text"], f"{name}: the screen moved (LUASCREEN_UPDATE_GOLDEN=1 rewrites it)")
    case.assertEqual(want["styled"], shot["styled"], f"{name}: colours or attributes moved")
