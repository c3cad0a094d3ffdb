"""`luascreen lsp` on an app split into modules (examples/podcasts): a module opened alone is
checked as part of the app that requires it (no false `require ... not found`, its own
problems shown), `ctx.store.` completes the keys bound anywhere in the app (by helpers, in
modules) and definition reaches a key bound in another module; Neovim shows the module's
diagnostic too."""
import shutil

import pytest

from conftest import ROOT
from test_neovim import neovim_diagnostics
from test_edits import Server, position

APP = ROOT / "examples" / "podcasts"


@pytest.fixture
def app(tmp_path):
    copy = tmp_path / "podcasts"
    shutil.copytree(APP, copy)
    return copy


def test_a_module_opened_alone_is_checked_as_part_of_its_app(app):
    # A module that returns its helpers is checked with its app too: no "returns a table of functions".
    s = Server()
    s.initialize()
    assert s.open(app / "lib" / "prefs.lua", (app / "lib" / "prefs.lua").read_text()) == []
    s.close()
    module = app / "screens" / "playback.lua"
    text = module.read_text().replace('default = "1"', 'defualt = "1"')
    # No root, the app's folder, a folder above it, and the module's own folder (Neovim's set-up names the buffer's).
    for root in (None, app, app.parent, app / "screens"):
        s = Server()
        params = {"capabilities": {}}
        if root:
            params["rootUri"] = root.as_uri()
        s.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": params})
        assert "capabilities" in s.read()["result"]
        found = s.open(module, text)
        assert not [d for d in found if "not found" in d["message"]], found
        assert [(d["range"]["start"]["line"], d["code"]) for d in found] == [(12, "unknown-field")], found
        line = text.splitlines()[12]
        d = found[0]
        assert line[d["range"]["start"]["character"]:d["range"]["end"]["character"]] == "defualt"
        s.close()


def test_store_keys_and_definitions_span_the_apps_modules(app):
    s = Server()
    s.initialize()
    module = app / "screens" / "downloads.lua"
    text = module.read_text().replace("ctx.store.wifi_only and", "ctx.store.speed and")
    assert s.open(module, text) == []
    at = text.index("ctx.store.") + len("ctx.store.")
    labels = {i["label"] for i in s.request("textDocument/completion", {"textDocument": {"uri": module.as_uri()},
                                                                         "position": position(text, at)})["result"]["items"]}
    # Keys bound by the helpers of lib/prefs.lua in both screens' modules, and a choice's literal key.
    assert {"skip_forward", "skip_back", "continuous", "speed", "wifi_only", "keep"} <= labels, labels
    where = s.request("textDocument/definition", {"textDocument": {"uri": module.as_uri()}, "position": position(text, at + 1)})["result"]
    playback = app / "screens" / "playback.lua"
    assert [(w["uri"], w["range"]["start"]["line"]) for w in where] == [(playback.as_uri(), 12)], where
    s.close()


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is installed by scripts/setup")
def test_neovim_shows_a_modules_own_diagnostic(app, tmp_path):
    module = app / "screens" / "playback.lua"
    module.write_text(module.read_text().replace('default = "1"', 'defualt = "1"'))
    result = neovim_diagnostics(tmp_path, module, app)
    assert result["ok"], result
    messages = [(d["lnum"], d["message"]) for d in result["diagnostics"]]
    assert messages == [(12, 'screens[2].sections[2].rows[2].defualt: unknown field "defualt" (did you mean "default"?)')], messages


