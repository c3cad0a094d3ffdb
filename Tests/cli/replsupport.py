"""Shared helpers of the REPL's command-line tests (standard library and pexpect only).

The tests build nothing: they run the binary at .build/debug/luascreen (from the repository
root), or the one named by the environment variable LUASCREEN_BIN.
"""
import os
import shutil
import subprocess
import tempfile
import textwrap
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.abspath(os.environ.get("LUASCREEN_BIN") or os.path.join(ROOT, ".build", "debug", "luascreen"))


# How long a test waits for the program (a prompt in a pty, an answer, a redraw). Every such
# wait polls for what it waits for and ends as soon as that holds, so a long deadline costs
# nothing when the program is well: it only bounds how long a broken build takes to fail. The
# defaults survive a two-core machine under full load (eight people building);
# LUASCREEN_TEST_TIMEOUT_SCALE=N multiplies every deadline by N on a slower machine.
TIMEOUT_SCALE = float(os.environ.get("LUASCREEN_TEST_TIMEOUT_SCALE") or 1)


def deadline(seconds):
    """`seconds` scaled by LUASCREEN_TEST_TIMEOUT_SCALE: the limit of a wait that polls."""
    return seconds * TIMEOUT_SCALE


# pexpect's limit for one expect() in a pty (a prompt, an echo, EOF).
PTY_TIMEOUT = deadline(60)


def wait_until(condition, seconds, what, step=0.02):
    """Polls `condition()` until it returns a true value (which is returned) or
    deadline(seconds) passed (an AssertionError naming `what`)."""
    end = time.monotonic() + deadline(seconds)
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {deadline(seconds):g} s for {what}")
        time.sleep(step)


def cpu_seconds(pid):
    """The CPU time (user + system) process `pid` has used, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def require_binary(case):
    if not os.access(BIN, os.X_OK):
        case.fail(f"no luascreen binary at {BIN}: run `swift build` first, or set LUASCREEN_BIN")


class Sandbox:
    """A temporary HOME, XDG_STATE_HOME and XDG_CONFIG_HOME, and a folder for scripts."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="luascreen-cli-")
        self.home = os.path.join(self.dir, "home")
        self.state = os.path.join(self.dir, "state")
        self.config = os.path.join(self.dir, "config")
        self.scripts = os.path.join(self.dir, "scripts")
        for d in (self.home, self.state, self.config, self.scripts):
            os.makedirs(d)

    def env(self, **extra):
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": self.home,
            "XDG_STATE_HOME": self.state,
            "XDG_CONFIG_HOME": self.config,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "dumb",
            "INPUTRC": "/dev/null",
            "NO_COLOR": "1",
        }
        env.update(extra)
        return {k: v for k, v in env.items() if v is not None}

    def script(self, name, text):
        path = os.path.join(self.scripts, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(text))
        return path

    @property
    def history(self):
        return os.path.join(self.state, "luascreen", "history")

    def close(self):
        shutil.rmtree(self.dir, ignore_errors=True)


def batch(sandbox, args, commands, env=None, timeout=30):
    """Runs luascreen with `commands` (a list of lines, or a text) piped to stdin."""
    text = commands if isinstance(commands, str) else "".join(line + "\n" for line in commands)
    return subprocess.run([BIN] + list(args), input=text, capture_output=True, text=True,
                          cwd=ROOT, env=env or sandbox.env(), timeout=timeout)


# A script with what the examples do not have: a failing callback, a row whose id is a
# command word, a secure input, a number with a range, and a long screen.
FIXTURE = """\
local rows = {}
for i = 1, 60 do rows[i] = row { text = "Item " .. i, on_select = function(ctx) ctx:alert("item " .. i) end } end

return app {
  root = "main", store = "fixture",
  screens = {
    screen {
      id = "main", title = "Fixture",
      section {
        header = "Rows",
        button { text = "Explode", on_select = function(ctx) local t = nil; return t.field end },
        button { id = "reset", text = "Start Over", on_select = function(ctx) ctx:alert("started over") end },
        input { text = "Password", key = "password", secure = true },
        number { text = "Font size", key = "font_size", default = 14, min = 10, max = 30, step = 2, unit = "pt" },
        input { text = "Nickname", key = "nickname", default = "ada", max_length = 8 },
        row { text = "Long list", push = "long" },
      },
      section { footer = "END" },
    },
    screen { id = "long", title = "Long", section { rows = rows } },
  },
}
"""
