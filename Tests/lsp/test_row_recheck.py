"""An edit that retypes one row's text (`text`, `detail`, `help`, `placeholder`) in a row made
of literals is checked by checking that row alone (RowRecheck): its diagnostics are published
at once, then the whole app is checked once the typing stops and published again. Both must
be exactly what `luascreen check` says of the same text; any other edit is checked whole
(one publish). Run on a raw pipe, so each publish is seen."""
import json
import random
import subprocess
import time

from conftest import BIN
from test_protocol import Raw


def publishes(s: Raw, uri, version, quiet=2.0, timeout=30):
    """Every publishDiagnostics of `uri` at `version`, until none came for `quiet` seconds."""
    got = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        m = s.read(quiet if got else deadline - time.monotonic(), or_none=True)
        if m is None:
            break
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri \
                and m["params"]["version"] == version:
            got.append(m["params"]["diagnostics"])
    return got


def opened(tmp_path, text):
    """A server with `text` open as tmp_path/app.lua, and its URI, once its first check is published."""
    path = tmp_path / "app.lua"
    path.write_text(text)
    uri = path.as_uri()
    s = Raw()
    s.initialize()
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "lua", "version": 1, "text": text}}})
    first = publishes(s, uri, 1)
    assert len(first) == 1 and shown(first[0]) == check_json(tmp_path, text)
    return s, uri


def typed(s: Raw, uri, version, line, start, end, text):
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": uri, "version": version},
                       "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                                     "end": {"line": line, "character": end}},
                                           "text": text}]}})


def app(rows):
    """A generated app: a root screen pushing three screens of rows, some with a warning."""
    lines = ['return app { root = "main", screens = {',
             '  screen { id = "main", title = "Main", section {']
    for s in range(3):
        lines.append(f'    row {{ id = "s{s}", text = "Screen {s}", push = screen {{ id = "s{s}", title = "Screen {s}",')
        lines.append('      section {')
        for r in range(rows):
            k = f"k{s}_{r}"
            if r % 7 == 3:
                lines.append(f'        input {{ key = "{k}", text = "Secret {r}", secure = true, multiline = true, placeholder = "p" }},')
            elif r % 5 == 1:
                lines.append(f'        choice {{ key = "{k}", text = "Pick {r}", options = {{ "a", "b" }}, default = "a", detail = "d" }},')
            else:
                lines.append(f'        toggle {{ key = "{k}", text = "Row {r}", help = "Help of row {r}", default = false }},')
        lines.append('      } } },')
    lines.append('  } } } }')
    return "\n".join(lines) + "\n"


def check_json(tmp_path, text):
    path = tmp_path / "again" / "app.lua"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(text.encode())
    out = subprocess.run([BIN, "check", "--json", str(path)], capture_output=True)
    return sorted((d["line"], d["severity"], (d["path"] + ": " if d["path"] else "") + d["message"]) for d in json.loads(out.stdout))


def shown(diagnostics):
    severity = {1: "error", 2: "warning", 3: "info", 4: "hint"}
    return sorted((d["range"]["start"]["line"] + 1, severity[d["severity"]], d["message"]) for d in diagnostics)


def test_a_row_retyped_is_checked_alone_then_whole_and_both_say_what_check_says(tmp_path):
    rng = random.Random(39)
    text = app(40)
    s, uri = opened(tmp_path, text)
    try:
        lines = text.split("\n")
        alone = 0
        # Typing: letters, an invalid byte's escape (a warning on that row), quotes escaped, UTF-8.
        pieces = ["x", "Q", " ", "\\xff", "\\\"", "é", "\\n"]
        for version in range(2, 14):
            candidates = [(i, line.index(f'{f} = "') + len(f) + 4) for i, line in enumerate(lines)
                          for f in ("text", "help", "detail", "placeholder") if f'{f} = "' in line]
            line, col = rng.choice(candidates)
            piece = rng.choice(pieces)
            lines[line] = lines[line][:col] + piece + lines[line][col:]
            text = "\n".join(lines)
            typed(s, uri, version, line, col, col, piece)
            got = publishes(s, uri, version)
            expected = check_json(tmp_path, text)
            assert got, f"no diagnostics for version {version}"
            for published in got:
                assert shown(published) == expected, (version, piece, lines[line])
            alone += len(got) == 2
        # Each of those edits was checked alone first (the row's place in the app, which a
        # new warning names, read from the outline); a slow machine may miss one's second publish.
        assert alone >= 10, alone
        # An edit of a key is checked whole: one publish.
        line = next(i for i, l in enumerate(lines) if 'key = "k1_2"' in l)
        col = lines[line].index('k1_2')
        lines[line] = lines[line][:col] + "k1_3" + lines[line][col + 4:]
        text = "\n".join(lines)
        typed(s, uri, 20, line, col, col + 4, "k1_3")
        got = publishes(s, uri, 20)
        assert len(got) == 1 and shown(got[0]) == check_json(tmp_path, text)
        assert any("k1_3" in d["message"] for d in got[0]), got[0]
    finally:
        s.close()


