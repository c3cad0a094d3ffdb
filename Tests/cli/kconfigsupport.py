"""The Kconfig oracles (SPEC §18, issue 39): the cache scripts/kconfig-cache makes (Linux 6.1's
Kconfig files, the kernel's own `conf` with $(shell,...) stubbed, a patched kconfiglib 14.1.0),
and the helpers the tests run them with. Nothing here is luascreen's: conf and kconfiglib are the
references luascreen's import and `.config` are compared with.

When the cache is absent the tests that need it are skipped with a message saying how to make
it, except in CI (the environment variable CI set), where scripts/test makes it first and its
absence is a failure."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

ROOT = support.ROOT
CACHE = os.environ.get("LUASCREEN_KCONFIG_CACHE") or os.path.join(os.path.expanduser("~"), ".cache", "luascreen", "kconfig")
TREE = os.path.join(CACHE, "linux-6.1")
CONF = os.path.join(CACHE, "bin", "conf")
RUN = os.path.join(CACHE, "run")
KCONFIGLIB = os.path.join(CACHE, "kconfiglib")
DEFCONFIG = os.path.join(TREE, "arch", "x86", "configs", "x86_64_defconfig")


def env_pairs():
    """The x86 environment (SRCARCH=x86 ...), as (name, value) pairs."""
    with open(os.path.join(CACHE, "env")) as f:
        return [tuple(line.rstrip("\n").split("=", 1)) for line in f if "=" in line]


def import_x86(binary, out, timeout=120):
    """`luascreen import --format kconfig` of the cache's x86 tree into the folder `out`: the
    CompletedProcess (text)."""
    args = ["import", "--format", "kconfig", os.path.join(TREE, "Kconfig"), "--srctree", TREE, "--out", out]
    for name, value in env_pairs():
        args += ["--env", f"{name}={value}"]
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout)


def cache_ready():
    return all(os.path.exists(p) for p in (os.path.join(TREE, "Kconfig"), CONF, os.path.join(KCONFIGLIB, "kconfiglib.py"),
                                           os.path.join(CACHE, "env"), os.path.join(RUN, "include", "config", "auto.conf")))


def require_cache(case):
    """Skips `case` when the cache is absent (a failure in CI)."""
    if cache_ready():
        return
    message = f"the Kconfig cache is absent at {CACHE}: run scripts/kconfig-cache to make it"
    if os.environ.get("CI"):
        case.fail(message + " (CI must have it: scripts/test makes it)")
    case.skipTest(message)


def oracle_env(srctree=TREE, **extra):
    env = dict(os.environ)
    env.update(dict(env_pairs()))
    env["srctree"] = srctree
    env.update(extra)
    return env


def conf(mode, config_path, srctree=TREE, kconfig="Kconfig", timeout=60, **extra):
    """Runs the kernel's conf (`--olddefconfig`, `--randconfig`, ...) on `config_path` (read and
    written there), from the cache's run folder. The CompletedProcess."""
    return subprocess.run([CONF, mode, kconfig], cwd=RUN, env=oracle_env(srctree, KCONFIG_CONFIG=config_path, **extra),
                          capture_output=True, text=True, timeout=timeout)


def config_lines(text):
    """The `CONFIG_` lines and `# CONFIG_... is not set` lines of a .config, in order."""
    return [line for line in text.splitlines() if line.startswith("CONFIG_") or (line.startswith("# CONFIG_") and line.endswith(" is not set"))]


KCONFIGLIB_SCRIPT = r'''
import json, random, sys
import kconfiglib
mode = sys.argv[1]
k = kconfiglib.Kconfig("Kconfig", warn=False)
k.load_config(sys.argv[2], replace=True) if sys.argv[2] != "-" else None
out = {}
if mode == "changes":
    rng = random.Random(int(sys.argv[3]))
    count = int(sys.argv[4])
    names = [s for s in k.unique_defined_syms if s.type and any(n.prompt for n in s.nodes)]
    changes, refused = [], []
    while len(changes) < count:
        sym = rng.choice(names)
        if not sym.visibility:
            continue
        if sym.type in (kconfiglib.BOOL, kconfiglib.TRISTATE):
            values = [kconfiglib.TRI_TO_STR[v] for v in sym.assignable]
            if not values:
                continue
            value = rng.choice(values)
            outside = [v for v in ("n", "m", "y") if v not in values and (sym.type == kconfiglib.TRISTATE or v != "m")]
            if outside and len(refused) < count:
                refused.append((sym.name, rng.choice(outside), len(changes)))
        elif sym.type in (kconfiglib.INT, kconfiglib.HEX) and not sym.choice:
            low = high = None
            ranged = False
            for lo, hi, cond in sym.ranges:
                if kconfiglib.expr_value(cond):
                    base = 16 if sym.type == kconfiglib.HEX else 10
                    def num(s):
                        try:
                            return int(s.str_value, base) if s.str_value else 0
                        except ValueError:
                            return 0
                    low, high = num(lo), num(hi)
                    ranged = True
                    break
            if low is None:
                low, high = 0, 4096
            n = rng.randint(low, high)
            value = hex(n) if sym.type == kconfiglib.HEX else str(n)
            # (a symbol with no range takes any number: nothing to refuse)
            if ranged and high < 2**31 - 2 and len(refused) < count:
                bad = high + 1
                refused.append((sym.name, hex(bad) if sym.type == kconfiglib.HEX else str(bad), len(changes)))
        else:
            value = rng.choice(["luascreen", "a b", "x" * rng.randint(1, 20)])
        if not sym.set_value(value):
            continue
        changes.append((sym.name, value))
    out["changes"] = changes
    out["refused"] = refused
k.write_config(sys.argv[5] if mode == "changes" else sys.argv[3])
print(json.dumps(out))
'''


def kconfiglib_changes(seed, count, written, start="-", srctree=TREE):
    """kconfiglib on the x86 tree: from `start` (a .config, or "-" for none) makes `count`
    random changes of visible symbols to values they may take (seeded), writes the .config to
    `written`, and returns (changes, refused): the (name, value) pairs applied in order, and
    (name, value, index) of values outside what the symbol may take at that point."""
    result = subprocess.run([sys.executable, "-c", KCONFIGLIB_SCRIPT, "changes", start, str(seed), str(count), written],
                            cwd=RUN, env=oracle_env(srctree, PYTHONPATH=KCONFIGLIB), capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise AssertionError("kconfiglib failed: " + result.stderr[-2000:])
    import json
    data = json.loads(result.stdout.strip().splitlines()[-1])
    return [tuple(c) for c in data["changes"]], [tuple(r) for r in data["refused"]]


def rng(seed):
    return random.Random(seed)
