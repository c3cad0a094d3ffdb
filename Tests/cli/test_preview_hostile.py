"""`luascreen preview` against a hostile client (issue 40): integer windows that overflow,
slowloris (many connections holding half a head, a head trickled byte by byte), requests
libmicrohttpd itself would refuse (its 400/431/505 pages carried no security headers), and
`go` with a path no person could click (a screen only a refusing callback pushes, another
root)."""
import json
import os
import shutil
import socket
import tempfile
import textwrap
import time
import unittest

from Tests.cli.previewsupport import Preview, wait_for
from Tests.cli.replsupport import require_binary

APP = textwrap.dedent('''
    return app { root = "main", screens = {
      screen { id = "main", title = "Main", section {
        row { id = "dev", text = "Developer options",
              on_select = function(ctx) ctx:alert("Developer options are locked") end },
        row { id = "about_row", text = "About", push = "about" },
        row { id = "hidden_row", text = "Hidden", push = "hidden", visible = false },
        row { id = "off_row", text = "Off", push = "off", enabled = false },
        toggle { id = "wiped", text = "Wiped", key = "wiped", default = false },
      } },
      screen { id = "developer", title = "Developer", section {
        button { id = "erase_all", text = "Wipe all data", destructive = true,
                 on_select = function(ctx) ctx.store.wiped = true end },
      } },
      screen { id = "about", title = "About", section { row { text = "v1" } } },
      screen { id = "hidden", title = "Hidden", section { row { text = "h" } } },
      screen { id = "off", title = "Off", section { row { text = "o" } } },
    } }
''')

SECURITY_HEADERS = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