def test_completion_after_push_and_in_key_offers_screen_ids_and_waiting_keys(app):
    s = Server()
    s.initialize()
    entry = app / "podcasts.lua"
    text = entry.read_text().replace('row { text = "Downloads", push = "downloads" },',
                                     'row { text = "Downloads", push = \n')
    # Opened as it is, then the push being typed (the text does not load: the app's ids are
    # those of the last check that did).
    s.open(entry, entry.read_text())
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": entry.as_uri(), "version": 2}, "contentChanges": [{"text": text}]}})
    at = text.index("push = \n") + len("push = ")
    items = s.request("textDocument/completion", {"textDocument": {"uri": entry.as_uri()}, "position": position(text, at)})["result"]["items"]
    ids = [(i["label"], i.get("insertText")) for i in items if i.get("detail") == "screen id"]
    assert ("downloads", '"downloads"') in ids and ("playback", '"playback"') in ids, items
    s.send({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": entry.as_uri()}}})
    # A key read by ctx.store (in the text typed) that no row binds yet comes first in `key = "`.
    module = app / "screens" / "downloads.lua"
    reads = module.read_text().replace("ctx.store.wifi_only and", "ctx.store.metered_ok and")
    s.open(module, reads)
    text = reads.replace('prefs.amount("keep"', 'toggle { text = "Metered", key = "" },\n    prefs.amount("keep"')
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": module.as_uri(), "version": 2}, "contentChanges": [{"text": text}]}})
    at = text.index('key = ""') + len('key = "')
    items = s.request("textDocument/completion", {"textDocument": {"uri": module.as_uri()}, "position": position(text, at)})["result"]["items"]
    first = min(items, key=lambda i: i.get("sortText", i["label"]))
    assert first["label"] == "metered_ok", items
    assert {"wifi_only", "speed"} <= {i["label"] for i in items}
    s.close()


def test_a_helpers_bad_argument_is_shown_at_the_call_in_the_file_typed(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "rows.lua").write_text(
        'local M = {}\nfunction M.pick(text, acc)\n  return row { text = text, accessory = acc }\nend\nreturn M\n')
    main = tmp_path / "main.lua"
    text = 'local rows = require("lib.rows")\nreturn screen { title = "T", section {\n  rows.pick("A", "chevron"),\n} }\n'
    s = Server()
    s.initialize()
    found = s.open(main, text)
    at_call = [d for d in found if d["code"] == "unknown-value"]
    assert len(at_call) == 1, found
    d = at_call[0]
    line = text.splitlines()[d["range"]["start"]["line"]]
    assert d["range"]["start"]["line"] == 2 and line[d["range"]["start"]["character"]:d["range"]["end"]["character"]] == '"chevron"', d
    assert "lib/rows.lua" in d["message"] or "rows.lua:3" in d["message"], d
    s.close()


def test_a_module_changed_on_disk_checks_its_open_app_again(app):
    s = Server()
    s.initialize()
    entry = app / "podcasts.lua"
    assert s.open(entry, entry.read_text()) == []
    module = app / "screens" / "playback.lua"
    module.write_text(module.read_text().replace('id = "playback"', 'id = "player"'))
    s.send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles",
            "params": {"changes": [{"uri": module.as_uri(), "type": 2}]}})
    while True:
        r = s.read(30)
        if r.get("method") == "textDocument/publishDiagnostics" and r["params"]["uri"] == entry.as_uri():
            break
    assert [d["code"] for d in r["params"]["diagnostics"]] == ["unknown-screen"], r
    s.close()


def test_the_project_file_names_the_app_a_module_is_checked_with(app):
    # The server asks Project.forFile, as check and run do: a module that loads alone without
    # trouble is checked as part of the app the project file names.
    extra = app / "screens" / "extra.lua"
    extra.write_text('return screen { id = "extra", title = "Extra", section { row { text = "x", push = "podcasts" } } }\n')
    entry = app / "podcasts.lua"
    entry.write_text('local extra = require("screens.extra")\n' + entry.read_text().replace("screens = {", "screens = { extra,", 1))
    s = Server()
    s.initialize()
    assert [d["code"] for d in s.open(extra, extra.read_text())] == ["unknown-screen"]
    s.close()
    (app / "luascreen.json").write_text('{"entry": "podcasts.lua"}\n')
    s = Server()
    s.initialize()
    assert s.open(extra, extra.read_text()) == []
    s.close()
    (app / "luascreen.json").write_text('{"entry": "podcasts.lua", "tset": "tests"}\n')
    s = Server()
    s.initialize()
    found = s.open(extra, extra.read_text())
    assert any('project file: unknown member "tset"' in d["message"] for d in found), found
    s.close()


def hover(s, path, text, at):
    return s.request("textDocument/hover", {"textDocument": {"uri": path.as_uri()}, "position": position(text, at)})["result"]


def test_hover_on_a_row_shows_the_cores_presentation(app):
    # On a helper's call (the row is made in lib/prefs.lua) and on a row's constructor: the
    # row as shown, its value with its unit, an option's text for a choice.
    s = Server()
    s.initialize()
    module = app / "screens" / "playback.lua"
    text = module.read_text()
    assert s.open(module, text) == []
    shown = hover(s, module, text, text.index('prefs.amount("skip_back"') + len("prefs.am"))["contents"]["value"]
    assert "**Skip back**" in shown and "key `skip_back`" in shown and "- value: 15 s" in shown, shown
    shown = hover(s, module, text, text.index("choice {") + 2)["contents"]["value"]
    assert "**Speed**" in shown and "- value: 1×" in shown and "A choice" in shown, shown
    switch = hover(s, module, text, text.index("prefs.switch") + len("prefs.sw"))["contents"]["value"]
    assert "**Continuous playback**" in switch and "- switch: on" in switch, switch
    # Another value typed: the hover follows the text being typed.
    edited = text.replace('default = "1"', 'default = "1.5"')
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": module.as_uri(), "version": 2}, "contentChanges": [{"text": edited}]}})
    shown = hover(s, module, edited, edited.index("choice {") + 2)["contents"]["value"]
    assert "- value: 1.5×" in shown, shown
    s.close()


def test_key_completion_offers_a_read_waiting_in_another_module(app):
    # downloads.lua reads ctx.store.metered_ok (bound by no row); in playback.lua, `key = "`
    # offers it first.
    downloads = app / "screens" / "downloads.lua"
    downloads.write_text(downloads.read_text().replace("ctx.store.wifi_only and", "ctx.store.metered_ok and"))
    s = Server()
    s.initialize()
    module = app / "screens" / "playback.lua"
    s.open(module, module.read_text())
    text = module.read_text().replace('prefs.switch("continuous"', 'toggle { text = "Metered", key = "" },\n    prefs.switch("continuous"')
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": module.as_uri(), "version": 2}, "contentChanges": [{"text": text}]}})
    at = text.index('key = ""') + len('key = "')
    items = s.request("textDocument/completion", {"textDocument": {"uri": module.as_uri()}, "position": position(text, at)})["result"]["items"]
    first = min(items, key=lambda i: i.get("sortText", i["label"]))
    assert first["label"] == "metered_ok" and "bound by no row" in first["detail"], items
    s.close()


