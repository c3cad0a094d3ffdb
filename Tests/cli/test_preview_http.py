"""`luascreen preview` at the HTTP level (SPEC §17), with http.client against a spawned
server: the URL, the token, the Host rule, Origin, methods, bodies, that a refused request
changes nothing, that every click runs the session (store file, confirm, alerts,
refusals), and that several clients at once are served one at a time."""
import json
import os
import re
import shutil
import socket
import tempfile
import textwrap
import threading
import time
import unittest

from Tests.cli.previewsupport import Preview, rows, wait_for
from Tests.cli.replsupport import BIN, ROOT, deadline, require_binary

SETTINGS = os.path.join(ROOT, "examples", "settings.lua")


def stored(path):
    """The store file's values ({} before the first write)."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)
READER = os.path.join(ROOT, "examples", "reader.lua")


class PreviewHTTPTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="luascreen-preview-")
        cls.store = os.path.join(cls.dir, "store.json")
        cls.preview = Preview(SETTINGS, store=cls.store)

    @classmethod
    def tearDownClass(cls):
        cls.preview.stop()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def setUp(self):
        require_binary(self)

    def test_url_names_loopback_and_a_long_token(self):
        p = self.preview
        self.assertRegex(p.url, r"^http://127\.0\.0\.1:\d+/#[0-9a-f]{64}$")
        self.assertGreaterEqual(len(p.token) * 4, 128)

    def test_listens_on_loopback_only(self):
        # Another address of this machine, if it has one, is not served.
        addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
        for address in addresses - {"127.0.0.1"}:
            if address.startswith("127."):
                continue
            with self.assertRaises(OSError):
                socket.create_connection((address, self.preview.port), timeout=2).close()
        with open(f"/proc/net/tcp") as f:
            listening = [line.split() for line in f.readlines()[1:] if line.split()[3] == "0A"]
        ours = [entry[1] for entry in listening if int(entry[1].split(":")[1], 16) == self.preview.port]
        self.assertEqual(ours, ["0100007F:%04X" % self.preview.port])

    def test_page_and_static_files_need_no_token(self):
        for path, kind in (("/", "text/html"), ("/app.js", "text/javascript"), ("/app.css", "text/css")):
            status, headers, body = self.preview.request("GET", path, token=False)
            self.assertEqual(status, 200, path)
            self.assertTrue(headers["content-type"].startswith(kind), headers)
            self.assertNotIn(self.preview.token.encode(), body)

    def test_the_page_script_takes_its_op_names_from_the_server(self):
        # The script names no op itself: each run(OP.x) is an op the server embedded (the verb
        # table's preview verbs), and each of those is an op /api/do knows.
        status, _, body = self.preview.request("GET", "/app.js", token=False)
        self.assertEqual(status, 200)
        script = body.decode()
        self.assertNotRegex(script, r'run\(\s*["\']')
        embedded = re.search(r"const OP = (\{[^\n]*?\});", script)
        self.assertIsNotNone(embedded, script[:400])
        ops = json.loads(embedded.group(1))
        used = set(re.findall(r"\bOP\.(\w+)", script))
        self.assertTrue(used, "the script runs no op")
        self.assertTrue(used <= set(ops), used - set(ops))
        for name in ops.values():
            answer = self.preview.op(name)
            self.assertNotIn("unknown op", answer.get("error", ""), name)

    def test_api_without_the_token_is_refused(self):
        for method, path in (("GET", "/api/state"), ("GET", "/api/graph"), ("GET", "/api/events?since=99"),
                             ("POST", "/api/do")):
            status, _, body = self.preview.request(method, path, body={"op": "home"} if method == "POST" else None, token=False)
            self.assertEqual(status, 403, (path, body))
            self.assertNotIn(b"Notifications", body)

    def test_a_wrong_token_changes_nothing(self):
        p = self.preview
        before = p.state()
        values = stored(self.store)
        for token in ("0" * 64, p.token[:-1], p.token + "0", "", p.token.upper()):
            status, _, _ = p.request("POST", "/api/do", {"op": "select", "ref": "notifications"}, token=False,
                                     headers={"X-Luascreen-Token": token})
            self.assertEqual(status, 403, token)
            status, _, _ = p.request("POST", "/api/do", {"op": "select", "ref": "notifications"}, token=False,
                                     headers={"Cookie": f"luascreen_token={token}"})
            self.assertEqual(status, 403, token)
        after = p.state()
        self.assertEqual(rows(before), rows(after))
        self.assertEqual(stored(self.store), values)

    def test_the_token_may_come_as_a_cookie(self):
        status, _, body = self.preview.request("GET", "/api/state", token=False,
                                               headers={"Cookie": f"other=1; luascreen_token={self.preview.token}"})
        self.assertEqual(status, 200, body)

    def test_host_must_be_loopback_with_the_port(self):
        p = self.preview
        for host in ("evil.example", f"evil.example:{p.port}", "127.0.0.1", f"127.0.0.1:{p.port + 1}",
                     "localhost", f"localhost.evil.example:{p.port}", f"[::1]:{p.port}", f"0.0.0.0:{p.port}"):
            for path in ("/", "/app.js", "/api/state"):
                status, headers, _ = p.request("GET", path, host=host)
                self.assertEqual(status, 403, (host, path))
                self.assertNotIn("access-control-allow-origin", headers)
        for host in (f"127.0.0.1:{p.port}", f"localhost:{p.port}", f"LOCALHOST:{p.port}"):
            self.assertEqual(p.request("GET", "/api/state", host=host)[0], 200, host)

    def test_another_origin_is_refused_and_no_cors_header_is_sent(self):
        p = self.preview
        for origin in ("http://evil.example", f"http://127.0.0.1:{p.port + 1}", "null", f"https://127.0.0.1:{p.port}"):
            status, headers, _ = p.request("POST", "/api/do", {"op": "select", "ref": "notifications"},
                                           headers={"Origin": origin})
            self.assertEqual(status, 403, origin)
            self.assertNotIn("access-control-allow-origin", headers)
        status, headers, _ = p.request("OPTIONS", "/api/do", headers={"Origin": "http://evil.example",
                                                                      "Access-Control-Request-Method": "POST"})
        self.assertEqual(status, 403)
        self.assertNotIn("access-control-allow-origin", headers)
        status, headers, _ = p.request("GET", "/api/state", headers={"Origin": f"http://127.0.0.1:{p.port}"})
        self.assertEqual(status, 200)
        self.assertNotIn("access-control-allow-origin", headers)
        self.assertIn("frame-ancestors 'none'", headers["content-security-policy"])

    def test_methods(self):
        p = self.preview
        for method in ("PUT", "DELETE", "PATCH", "OPTIONS"):
            status, headers, _ = p.request(method, "/api/state")
            self.assertEqual(status, 405, method)
            self.assertEqual(headers.get("allow"), "GET, HEAD")
        status, headers, _ = p.request("GET", "/api/do")
        self.assertEqual((status, headers.get("allow")), (405, "POST"))
        status, _, _ = p.request("POST", "/", {"op": "home"})
        self.assertEqual(status, 405)

    def test_bodies_are_capped_and_typed(self):
        p = self.preview
        big = b'{"op":"set","ref":"notifications","value":"' + b"x" * (70 * 1024) + b'"}'
        status, _, _ = p.request("POST", "/api/do", big)
        self.assertEqual(status, 413)
        status, _, _ = p.request("POST", "/api/do", b'{"op":"home"}', headers={"Content-Type": "text/plain"})
        self.assertEqual(status, 415)
        status, _, body = p.request("POST", "/api/do", b'{"op": ')
        self.assertEqual(status, 400)
        self.assertIn(b"bad request", body)
        status, _, body = p.request("POST", "/api/do", {"op": "format-disk"})
        self.assertIn(b"unknown op", body)
        # The server still answers after all that.
        self.assertEqual(p.state()["screen"]["id"], "settings")

    def test_a_switch_writes_the_store_file(self):
        p = self.preview
        p.op("home")
        answer = p.op("select", ref="notifications")
        self.assertTrue(answer["ok"], answer)
        toggle = next(r for r in rows(answer["state"]) if r["id"] == "notifications")
        self.assertFalse(toggle["on"])
        self.assertEqual(stored(self.store).get("notifications"), False)
        p.op("select", ref="notifications")
        self.assertEqual(stored(self.store).get("notifications"), True)

    def test_push_back_confirm_and_alert(self):
        p = self.preview
        p.op("home")
        answer = p.op("select", ref="profile")
        self.assertEqual([x["id"] for x in answer["state"]["path"]], ["settings", "profile"])
        answer = p.op("back")
        self.assertEqual([x["id"] for x in answer["state"]["path"]], ["settings"])
        self.assertFalse(p.op("back")["ok"])
        answer = p.op("select", ref="sign_out")
        self.assertEqual(answer.get("confirm"), "Sign out now?")
        self.assertEqual(answer["alerts"], [])
        self.assertEqual(p.op("select", ref="sign_out", answer=False)["alerts"], [])
        self.assertEqual(p.op("select", ref="sign_out", answer=True)["alerts"], ["Signed out"])

    def test_concurrent_clients_are_served_one_at_a_time(self):
        p = self.preview
        p.op("home")
        start = stored(self.store).get("notifications", True)
        errors = []

        def flip():
            try:
                for _ in range(10):
                    if not p.op("select", ref="notifications")["ok"]:
                        errors.append("refused")
            except Exception as e:  # noqa: BLE001 (reported below)
                errors.append(repr(e))

        threads = [threading.Thread(target=flip) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        self.assertEqual(errors, [])
        # 60 flips, each seen whole: back where it started.
        self.assertEqual(stored(self.store).get("notifications"), start)

    def test_events_wait_for_a_change(self):
        p = self.preview
        version = p.state()["version"]
        result = {}

        def poll():
            result["answer"] = json.loads(p.request("GET", f"/api/events?since={version}")[2])

        t = threading.Thread(target=poll)
        t.start()
        time.sleep(0.3)
        self.assertTrue(t.is_alive(), "the long poll answered before anything changed")
        p.op("home")
        t.join(deadline(60))
        self.assertGreater(result["answer"]["version"], version)


class PreviewSessionTests(unittest.TestCase):
    """What the page's clicks do on reader.lua: the REPL's rules, through the same session."""

    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-preview-")
        self.preview = Preview(READER, store=os.path.join(self.dir, "reader.json"))

    def tearDown(self):
        self.preview.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def test_a_refused_value_says_why_and_changes_nothing(self):
        p = self.preview
        answer = p.op("set", ref="quiet_until", value="22:00")
        self.assertFalse(answer["ok"])
        self.assertIn("quiet hours need a start and an end", answer["error"])
        until = next(r for r in rows(answer["state"]) if r["id"] == "quiet_until")
        self.assertEqual(until["value"], "07:00")
        answer = p.op("set", ref="font_size", value="13")
        self.assertFalse(answer["ok"])
        self.assertEqual(answer["kind"], "refused")

    def test_list_edits(self):
        p = self.preview
        answer = p.op("select", ref="dictionaries")
        self.assertEqual(answer["state"]["screen"]["kind"], "list")
        p.op("add", value="Oxford")
        answer = p.op("add", value="Collins")
        self.assertEqual([r["text"] for r in rows(answer["state"])], ["Webster", "Oxford", "Collins"])
        answer = p.op("move", **{"from": 3, "to": 1})
        self.assertEqual([r["text"] for r in rows(answer["state"])], ["Collins", "Webster", "Oxford"])
        answer = p.op("remove", **{"from": 2})
        self.assertEqual([r["text"] for r in rows(answer["state"])], ["Collins", "Oxford"])
        answer = p.op("add", value="Oxford")
        self.assertFalse(answer["ok"])

    def test_picker_number_and_actions(self):
        p = self.preview
        answer = p.op("select", ref="page_turns")
        self.assertEqual(answer["state"]["screen"]["kind"], "picker")
        answer = p.op("select", ref="swipe")
        self.assertEqual(answer["state"]["screen"]["id"], "reader")  # close_on_pick
        turns = next(r for r in rows(answer["state"]) if r["id"] == "page_turns")
        self.assertEqual(turns["detail"], "Swipe")
        answer = p.op("inc", ref="font_size")
        size = next(r for r in rows(answer["state"]) if r["id"] == "font_size")
        self.assertEqual((size["value"], size["control"]["min"], size["control"]["max"]), (20, 12, 32))
        actions = p.op("action", ref="dictionaries")["result"]
        self.assertEqual([a["id"] for a in actions], ["sort_a_z", "clear"])
        answer = p.op("action", ref="dictionaries", action="clear")
        self.assertEqual(answer["confirm"], "Remove every dictionary?")

    def test_find_and_go(self):
        p = self.preview
        results = p.op("find", value="night")["result"]
        self.assertEqual(results[0]["row"], "night_mode")
        answer = p.op("go", path=results[0]["path"])
        self.assertTrue(answer["ok"])

    def test_a_window_of_rows(self):
        window = self.preview.state("?from=2&count=3")
        self.assertEqual([r["id"] for r in rows(window)], ["font_size", "line_spacing", "night_mode"])
        self.assertEqual(window["screen"]["total"], 12)


class PreviewReloadTests(unittest.TestCase):
    """A change on disk of the script or of a module it required reaches the page (the event
    fires and the state is the new one), keeping the path and the values; a version that no
    longer loads leaves the last good one running, with its diagnostics in the state."""

    def setUp(self):
        require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-reload-")
        with open(os.path.join(self.dir, "words.lua"), "w") as f:
            f.write('return { name = "Ada" }\n')
        self.script = os.path.join(self.dir, "app.lua")
        with open(self.script, "w") as f:
            f.write(textwrap.dedent("""\
                local words = require("words")
                return screen { id = "main", title = "Main",
                  section {
                    toggle { text = "Sync", key = "sync" },
                    row { text = "Profile", push = screen { id = "profile", title = "Profile",
                      section { row { id = "name", text = "Name", detail = words.name } } } },
                  },
                }
                """))
        self.preview = Preview(self.script, store=os.path.join(self.dir, "store.json"))

    def tearDown(self):
        self.preview.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def rewrite(self, name, text):
        path = os.path.join(self.dir, name)
        stat = os.stat(path)
        with open(path, "w") as f:
            f.write(text)
        os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))

    def test_a_module_change_reloads_keeping_path_and_values(self):
        p = self.preview
        p.op("select", ref="sync")
        p.op("select", ref="profile")
        version = p.state()["version"]
        self.rewrite("words.lua", 'return { name = "Grace" }\n')
        event = json.loads(p.request("GET", f"/api/events?since={version}")[2])
        self.assertGreater(event["version"], version)
        state = p.state()
        self.assertEqual([x["id"] for x in state["path"]], ["main", "profile"])
        self.assertEqual(rows(state)[0]["detail"], "Grace")
        self.assertIsNone(state["diagnostics"])
        p.op("back")
        self.assertTrue(next(r for r in rows(p.state()) if r["id"] == "sync")["on"])

    def test_a_broken_script_keeps_the_last_good_version(self):
        p = self.preview
        version = p.state()["version"]
        self.rewrite("app.lua", "return screen { id = 'main', title = 'Main', section { row { txt = 'x' } } }\n")
        json.loads(p.request("GET", f"/api/events?since={version}")[2])
        state = wait_for(lambda: (s := p.state())["diagnostics"] and s)
        self.assertTrue(state, "no diagnostics after a broken save")
        self.assertTrue(any("app.lua:1" in d for d in state["diagnostics"]), state["diagnostics"])
        self.assertEqual([r["id"] for r in rows(state)], ["sync", "profile"])
        self.assertTrue(p.op("select", ref="sync")["ok"])


class PreviewCommandLineTests(unittest.TestCase):
    def setUp(self):
        require_binary(self)

    def test_a_given_port_in_use_is_a_clear_error(self):
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        try:
            import subprocess
            result = subprocess.run([BIN, "preview", SETTINGS, "--store", "none", "--port", str(port)],
                                    capture_output=True, text=True, timeout=30,
                                    env=dict(os.environ, LUASCREEN_PREVIEW_SECONDS="5"))
            self.assertEqual(result.returncode, 1)
            self.assertIn(f"cannot listen on 127.0.0.1:{port}", result.stderr)
        finally:
            taken.close()

    def test_the_given_port_is_used(self):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        preview = Preview(SETTINGS, extra=("--port", str(port)))
        try:
            self.assertEqual(preview.port, port)
        finally:
            preview.stop()

    def test_a_script_that_does_not_load_is_not_served(self):
        import subprocess
        broken = os.path.join(ROOT, "examples", "broken")
        script = sorted(os.path.join(broken, f) for f in os.listdir(broken) if f.endswith(".lua"))[0]
        result = subprocess.run([BIN, "preview", script, "--store", "none"], capture_output=True, text=True, timeout=30,
                                env=dict(os.environ, LUASCREEN_PREVIEW_SECONDS="5"))
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, "")
        self.assertRegex(result.stderr, r"\.lua:\d+")


if __name__ == "__main__":
    unittest.main()
