"""`scripts/bench --kconfig` (SPEC §18, issue 39): Linux 6.1's x86 Kconfig tree, from the cache
scripts/kconfig-cache makes, side by side with the kernel's own conf in one run:

  - `luascreen import --format kconfig` of the whole tree: wall time, CPU time, peak memory;
  - opening the imported app with arch/x86/configs/x86_64_defconfig and writing the .config
    (`luascreen run APP --store FILE.config`, batch mode: load, one `set` of EXPERT to the value
    it has, which writes the file, quit) against `conf --olddefconfig` on a copy of the same
    file (read, compute, write): wall time, CPU time and peak memory, runs taken in turn, and
    the ratios (the goal is at most 2x conf in time and memory); whether the two wrote the same
    CONFIG_ lines is printed too;
  - each REPL command's latency in the kernel app (store: a copy of x86_64_defconfig), median
    and worst of 21 runs a command (a command with two lines, `set MODULES n` / `set MODULES y`,
    alternates them), measured two ways in the same session: inside the process
    (LUASCREEN_TIMING's line for each command: the command and its answer written, no
    terminal) and in a pty (120x40) from the line sent to the next prompt as the terminal
    receives it (what a person waits for, the pty and this script included); the goals are
    judged on the first. Each command's first answer is checked for a refusal (a refused `set`
    computes nothing), said so;
  - `luascreen test` of a file that opens the app (no .config: olddefconfig of an empty one)
    and sets PREEMPT: the process's wall time;
  - `luascreen preview` of the app: the time until it prints its URL (the app opened), then
    the first GET /api/state (100 rows, the page's first request) and later ones;
  - `luascreen lsp` on the generated main.lua: the first diagnostics after didOpen, then a
    one-character edit of a help text at a time, from didChange to publishDiagnostics less
    the 150 ms debounce (as scripts/bench --lsp).

Peak memory is max RSS from /usr/bin/time -f %M; times are medians."""
import http.client
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "cli"))
import kconfigsupport as kc  # noqa: E402

TIME_BIN = "/usr/bin/time" if os.path.exists("/usr/bin/time") else None


def measured(argv, cwd=None, env=None, stdin=None):
    """(wall seconds, cpu seconds, peak KiB, completed process) of one run."""
    marker = "@@time@@"
    full = [TIME_BIN, "-f", marker + "%M %U %S", *argv] if TIME_BIN else argv
    start = time.perf_counter()
    r = subprocess.run(full, cwd=cwd, env=env, input=stdin, capture_output=True, text=True)
    wall = time.perf_counter() - start
    peak, cpu = 0, 0.0
    if TIME_BIN:
        for line in r.stderr.splitlines():
            if line.startswith(marker):
                kb, user, system = line[len(marker):].split()
                peak, cpu = int(kb), float(user) + float(system)
    return wall, cpu, peak, r


def median(values):
    return statistics.median(values) if values else float("nan")


