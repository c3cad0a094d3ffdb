"""`luascreen lsp` against malformed input, on a raw pipe: every bad message gets a JSON-RPC
error, the server keeps answering, and it ends as the protocol says."""
import json
import os
import select
import subprocess
import time

from conftest import BIN


class Raw:
    def __init__(self):
        self.p = subprocess.Popen([BIN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buffer = b""

    def write(self, data: bytes):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self, timeout=10.0, or_none=False):
        """The next message; none within `timeout` fails the test (or, `or_none`, is None)."""
        deadline = time.monotonic() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                head, rest = self.buffer.split(b"\r\n\r\n", 1)
                n = int(head.split(b":")[1])
                if len(rest) >= n:
                    self.buffer = rest[n:]
                    return json.loads(rest[:n])
            left = deadline - time.monotonic()
            if left <= 0 and or_none:
                return None
            assert left > 0, f"no reply within {timeout} s; have {self.buffer[:200]!r}"
            ready, _, _ = select.select([self.p.stdout], [], [], left)
            if ready:
                chunk = os.read(self.p.stdout.fileno(), 65536)
                assert chunk, "the server closed its output"
                self.buffer += chunk

    def initialize(self):
        self.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
        assert "capabilities" in self.read()["result"]

    def alive(self, n=99):
        self.send({"jsonrpc": "2.0", "id": n, "method": "textDocument/documentSymbol",
                   "params": {"textDocument": {"uri": "file:///nowhere.lua"}}})
        reply = self.read()
        # A document's diagnostics are published after the debounce, whenever that ends: a
        # notification, not an answer to anything (a loaded machine sends them late).
        while reply.get("method") == "textDocument/publishDiagnostics":
            reply = self.read()
        assert reply == {"jsonrpc": "2.0", "id": n, "result": []}, reply

    def close(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()


def test_bad_json_gets_a_parse_error_and_the_server_answers_on():
    s = Raw()
    s.initialize()
    s.write(b"Content-Length: 9\r\n\r\n{not json")
    reply = s.read()
    assert reply["error"]["code"] == -32700 and reply["id"] is None
    s.alive()
    s.close()


def test_unknown_method_and_bad_params_are_errors():
    s = Raw()
    s.initialize()
    s.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/frobnicate", "params": {}})
    assert s.read()["error"]["code"] == -32601
    s.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"textDocument": 5}})
    assert s.read()["error"]["code"] == -32602
    s.send({"jsonrpc": "2.0", "method": "textDocument/frobnicated", "params": {}})  # a notification: no reply
    s.alive()
    s.close()


def test_requests_before_initialize_are_refused():
    s = Raw()
    s.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}})
    assert s.read()["error"]["code"] == -32002
    s.close()


def test_a_content_length_that_lies_short_or_long():
    s = Raw()
    s.initialize()
    body = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {}}).encode()
    # Short: the body is cut, the rest is garbage before the next header.
    s.write(b"Content-Length: 10\r\n\r\n" + body)
    s.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol",
            "params": {"textDocument": {"uri": "file:///nowhere.lua"}}})
    replies = [s.read(), s.read(), s.read()]
    # The cut body, then the bytes left before the next header: two errors, then the answer.
    assert [r.get("error", {}).get("code") for r in replies] == [-32700, -32700, None]
    assert replies[2]["id"] == 1 and replies[2]["result"] == []
    # Long: the body ends at the next header (a header line cannot stand in JSON), at once.
    s.write(b"Content-Length: 500\r\n\r\n" + body)
    s.send({"jsonrpc": "2.0", "id": 7, "method": "shutdown"})
    started = time.monotonic()
    replies = [s.read(), s.read()]
    assert time.monotonic() - started < 0.5
    assert replies[0]["id"] == 5 and replies[0]["error"]["code"] == -32602
    assert replies[1] == {"jsonrpc": "2.0", "id": 7, "result": None}
    s.close()