def test_definition_and_references_of_a_key_a_helper_binds_in_another_module(app):
    # "continuous" is bound by prefs.switch (lib/prefs.lua) called in screens/playback.lua;
    # read in downloads.lua: definition goes to the call's string, references list it too,
    # rename changes it.
    downloads = app / "screens" / "downloads.lua"
    text = downloads.read_text().replace("ctx.store.wifi_only and", "ctx.store.continuous and")
    s = Server()
    s.initialize()
    s.open(downloads, text)
    at = text.index("ctx.store.continuous") + len("ctx.store.con")
    doc = {"textDocument": {"uri": downloads.as_uri()}, "position": position(text, at)}
    playback = app / "screens" / "playback.lua"
    lines = playback.read_text().splitlines()
    line = next(i for i, l in enumerate(lines) if 'prefs.switch("continuous"' in l)
    where = s.request("textDocument/definition", doc)["result"]
    assert [(w["uri"], w["range"]["start"]["line"]) for w in where] == [(playback.as_uri(), line)], where
    r = where[0]["range"]
    assert lines[line][r["start"]["character"]:r["end"]["character"]] == "continuous"
    refs = s.request("textDocument/references", {**doc, "context": {"includeDeclaration": True}})["result"]
    assert {(w["uri"], w["range"]["start"]["line"]) for w in refs} == {(playback.as_uri(), line), (downloads.as_uri(), text[:at].count("\n"))}, refs
    edit = s.request("textDocument/rename", {**doc, "newName": "gapless"})["result"]["changes"]
    assert [e["newText"] for e in edit[playback.as_uri()]] == ['"gapless"'], edit
    s.close()


def test_a_helpers_bad_argument_is_shown_on_the_argument_at_the_call(app):
    # prefs.amount(key, text, min, max, default, unit): a default above max, typed in the
    # module, is shown on that argument at the call (and in lib/prefs.lua where the row is made).
    module = app / "screens" / "playback.lua"
    text = module.read_text().replace('prefs.amount("skip_back", "Skip back", 5, 120, 15, "s")',
                                      'prefs.amount("skip_back", "Skip back", 5, 120, 150, "s")')
    s = Server()
    s.initialize()
    found = [d for d in s.open(module, text) if d["code"] == "bad-default"]
    assert len(found) == 1, found
    r = found[0]["range"]
    line = text.splitlines()[r["start"]["line"]]
    assert "skip_back" in line and line[r["start"]["character"]:r["end"]["character"]] == "150", found
    assert "prefs.lua" in found[0]["message"], found
    s.close()


def test_a_require_cycle_between_two_open_modules_of_an_app_is_one_diagnostic_and_no_loop(app):
    from test_bounds import open_doc, publishes
    playback, downloads = app / "screens" / "playback.lua", app / "screens" / "downloads.lua"
    playback.write_text('local d = require("screens.downloads")\n' + playback.read_text())
    downloads.write_text('local p = require("screens.playback")\n' + downloads.read_text())
    s = Server()
    s.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}, "rootUri": app.as_uri()}})
    s.read()
    for module in (playback, downloads, app / "podcasts.lua"):
        open_doc(s, module, module.read_text())
    last = {}
    for p in publishes(s, 4):
        last[p["uri"]] = p["diagnostics"]
    cycles = [(uri, d["code"]) for uri, found in last.items() for d in found if "requires itself" in d["message"]]
    assert len(cycles) == 1 and cycles[0][1] == "cycle", last
    # Nothing typed: nothing published.
    assert publishes(s, 2) == []
    s.close()


def test_completion_before_the_quote_after_ctx_push_and_store_index(app):
    s = Server()
    s.initialize()
    entry = app / "podcasts.lua"
    s.open(entry, entry.read_text())
    text = entry.read_text().replace('row { text = "Downloads", push = "downloads" },',
                                     'button { text = "Go", on_select = function(ctx) ctx:push( end },\n        '
                                     'row { text = "S", detail = function(ctx) return ctx.store[ end },')
    s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": {"textDocument": {"uri": entry.as_uri(), "version": 2}, "contentChanges": [{"text": text}]}})
    def complete(at):
        return s.request("textDocument/completion", {"textDocument": {"uri": entry.as_uri()}, "position": position(text, at)})["result"]["items"]
    pushed = {(i["label"], i.get("insertText")) for i in complete(text.index("ctx:push(") + len("ctx:push("))}
    assert {("downloads", '"downloads"'), ("playback", '"playback"')} <= pushed, pushed
    keys = {(i["label"], i.get("insertText")) for i in complete(text.index("ctx.store[") + len("ctx.store["))}
    assert {("speed", '"speed"'), ("skip_forward", '"skip_forward"')} <= keys, keys
    s.close()
