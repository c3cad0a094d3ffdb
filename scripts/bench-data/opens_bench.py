"""Issue 26's figures of opening for scripts/bench (`scripts/bench --opens`):

  - `luascreen test`: the time of a test that opens a screen and selects a row
    (`open("screen.lua")`, `s:select("Night mode")` on a three-row screen), from a file of
    TESTS such tests: the runner's own time for the file (its "# FILE: N tests in S s"
    line) over N, median of RUNS runs; and callgrind's instructions a test, (Ir of the file
    less Ir of a file of one empty test) / N. Beside it, how many processes one run of
    twenty test files starts (strace -f, when installed): one, the runner itself;
  - `luascreen explore examples/books.lua --seed 1 --walks 200 --steps 50` with every check
    on: steps a second, timed inside luascreen (its --json), median of RUNS runs; and
    instructions a step, (Ir of 60 walks less Ir of 20 walks) / (their steps' difference);
  - start-up: `luascreen --version` and `luascreen check` of a one-row screen against
    `lua5.4 -e ''`: wall time (medians of STARTS runs taken in turn), peak memory (max RSS
    from /usr/bin/time -f %M), and callgrind's instructions.

Instructions are counted on a copy of the binary without DWARF (`strip -g`: valgrind 3.19
cannot read Swift 6's). Python standard library only.
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import time

SCREEN = """return { title = "Settings", sections = { { header = "General", rows = {
  { type = "toggle", text = "Night mode", key = "night_mode", default = false },
  { text = "About", on_select = function(ctx) end },
  { text = "Version", detail = "1.0" },
} } } }
"""
ONE_ROW = 'return { title = "One", sections = { { rows = { { text = "Row" } } } } }\n'
GOAL_TEST_MS = 0.15
GOAL_EXPLORE = 30000
GOAL_START_RATIO = 1.5
GOAL_VERSION_KIB = 6 * 1024
GOAL_CHECK_KIB = 8 * 1024


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)


def _test_file(path, count):
    lines = ['test("open and select %d", function() local s = open("screen.lua"); s:select("Night mode") end)\n' % i
             for i in range(1, count + 1)]
    _write(path, "".join(lines) or 'test("nothing", function() end)\n')


def _ir(command, cwd, out):
    r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + command,
                       capture_output=True, text=True, cwd=cwd)
    m = re.search(r"Collected : (\d+)", r.stderr)
    return int(m.group(1)) if m else None


def _peak_kib(command, cwd):
    time_bin = shutil.which("time", path="/usr/bin:/bin")
    if not time_bin:
        return None
    r = subprocess.run([time_bin, "-f", "%M"] + command, capture_output=True, text=True, cwd=cwd)
    last = r.stderr.strip().splitlines()[-1:] or [""]
    return int(last[0]) if last[0].isdigit() else None


def bench_opens(binary, outdir, runs=5, tests=500, starts=200, explore_runs=None, instructions=True, progress=print):
    folder = os.path.join(outdir, "opens")
    os.makedirs(folder, exist_ok=True)
    _write(os.path.join(folder, "screen.lua"), SCREEN)
    _write(os.path.join(folder, "one.lua"), ONE_ROW)
    _test_file(os.path.join(folder, "open_select_test.lua"), tests)
    _test_file(os.path.join(folder, "empty_test.lua"), 0)
    many = os.path.join(folder, "many")
    os.makedirs(many, exist_ok=True)
    for i in range(20):
        _test_file(os.path.join(many, "f%02d_test.lua" % i), 5)
    out = {"tests": tests, "runs": runs, "starts": starts}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    # luascreen test: the runner's time for the file, over its tests.
    progress("opens: luascreen test, %d tests a file, %d runs" % (tests, runs))
    per_test = []
    for _ in range(runs):
        r = subprocess.run([binary, "test", "open_select_test.lua"], capture_output=True, text=True, cwd=folder)
        m = re.search(r"open_select_test\.lua: (\d+) tests in ([0-9.]+) s", r.stdout)
        if r.returncode != 0 or not m:
            out["test_skipped"] = "luascreen test failed (exit %d): %s" % (r.returncode, (r.stdout + r.stderr)[-300:])
            break
        per_test.append(float(m.group(2)) / int(m.group(1)))
    out["test_ms"] = statistics.median(per_test) * 1e3 if per_test else None
    out["test_command"] = "cd bench-out/opens && luascreen test open_select_test.lua"

    if shutil.which("strace"):
        log = os.path.join(folder, "strace.log")
        subprocess.run(["strace", "-f", "-qq", "-o", log, "-e", "trace=execve,fork,vfork,clone,clone3",
                        binary, "test", "many"], capture_output=True, cwd=folder)
        with open(log) as f:
            text = f.read()
        out["test_processes"] = len(re.findall(r"\bexecve\(", text))
        out["test_forks"] = len(re.findall(r"\b(?:fork|vfork|clone3?)\(", text))
        out["process_command"] = ("cd bench-out/opens && strace -f -e trace=execve,fork,vfork,clone,clone3 "
                                  "luascreen test many   # 20 files of 5 tests")

    # explore on books.lua, timed inside.
    books = os.path.join(root, "examples", "books.lua")
    command = [binary, "explore", books, "--seed", "1", "--walks", "200", "--steps", "50", "--json",
               "--max-memory", "1G", "--max-instructions", "1000000000"]
    progress("opens: explore examples/books.lua, %d runs" % (explore_runs or runs))
    rates = []
    for _ in range(explore_runs or runs):
        r = subprocess.run(command, capture_output=True, text=True, cwd=root)
        try:
            d = json.loads(r.stdout)
        except ValueError:
            out["explore_skipped"] = "explore failed (exit %d): %s" % (r.returncode, (r.stdout + r.stderr)[-300:])
            break
        rates.append(d["steps"] / (d["nanoseconds"]["walks"] / 1e9))
    out["explore_steps_per_second"] = statistics.median(rates) if rates else None
    out["explore_command"] = "luascreen explore examples/books.lua --seed 1 --walks 200 --steps 50 --json --max-memory 1G --max-instructions 1000000000"

    # Start-up, in turn.
    progress("opens: start-up, %d runs each" % starts)
    commands = {"version": [binary, "--version"], "check": [binary, "check", "one.lua"], "lua": ["lua5.4", "-e", ""]}
    walls = {k: [] for k in commands}
    for _ in range(starts):
        for key, c in commands.items():
            t0 = time.perf_counter()
            subprocess.run(c, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder)
            walls[key].append(time.perf_counter() - t0)
    out["start_ms"] = {k: statistics.median(v) * 1e3 for k, v in walls.items()}
    out["start_kib"] = {k: statistics.median([_peak_kib(c, folder) or 0 for _ in range(5)]) for k, c in commands.items()}

    if instructions and shutil.which("valgrind"):
        stripped = os.path.join(folder, "luascreen.nodebug")
        shutil.copy(binary, stripped)
        subprocess.run(["strip", "-g", stripped])
        progress("opens: callgrind")
        cg = lambda name: os.path.join(folder, "callgrind.%s.out" % name)
        full = _ir([stripped, "test", "open_select_test.lua"], folder, cg("test"))
        empty = _ir([stripped, "test", "empty_test.lua"], folder, cg("empty"))
        out["test_ir"] = (full - empty) / tests if full and empty else None
        few = [stripped, "explore", books, "--seed", "1", "--steps", "50", "--json",
               "--max-memory", "1G", "--max-instructions", "1000000000"]
        irs, steps = [], []
        for walks in (20, 60):
            r = subprocess.run(few + ["--walks", str(walks)], capture_output=True, text=True, cwd=root)
            steps.append(json.loads(r.stdout)["steps"])
            irs.append(_ir(few + ["--walks", str(walks)], root, cg("explore%d" % walks)))
        out["explore_ir"] = (irs[1] - irs[0]) / (steps[1] - steps[0]) if None not in irs and steps[1] > steps[0] else None
        out["start_ir"] = {"version": _ir([stripped, "--version"], folder, cg("version")),
                           "check": _ir([stripped, "check", "one.lua"], folder, cg("check")),
                           "lua": _ir(["lua5.4", "-e", ""], folder, cg("lua"))}
    return out


def print_opens(r, command):
    print("opens (issue 26): %s" % command)
    ms = r.get("test_ms")
    print("  luascreen test, a test that opens a screen and selects a row: %s a test%s   goal <= %.2f ms"
          % ("-" if ms is None else "%.3f ms" % ms,
             "" if r.get("test_ir") is None else ", {:,.0f} instructions".format(r["test_ir"]), GOAL_TEST_MS))
    print("    " + r["test_command"])
    if "test_processes" in r:
        print("  processes of one luascreen test run of 20 files: %d exec, %d forks or clones   goal: one process"
              % (r["test_processes"], r["test_forks"]))
        print("    " + r["process_command"])
    rate = r.get("explore_steps_per_second")
    print("  explore examples/books.lua, every check on: %s steps/s%s   goal >= %d"
          % ("-" if rate is None else "{:,.0f}".format(rate),
             "" if r.get("explore_ir") is None else ", {:,.0f} instructions a step".format(r["explore_ir"]), GOAL_EXPLORE))
    print("    " + r["explore_command"])
    s, k, ir = r["start_ms"], r["start_kib"], r.get("start_ir", {})
    for key, label, kib in (("version", "luascreen --version", GOAL_VERSION_KIB), ("check", "luascreen check one-row.lua", GOAL_CHECK_KIB)):
        print("  %-28s %.2f ms (%.2fx lua5.4 -e '' at %.2f ms), %.1f MiB%s   goal <= %.1fx, <= %d MiB"
              % (label, s[key], s[key] / s["lua"], s["lua"], k[key] / 1024,
                 "" if not ir.get(key) else ", {:,} instructions ({:.2f}x lua5.4's {:,})".format(ir[key], ir[key] / ir["lua"], ir["lua"]),
                 GOAL_START_RATIO, kib // 1024))
