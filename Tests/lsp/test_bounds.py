"""`luascreen lsp` under documents that recur or flood (SPEC §7, §16): two documents that
require each other are checked once per change, the cycle is one diagnostic in each, and a
script making 100,000 problems keeps the server within §7's bound on the whole process."""
import time

from test_protocol import Raw

A = 'local b = require("b")\nreturn screen { title = "A", section { toggle { text = "x", key = "k" } } }\n'
B = 'local a = require("a")\nreturn { n = 1 }\n'


def open_doc(s, path, text, version=1):
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": path.as_uri(), "languageId": "lua", "version": version, "text": text}}})


def publishes(s, seconds):
    """The publishDiagnostics that come within `seconds`."""
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            r = s.read(max(0.05, end - time.monotonic()))
        except AssertionError:
            break
        if r.get("method") == "textDocument/publishDiagnostics":
            out.append(r["params"])
    return out


def test_documents_requiring_each_other_are_checked_once_per_change(tmp_path):
    a, b = tmp_path / "a.lua", tmp_path / "b.lua"
    a.write_text(A)
    b.write_text(B)
    s = Raw()
    s.initialize()
    open_doc(s, a, A)
    open_doc(s, b, B)
    first = publishes(s, 3)
    # Each open checks its document and the open ones that read it (b's open re-checks a,
    # which read b from disk), each check publishing its document and the other: at most 6.
    assert 0 < len(first) <= 6, len(first)
    last = {p["uri"]: p["diagnostics"] for p in first}
    for doc in (a, b):
        cycle = [d for d in last[doc.as_uri()] if "requires itself" in d["message"]]
        assert len(cycle) == 1, last[doc.as_uri()]
    # Nothing typed: nothing more.
    assert publishes(s, 2) == []
    # One change of either: each is checked once more (a change of b reaches a, its requirer).
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": b.as_uri(), "version": 2},
                       "contentChanges": [{"text": B.replace("n = 1", "n = 2")}]}})
    again = publishes(s, 3)
    assert 0 < len(again) <= 4, len(again)
    s.close()


def test_a_loop_making_100000_rows_with_an_unknown_field_stays_within_the_bound(tmp_path):
    script = tmp_path / "rows.lua"
    script.write_text('local rows = {}\n'
                      'for i = 1, 100000 do rows[i] = toggle { text = "t" .. i, key = "k" .. i, bogus = 1 } end\n'
                      'return screen { title = "T", section(rows) }\n')
    s = Raw()
    s.initialize()
    open_doc(s, script, script.read_text())
    diagnostics = s.read(300)["params"]["diagnostics"]
    # The first thousand, and a note counting the rest.
    assert len(diagnostics) == 1001
    assert diagnostics[-1]["code"] == "more" and diagnostics[-1]["message"].startswith("99000 more problems")
    with open(f"/proc/{s.p.pid}/status") as f:
        peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    assert peak < (2 * 64 + 32) * 1024, f"{peak} KiB"  # twice the 64 MiB cap plus 32 MiB
    s.alive()
    s.close()
