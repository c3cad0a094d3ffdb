"""`luascreen lsp` driven by a real LSP client (pytest-lsp, on pygls), one test a request."""
import asyncio
import pathlib
import time

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

pytestmark = pytest.mark.asyncio

SCRIPT = '''\
return screen {
  id = "settings", title = "Settings",
  section {
    header = "Account",
    row { txt = "Profile", push = "profile" },
    toggle { text = "Wi-Fi", key = "wifi", default = true },
    row { text = "Status", detail = function(ctx) return ctx.store.wifl and "on" or "off" end },
    button { text = "Off", on_select = function(ctx) ctx.store.wifi = false end },
  },
}
'''

APP = '''\
return app {
  root = "settings",
  screens = {
    screen { id = "settings", title = "Settings",
      section { header = "Main",
        row { text = "Profile", push = "profile" },
        toggle { text = "Wi-Fi", key = "wifi" },
        row { text = "State", detail = function(ctx) return ctx.store.wifi and "on" or "off" end },
      },
    },
    screen { id = "profile", title = "Profile", section { row { text = "Name" } } },
  },
}
'''


def open_doc(client: LanguageClient, path: pathlib.Path, text: str, version: int = 1) -> str:
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="lua", version=version, text=text)))
    return uri


async def diagnostics(client: LanguageClient, uri: str, version: int | None = None, timeout: float = 10.0):
    """The diagnostics published for `uri` (at `version`, when given)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if uri in client.diagnostics and (version is None or client.diagnostic_versions.get(uri) == version):
            return list(client.diagnostics[uri])
        await asyncio.sleep(0.02)
    raise AssertionError(f"no diagnostics for {uri} at version {version}: {client.diagnostics.get(uri)}")


@pytest.fixture(autouse=True)
def track_versions(client: LanguageClient):
    """Keeps the version of each publishDiagnostics (the client keeps only the list)."""
    client.diagnostic_versions = {}
    client.published = []
    original = client.protocol.fm.features["textDocument/publishDiagnostics"]

    def publish(params: types.PublishDiagnosticsParams):
        client.diagnostic_versions[params.uri] = params.version
        client.published.append((params.uri, params.version, time.monotonic()))
        return original(params)

    client.protocol.fm.features["textDocument/publishDiagnostics"] = publish
    yield


def change(client: LanguageClient, uri: str, version: int, start: tuple, end: tuple, text: str):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text)]))


def at(line: int, character: int, uri: str):
    return dict(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character))


async def test_diagnostics_on_open_are_checks_list_with_ranges_and_codes(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT)
    found = await diagnostics(client, uri)
    by_code = {d.code: d for d in found}
    typo = by_code["unknown-field"]
    assert typo.severity == types.DiagnosticSeverity.Error
    assert typo.message == 'sections[1].rows[1].txt: unknown field "txt" (did you mean "text"?)'
    assert (typo.range.start.line, typo.range.start.character, typo.range.end.character) == (4, 10, 13)
    assert by_code["missing-field"].range.start.line == 4
    assert by_code["unknown-screen"].range.start.line == 4
    # As check: every diagnostic at once, the key typo (a warning at ctx.store.wifl) too.
    key = by_code["key-typo"]
    assert key.severity == types.DiagnosticSeverity.Warning
    assert key.range.start.line == 6 and SCRIPT.splitlines()[6][key.range.start.character:key.range.end.character] == "wifl"


async def test_diagnostics_follow_each_change_debounced_last_version_only(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT)
    await diagnostics(client, uri, 1)
    # Five quick edits (typing `text` over `txt` a letter at a time), then silence.
    line = SCRIPT.splitlines()[4]
    col = line.index("txt")
    change(client, uri, 2, (4, col), (4, col + 3), "t")
    change(client, uri, 3, (4, col + 1), (4, col + 1), "e")
    change(client, uri, 4, (4, col + 2), (4, col + 2), "x")
    change(client, uri, 5, (4, col + 3), (4, col + 3), "t")
    found = await diagnostics(client, uri, 5)
    assert [d.code for d in found] == ["unknown-screen", "key-typo"]
    # The push target gone, the script loads: only the key typo is left.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=6),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=SCRIPT.replace('txt = "Profile", push = "profile"', 'text = "Profile"'))]))
    found = await diagnostics(client, uri, 6)
    assert [d.code for d in found] == ["key-typo"]
    key = found[0]
    assert key.severity == types.DiagnosticSeverity.Warning
    assert key.range.start.line == 6 and SCRIPT.splitlines()[6][key.range.start.character:key.range.end.character] == "wifl"
    assert 'did you mean "wifi"' in key.message
    versions = [v for u, v, _ in client.published if u == uri]
    assert versions == [1, 5, 6], versions  # the edits in between were never checked


async def test_notes_are_related_information(client: LanguageClient, tmp_path):
    text = 'local function item(label)\n  return row { text = label, id = "same" }\nend\nreturn screen {\n  id = "s", title = "S",\n  section { item("A"), item("B") },\n}\n'
    uri = open_doc(client, tmp_path / "helper.lua", text)
    found = await diagnostics(client, uri)
    dup = next(d for d in found if d.code == "duplicate")
    assert dup.range.start.line == 1
    assert [(r.location.uri, r.location.range.start.line, r.message) for r in dup.related_information] == [(uri, 5, "called from here")]


async def test_required_module_is_read_from_the_open_buffer_and_rechecks_its_script(client: LanguageClient, tmp_path):
    (tmp_path / "rows.lua").write_text('return { row { text = "Saved" } }\n')
    script = open_doc(client, tmp_path / "main.lua", 'local rows = require("rows")\nreturn screen { title = "Main", section { rows = rows } }\n')
    assert await diagnostics(client, script, 1) == []
    # The module's unsaved text has a typo: the script is checked again, the module shows it.
    module_text = 'return {\n  row { text = "Unsaved", stlye = "value2" },\n}\n'
    module = (tmp_path / "rows.lua").as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=module, language_id="lua", version=1, text=module_text)))
    found = await diagnostics(client, module, 1)
    assert [(d.code, d.range.start.line) for d in found] == [("unknown-field", 1)]
    assert "style" in found[0].message
    # Fixing it in the buffer (the file on disk never had it) clears both.
    col = module_text.splitlines()[1].index("stlye")
    change(client, module, 2, (1, col), (1, col + 5), "style")
    assert await diagnostics(client, module, 2) == []


async def test_a_loop_is_a_diagnostic_at_its_line_and_the_server_answers(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "loop.lua", 'local n = 0\nwhile true do n = n + 1 end\nreturn screen { title = "x" }\n')
    started = time.monotonic()
    found = await diagnostics(client, uri)
    assert time.monotonic() - started < 5
    assert [(d.code, d.range.start.line) for d in found] == [("budget", 1)]
    assert "instruction limit exceeded" in found[0].message
    hover = await client.text_document_hover_async(types.HoverParams(**at(2, 8, uri)))
    assert "A screen" in hover.contents.value


async def test_memory_exhaustion_is_a_diagnostic(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "mem.lua", 'local s = "x"\nwhile true do s = s .. s end\nreturn screen { title = "x" }\n')
    found = await diagnostics(client, uri)
    assert [d.code for d in found] == ["memory"], found
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["x"]


def labels(result):
    items = result.items if hasattr(result, "items") else result
    return [i.label for i in items]


async def test_completion_of_fields_with_types_and_docs(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT)
    # Inside toggle { ... } after the `,` before `default`.
    line = SCRIPT.splitlines()[5]
    result = await client.text_document_completion_async(types.CompletionParams(**at(5, line.index("default"), uri)))
    items = {i.label: i for i in result.items}
    assert "on_change" in items and "values" in items and "text" not in items  # text is given already
    assert items["on_change"].detail.startswith("fun(ctx: luascreen.Ctx")
    assert "runs after" in items["on_change"].documentation.value
    assert "toggle" in items  # constructors too (an array item)


async def test_completion_of_enum_values_screen_ids_and_keys(client: LanguageClient, tmp_path):
    text = APP.replace('row { text = "Profile", push = "profile" }', 'row { text = "Profile", push = "", accessory = "" }')
    uri = open_doc(client, tmp_path / "app.lua", text)
    line_no = next(i for i, l in enumerate(text.splitlines()) if 'push = ""' in l)
    line = text.splitlines()[line_no]
    ids = await client.text_document_completion_async(types.CompletionParams(**at(line_no, line.index('push = ""') + 8, uri)))
    assert labels(ids) == ["profile", "settings"]
    acc = await client.text_document_completion_async(types.CompletionParams(**at(line_no, line.index('accessory = ""') + 13, uri)))
    assert labels(acc) == ["none", "disclosure", "checkmark", "detail", "detail_disclosure"]


async def test_completion_after_store_in_text_that_does_not_parse(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "app.lua", APP)
    await diagnostics(client, uri, 1)
    # Typing `ctx.store.` leaves the script unparseable; keys come from the last version that loaded.
    broken = APP.replace('return ctx.store.wifi and "on" or "off"', 'return ctx.store.')
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)]))
    line_no = next(i for i, l in enumerate(broken.splitlines()) if l.rstrip().endswith("ctx.store. end },") or "ctx.store. " in l)
    col = broken.splitlines()[line_no].index("ctx.store.") + len("ctx.store.")
    result = await client.text_document_completion_async(types.CompletionParams(**at(line_no, col, uri)))
    assert labels(result) == ["wifi"]
    assert [d.code for d in await diagnostics(client, uri, 2)] == ["syntax"]
    # key = "" offers the bound keys; ctx: the ctx methods.
    methods = await client.text_document_completion_async(types.CompletionParams(**at(line_no, col - len("store."), uri)))
    assert "store" in labels(methods)


async def test_completion_of_ctx_methods_and_test_file_globals(client: LanguageClient, tmp_path):
    text = 'return screen { title = "T", section { button { text = "Go", on_select = function(ctx) ctx: end } } }\n'
    uri = open_doc(client, tmp_path / "go.lua", text)
    result = await client.text_document_completion_async(types.CompletionParams(**at(0, text.index("ctx: ") + 4, uri)))
    assert {"push", "pop", "alert", "insert_row"} <= set(labels(result))
    test_text = 'test("x", function()\n  local s = open("go.lua")\n  s:\nend)\n\n'
    test_uri = open_doc(client, tmp_path / "go_test.lua", test_text)
    session = await client.text_document_completion_async(types.CompletionParams(**at(2, 4, test_uri)))
    assert {"select", "set", "back", "render"} <= set(labels(session))
    globals_ = await client.text_document_completion_async(types.CompletionParams(**at(4, 0, test_uri)))
    assert {"test", "eq", "open", "raises"} <= set(labels(globals_))


async def test_hover_shows_the_stub_doc(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT)
    lines = SCRIPT.splitlines()
    toggle = await client.text_document_hover_async(types.HoverParams(**at(5, lines[5].index("toggle") + 1, uri)))
    assert "A toggle: a boolean bound to a store key" in toggle.contents.value
    key = await client.text_document_hover_async(types.HoverParams(**at(5, lines[5].index("key") + 1, uri)))
    assert "the store key the toggle sets" in key.contents.value
    assert await client.text_document_hover_async(types.HoverParams(**at(0, 0, uri))) is None


async def test_definition_of_push_and_of_a_store_key(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "app.lua", APP)
    lines = APP.splitlines()
    push_line = next(i for i, l in enumerate(lines) if 'push = "profile"' in l)
    found = await client.text_document_definition_async(types.DefinitionParams(**at(push_line, lines[push_line].index('"profile"') + 2, uri)))
    screen_line = next(i for i, l in enumerate(lines) if 'id = "profile"' in l)
    assert [(d.uri, d.range.start.line) for d in found] == [(uri, screen_line)]
    use_line = next(i for i, l in enumerate(lines) if "ctx.store.wifi" in l)
    found = await client.text_document_definition_async(types.DefinitionParams(**at(use_line, lines[use_line].index("wifi"), uri)))
    toggle_line = next(i for i, l in enumerate(lines) if "toggle" in l)
    assert [(d.range.start.line, d.range.start.character) for d in found] == [(toggle_line, lines[toggle_line].index("toggle"))]


async def test_references_of_a_key(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT.replace("wifl", "wifi"))
    lines = SCRIPT.splitlines()
    refs = await client.text_document_references_async(types.ReferenceParams(
        context=types.ReferenceContext(include_declaration=True), **at(5, lines[5].index('"wifi"') + 1, uri)))
    assert [r.range.start.line for r in refs] == [5, 6, 7]


async def test_document_symbols_are_screens_sections_rows(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "app.lua", APP)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["app"]
    screens = symbols[0].children
    assert [s.name for s in screens] == ["settings", "profile"]
    assert [s.name for s in screens[0].children] == ["Main"]
    assert [r.name for r in screens[0].children[0].children] == ["Profile", "Wi-Fi", "State"]
    assert screens[0].kind == types.SymbolKind.Class and screens[0].children[0].kind == types.SymbolKind.Namespace


async def test_code_actions_fix_a_did_you_mean_and_add_an_id(client: LanguageClient, tmp_path):
    uri = open_doc(client, tmp_path / "settings.lua", SCRIPT)
    found = await diagnostics(client, uri)
    typo = next(d for d in found if d.code == "unknown-field")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=typo.range, context=types.CodeActionContext(diagnostics=[typo])))
    assert [a.title for a in actions] == ['Change to "text"']
    (edit,) = actions[0].edit.changes[uri]
    assert (edit.range.start.character, edit.range.end.character, edit.new_text) == (10, 13, "text")
    helper = 'local function item(label)\n  return row { text = label }\nend\nreturn screen { title = "S", section { item("A"), item("B") } }\n'
    h = open_doc(client, tmp_path / "helper.lua", helper)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=h), range=types.Range(start=types.Position(1, 10), end=types.Position(1, 10)),
        context=types.CodeActionContext(diagnostics=[])))
    assert len(actions) == 1 and actions[0].title.startswith("Add an id")
    (edit,) = actions[0].edit.changes[h]
    assert edit.new_text == " id = label," and (edit.range.start.line, edit.range.start.character) == (1, 14)


async def test_rename_a_key_across_the_script_and_its_tests(client: LanguageClient, tmp_path):
    text = SCRIPT.replace("wifl", "wifi")
    uri = open_doc(client, tmp_path / "settings.lua", text)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "settings_test.lua").write_text('test("wifi", function()\n  local s = open("../settings.lua", { store = { wifi = false } })\n  s:set("wifi", true)\n  eq(s:store().wifi, true)\nend)\n')
    lines = text.splitlines()
    edit = await client.text_document_rename_async(types.RenameParams(new_name="wlan", **at(6, lines[6].index("wifi") + 1, uri)))
    # A key's string is replaced whole by a literal (escaped by the one emitter); `ctx.store.wifi`'s name by the name.
    assert sorted((e.range.start.line, e.new_text) for e in edit.changes[uri]) == [(5, '"wlan"'), (6, "wlan"), (7, "wlan")]
    test_edits = edit.changes[(tests / "settings_test.lua").as_uri()]
    # The test's name (a string "wifi") is a row ref too; the store table key, s:set's key and .wifi.
    assert sorted((e.range.start.line, e.range.start.character) for e in test_edits) == [(0, 5), (1, 48), (2, 8), (3, 15)]


async def test_positions_are_utf16(client: LanguageClient, tmp_path):
    text = 'return screen { title = "😀 é", section { row { text = "😀😀", stlye = "x" } } }\n'
    uri = open_doc(client, tmp_path / "wide.lua", text)
    found = await diagnostics(client, uri)
    d = next(d for d in found if d.code == "unknown-field")
    utf16 = text.encode("utf-16-le")
    start = text.index("stlye")
    assert d.range.start.character == len(text[:start].encode("utf-16-le")) // 2
    assert d.range.end.character - d.range.start.character == 5
