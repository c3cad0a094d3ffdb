"""The symbols' values against the kernel's own `conf` (Linux 6.1's scripts/kconfig, built by
scripts/kconfig-cache) and kconfiglib (docs/dependencies.md, SPEC §18): random Kconfig trees,
written as luascreen apps, give conf's `.config` byte for byte when opened empty, when opened
with conf's `--randconfig` output, and after random changes made in the REPL; a change
kconfiglib does not allow is refused, with an error line naming the input line."""
import os
import random
import subprocess
import tempfile
import unittest

try:
    import kconfiglib
    import kconfig_oracle as oracle
except ImportError:  # scripts/setup installs it
    kconfiglib = None
from replsupport import BIN

CACHE = os.environ.get("LUASCREEN_KCONFIG_CACHE") or os.path.expanduser("~/.cache/luascreen/kconfig")
CONF = os.path.join(CACHE, "bin", "conf")


def conf(folder, mode, config, env=None):
    """Runs conf --MODE on the tree in `folder` with KCONFIG_CONFIG=config; its text."""
    e = dict(os.environ, KCONFIG_CONFIG=config, **(env or {}))
    subprocess.run([CONF, "--" + mode, "Kconfig.c"], cwd=folder, env=e, capture_output=True, check=True, timeout=60)
    with open(config) as f:
        return f.read()


@unittest.skipUnless(kconfiglib and os.access(CONF, os.X_OK), "no kconfiglib or no conf: run scripts/setup and scripts/kconfig-cache")
class RulesOracleTest(unittest.TestCase):
    SEEDS = range(1, 31)

    def tree(self, seed, folder):
        text = oracle.random_tree(seed)
        with open(os.path.join(folder, "Kconfig"), "w") as f:
            f.write(text)  # kconfiglib 14.1 reads `option modules`
        with open(os.path.join(folder, "Kconfig.c"), "w") as f:
            f.write(text.replace("\toption modules", "\tmodules"))  # Linux 6.1's conf reads `modules`
        kconf = kconfiglib.Kconfig(os.path.join(folder, "Kconfig"), warn=False)
        app = os.path.join(folder, "main.lua")
        with open(app, "w") as f:
            f.write(oracle.to_lua(kconf))
        return kconf, app

    def repl(self, app, store, commands):
        return subprocess.run([BIN, "run", app, "--store", store], input="".join(c + "\n" for c in commands) + "quit\n",
                              capture_output=True, text=True, timeout=60)

    def test_opened_empty_is_olddefconfig_byte_for_byte(self):
        for seed in self.SEEDS:
            with self.subTest(seed=seed), tempfile.TemporaryDirectory() as d:
                _, app = self.tree(seed, d)
                expected = conf(d, "olddefconfig", os.path.join(d, "c.config"))
                store = os.path.join(d, "l.config")
                p = self.repl(app, store, [])
                self.assertEqual(p.returncode, 0, p.stderr)
                with open(store) as f:
                    self.assertEqual(f.read(), expected, "seed %d" % seed)

    def test_randconfig_loads_and_writes_back_unchanged(self):
        for seed in self.SEEDS:
            with self.subTest(seed=seed), tempfile.TemporaryDirectory() as d:
                _, app = self.tree(seed, d)
                store = os.path.join(d, "r.config")
                expected = conf(d, "randconfig", store, {"KCONFIG_SEED": str(seed)})
                p = self.repl(app, store, [])
                self.assertEqual(p.returncode, 0, p.stderr)
                with open(store) as f:
                    self.assertEqual(f.read(), expected, "seed %d" % seed)

    def test_random_changes_agree_with_conf_and_refusals_with_kconfiglib(self):
        for seed in self.SEEDS:
            with self.subTest(seed=seed), tempfile.TemporaryDirectory() as d:
                kconf, app = self.tree(seed, d)
                kconf.unset_values()
                rnd = random.Random(seed * 7)
                commands, refused, user = [], [], {}
                for step in range(10):
                    sym = rnd.choice([s for s in kconf.unique_defined_syms if s.name != "MODULES" or step == 0])
                    values = oracle.assignable_values(sym)
                    if values and rnd.random() < 0.85:
                        v = rnd.choice(values)
                        self.assertTrue(sym.set_value(v))
                        commands.append("set %s %s" % (sym.name, v))
                        # What the person chose, as a .config gives it to conf (a choice's
                        # visible options all have a value once one is picked).
                        for s in (sym.choice.syms if sym.choice else [sym]):
                            if s is sym or s.visibility:
                                user[s.name] = (s.type, v if s is sym else s.str_value)
                    elif sym.type in (kconfiglib.INT, kconfiglib.HEX) and sym.visibility and sym.ranges:
                        # Out of its range: the kernel's conf refuses it (kconfiglib would take it).
                        in_range = oracle.assignable_values(sym)
                        bad = [v for v in (["200", "-5"] if sym.type == kconfiglib.INT else ["0x2000", "0x1"]) if v not in in_range]
                        if bad and oracle.assignable_values(sym) != (["0", "7", "50", "200"] if sym.type == kconfiglib.INT else ["0x9", "0x80", "0x2000"]):
                            commands.append("set %s %s" % (sym.name, bad[0]))
                            refused.append(len(commands))
                    elif sym.type in (kconfiglib.BOOL, kconfiglib.TRISTATE) and sym.choice is None:
                        bad = [v for v in ("n", "m", "y") if v not in values and v != sym.str_value]
                        if bad:
                            commands.append("set %s %s" % (sym.name, bad[0]))
                            refused.append(len(commands))
                given = os.path.join(d, "c.config")
                with open(given, "w") as f:
                    for name, (t, v) in user.items():
                        if t in (kconfiglib.BOOL, kconfiglib.TRISTATE) and v == "n":
                            f.write("# CONFIG_%s is not set\n" % name)
                        elif t == kconfiglib.STRING:
                            f.write('CONFIG_%s="%s"\n' % (name, v.replace("\\", "\\\\").replace('"', '\\"')))
                        else:
                            f.write("CONFIG_%s=%s\n" % (name, v))
                expected = conf(d, "olddefconfig", given)
                store = os.path.join(d, "l.config")
                p = self.repl(app, store, commands)
                with open(store) as f:
                    self.assertEqual(f.read(), expected, "seed %d, commands %s\n%s" % (seed, commands, p.stderr))
                errors = [l for l in p.stderr.splitlines() if ": error: " in l]
                self.assertEqual(len(errors), len(refused), "seed %d: %s refused %s\n%s" % (seed, commands, refused, p.stderr))
                for n in refused:
                    self.assertTrue(any(l.startswith("stdin:%d: error:" % n) for l in errors), (n, errors))
                self.assertEqual(p.returncode, 1 if refused else 0)


if __name__ == "__main__":
    unittest.main()
