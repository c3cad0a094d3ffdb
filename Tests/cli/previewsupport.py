"""Starts `luascreen preview` for the HTTP and browser tests: a real server on 127.0.0.1,
its URL read from its first line of output, stopped at the end (and by itself after
LUASCREEN_PREVIEW_SECONDS in any case, so no test leaves a server behind)."""
import http.client
import json
import os
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replsupport import BIN, ROOT, deadline  # noqa: E402

URL = re.compile(r"^http://127\.0\.0\.1:(\d+)/#([0-9a-f]+)$")


class Preview:
    """One `luascreen preview SCRIPT` process."""

    def __init__(self, script, store="none", extra=(), seconds=120, env=None):
        environment = dict(os.environ, LUASCREEN_PREVIEW_SECONDS=str(seconds), NO_COLOR="1")
        environment.update(env or {})
        self.proc = subprocess.Popen([BIN, "preview", script, "--store", store, *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment, cwd=ROOT)
        ready, _, _ = select.select([self.proc.stdout], [], [], deadline(60))
        line = self.proc.stdout.readline().decode().strip() if ready else ""
        match = URL.match(line)
        if not match:
            self.stop()
            raise AssertionError(f"preview printed {line!r}, not its URL; stderr: {self.proc.stderr.read().decode()[:2000]}")
        self.url = line
        self.port = int(match.group(1))
        self.token = match.group(2)

    def request(self, method, path, body=None, headers=None, host=None, token=True):
        """A request through http.client: (status, headers, body bytes)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.putrequest(method, path, skip_host=True)
            connection.putheader("Host", host if host is not None else f"127.0.0.1:{self.port}")
            if token:
                connection.putheader("X-Luascreen-Token", self.token)
            for name, value in (headers or {}).items():
                connection.putheader(name, value)
            data = None
            if body is not None:
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                connection.putheader("Content-Length", str(len(data)))
                if not any(k.lower() == "content-type" for k in (headers or {})):
                    connection.putheader("Content-Type", "application/json")
            connection.endheaders(data)
            response = connection.getresponse()
            return response.status, dict((k.lower(), v) for k, v in response.getheaders()), response.read()
        finally:
            connection.close()

    def op(self, op, **fields):
        """POST /api/do; the decoded answer."""
        status, _, body = self.request("POST", "/api/do", dict(fields, op=op))
        assert status in (200, 400), (status, body[:300])
        return json.loads(body)

    def state(self, query=""):
        status, _, body = self.request("GET", "/api/state" + query)
        assert status == 200, (status, body[:300])
        return json.loads(body)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()


def rows(state):
    """Every row of a state's window, in order."""
    return [row for section in state["screen"]["sections"] for row in section["rows"]]


def wait_for(condition, seconds=30, step=0.05):
    """Polls `condition` until it is true or `seconds` pass (scaled by
    LUASCREEN_TEST_TIMEOUT_SCALE: only a failing wait lasts that long); its last value. An
    element the page redrew meanwhile (Selenium's stale element) counts as not yet."""
    end = time.monotonic() + deadline(seconds)

    def look():
        try:
            return condition()
        except Exception as e:  # noqa: BLE001 (only a redrawn element is waited out)
            if type(e).__name__ == "StaleElementReferenceException":
                return None
            raise
    value = look()
    while not value and time.monotonic() < end:
        time.sleep(step)
        value = look()
    return value