def test_a_length_of_100_over_17_bytes_then_requests_are_answered_at_once():
    for length in (100, 1000, 99999999999):
        s = Raw()
        s.initialize()
        s.write(b"Content-Length: %d\r\n\r\n" % length + b'{"jsonrpc":"2.0"}')
        started = time.monotonic()
        symbols = {"textDocument": {"uri": "file:///nowhere.lua"}}
        s.send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/documentSymbol", "params": symbols})
        if length > 1000:  # more than the server accepts: its bytes pass unread, to the next header
            assert "larger than" in s.read()["error"]["message"]
        else:
            assert s.read()["error"]["code"] == -32600  # the 17 bytes: JSON, but no message
        assert s.read() == {"jsonrpc": "2.0", "id": 1, "result": []}
        assert time.monotonic() - started < 0.5
        s.alive(2)
        s.close()


def test_json_rpc_ids_notifications_and_shutdown():
    s = Raw()
    s.initialize()
    # Notifications' methods sent with an id are requests: answered, with that id.
    s.send({"jsonrpc": "2.0", "id": "open", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": "file:///tmp/none.lua", "languageId": "lua", "version": 1, "text": "return 1"}}})
    s.send({"jsonrpc": "2.0", "id": 11, "method": "initialized", "params": {}})
    seen = {}
    while len(seen) < 2:
        r = s.read()
        if "id" in r:
            seen[r["id"]] = r
    assert seen["open"]["result"] is None and seen[11]["result"] is None
    # Requests' methods without an id are notifications: never answered, shutdown included.
    for method in ("textDocument/hover", "textDocument/documentSymbol", "shutdown"):
        s.send({"jsonrpc": "2.0", "method": method, "params": {"textDocument": {"uri": "file:///nowhere.lua"}}})
    s.alive(12)  # the next reply is this request's: nothing was answered, nothing shut down
    s.send({"jsonrpc": "2.0", "method": "exit"})
    assert s.p.wait(timeout=5) == 1


CONTROLS = [
    # A value quoted in a message, and a field function's error message.
    r'''return screen { title = "T", section {
  row { text = "y", accessory = "\27[31mred\7\u{202E}" } } }
''',
    r'''return screen { title = "T", section {
  toggle { text = "x", key = "k", visible = function() error("\27[2J\7\u{202E}\u{9B}boom\n2") end } } }
''',
]


def test_control_characters_in_diagnostics_are_escaped_as_check_shows_them(tmp_path):
    for i, text in enumerate(CONTROLS):
        script = tmp_path / f"ctl{i}.lua"
        script.write_text(text)
        check = subprocess.run([BIN, "check", script.name], capture_output=True, text=True, cwd=tmp_path)
        shown = [l.split(": ", 2)[2] for l in (check.stdout + check.stderr).splitlines() if l.startswith(script.name)]
        assert shown and all("\\x1b" in l and "\\u{202E}" in l for l in shown), (shown, check.stdout, check.stderr)
        s = Raw()
        s.initialize()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": script.as_uri(), "languageId": "lua", "version": 1, "text": text}}})
        messages = [d["message"] for d in s.read()["params"]["diagnostics"]]
        # The same text as `check`'s line after its place and severity: escapes, no raw control.
        assert messages == shown, (messages, shown)
        s.close()


def test_a_100_mb_message_is_refused_without_holding_it():
    s = Raw()
    s.initialize()
    size = 100 << 20
    s.write(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b"x" * (1 << 20)
    for _ in range(100):
        s.write(chunk)
    reply = s.read()
    assert reply["error"]["code"] == -32700 and "larger than" in reply["error"]["message"]
    s.alive()
    # Its peak memory stayed far below the message (read from /proc while it runs).
    with open(f"/proc/{s.p.pid}/status") as f:
        peak = next(int(l.split()[1]) for l in f if l.startswith("VmHWM:"))
    assert peak < 60 * 1024, f"{peak} KiB"
    s.close()


def test_shutdown_then_exit_ends_with_status_0_and_exit_alone_with_1():
    s = Raw()
    s.initialize()
    s.send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
    assert s.read() == {"jsonrpc": "2.0", "id": 3, "result": None}
    s.send({"jsonrpc": "2.0", "method": "exit"})
    assert s.p.wait(timeout=5) == 0
    t = Raw()
    t.initialize()
    t.send({"jsonrpc": "2.0", "method": "exit"})
    assert t.p.wait(timeout=5) == 1


def test_closed_stdin_ends_it():
    s = Raw()
    s.initialize()
    s.p.stdin.close()
    assert s.p.wait(timeout=5) == 0
