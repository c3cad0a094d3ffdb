"""The language server's figures for scripts/bench (issue 27): on a generated 10,000-row
script, `luascreen lsp` is driven over a pipe as an editor drives it.

  - diagnostics: the time from a didChange to its publishDiagnostics, less the 150 ms debounce;
  - completion: the time of a completion request on a field position in the middle of it,
    the document unchanged since the last request, and right after an edit (the outline
    is made again then);
  - memory: the server's resident set (VmRSS of /proc/PID/status) after each of 1,000 edits,
    each edit waited for (its diagnostics published), compared after edit 50 and at the end.

Python standard library only.
"""

import json
import os
import select
import statistics
import subprocess
import time

DEBOUNCE = 0.150


class Server:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""
        self.next_id = 1

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            if b"\r\n\r\n" in self.buffer:
                head, rest = self.buffer.split(b"\r\n\r\n", 1)
                n = int(head.split(b":")[1])
                if len(rest) >= n:
                    self.buffer = rest[n:]
                    return json.loads(rest[:n]), time.perf_counter()
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError("luascreen lsp did not answer within %.0f s" % timeout)
            ready, _, _ = select.select([self.p.stdout], [], [], left)
            if ready:
                chunk = os.read(self.p.stdout.fileno(), 1 << 20)
                if not chunk:
                    raise RuntimeError("luascreen lsp closed its output")
                self.buffer += chunk

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        start = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            msg, at = self.read()
            if msg.get("id") == rid:
                return msg, at - start

    def wait_diagnostics(self, uri, version):
        while True:
            msg, at = self.read()
            if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri \
                    and msg["params"]["version"] == version:
                return msg, at

    def rss_kb(self):
        with open("/proc/%d/status" % self.p.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return None

    def close(self):
        try:
            self.request("shutdown", None)
            self.send({"jsonrpc": "2.0", "method": "exit"})
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()
            self.p.wait()


def bench_lsp(binary, outdir, generate_screen, rows=10000, edits=1000, samples=30):
    path = os.path.join(outdir, "lsp-%d.lua" % rows)
    generate_screen(path, rows, title="LSP bench")
    with open(path) as f:
        text = f.read()
    lines = text.splitlines()
    uri = "file://" + os.path.abspath(path)
    # The line of the middle value row: its detail is what each edit retypes.
    target = next(i for i, l in enumerate(lines) if '"Value %d"' % (rows // 2 - (rows // 2) % 3) in l)
    detail_col = lines[target].index('detail = "') + len('detail = "')
    field_col = lines[target].index("{ ") + 2

    s = Server(binary)
    s.request("initialize", {"capabilities": {}})
    s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": {"textDocument": {"uri": uri, "languageId": "lua", "version": 1, "text": text}}})
    first, _ = s.wait_diagnostics(uri, 1)
    version = 1
    diag_latency, completion_warm, completion_after_edit, rss = [], [], [], {}
    completion_params = {"textDocument": {"uri": uri}, "position": {"line": target, "character": field_col}}
    items = None
    for n in range(1, edits + 1):
        version += 1
        digit = str(n % 10)
        sent = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": uri, "version": version},
                           "contentChanges": [{"range": {"start": {"line": target, "character": detail_col},
                                                         "end": {"line": target, "character": detail_col + 1}},
                                               "text": digit}]}})
        _, at = s.wait_diagnostics(uri, version)
        if n <= samples:
            diag_latency.append(at - sent - DEBOUNCE)
            msg, t = s.request("textDocument/completion", completion_params)
            completion_after_edit.append(t)
            msg, t = s.request("textDocument/completion", completion_params)
            completion_warm.append(t)
            items = len(msg["result"]["items"])
        if n in (1, 50, 100, 250, 500, 750, 1000) or n == edits:
            rss[n] = s.rss_kb()
    s.close()
    return {
        "rows": rows, "bytes": len(text.encode()), "edits": edits, "samples": samples,
        "first_diagnostics": len(first["params"]["diagnostics"]),
        "diagnostics_after_debounce": diag_latency,
        "completion_warm": completion_warm, "completion_after_edit": completion_after_edit,
        "completion_items": items, "rss_kb": rss,
    }


def print_lsp(r, command):
    ms = lambda v: "%.1f ms" % (v * 1000)
    def row(name, values, goal):
        values = sorted(values)
        p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
        return "  %-44s median %9s  p95 %9s  max %9s   goal %s" % (name, ms(statistics.median(values)), ms(p95), ms(values[-1]), goal)
    print("lsp: `luascreen lsp` on a %d-row script (%.1f MB), driven over a pipe (%s)" % (r["rows"], r["bytes"] / 1e6, command))
    print(row("diagnostics, didChange -> publish, less 150 ms", r["diagnostics_after_debounce"], "<= 200 ms"))
    print(row("completion (%d fields), document unchanged" % r["completion_items"], r["completion_warm"], "<= 20 ms"))
    print(row("completion right after an edit", r["completion_after_edit"], "-"))
    rss = r["rss_kb"]
    marks = sorted(rss)
    print("  memory (VmRSS) after edit " + ", ".join("%d: %.1f MiB" % (k, rss[k] / 1024) for k in marks))
    if 50 in rss:
        last = marks[-1]
        print("  growth from edit 50 to edit %d: %+.1f MiB (goal: none)" % (last, (rss[last] - rss[50]) / 1024))
