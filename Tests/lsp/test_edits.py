"""Every edit `luascreen lsp` proposes leaves text that parses (issue 38's "edits from the
syntax"): each quick fix, each rename (to names holding a quote, a line break, a keyword, a
space, `]]`, a backslash) and each completion inside a string or after `ctx.store.`, at every
place of every example under examples/ that offers one, applied as a client applies it, then
compiled by `luac -p`. And the samples of the trial, each exactly."""
import pathlib
import re
import subprocess

import pytest

from test_protocol import Raw

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOSTILE = ['a"b', "x\ny", "end", "my key", "]]", "back\\slash", "it's", "ok"]


def parses(text: str) -> bool:
    return subprocess.run(["luac", "-p", "-"], input=text.encode(), capture_output=True).returncode == 0


def offset(text: str, pos) -> int:
    """The byte... character offset in `text` of an LSP position (UTF-16 units)."""
    lines = text.split("\n")
    before = sum(len(l) + 1 for l in lines[:pos["line"]])
    line = lines[pos["line"]] if pos["line"] < len(lines) else ""
    units = 0
    for i, ch in enumerate(line):
        if units >= pos["character"]:
            return before + i
        units += 2 if ord(ch) > 0xFFFF else 1
    return before + len(line)


def position(text: str, at: int):
    line = text.count("\n", 0, at)
    start = text.rfind("\n", 0, at) + 1
    return {"line": line, "character": sum(2 if ord(c) > 0xFFFF else 1 for c in text[start:at])}


def apply(text: str, edits) -> str:
    for e in sorted(edits, key=lambda e: offset(text, e["range"]["start"]), reverse=True):
        a, b = offset(text, e["range"]["start"]), offset(text, e["range"]["end"])
        text = text[:a] + e["newText"] + text[b:]
    return text


class Server(Raw):
    n = 100

    def request(self, method, params):
        self.n += 1
        self.send({"jsonrpc": "2.0", "id": self.n, "method": method, "params": params})
        while True:
            r = self.read()
            if r.get("id") == self.n:
                return r

    def open(self, path: pathlib.Path, text: str):
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                   "params": {"textDocument": {"uri": path.as_uri(), "languageId": "lua", "version": 1, "text": text}}})
        while True:
            r = self.read(60)
            if r.get("method") == "textDocument/publishDiagnostics" and r["params"]["uri"] == path.as_uri():
                return r["params"]["diagnostics"]


def offered_edits(s: Server, path: pathlib.Path, text: str):
    """(what, edits for this document) for every edit the server offers in `text`."""
    uri = path.as_uri()
    doc = {"textDocument": {"uri": uri}}
    diagnostics = s.open(path, text)
    whole = {"start": {"line": 0, "character": 0}, "end": position(text, len(text))}
    for action in s.request("textDocument/codeAction", {**doc, "range": whole, "context": {"diagnostics": diagnostics}})["result"]:
        yield action["title"], action["edit"]["changes"].get(uri, [])
    # Rename at every string and every name after `.store.`.
    places = [m.start() + 1 for m in re.finditer(r'"[^"\n]*"', text)] + [m.start(1) for m in re.finditer(r"\.store\.(\w+)", text)]
    for at in places:
        pos = position(text, at)
        if s.request("textDocument/prepareRename", {**doc, "position": pos}).get("result") is None:
            continue
        for name in HOSTILE:
            edit = s.request("textDocument/rename", {**doc, "position": pos, "newName": name})["result"]
            yield f"rename at {pos} to {name!r}", edit["changes"].get(uri, [])
    # Completion inside every string (the cursor before its closing quote) and after `.store.`.
    ends = [m.end() - 1 for m in re.finditer(r'"[^"\n]*"', text)] + [m.end(1) for m in re.finditer(r"\.store\.(\w+)", text)]
    for at in ends:
        pos = position(text, at)
        for item in s.request("textDocument/completion", {**doc, "position": pos})["result"]["items"]:
            if "textEdit" in item:
                yield f"completion {item['label']!r} at {pos}", [item["textEdit"]]
            else:
                # As a client does: the word before the cursor (a string's text, a name) replaced.
                start = at
                if text[at - 1:at] != '"' and (text[at:at + 1] == '"' or True):
                    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_") :
                        start -= 1
                if text[at:at + 1] == '"':
                    start = text.rfind('"', 0, at) + 1
                yield (f"completion {item['label']!r} at {pos}",
                       [{"range": {"start": position(text, start), "end": pos}, "newText": item.get("insertText", item["label"])}])


EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*.lua") if parses(p.read_text()))


@pytest.mark.parametrize("path", EXAMPLES, ids=[str(p.relative_to(ROOT)) for p in EXAMPLES])
def test_every_offered_edit_leaves_the_example_parsing(path):
    text = path.read_text()
    s = Server()
    s.initialize()
    broken, count = [], 0
    for what, edits in offered_edits(s, path, text):
        count += 1
        after = apply(text, edits)
        if not parses(after):
            broken.append((what, edits))
    s.close()
    assert not broken, broken[:5]


def test_the_trials_samples(tmp_path):
    s = Server()
    s.initialize()
    # The did-you-mean of `push = "sensor"` edits the value, not the field's name.
    path = tmp_path / "home.lua"
    text = ('return app { root = "home", screens = {\n'
            '  screen { id = "home", title = "Home", section { row { text = "S", push = "sensor" } } },\n'
            '  screen { id = "sensors", title = "Sensors", section { row { text = "a" } } } } }\n')
    found = s.open(path, text)
    actions = s.request("textDocument/codeAction", {"textDocument": {"uri": path.as_uri()},
                        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}},
                        "context": {"diagnostics": found}})["result"]
    fixed = [apply(text, a["edit"]["changes"][path.as_uri()]) for a in actions]
    assert text.replace('push = "sensor"', 'push = "sensors"') in fixed, (found, actions)
    # Rename to a name with a quote and a line break: escaped in the literals and the index.
    path = tmp_path / "keys.lua"
    text = ('return screen { title = "T", section { toggle { text = "W", key = "wifi" },\n'
            '  row { text = "x", visible = function(ctx) return ctx.store.wifi end } } }\n')
    s.open(path, text)
    at = position(text, text.index('"wifi"') + 1)
    edit = s.request("textDocument/rename", {"textDocument": {"uri": path.as_uri()}, "position": at, "newName": 'a"b\nc'})["result"]
    renamed = apply(text, edit["changes"][path.as_uri()])
    assert 'key = "a\\"b\\nc"' in renamed and 'ctx.store["a\\"b\\nc"]' in renamed, renamed
    assert parses(renamed)
    # Completion after `ctx.store.` of keys that are no Lua name.
    path = tmp_path / "store.lua"
    text = ('return screen { title = "T", section { toggle { text = "E", key = "end" }, toggle { text = "M", key = "my key" },\n'
            '  row { text = "x", visible = function(ctx) return ctx.store.\n')
    s.open(path, text)
    items = s.request("textDocument/completion", {"textDocument": {"uri": path.as_uri()}, "position": position(text, len(text) - 1)})["result"]["items"]
    inserted = {i["label"]: apply(text, [i["textEdit"]]) for i in items if "textEdit" in i}
    assert inserted["end"].endswith('ctx.store["end"]\n') and inserted["my key"].endswith('ctx.store["my key"]\n'), items
    s.close()
