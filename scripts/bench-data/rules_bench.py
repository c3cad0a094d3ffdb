"""`scripts/bench --rules`: symbols at the kernel's scale (docs/dependencies.md, issue 39).

Generates an app of 16,000 symbols in 160 menus of 100 (bool, tristate, int; defaults,
selects, ranges), with a hub symbol HUB that 2,000 of them depend on and MODULES, then
reports: `check` time and peak; opening with an empty `.config` and writing it (the
olddefconfig of the app) time and peak; and each REPL command's median and worst, in a pty
(120x40), from the line sent to the next prompt: `set HUB y`/`n` (2,000 readers), `set
MODULES y`/`n` (every tristate), a `set` of a leaf, `why`, `help`, `find`, `show`.
Python standard library only.
"""
import fcntl
import os
import pty
import random
import re
import select
import statistics
import struct
import subprocess
import termios
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


def generate(path, count=16000, per_menu=100, hub_readers=2000, seed=39):
    rnd = random.Random(seed)
    menus = count // per_menu
    readers = set(rnd.sample(range(count), hub_readers))
    out = ['return app { root = "main", modules = "MODULES", screens = {',
           '  screen { id = "main", title = "Generated %d symbols", section {' % count,
           '    toggle { key = "MODULES", text = "Loadable modules", default = true },',
           '    toggle { key = "HUB", text = "The hub: %d symbols depend on it", default = true },' % hub_readers]
    for m in range(menus):
        out.append('    row { text = "Menu %d", push = "m%d" },' % (m, m))
    out.append("  } },")
    for m in range(menus):
        out.append('  screen { id = "m%d", title = "Menu %d", section {' % (m, m))
        for k in range(per_menu):
            i = m * per_menu + k
            name = "S%d" % i
            deps = []
            if i in readers:
                deps.append("HUB")
            if k > 0 and rnd.random() < 0.3:
                deps.append("S%d" % (i - 1 - rnd.randrange(min(k, 5))))
            fields = ['key = "%s"' % name, 'text = "Symbol %d"' % i]
            if deps:
                fields.append('depends = "%s"' % " && ".join(deps))
            kind = rnd.choice(["toggle", "tristate", "tristate", "number"]) if k % 7 else "toggle"
            if kind == "number":
                fields.append('ranges = { { 1, 4096 } }, defaults = { { 64, when = "HUB" }, { 8 } }')
            elif rnd.random() < 0.5:
                fields.append('defaults = { { "%s" } }' % rnd.choice(["y", "m", "n", "HUB"]))
            if kind != "number" and k + 3 < per_menu and rnd.random() < 0.2:
                fields.append('select = { "S%d" }' % (i + 1 + rnd.randrange(2)))
            out.append("    %s { %s }," % (kind, ", ".join(fields)))
        out.append("  } },")
    out.append("} }")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


COMMANDS = [
    ("set HUB n/y (2,000 readers)", ["set HUB n", "set HUB y"]),
    ("set MODULES n/y (every tristate)", ["set MODULES n", "set MODULES y"]),
    ("set a leaf", ["set S15001 n", "set S15001 y"]),
    ("why HUB", ["why HUB"]),
    ("help S7001", ["help S7001"]),
    ("find Symbol 1234", ["find Symbol 1234"]),
    ("show", ["show"]),
]


def timed(command):
    """Wall time and peak RSS (KiB) of a command."""
    t0 = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, capture_output=True, text=True, input="quit\n")
    wall = time.perf_counter() - t0
    rss = int(p.stderr.strip().splitlines()[-1]) if p.stderr.strip() else 0
    return wall, rss, p


TIMING = re.compile(r"timing: command .* (\d+) us \(cpu (\d+) us\)")


def repl_latency(binary, app, folder, runs, commands=None, store=None, outputs=None, size=(40, 120), inside=None):
    """Each command's (name, median, worst) in seconds, in a pty, from the line sent to the next
    prompt; `outputs`, when given, gets each command's first answer (ANSI codes removed);
    `inside`, when given, gets each command's (name, median, worst) of the time inside the
    process (LUASCREEN_TIMING's line for the command: the command alone, no pty)."""
    commands = commands or COMMANDS
    env = dict(os.environ, TERM="xterm", XDG_STATE_HOME=folder, LC_ALL="C.UTF-8")
    if inside is not None:
        env["LUASCREEN_TIMING"] = "1"
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(binary, [binary, "run", app, "--store", store or os.path.join(folder, "repl.config")], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[0], size[1], 0, 0))
    buffer = [""]

    def read_until(test, timeout=120.0):
        end = time.perf_counter() + timeout
        while not test(ANSI.sub("", buffer[0])):
            left = end - time.perf_counter()
            if left <= 0:
                raise SystemExit("the REPL did not answer; last output:\n" + buffer[0][-2000:])
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise SystemExit("the REPL ended:\n" + buffer[0][-2000:])
                buffer[0] += chunk.decode("utf-8", "replace")

    read_until(lambda t: t.endswith("> "))
    prompt = ANSI.sub("", buffer[0]).rsplit("\n", 1)[-1]
    results = []
    for name, lines in commands:
        times, own = [], []
        for r in range(runs):
            line = lines[r % len(lines)]
            buffer[0] = ""
            t0 = time.perf_counter()
            os.write(fd, (line + "\r").encode())
            # (the prompt changes as a command moves between screens: any prompt line ends it)
            read_until(lambda t: "\n" in t and (t.endswith(prompt) or t.rsplit("\n", 1)[-1].endswith("> ")))
            times.append(time.perf_counter() - t0)
            found = TIMING.findall(ANSI.sub("", buffer[0]))
            if found:
                own.append(int(found[-1][0]) / 1e6)
            if outputs is not None and r < len(lines):
                outputs.setdefault(name, []).append(ANSI.sub("", buffer[0]))
        results.append((name, statistics.median(times), max(times)))
        if inside is not None and own:
            inside.append((name, statistics.median(own), max(own)))
    os.write(fd, b"quit\r")
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)
    return results


def main(binary, outdir, runs=21):
    folder = os.path.join(outdir, "rules")
    os.makedirs(folder, exist_ok=True)
    app = os.path.join(folder, "app.lua")
    generate(app)
    print("Symbols: 16,000 in 160 menus, HUB read by 2,000 (%s)" % os.path.relpath(app))
    checks = [timed([binary, "check", app]) for _ in range(3)]
    print("  check                          %7.0f ms  %6.1f MiB" % (statistics.median(c[0] for c in checks) * 1000,
                                                                   statistics.median(c[1] for c in checks) / 1024))
    opens = []
    for _ in range(3):
        store = os.path.join(folder, "open.config")
        if os.path.exists(store):
            os.unlink(store)
        opens.append(timed([binary, "run", app, "--store", store]))
    print("  open, empty .config, write it  %7.0f ms  %6.1f MiB" % (statistics.median(o[0] for o in opens) * 1000,
                                                                   statistics.median(o[1] for o in opens) / 1024))
    print("  REPL commands in a pty (120x40), %d runs each: median, worst" % runs)
    for name, med, worst in repl_latency(binary, app, folder, runs):
        print("    %-34s %7.1f ms %7.1f ms" % (name, med * 1000, worst * 1000))