def run_kconfig(binary, outdir, runs):
    if not kc.cache_ready():
        print(f"bench --kconfig: the Kconfig cache is absent at {kc.CACHE}: run scripts/kconfig-cache first", file=sys.stderr)
        sys.exit(1)
    work = os.path.join(outdir, "kconfig")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    app = os.path.join(work, "app")
    args = ["import", "--format", "kconfig", os.path.join(kc.TREE, "Kconfig"), "--srctree", kc.TREE, "--out", app]
    for name, value in kc.env_pairs():
        args += ["--env", f"{name}={value}"]

    print("luascreen bench --kconfig: Linux 6.1 x86 (%s), binary %s, %d runs a figure, medians; load average %s" % (
        kc.TREE, os.path.relpath(binary, ROOT), runs, " ".join(f"{x:.2f}" for x in os.getloadavg())))
    imports = [measured([binary, *args]) for _ in range(runs)]
    if imports[-1][3].returncode != 0:
        print(imports[-1][3].stderr[-3000:], file=sys.stderr)
        sys.exit(1)
    size = os.path.getsize(os.path.join(app, "main.lua"))
    print("import: wall %.2f s, cpu %.2f s, peak %.1f MiB (main.lua %.1f MiB; %s)" % (
        median([w for w, _, _, _ in imports]), median([c for _, c, _, _ in imports]),
        median([p for _, _, p, _ in imports]) / 1024, size / 2**20,
        next((l for l in imports[-1][3].stderr.splitlines() if l.startswith("import:")), "")))

    with open(kc.DEFCONFIG) as f:
        expert = "y" if "CONFIG_EXPERT=y\n" in f.read() else "n"
    conf_runs, app_runs = [], []
    same = None
    for i in range(runs):
        theirs = os.path.join(work, "conf.config")
        shutil.copyfile(kc.DEFCONFIG, theirs)
        conf_runs.append(measured([kc.CONF, "--olddefconfig", "Kconfig"], cwd=kc.RUN,
                                  env=kc.oracle_env(KCONFIG_CONFIG=theirs)))
        ours = os.path.join(work, "luascreen.config")
        shutil.copyfile(kc.DEFCONFIG, ours)
        app_runs.append(measured([binary, "run", os.path.join(app, "main.lua"), "--store", ours],
                                 stdin=f"set EXPERT {expert}\n"))
        with open(theirs) as a, open(ours) as b:
            same = kc.config_lines(a.read()) == kc.config_lines(b.read())
    cw, cc, cp = (median([r[k] for r in conf_runs]) for k in range(3))
    lw, lc, lp = (median([r[k] for r in app_runs]) for k in range(3))
    print()
    print("open x86_64_defconfig and write the .config    wall      cpu      peak")
    print("  conf --olddefconfig                       %6.3f s  %6.3f s  %6.1f MiB" % (cw, cc, cp / 1024))
    print("  luascreen run APP --store FILE.config     %6.3f s  %6.3f s  %6.1f MiB" % (lw, lc, lp / 1024))
    print("  ratio (goal <= 2x)                        %6.2fx   %6.2fx   %6.2fx" % (lw / cw, lc / cc if cc else float("nan"), lp / cp if cp else float("nan")))
    print("  same CONFIG_ lines as conf: %s; exit status of the last run %d" % ("yes" if same else "no", app_runs[-1][3].returncode))
    results = {"import": imports, "conf": conf_runs, "luascreen": app_runs}
    results.update(interactive(binary, app, work))
    print("load average at the end: %s" % " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return results


# The REPL commands timed: each line alternates with the next of its list.
REPL_COMMANDS = [
    ("set MODULES n / y (every tristate)", ["set MODULES n", "set MODULES y"]),
    ("set PCI n / y", ["set PCI n", "set PCI y"]),
    ("set NET n / y", ["set NET n", "set NET y"]),
    ("set PREEMPT / PREEMPT_NONE (a choice)", ["set PREEMPT y", "set PREEMPT_NONE y"]),
    ("set NR_CPUS 128 / 64 (an int)", ["set NR_CPUS 128", "set NR_CPUS 64"]),
    ("why PREEMPT", ["why PREEMPT"]),
    ("why CONFIG_X86_64", ["why CONFIG_X86_64"]),
    ("help PCI_MSI", ["help PCI_MSI"]),
    ("find preempt", ["find preempt"]),
    ("find CONFIG_PCI_MSI", ["find CONFIG_PCI_MSI"]),
    ("find usb (many results)", ["find usb"]),
    ("open a menu / back", ["Processor type and features", "back"]),
    ("find preempt, go 1, home in turn", ["find preempt", "go 1", "home"]),
    ("next / prev page", ["next", "prev"]),
    ("show", ["show"]),
    ("store (first page)", ["store"]),
]

TEST_FILE = """test("the kernel app opens and PREEMPT can be set", function()
  local s = open("../app/main.lua")
  s:set("PREEMPT", "y")
  eq(s:store().PREEMPT, "y")
end)
"""


def interactive(binary, app, work, runs=21):
    """The REPL's, `luascreen test`'s, the preview's and the language server's figures."""
    import rules_bench
    import lsp_bench
    main = os.path.join(app, "main.lua")
    out = {}
    store = os.path.join(work, "repl.config")
    shutil.copyfile(kc.DEFCONFIG, store)
    answers = {}
    inside = []
    latency = rules_bench.repl_latency(binary, main, work, runs, commands=REPL_COMMANDS, store=store, outputs=answers,
                                       size=(40, 120), inside=inside)
    own = {name: (med, worst) for name, med, worst in inside}
    print()
    print("REPL commands in the kernel app, store x86_64_defconfig, %d runs each (goal: median 5 ms, worst 50 ms; find 50 ms)" % runs)
    print("  %-42s %-21s  %-21s" % ("", "inside the process", "in a pty, to the prompt"))
    print("  %-42s %9s  %9s  %9s  %9s" % ("command", "median", "worst", "median", "worst"))
    for name, med, worst in latency:
        said = " ".join(answers.get(name, []))
        refused = " (refused: %s)" % next(l.strip() for l in said.splitlines() if "cannot" in l or "hidden" in l) \
            if re.search(r"cannot be|is hidden|no prompt", said) else ""
        goal = 0.050 if name.startswith("find") else 0.005
        omed, oworst = own.get(name, (float("nan"), float("nan")))
        met = "met" if omed <= goal and oworst <= 0.050 else "NOT met"
        print("  %-42s %6.1f ms  %6.1f ms  %6.1f ms  %6.1f ms  %s (inside)%s" % (name, omed * 1000, oworst * 1000, med * 1000, worst * 1000, met, refused))
    out["repl"] = latency
    out["repl_inside"] = inside

    tests = os.path.join(work, "tests")
    os.makedirs(tests, exist_ok=True)
    test_file = os.path.join(tests, "kernel_test.lua")
    with open(test_file, "w") as f:
        f.write(TEST_FILE)
    test_runs = [measured([binary, "test", test_file], cwd=work) for _ in range(5)]
    status = test_runs[-1][3].returncode
    tw = median([r[0] for r in test_runs])
    print()
    print("luascreen test of a file that opens the app and sets PREEMPT: wall %.3f s, cpu %.3f s, peak %.1f MiB (goal < 0.5 s: %s; exit %d)" % (
        tw, median([r[1] for r in test_runs]), median([r[2] for r in test_runs]) / 1024, "met" if tw < 0.5 and status == 0 else "NOT met", status))
    if status != 0:
        print(test_runs[-1][3].stdout[-2000:] + test_runs[-1][3].stderr[-2000:])
    out["test"] = tw

    out["preview"] = preview_first_page(binary, main, work)
    out["lsp"] = lsp_after_edit(binary, main, lsp_bench)
    return out


def preview_first_page(binary, main, work, runs=5):
    """Seconds from start to the URL printed, of the first GET /api/state and of later ones (medians)."""
    starts, firsts, laters = [], [], []
    for _ in range(runs):
        store = os.path.join(work, "preview.config")
        shutil.copyfile(kc.DEFCONFIG, store)
        t0 = time.perf_counter()
        proc = subprocess.Popen([binary, "preview", main, "--store", store], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=dict(os.environ, LUASCREEN_PREVIEW_SECONDS="120"))
        try:
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            url = proc.stdout.readline().decode().strip() if ready else ""
            starts.append(time.perf_counter() - t0)
            m = re.match(r"^http://127\.0\.0\.1:(\d+)/#([0-9a-f]+)$", url)
            if not m:
                print("preview printed %r" % url)
                return None
            port, token = int(m.group(1)), m.group(2)
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            for k in range(6):
                t = time.perf_counter()
                c.request("GET", "/api/state?from=0&count=100", headers={"Host": "127.0.0.1:%d" % port, "X-Luascreen-Token": token})
                r = c.getresponse()
                data = r.read()
                (firsts if k == 0 else laters).append(time.perf_counter() - t)
                if r.status != 200:
                    print("preview GET /api/state: %d %s" % (r.status, data[:200]))
                    return None
            c.close()
        finally:
            proc.terminate()
            proc.wait(10)
    s, f, l = median(starts), median(firsts), median(laters)
    print()
    print("preview: start to URL (the app opened, x86_64_defconfig) %.0f ms; first GET /api/state (100 rows, %d bytes) %.1f ms, later %.1f ms "
          "(goal first page < 100 ms: %s for the GET, %s counting the start)" % (
              s * 1000, len(data), f * 1000, l * 1000, "met" if f < 0.1 else "NOT met", "met" if s + f < 0.1 else "NOT met"))
    return {"start": s, "first": f, "later": l}


def lsp_after_edit(binary, main, lsp_bench, edits=15):
    """The first diagnostics after didOpen, and each edit's didChange to publishDiagnostics less the debounce."""
    with open(main) as f:
        text = f.read()
    lines = text.splitlines()
    uri = "file://" + os.path.abspath(main)
    # A help text in the middle of the file: each edit retypes one character of it (a row's
    # text: RowRecheck checks that row alone, the whole app a second after the last edit).
    target = next(i for i in range(len(lines) // 2, len(lines)) if 'help = "' in lines[i])
    col = lines[target].index('help = "') + len('help = "')
    s = lsp_bench.Server(binary)
    try:
        s.request("initialize", {"capabilities": {}})
        s.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        t = time.perf_counter()
        s.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "lua", "version": 1, "text": text}}})
        first, at = s.wait_diagnostics(uri, 1)
        opened = at - t
        latencies = []
        for n in range(2, edits + 2):
            sent = time.perf_counter()
            s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": {"textDocument": {"uri": uri, "version": n},
                               "contentChanges": [{"range": {"start": {"line": target, "character": col},
                                                             "end": {"line": target, "character": col + 1}},
                                                   "text": "XY"[n % 2]}]}})
            _, at = s.wait_diagnostics(uri, n)
            latencies.append(at - sent - lsp_bench.DEBOUNCE)
        def typed_and_removed(field, count, first_version):
            """A space typed into the first `field = "` string past the middle, then taken out, in turn."""
            row = next(i for i in range(len(lines) // 2, len(lines)) if field + ' = "' in lines[i])
            at = lines[row].index(field + ' = "') + len(field + ' = "')
            times = []
            for n in range(first_version, first_version + count):
                typed = (n - first_version) % 2 == 0
                rng = {"start": {"line": row, "character": at}, "end": {"line": row, "character": at + (0 if typed else 1)}}
                sent = time.perf_counter()
                s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": {"textDocument": {"uri": uri, "version": n},
                                   "contentChanges": [{"range": rng, "text": " " if typed else ""}]}})
                _, at_ = s.wait_diagnostics(uri, n)
                times.append(at_ - sent - lsp_bench.DEBOUNCE)
            return times
        # A rule retyped (a `depends`): in a script of literals only, also that row alone.
        rules = typed_and_removed("depends", 6, edits + 2)
        # A row pasted after a row and taken out: that section's rows checked alone.
        row = next(i for i in range(len(lines) // 2, len(lines)) if lines[i].rstrip().endswith("},"))
        pasted = '        toggle { key = "LUASCREEN_BENCH", text = "A row pasted" },\n'
        rows = []
        for n in range(edits + 8, edits + 14):
            typed = (n - edits) % 2 == 0
            rng = {"start": {"line": row + 1, "character": 0},
                   "end": {"line": row + 1, "character": 0} if typed else {"line": row + 2, "character": 0}}
            sent = time.perf_counter()
            s.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": {"textDocument": {"uri": uri, "version": n},
                               "contentChanges": [{"range": rng, "text": pasted if typed else ""}]}})
            _, at_ = s.wait_diagnostics(uri, n)
            rows.append(at_ - sent - lsp_bench.DEBOUNCE)
        # A menu's title retyped (a screen's, not a row's): the whole app is checked.
        whole = typed_and_removed("title", 6, edits + 14)
        rss = s.rss_kb()
    finally:
        s.close()
    med, worst = median(latencies), max(latencies)
    print()
    print("language server, a space typed into a `depends` string and taken out (the row checked alone), %d edits: median %.0f ms, worst %.0f ms" % (
        len(rules), median(rules) * 1000, max(rules) * 1000))
    print("language server, a row pasted between two rows and taken out (the section's rows checked alone), %d edits: median %.0f ms, worst %.0f ms" % (
        len(rows), median(rows) * 1000, max(rows) * 1000))
    print("language server, a space typed into a menu's title and taken out (the whole app checked), %d edits: median %.0f ms, worst %.0f ms" % (
        len(whole), median(whole) * 1000, max(whole) * 1000))
    print()
    print("language server on main.lua (%.1f MiB): first diagnostics after didOpen %.0f ms (%d diagnostics); after an edit "
          "(didChange to publishDiagnostics less the %.0f ms debounce), %d edits: median %.0f ms, worst %.0f ms "
          "(goal < 200 ms: %s); server RSS %.0f MiB" % (
              len(text.encode()) / 2**20, opened * 1000, len(first["params"]["diagnostics"]), lsp_bench.DEBOUNCE * 1000, edits,
              med * 1000, worst * 1000, "met" if med < 0.2 else "NOT met", (rss or 0) / 1024))
    return {"open": opened, "median": med, "worst": worst, "rule median": median(rules), "rule worst": max(rules),
            "rows median": median(rows), "rows worst": max(rows),
            "whole median": median(whole), "whole worst": max(whole)}
