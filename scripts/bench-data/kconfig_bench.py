"""`scripts/bench --kconfig` (SPEC §18, issue 39): Linux 6.1's x86 Kconfig tree, from the cache
scripts/kconfig-cache makes, side by side with the kernel's own conf in one run:

  - `luascreen import --format kconfig` of the whole tree: wall time, CPU time, peak memory;
  - opening the imported app with arch/x86/configs/x86_64_defconfig and writing the .config
    (`luascreen run APP --store FILE.config`, batch mode: load, one `set` of EXPERT to the value
    it has, which writes the file, quit) against `conf --olddefconfig` on a copy of the same
    file (read, compute, write): wall time, CPU time and peak memory, runs taken in turn, and
    the ratios (the goal is at most 2x conf in time and memory); whether the two wrote the same
    CONFIG_ lines is printed too.

Peak memory is max RSS from /usr/bin/time -f %M; times are medians."""
import os
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
    print("load average at the end: %s" % " ".join(f"{x:.2f}" for x in os.getloadavg()))
    return {"import": imports, "conf": conf_runs, "luascreen": app_runs}