def test_a_row_in_a_function_or_a_rebound_constructor_is_checked_whole(tmp_path):
    text = "\n".join([
        'local function toggle(t) t.text = t.text .. "!" return row(t) end',
        'return screen { id = "m", title = "M", section {',
        '  toggle { text = "A" },',
        '} }', ""])
    s, uri = opened(tmp_path, text)
    try:
        typed(s, uri, 2, 2, 19, 19, "\\xff")
        got = publishes(s, uri, 2)
        text = text.replace('text = "A"', 'text = "A\\xff"')
        assert len(got) == 1 and shown(got[0]) == check_json(tmp_path, text)
    finally:
        s.close()


def literal_app(rows):
    """A generated app of literals only (as `import --format kconfig` writes): symbols with rules."""
    lines = ['return app {', '  root = "main", store = "kconfig",', '  screens = {',
             '    screen { id = "main", title = "Main",', '      section {']
    for r in range(rows):
        dep = f'S{r - 1}' if r else "y"
        if r % 9 == 4:
            lines.append(f'        number {{ key = "S{r}", text = "Count {r}", depends = "{dep}", defaults = {{ {{ "4" }} }}, ranges = {{ {{ 1, 8 }} }}, help = "h" }},')
        else:
            lines.append(f'        toggle {{ key = "S{r}", text = "Option {r}", depends = "{dep}", select = {{ "S{(r + 3) % rows}" }}, help = "Help {r}" }},')
    lines += ['      },', '      section {', '        input { key = "PW", text = "Secret", secure = true, multiline = true },', '      } } } }', '']
    return "\n".join(lines)


def test_an_edit_of_one_row_of_a_script_of_literals_is_checked_alone_errors_too(tmp_path):
    text = literal_app(60)
    s, uri = opened(tmp_path, text)
    try:
        version = 2
        # (row, where: the text the edit goes after, bytes taken out there, bytes typed, checked alone)
        edits = [
            (10, 'depends = "', 0, "&& ", True),          # a rule made bad (an error) ...
            (10, 'depends = "', 3, "", True),             # ... and good again
            (13, 'defaults = { { "', 0, "1", True),       # a default retyped
            (13, 'ranges = { { 1, ', 0, "0", True),       # a range's number
            (20, 'select = { "', 0, "X", True),           # a select target renamed
            (20, 'select = { "', 1, "", True),
            (30, 'help = "Help 30"', 0, ', bogus = 1', True),       # a field that is no field
            (30, 'help = "Help 30"', 11, "", True),
            (32, 'text = "Option 32"', 0, ', default = "y"', True),  # a default of the wrong type
            (32, 'text = "Option 32"', 15, "", True),
            (38, 'key = "S38', 0, "_NEW", True),          # a key no other row gives
            (38, 'key = "S38', 4, "", True),
            (41, 'key = "S4', 1, "2", False),             # a key another row gives: the whole check
            (41, 'key = "S4', 1, "1", False),             # (and back)
            (50, 'toggle {', 0, " type = \"number\",", True),  # its kind
            (50, 'toggle {', 17, "", True),
            (51, 'toggle {', 0, ' id = "s0",', False),     # an id (a screen's: a push may name it)
            (51, 'toggle {', 11, "", False),
            (52, '}, help = "Help 52" },', 0, "\n\n", True),  # line breaks: the lines below move
            (52, '}, help = "Help 52" },', 2, "", True),
            (53, 'select = {', 0, "\n   ", True),        # (a row's own lines: no diagnostic there)
            (53, 'select = {', 4, "", True),
            (59, '"Option 59",', 0, "\n", True),          # the warning below it moves
            (59, '"Option 59",', 1, "", True),
            (54, 'tog', 0, " ", False),                   # a space that splits a name: the whole check
            (54, 'tog', 1, "", False),
            (55, '        ', 0, 'toggle { key = "NEW", text = "New" }, ', True),  # a row added, and taken out
            (55, '        ', 38, "", True),
            (56, '"Help 56" },', 0, '\n        toggle { key = "NEW2", text = "Pasted", bogus = 1 },', True),  # one with an error
            (56, '"Help 56" },', 61, "", True),
            (57, '"Help 57" },', 0, '\n        toggle { key = "S3", text = "Twice" },', False),  # a key another row gives
            (57, '"Help 57" },', 47, "", False),
        ]
        # A row taken out, and pasted back.
        row46 = next(l for l in literal_app(60).split("\n") if '"Option 46"' in l) + "\n"
        edits += [
            (46, '', len(row46), "", True),
            (47, '', 0, row46, True),
        ]
        alone = expected_alone = 0
        for row, anchor, cut, piece, fast in edits:
            at = next(m for m in (text.find(f'"Option {row}"'), text.find(f'"Count {row}"')) if m >= 0)
            at = text.index(anchor, text.rfind("\n", 0, at) + 1) + len(anchor)

            def position(offset):
                before = text[:offset]
                return {"line": before.count("\n"), "character": offset - (before.rfind("\n") + 1)}
            s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": {"textDocument": {"uri": uri, "version": version},
                               "contentChanges": [{"range": {"start": position(at), "end": position(at + cut)}, "text": piece}]}})
            text = text[:at] + piece + text[at + cut:]
            got = publishes(s, uri, version)
            expected = check_json(tmp_path, text)
            assert got and all(shown(p) == expected for p in got), (version, anchor, piece, got, expected)
            alone += fast and len(got) == 2
            expected_alone += fast
            assert fast or len(got) == 1, (version, anchor, piece, "checked alone")
            version += 1
        # a slow machine may miss one's second publish
        assert alone >= expected_alone - 1, (alone, expected_alone)
    finally:
        s.close()
