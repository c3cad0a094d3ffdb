"""The language server's figures for scripts/bench (issue 27): on a generated 10,000-row
script, `luascreen lsp` is driven over a pipe as an editor drives it.

  - diagnostics: the time from a didChange to its publishDiagnostics, less the 150 ms debounce;
  - completion: the time of a completion request on a field position in the middle of it,
    the document unchanged since the last request, and right after an edit (the outline
    is made again then);
  - memory: the server's resident set (VmRSS of /proc/PID/status) after each of 1,000 edits,
    each edit waited for (its diagnostics published), compared after edit 50 and at the end;
  - the project model at open: a fresh server (the workspace the app's folder) opens one
    file; the time from didOpen to that file's first publishDiagnostics, for a module of
    examples/podcasts and of a generated app of 20 modules (10,000 rows, a helper module,
    a locale folder), each checked as part of its app, against the app's entry and the
    same module in a folder of its own (checked alone): the difference is what finding the
    app and checking it whole costs.

Python standard library only.
"""

import json
import os
import select
import shutil
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


def generate_project(folder, modules=20, rows=500):
    """An app split into modules: `app.lua` requiring screens/m1..mN (each `rows` rows made by
    the helpers of lib/rows.lua and by constructors), and locales/fr.lua."""
    for sub in ("screens", "lib", "locales"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    with open(os.path.join(folder, "lib", "rows.lua"), "w") as f:
        f.write("local M = {}\n"
                "function M.switch(key, text, default) return toggle { key = key, text = text, default = default or false } end\n"
                "function M.amount(key, text, default) return number { key = key, text = text, min = 0, max = 1000, default = default, unit = \"MB\" } end\n"
                "return M\n")
    with open(os.path.join(folder, "locales", "fr.lua"), "w") as f:
        f.write('return { ["Home"] = "Accueil" }\n')
    for m in range(1, modules + 1):
        out = ['local rows = require("lib.rows")\n', 'return screen { id = "m%d", title = "Module %d",\n' % (m, m)]
        for start in range(1, rows + 1, 100):
            out.append('  section { header = "Section %d",\n' % ((start - 1) // 100 + 1))
            for i in range(start, min(rows, start + 99) + 1):
                kind = i % 3
                if kind == 0:
                    out.append('    rows.switch("s_%d_%d", "Switch %d", %s),\n' % (m, i, i, "true" if i % 2 else "false"))
                elif kind == 1:
                    out.append('    rows.amount("a_%d_%d", "Amount %d", %d),\n' % (m, i, i, i % 1000))
                else:
                    out.append('    row { text = "Value %d", detail = function(ctx) return ctx.store.s_%d_%d and "on" or "off" end },\n' % (i, m, i - 2 if i > 2 else 3))
            out.append("  },\n")
        out.append("}\n")
        with open(os.path.join(folder, "screens", "m%d.lua" % m), "w") as f:
            f.write("".join(out))
    with open(os.path.join(folder, "app.lua"), "w") as f:
        f.write("".join('local m%d = require("screens.m%d")\n' % (m, m) for m in range(1, modules + 1)))
        f.write('return app { root = "home", strings = "locales", screens = {\n'
                '  screen { id = "home", title = "Home", section {\n')
        f.write("".join('    row { text = "Module %d", push = "m%d" },\n' % (m, m) for m in range(1, modules + 1)))
        f.write("  } },\n")
        f.write("".join("  m%d,\n" % m for m in range(1, modules + 1)))
        f.write("} }\n")


def first_diagnostics(binary, root, path, runs):
    """The times (s) from didOpen of `path` to its first publishDiagnostics, a fresh server
    each run (workspace `root`), and the number of diagnostics."""
    with open(path) as f:
        text = f.read()
    uri = "file://" + os.path.abspath(path)
    times, count = [], None
    for _ in range(runs):
        s = Server(binary)
        s.request("initialize", {"capabilities": {}, "rootUri": "file://" + os.path.abspath(root)})
        s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        sent = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "lua", "version": 1, "text": text}}})
        msg, at = s.wait_diagnostics(uri, 1)
        times.append(at - sent)
        count = len(msg["params"]["diagnostics"])
        s.close()
    return times, count


def bench_project_open(binary, outdir, root, runs=7):
    """The project model's cost at open (see the module's doc)."""
    podcasts = os.path.join(outdir, "lsp-podcasts")
    shutil.rmtree(podcasts, ignore_errors=True)
    shutil.copytree(os.path.join(root, "examples", "podcasts"), podcasts)
    project = os.path.join(outdir, "lsp-project")
    shutil.rmtree(project, ignore_errors=True)
    generate_project(project)
    alone = os.path.join(outdir, "lsp-module-alone")
    shutil.rmtree(alone, ignore_errors=True)
    os.makedirs(os.path.join(alone, "screens"))
    shutil.copytree(os.path.join(project, "lib"), os.path.join(alone, "lib"))
    shutil.copy(os.path.join(project, "screens", "m10.lua"), os.path.join(alone, "m10.lua"))
    cases = [
        ("examples/podcasts: module screens/playback.lua, checked with its app", podcasts, os.path.join(podcasts, "screens", "playback.lua")),
        ("examples/podcasts: the entry podcasts.lua", podcasts, os.path.join(podcasts, "podcasts.lua")),
        ("20 modules x 500 rows: module screens/m10.lua, checked with its app", project, os.path.join(project, "screens", "m10.lua")),
        ("20 modules x 500 rows: the entry app.lua", project, os.path.join(project, "app.lua")),
        ("20 modules x 500 rows: m10.lua alone (no app)", alone, os.path.join(alone, "m10.lua")),
    ]
    out = []
    for name, folder, path in cases:
        times, count = first_diagnostics(binary, folder, path, runs)
        out.append({"case": name, "times": times, "diagnostics": count})
    return out


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
    if r.get("project_open"):
        print("  the project model at open: didOpen -> first publishDiagnostics, a fresh server each run")
        for case in r["project_open"]:
            print(row("%s (%d diagnostics)" % (case["case"], case["diagnostics"]), case["times"], "-"))