def raw(port, data, seconds=10):
    """Sends `data` on a new connection; everything the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(data)
        chunks = []
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        except (socket.timeout, ConnectionResetError):
            pass
    return b"".join(chunks)


def parse(answer):
    """(status, {lower-case header: value}) of a raw HTTP answer."""
    head, _, _ = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1]) if lines and lines[0].startswith("HTTP/") else None
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


class PreviewHostileTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="luascreen-preview-hostile-")
        cls.script = os.path.join(cls.dir, "app.lua")
        with open(cls.script, "w") as f:
            f.write(APP)
        cls.preview = Preview(cls.script)

    @classmethod
    def tearDownClass(cls):
        cls.preview.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def setUp(self):
        require_binary(self)

    def assertAlive(self):
        self.assertIsNone(self.preview.proc.poll(), "the server died")
        status, _, _ = self.preview.request("GET", "/")
        self.assertEqual(status, 200)

    def assertSecurityHeaders(self, headers, what):
        for name, value in SECURITY_HEADERS.items():
            self.assertEqual(headers.get(name), value, f"{what}: {name}")
        self.assertIn("default-src 'none'", headers.get("content-security-policy", ""), what)

    # Integers

    def test_windows_that_would_overflow(self):
        p = self.preview
        for query in ("?from=9223372036854775807&count=500&hidden=1",
                      "?from=9223372036854775807&count=9223372036854775807",
                      "?from=-9223372036854775808&count=-9223372036854775808&hidden=1",
                      "?from=99999999999999999999999&count=99999999999999999999&hidden=1",
                      "?from=1e300&count=NaN", "?since=9223372036854775807"):
            state = p.state(query)
            self.assertEqual(state["screen"]["id"], "main", query)
            self.assertAlive()
        for window in (9223372036854775807, -9223372036854775808, 2 ** 80):
            answer = p.op("home", window_from=window, window_count=500, hidden=True)
            self.assertTrue(answer["ok"], answer)
            answer = p.op("home", window_from=window, window_count=window)
            self.assertTrue(answer["ok"], answer)
        for position in (9223372036854775807, -9223372036854775808):
            p.op("move", ref="wiped", **{"from": position, "to": position})
            p.op("remove", ref="wiped", **{"from": position})
        status, _, _ = p.request("GET", "/api/events?since=9223372036854775807", headers={})
        self.assertAlive()

    # Slow clients

    def test_half_sent_heads_do_not_stop_the_page(self):
        port = self.preview.port
        held = []
        try:
            for _ in range(80):
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: ".encode())
                held.append(s)
            started = time.monotonic()
            status, headers, body = self.preview.request("GET", "/")
            self.assertEqual(status, 200)
            self.assertIn(b"<html", body.lower())
            self.assertLess(time.monotonic() - started, 5, "the page waited for the slow connections")
            state = self.preview.state()
            self.assertEqual(state["screen"]["id"], "main")
        finally:
            for s in held:
                s.close()

    def test_a_head_trickled_byte_by_byte_is_cut_off(self):
        port = self.preview.port
        head = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: {'a' * 200}".encode()
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
            answer = b""
            for byte in head:
                try:
                    s.sendall(bytes([byte]))
                except (BrokenPipeError, ConnectionResetError):
                    break
                time.sleep(0.1)
                if time.monotonic() - started > 25:
                    break
            try:
                answer = s.recv(65536)
            except (socket.timeout, ConnectionResetError):
                pass
        self.assertLess(time.monotonic() - started, 25, "a trickled head was held past its time")
        status, headers = parse(answer)
        self.assertEqual(status, 408, answer[:300])
        self.assertSecurityHeaders(headers, "408")

    def test_stalled_bodies_past_the_limit_are_answered_not_dropped(self):
        # Whole heads, bodies that never come: libmicrohttpd serves 256 such connections and
        # closes each after 10 s of silence; one more is answered 503 (with the headers) at
        # once, not closed unanswered. Then the stalled ones close and the page is served.
        port, token = self.preview.port, self.preview.token
        head = (f"POST /api/do HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Luascreen-Token: {token}\r\n"
                "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n").encode()
        held = []
        try:
            for _ in range(260):
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall(head)
                held.append(s)
            time.sleep(1)
            status, headers = parse(raw(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()))
            self.assertIn(status, (200, 503))
            self.assertSecurityHeaders(headers, f"{status} while the server is full")
        finally:
            for s in held:
                s.close()
        self.assertTrue(wait_for(lambda: self.preview.request("GET", "/")[0] == 200, 30))
        self.assertAlive()

    # libmicrohttpd's own refusals

    def test_every_refusal_carries_the_security_headers(self):
        port = self.preview.port
        host = f"Host: 127.0.0.1:{port}\r\n".encode()
        cases = {
            "HTTP/2.0": (b"GET / HTTP/2.0\r\n" + host + b"\r\n", 505),
            "HTTP/1.7": (b"GET / HTTP/1.7\r\n" + host + b"\r\n", 505),
            "huge head": (b"GET / HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 40000 + b"\r\n\r\n", 431),
            "many headers": (b"GET / HTTP/1.1\r\n" + host + b"".join(b"X-%d: %s\r\n" % (i, b"b" * 100) for i in range(400)) + b"\r\n", 431),
            "no host": (b"GET / HTTP/1.1\r\n\r\n", 400),
            "two hosts": (b"GET / HTTP/1.1\r\n" + host + host + b"\r\n", 400),
            "no colon": (b"GET / HTTP/1.1\r\n" + host + b"garbage line\r\n\r\n", 400),
            "folded": (b"GET / HTTP/1.1\r\n" + host + b"X-A: a\r\n b\r\n\r\n", 400),
            "bare LF": (b"GET / HTTP/1.1\n" + host + b"\n", 400),
            "NUL": (b"GET /\x00 HTTP/1.1\r\n" + host + b"\r\n", 400),
            "binary": (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 400),
            "bad length": (b"POST /api/do HTTP/1.1\r\n" + host + b"Content-Length: -5\r\n\r\n", 400),
            "chunked": (b"POST /api/do HTTP/1.1\r\n" + host + b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            "absolute target": (b"GET http://evil/ HTTP/1.1\r\n" + host + b"\r\n", 400),
        }
        for what, (data, expected) in cases.items():
            answer = raw(port, data)
            status, headers = parse(answer)
            self.assertEqual(status, expected, f"{what}: {answer[:200]!r}")
            self.assertSecurityHeaders(headers, what)
        # And the server's own answers: a 404, a 405, a 413.
        for method, path, body in (("GET", "/nothing", None), ("DELETE", "/", None), ("POST", "/api/do", b"x" * 70000)):
            status, headers, _ = self.preview.request(method, path, body=body)
            self.assertIn(status, (404, 405, 413))
            self.assertSecurityHeaders(headers, f"{method} {path}")
        self.assertAlive()

    # Navigation

    def test_go_follows_only_rows_a_person_could_select(self):
        p = self.preview
        for path in (["main", "developer"], ["developer"], ["about"], ["main", "hidden"], ["main", "off"],
                     ["main", "about", "developer"], ["main", "nowhere"]):
            answer = p.op("go", path=path)
            self.assertFalse(answer["ok"], f"go {path}: {answer}")
            ids = [step["id"] for step in answer["state"]["path"]]
            self.assertNotIn("developer", ids, path)
            self.assertEqual(ids[0], "main", path)
        # The developer screen's button never became reachable.
        self.assertFalse(p.op("select", ref="erase_all")["ok"])
        rows = {r["id"]: r for r in p.op("home")["state"]["screen"]["sections"][0]["rows"]}
        self.assertFalse(rows["wiped"]["on"])
        # Selecting the row runs its callback, which refuses.
        answer = p.op("select", ref="dev")
        self.assertEqual(answer["alerts"], ["Developer options are locked"])
        self.assertEqual([s["id"] for s in answer["state"]["path"]], ["main"])
        # What a person can reach, go reaches; home reaches the root.
        answer = p.op("go", path=["main", "about"])
        self.assertTrue(answer["ok"], answer)
        self.assertEqual([s["id"] for s in answer["state"]["path"]], ["main", "about"])
        answer = p.op("home")
        self.assertEqual([s["id"] for s in answer["state"]["path"]], ["main"])


if __name__ == "__main__":
    unittest.main()
