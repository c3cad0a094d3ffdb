"""`luascreen import --format kconfig` (SPEC §18, issue 39): hostile trees end in a clear error or
warning within 5 s, reading nothing outside the tree and running nothing; text comes back byte
for byte; Linux 6.1's x86 tree imports in under 10 s and its app passes `check`; and, with the
kernel's own tools as the oracles (Tests/cli/kconfigsupport.py, the cache of
scripts/kconfig-cache): the app opened with no .config writes conf --olddefconfig's lines, 20
conf --randconfig outputs load and write back unchanged, 20 random sequences of 10 changes give
kconfiglib's .config (its known differences from the C tools aligned by passing its output
through conf --olddefconfig), and values outside what kconfiglib allows are refused."""
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kconfigsupport as kc  # noqa: E402
import replsupport as support  # noqa: E402

ROOT = support.ROOT

# Reads main.lua with every constructor a plain function, and prints the `text` of the row
# bound to KEY, raw: what the app holds, byte for byte.
LUA_TEXT_OF = r'''
local want = arg[2]
local found
local function ctor(kind) return function(t) t.type = kind
  if t.key == want then found = t.text end
  if type(t.options) == "table" then for _, o in ipairs(t.options) do if o.value == want then found = o.text end end end
  return t end end
for _, k in ipairs({"app","screen","section","row","toggle","tristate","number","input","choice","symbol","button"}) do _G[k] = ctor(k) end
dofile(arg[1])
io.write(found or "<none>")
'''


def luascreen(*args, timeout=60, cwd=ROOT, input=None):
    return subprocess.run([support.BIN, *args], cwd=cwd, capture_output=True, timeout=timeout, input=input)


class KconfigHostileTrees(unittest.TestCase):
    """Trees nobody should trust: each ends within 5 s in an error or a warning that names the
    file and line, with nothing read outside the tree and nothing run."""

    def setUp(self):
        support.require_binary(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-")
        self.tree = os.path.join(self.tmp, "tree")
        os.mkdir(self.tree)
        self.out = os.path.join(self.tmp, "app")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def write(self, relative, text):
        path = os.path.join(self.tree, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
        return path

    def run_import(self, *extra):
        shutil.rmtree(self.out, ignore_errors=True)
        start = time.monotonic()
        result = luascreen("import", "--format", "kconfig", os.path.join(self.tree, "Kconfig"), "--out", self.out, *extra, timeout=30)
        self.assertLess(time.monotonic() - start, 5.0, "a hostile tree must end within 5 s")
        return result.returncode, result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")

    def assert_refused(self, *needles):
        code, out, err = self.run_import()
        self.assertEqual(code, 1, err)
        for needle in needles:
            self.assertIn(needle, err)
        self.assertFalse(os.path.exists(os.path.join(self.out, "main.lua")), "nothing is written when the tree is refused")
        return err

    def test_a_source_cycle_is_an_error_naming_the_chain(self):
        self.write("Kconfig", 'config A\n\tbool "a"\nsource "sub/Kconfig"\n')
        self.write("sub/Kconfig", 'config B\n\tbool "b"\nrsource "../Kconfig"\n')
        err = self.assert_refused("recursive inclusion detected", "sub/Kconfig:3", "Kconfig:3")

    def test_source_of_a_path_above_the_tree_is_refused(self):
        self.write("Kconfig", 'source "../../etc/passwd"\n')
        self.assert_refused("Kconfig:1: error:", "outside the source tree")

    def test_an_absolute_source_is_refused(self):
        self.write("Kconfig", 'source "/etc/passwd"\n')
        self.assert_refused("Kconfig:1: error:", "absolute path")

    def test_a_symbolic_link_out_of_the_tree_is_refused_and_not_read(self):
        outside = os.path.join(self.tmp, "outside")
        os.mkdir(outside)
        with open(os.path.join(outside, "Kconfig"), "w") as f:
            f.write('config SECRET\n\tbool "hunter2"\n')
        os.symlink(os.path.join(outside, "Kconfig"), os.path.join(self.tree, "linked"))
        os.symlink(outside, os.path.join(self.tree, "folder"))
        self.write("Kconfig", 'source "linked"\n')
        err = self.assert_refused("Kconfig:1: error:", "outside")
        self.assertNotIn("hunter2", err)
        self.write("Kconfig", 'source "folder/Kconfig"\n')
        self.assert_refused("Kconfig:1: error:", "outside")

    def test_a_fifo_is_not_waited_on(self):
        os.mkfifo(os.path.join(self.tree, "fifo"))
        self.write("Kconfig", 'source "fifo"\n')
        self.assert_refused("Kconfig:1: error:", "not a regular file")

    def test_a_missing_file_is_an_error_and_osource_skips_it(self):
        self.write("Kconfig", 'source "nothing/Kconfig"\n')
        self.assert_refused("Kconfig:1: error:", "can't open file")
        self.write("Kconfig", 'osource "nothing/Kconfig"\nconfig A\n\tbool "a"\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)

    def test_source_globs_match_inside_the_tree_in_order(self):
        self.write("Kconfig", 'source "drivers/*/Kconfig"\nosource "missing/*/Kconfig"\n')
        self.write("drivers/b/Kconfig", 'config B\n\tbool "b"\n')
        self.write("drivers/a/Kconfig", 'config A\n\tbool "a"\n')
        self.write("drivers/c/Other", 'config C\n\tbool "c"\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        with open(os.path.join(self.out, "main.lua")) as f:
            text = f.read()
        self.assertLess(text.index('key = "A"'), text.index('key = "B"'))
        self.assertNotIn('key = "C"', text)
        self.write("Kconfig", 'source "missing/*/Kconfig"\n')
        self.assert_refused("Kconfig:1: error: can't open file")

    def test_a_dependency_loop_is_reported_as_the_kernel_reports_it(self):
        self.write("Kconfig", 'config A\n\tbool "a"\n\tdepends on B\n\nconfig B\n\tbool "b"\n\tdepends on A\n')
        err = self.assert_refused("error: recursive dependency detected!", "symbol A depends on B", "symbol B depends on A")
        self.write("Kconfig", 'config A\n\tbool "a"\n\tdepends on B\n\tselect B\n\nconfig B\n\tbool "b"\n')
        self.assert_refused("recursive dependency detected!", "symbol B is selected by A")
        if kc.cache_ready():
            # The kernel's conf finds the same loops.
            result = kc.conf("--olddefconfig", os.path.join(self.tmp, ".config"), srctree=self.tree)
            self.assertIn("recursive dependency detected", result.stderr)

    def test_a_long_chain_of_dependencies_is_no_loop_and_no_overflow(self):
        n = 20000
        text = "".join(f'config S{i}\n\tbool "s{i}"\n\tdepends on S{i + 1}\n' for i in range(n)) + f'config S{n}\n\tbool "last"\n'
        self.write("Kconfig", text)
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertIn(f"{n + 1} symbols", err)

    def test_a_select_of_an_undefined_symbol_is_a_warning_naming_it(self):
        self.write("Kconfig", 'config A\n\tbool "a"\n\tselect NOWHERE\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertIn("Kconfig:3: warning: A selects NOWHERE, which no Kconfig file defines", err)
        with open(os.path.join(self.out, "main.lua")) as f:
            self.assertNotIn("NOWHERE", f.read())

    def test_invalid_utf8_is_a_warning_naming_the_line(self):
        self.write("Kconfig", b'config A\n\tbool "caf\xe9 \xff"\n\thelp\n\t  bad \xc3\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertIn("Kconfig:2: warning: invalid UTF-8", err)
        self.assertIn("Kconfig:4: warning: invalid UTF-8", err)
        with open(os.path.join(self.out, "main.lua"), "rb") as f:
            f.read().decode("utf-8")  # the app is UTF-8

    def test_lua_looking_prompts_come_back_byte_for_byte(self):
        prompts = [
            ']] os.exit(1) --[[',
            '"); os.execute("touch pwned") --',
            "\\\" ' ]==] [==[ \\x41 \\u{2028}",
            "tab\there, bell\x07, del\x7f, é ü 中文 \u202e",
        ]
        text = ""
        for i, prompt in enumerate(prompts):
            escaped = prompt.replace("\\", "\\\\").replace('"', '\\"')
            text += f'config P{i}\n\tbool "{escaped}"\n'
        self.write("Kconfig", text)
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        for i, prompt in enumerate(prompts):
            got = subprocess.run(["lua5.4", "-", os.path.join(self.out, "main.lua"), f"P{i}"], input=LUA_TEXT_OF.encode(),
                                 capture_output=True, timeout=10)
            self.assertEqual(got.returncode, 0, got.stderr)
            self.assertEqual(got.stdout, prompt.encode(), f"prompt {i}")
        self.assertFalse(os.path.exists(os.path.join(self.tree, "pwned")))

    def test_shell_is_never_run_and_warned_once(self):
        marker = os.path.join(self.tmp, "ran")
        self.write("Kconfig", f'x := $(shell,touch {marker})\ny := $(shell,touch {marker})\nconfig A\n\tdef_bool $(success,touch {marker})\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertFalse(os.path.exists(marker), "$(shell,...) must never run")
        self.assertEqual(err.count("$(shell,...) is never run"), 1, err)
        self.assertIn("Kconfig:1: warning:", err)
        with open(os.path.join(self.out, "main.lua")) as f:
            self.assertIn('defaults = { { "\\"\\"" } }', f.read(), "an empty expansion inside a statement reads as \"\"")

    def test_macros_variables_functions_and_errors(self):
        self.write("Kconfig", 'greet = hello-$(1)\nname := $(FROM_ENV)\nlist = a\nlist += b\n'
                              '$(warning-if,y,watch out)\n$(info,for your information)\n'
                              'config A\n\tstring "$(greet,$(name)) [$(list)]"\n')
        code, _, err = self.run_import("--env", "FROM_ENV=world")
        self.assertEqual(code, 0, err)
        self.assertIn("Kconfig:5: warning: watch out", err)
        self.assertIn("Kconfig:6: warning: $(info): for your information", err)
        got = subprocess.run(["lua5.4", "-", os.path.join(self.out, "main.lua"), "A"], input=LUA_TEXT_OF.encode(), capture_output=True, timeout=10)
        self.assertEqual(got.stdout.decode(), "hello-world [a b]")
        self.write("Kconfig", '$(error-if,y,this tree needs a newer compiler)\n')
        self.assert_refused("Kconfig:1: error: this tree needs a newer compiler")
        self.write("Kconfig", 'loop = $(loop)\nconfig A\n\tbool "$(loop)"\n')
        self.assert_refused("Kconfig:3: error:", "references itself")

    def test_the_dialect_before_4_18_option_env_and_entries_under_a_choice_value(self):
        # Buildroot's: `option env` symbols take the variable's value, are never written, and
        # `$NAME` names them in source and mainmenu; `$(...)` is then text; entries after a
        # choice value that depend on it are under it, not options.
        self.write("Kconfig", 'mainmenu "Box $BOX_VERSION"\nconfig BOX_VERSION\n\tstring\n\toption env="VERSION"\n'
                              'config BASE\n\tstring\n\toption env="BASE_DIR"\n'
                              'config HIDE\n\tbool\n\toption env="HIDE_IT"\n'
                              'source "$BASE/gen.in"\n'
                              'config DL\n\tstring "download dir"\n\tdefault "$(TOPDIR)/dl"\n'
                              'config SHOWN\n\tbool "shown"\n\tdefault y\n\tdepends on !HIDE\n'
                              'choice\n\tprompt "tls"\nconfig OPENSSL\n\tbool "openssl"\n'
                              'if OPENSSL\nconfig OPENSSL_BIN\n\tbool "openssl binary"\n\tdefault y\nendif\n'
                              'config LIBRESSL\n\tbool "libressl"\nendchoice\n')
        self.write("out/gen.in", 'config FROM_GEN\n\tbool "generated"\n\tdefault y\n')
        code, _, err = self.run_import("--env", "VERSION=1.0", "--env", "BASE_DIR=out", "--env", "HIDE_IT=n")
        self.assertEqual(code, 0, err)
        self.assertIn("Kconfig:4: warning: 'option env' is of Kconfig before Linux 4.18", err)
        self.assertIn("Kconfig:23: warning: this entry depends on a value of the choice above it", err)
        self.assertNotIn("choice value must have a prompt", err)
        main = os.path.join(self.out, "main.lua")
        config = os.path.join(self.tmp, "box.config")
        run = subprocess.run([support.BIN, "run", main, "--store", config], input="why choice_OPENSSL\nquit\n",
                             capture_output=True, text=True, timeout=30)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("Box 1.0", run.stdout)
        with open(config) as f:
            lines = kc.config_lines(f.read())
        self.assertEqual(lines, ["CONFIG_FROM_GEN=y", 'CONFIG_DL="$(TOPDIR)/dl"', "CONFIG_SHOWN=y", "CONFIG_OPENSSL=y",
                                 "# CONFIG_LIBRESSL is not set", "CONFIG_OPENSSL_BIN=y"])
        check = luascreen("check", main)
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_transitional_is_a_warning_naming_the_place(self):
        self.write("Kconfig", 'config OLD_NAME\n\tbool\n\ttransitional\nconfig NEW_NAME\n\tbool "new"\n\tdefault OLD_NAME\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertIn("Kconfig:3: warning: 'transitional' (Linux 6.18) is not supported by the import: OLD_NAME", err)

    def test_a_call_of_an_unknown_function_is_a_warning_once(self):
        self.write("Kconfig", 'config A\n\tbool "a"\n\tdefault $(dt_has_compat,vnd)\nconfig B\n\tbool "b"\n\tdefault $(dt_has_compat,x)\n')
        code, _, err = self.run_import()
        self.assertEqual(code, 0, err)
        self.assertIn('Kconfig:3: warning: $(dt_has_compat,...) is neither a variable nor a function of Kconfig', err)
        self.assertEqual(err.count("dt_has_compat"), 1, err)

    def test_syntax_errors_name_file_and_line(self):
        self.write("Kconfig", 'config A\n\tbool "a"\n\tdepends on (B\nmenu "m"\nconfig C\n\tfrobnicate\n')
        err = self.assert_refused("Kconfig:3: error: syntax error", "Kconfig:6: error:", "Kconfig:4: error: missing end of 'menu'")


_X86 = {}


def x86_app():
    """The x86 tree imported once for the module: (the import's run, its CPU seconds, the
    app's folder); removed when the module's tests end (tearDownModule)."""
    if not _X86:
        tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-x86-")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        result = kc.import_x86(support.BIN, os.path.join(tmp, "app"))
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        _X86.update(tmp=tmp, result=result, cpu=cpu, app=os.path.join(tmp, "app"))
    return _X86["result"], _X86["cpu"], _X86["app"]


def tearDownModule():
    if _X86:
        shutil.rmtree(_X86["tmp"], ignore_errors=True)


class KconfigLinuxImport(unittest.TestCase):
    """Linux 6.1's x86 tree, from the cache."""

    def setUp(self):
        support.require_binary(self)
        kc.require_cache(self)
        self.result, self.cpu, self.app = x86_app()

    def test_the_x86_tree_imports_in_under_10_s_with_every_symbol(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr[-3000:])
        self.assertLess(self.cpu, 10.0)
        self.assertIn("import: 16476 symbols", self.result.stderr)
        # One warning for the shell, none for syntax: every other warning is a select or an
        # imply of a symbol only other architectures define.
        for line in self.result.stderr.splitlines()[:-1]:
            self.assertTrue("$(shell,...) is never run" in line or " which no Kconfig file defines" in line, line)
        with open(os.path.join(self.app, "main.lua")) as f:
            text = f.read()
        self.assertIn('title = "Linux/x86 6.1 Kernel Configuration"', text)
        self.assertIn('modules = "MODULES"', text)
        self.assertIn('choice { key = "choice_PREEMPT_NONE"', text)

    def test_the_app_passes_check(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr[-3000:])
        result = subprocess.run([support.BIN, "check", os.path.join(self.app, "main.lua")], capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stdout[-3000:] + result.stderr[-3000:])


# A visible bool with no dependencies, set to the value it has: makes the app write its
# .config without changing what it holds.
WRITE_TRIGGER = "EXPERT"


class KconfigOracles(unittest.TestCase):
    """The x86 app's .config against the kernel's conf and kconfiglib."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-oracle-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        support.require_binary(self)
        kc.require_cache(self)
        imported, _, self.app = x86_app()
        self.assertEqual(imported.returncode, 0, imported.stderr[-3000:])

    def path(self, name):
        return os.path.join(self.tmp, name)

    def luascreen_config(self, name, commands, start=None):
        """Opens the app with the .config `name` (a copy of `start`, or none), runs `commands`
        in batch mode, then sets the write trigger to its value (so the file is written), and
        returns (the run, the .config's text)."""
        config = self.path(name)
        if start is not None:
            shutil.copyfile(start, config)
        elif os.path.exists(config):
            os.remove(config)
        current = "n"
        if start is not None:
            with open(start) as f:
                if f"CONFIG_{WRITE_TRIGGER}=y\n" in f.read():
                    current = "y"
        script = "".join(f"set {n} {v}\n" for n, v in commands) + f"set {WRITE_TRIGGER} {current}\n"
        run = subprocess.run([support.BIN, "run", os.path.join(self.app, "main.lua"), "--store", config],
                             input=script, capture_output=True, text=True, timeout=120)
        written = ""
        if os.path.exists(config):
            with open(config) as f:
                written = f.read()
        return run, written

    def conf_lines(self, path):
        with open(path) as f:
            return kc.config_lines(f.read())

    def assert_same_lines(self, expected, got, what):
        if expected != got:
            import difflib
            diff = "\n".join(list(difflib.unified_diff(expected, got, "conf", "luascreen", lineterm=""))[:60])
            self.fail(f"{what}: luascreen's .config differs from the oracle's\n{diff}")

    def test_opened_with_no_config_it_writes_conf_olddefconfigs_lines(self):
        empty = self.path("olddefconfig.config")
        open(empty, "w").close()
        result = kc.conf("--olddefconfig", empty)
        self.assertEqual(result.returncode, 0, result.stderr)
        run, written = self.luascreen_config("fresh.config", [])
        self.assertEqual(run.returncode, 0, run.stderr[-2000:])
        self.assert_same_lines(self.conf_lines(empty), kc.config_lines(written), "no .config")

    def test_randconfigs_load_and_write_back_unchanged(self):
        failures = []
        for seed in range(1, 21):
            rand = self.path(f"rand{seed}.config")
            result = kc.conf("--randconfig", rand, KCONFIG_SEED=str(seed))
            self.assertEqual(result.returncode, 0, result.stderr)
            run, written = self.luascreen_config(f"rand{seed}.out.config", [], start=rand)
            expected, got = self.conf_lines(rand), kc.config_lines(written)
            if run.returncode != 0 or expected != got:
                missing = [l for l in expected if l not in got][:5]
                extra = [l for l in got if l not in expected][:5]
                failures.append(f"seed {seed}: exit {run.returncode}; not written {missing}; written instead {extra}")
        self.assertEqual(failures, [], "\n".join(failures))

    def kconfiglib_sequences(self):
        """20 seeded sequences of 10 changes kconfiglib makes (and the values it refuses on the
        way), each with kconfiglib's .config passed through conf --olddefconfig: kconfiglib
        14.1 follows older C tools in a few places (imply of a symbol with unmet dependencies,
        ranges that move, out-of-range values forgotten), and SPEC §18 says the C tools are
        right. Made once for the class."""
        cls = type(self)
        if not hasattr(cls, "sequences"):
            cls.sequences = []
            for seed in range(1, 21):
                written = self.path(f"kconfiglib{seed}.config")
                changes, refused = kc.kconfiglib_changes(seed, 10, written)
                result = kc.conf("--olddefconfig", written)
                self.assertEqual(result.returncode, 0, result.stderr)
                cls.sequences.append((seed, changes, refused, self.conf_lines(written)))
        return cls.sequences

    def test_random_changes_give_kconfiglibs_config(self):
        failures = []
        for seed, changes, _, expected in self.kconfiglib_sequences():
            run, got = self.luascreen_config(f"changes{seed}.config", changes)
            lines = kc.config_lines(got)
            if run.returncode != 0 or expected != lines:
                missing = [l for l in expected if l not in lines][:5]
                extra = [l for l in lines if l not in expected][:5]
                failures.append(f"seed {seed} {changes}: exit {run.returncode} {run.stderr[-300:]!r}; "
                                f"not written {missing}; written instead {extra}")
        self.assertEqual(failures, [], "\n".join(failures))

    def test_values_kconfiglib_refuses_are_refused(self):
        failures = []
        for seed, changes, refused, _ in self.kconfiglib_sequences():
            for name, value, index in refused[:2]:
                script = "".join(f"set {n} {v}\n" for n, v in changes[:index]) + f"set {name} {value}\n"
                bad = subprocess.run([support.BIN, "run", os.path.join(self.app, "main.lua"), "--store", "none"],
                                     input=script, capture_output=True, text=True, timeout=120)
                if bad.returncode != 1 or f"stdin:{index + 1}: error:" not in bad.stderr:
                    failures.append(f"seed {seed}: set {name} {value} after {changes[:index]} was not refused "
                                    f"(exit {bad.returncode}, {bad.stderr[-300:]!r})")
        self.assertEqual(failures, [], "\n".join(failures))


TRISTATE_CHOICE_TREE = """mainmenu "Tristate choices"

config MODULES
\tbool "Modules"
\tdefault y
\tmodules

config NET
\tbool "Networking"
\tdefault y

choice
\ttristate "Scheduler"
\tdefault SCHED_B
\thelp
\t  A tristate choice: y picks one option, m lets several be modules.

config SCHED_A
\ttristate "Scheduler A"

config SCHED_B
\ttristate "Scheduler B"
\tselect HELPER

config SCHED_C
\tbool "Scheduler C (built in only)"

config SCHED_D
\ttristate "Scheduler D"
\tdepends on NET

endchoice

choice DRIVER
\tprompt "Optional driver"
\ttristate
\toptional

config DRV_X
\ttristate "X"

config DRV_Y
\ttristate "Y"
\timply HELPER2

endchoice

config HELPER
\ttristate

config HELPER2
\ttristate "helper 2"

config USER
\ttristate "User of A"
\tdepends on SCHED_A

config DEF_T
\tdef_tristate m if SCHED_B
"""


class KconfigTristateChoice(unittest.TestCase):
    """A hand-written tree of tristate choices (mode m: each tristate option m or n, the bool
    ones hidden; mode y: one option picked; an optional one), `def_tristate` and `modules`,
    against the kernel's conf and kconfiglib."""

    def setUp(self):
        support.require_binary(self)
        kc.require_cache(self)
        self.tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-tristate-choice-")
        self.tree = os.path.join(self.tmp, "tree")
        os.mkdir(self.tree)
        with open(os.path.join(self.tree, "Kconfig"), "w") as f:
            f.write(TRISTATE_CHOICE_TREE)
        self.main = os.path.join(self.tmp, "app", "main.lua")
        result = luascreen("import", "--format", "kconfig", os.path.join(self.tree, "Kconfig"), "--out", os.path.join(self.tmp, "app"))
        self.assertEqual(result.returncode, 0, result.stderr.decode())
        self.assertNotIn(b"warning", result.stderr, "a tristate choice is imported as it is, with no warning")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def conf_lines(self, mode, path, **extra):
        result = kc.conf(mode, path, srctree=self.tree, **extra)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(path) as f:
            return kc.config_lines(f.read())

    def luascreen_lines(self, start, script=""):
        """Opens the app with a copy of `start` (None: no file), runs `script`, quits (the
        store is written): (the run, the .config's lines)."""
        config = os.path.join(self.tmp, "luascreen.config")
        if os.path.exists(config):
            os.remove(config)
        if start is not None:
            shutil.copyfile(start, config)
        run = subprocess.run([support.BIN, "run", self.main, "--store", config], input=script + "quit\n",
                             capture_output=True, text=True, timeout=60)
        with open(config) as f:
            return run, kc.config_lines(f.read())

    def test_no_config_and_randconfigs_give_confs_lines(self):
        empty = os.path.join(self.tmp, "empty.config")
        open(empty, "w").close()
        expected = self.conf_lines("--olddefconfig", empty)
        self.assertIn("# CONFIG_SCHED_B is not set", expected, "with modules on, a fresh tristate choice is m: no option picked")
        run, got = self.luascreen_lines(None)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(got, expected)
        modes = set()
        for seed in range(1, 31):
            rand = os.path.join(self.tmp, f"rand{seed}.config")
            open(rand, "w").close()
            expected = self.conf_lines("--randconfig", rand, KCONFIG_SEED=str(seed))
            modes.add(("CONFIG_SCHED_A=m" in expected or "CONFIG_SCHED_B=m" in expected, "CONFIG_SCHED_C=y" in expected))
            run, got = self.luascreen_lines(rand)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertEqual(got, expected, f"seed {seed}")
        self.assertIn((True, False), modes, "some randconfig has the choice in mode m")

    def test_kconfiglibs_changes_give_the_same_config_and_its_refusals_are_refused(self):
        for seed in range(1, 11):
            written = os.path.join(self.tmp, f"kconfiglib{seed}.config")
            changes, refused = kc.kconfiglib_changes(seed, 6, written, srctree=self.tree)
            expected = self.conf_lines("--olddefconfig", written)
            run, got = self.luascreen_lines(None, "".join(f"set {n} {v}\n" for n, v in changes))
            self.assertEqual(run.returncode, 0, f"seed {seed}: {changes}: {run.stderr}")
            self.assertEqual(got, expected, f"seed {seed}: {changes}")
            for name, value, index in refused[:3]:
                script = "".join(f"set {n} {v}\n" for n, v in changes[:index]) + f"set {name} {value}\n"
                bad = subprocess.run([support.BIN, "run", self.main, "--store", "none"], input=script,
                                     capture_output=True, text=True, timeout=60)
                self.assertEqual(bad.returncode, 1, f"seed {seed}: {script!r} was not refused")
                self.assertIn(f"stdin:{index + 1}: error:", bad.stderr)

    def test_a_pick_hidden_by_a_later_change_gives_way_as_in_conf(self):
        # The choice read its options' visibility without computing them: a later change of
        # what hid the pick (NET) left the choice stale, its option neither y nor written.
        for script in ["set NET y\nset MODULES n\nset SCHED_D y\nset NET n\n",
                       "set choice_SCHED_A y\nset SCHED_D y\nset NET n\nset NET y\n"]:
            run, got = self.luascreen_lines(None, script)
            self.assertEqual(run.returncode, 0, run.stderr)
            written = os.path.join(self.tmp, "written.config")
            with open(written, "w") as f:
                f.write("\n".join(got) + "\n")
            self.assertEqual(got, self.conf_lines("--olddefconfig", written), script)
        run, got = self.luascreen_lines(None, "set MODULES n\nset SCHED_D y\nset NET n\n")
        self.assertIn("CONFIG_SCHED_B=y", got, "the default takes over from the hidden pick")

    def test_picking_an_option_of_a_choice_in_mode_m_puts_it_to_y_unless_refused(self):
        run, got = self.luascreen_lines(None, "set SCHED_A m\nset choice_SCHED_A SCHED_D\n")
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("CONFIG_SCHED_D=y", got)
        self.assertIn("# CONFIG_SCHED_A is not set", got)
        run, got = self.luascreen_lines(None, "set NET n\nset SCHED_A m\nset choice_SCHED_A SCHED_D\n")
        self.assertIn("stdin:3: error: SCHED_D is hidden", run.stderr)
        self.assertIn("CONFIG_SCHED_A=m", got, "a refused pick leaves the choice in mode m, as it was")
        written = os.path.join(self.tmp, "written.config")
        with open(written, "w") as f:
            f.write("\n".join(got) + "\n")
        self.assertEqual(got, self.conf_lines("--olddefconfig", written))

    def test_modes_say_why_a_value_is_refused(self):
        script = ("why choice_SCHED_A\nset SCHED_A m\nset SCHED_A y\nset SCHED_C y\n"
                  "set choice_SCHED_A y\nset SCHED_D y\nwhy choice_SCHED_A\nset SCHED_A m\n")
        run = subprocess.run([support.BIN, "run", self.main, "--store", "none"], input=script, capture_output=True, text=True, timeout=60)
        self.assertIn("Choice: choice_SCHED_A [=m]", run.stdout)
        self.assertIn("Choice: choice_SCHED_A [=SCHED_D]", run.stdout)
        errors = [line for line in run.stderr.splitlines() if "error:" in line]
        self.assertEqual(len(errors), 3, run.stderr)
        self.assertIn("stdin:3: error: SCHED_A cannot be y", errors[0])
        self.assertIn("stdin:4: error: SCHED_C is hidden", errors[1])
        self.assertIn("stdin:8: error: SCHED_A cannot be m (its choice choice_SCHED_A is y", errors[2])


def compare_with_tree_conf(case, app, conf, tree, kconfig, env, starts, tmp, seeds=range(1, 6), prefix_lines=None):
    """For each start (name, .config or None) and each `conf --randconfig` seed: the app opened
    with it writes the lines `conf --olddefconfig` writes (conf named by `conf`, run in the
    cache's run folder on `kconfig` of `tree` with `env`; it reads KCONFIG_CONFIG, Buildroot's
    BR2_CONFIG). `prefix_lines` rewrites a start's text first (Buildroot's defconfigs have no
    CONFIG_ prefix). A string symbol whose value holds a backslash on either side is left out:
    conf before 6.1 reads it as it is, 6.1 and luascreen drop the backslash before a character."""
    env = dict(os.environ, srctree=tree, **env)
    starts = list(starts)
    for seed in seeds:
        rand = os.path.join(tmp, f"rand{seed}.config")
        open(rand, "w").close()
        made = subprocess.run([conf, "--randconfig", kconfig], cwd=kc.RUN, capture_output=True, text=True, timeout=60,
                              env=dict(env, KCONFIG_CONFIG=rand, BR2_CONFIG=rand, KCONFIG_SEED=str(seed)))
        case.assertEqual(made.returncode, 0, made.stderr[-2000:])
        starts.append((f"randconfig {seed}", rand))

    def lines(path):
        with open(path) as f:
            return kc.config_lines(f.read())

    failures = []
    for name, start in starts:
        expected, mine = os.path.join(tmp, "conf.config"), os.path.join(tmp, "luascreen.config")
        text = ""
        if start is not None:
            with open(start) as f:
                text = f.read()
            if prefix_lines and not name.startswith("randconfig"):
                text = prefix_lines(text)
        for path in (expected, mine):
            with open(path, "w") as f:
                f.write(text)
        ran = subprocess.run([conf, "--olddefconfig", kconfig], cwd=kc.RUN, capture_output=True, text=True, timeout=60,
                             env=dict(env, KCONFIG_CONFIG=expected, BR2_CONFIG=expected))
        case.assertEqual(ran.returncode, 0, ran.stderr[-2000:])
        run = subprocess.run([support.BIN, "run", os.path.join(app, "main.lua"), "--store", mine], input="quit\n",
                             capture_output=True, text=True, timeout=120)
        want, got = lines(expected), lines(mine)
        skip = {line.split("=", 1)[0] for line in want + got if "\\" in line}
        want = [line for line in want if line.split("=", 1)[0] not in skip]
        got = [line for line in got if line.split("=", 1)[0] not in skip]
        if run.returncode != 0 or want != got:
            failures.append(f"{name}: exit {run.returncode}; conf only {[l for l in want if l not in got][:5]}; "
                            f"luascreen only {[l for l in got if l not in want][:5]}")
    case.assertEqual(failures, [], "\n".join(failures))


class KconfigSecondTree(unittest.TestCase):
    """A second real tree in another dialect: U-Boot's (unquoted prompts and file names), from
    the cache when scripts/kconfig-cache --u-boot GITDIR made it; kconfiglib is its oracle."""

    def setUp(self):
        support.require_binary(self)
        self.tree = os.path.join(kc.CACHE, "u-boot")
        if not os.path.exists(os.path.join(self.tree, "Kconfig")):
            self.skipTest(f"no U-Boot tree at {self.tree}: scripts/kconfig-cache --u-boot GITDIR adds it (optional)")
        self.tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-u-boot-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_u_boot_imports_with_kconfiglibs_symbols_and_passes_check(self):
        app = os.path.join(self.tmp, "app")
        result = luascreen("import", "--format", "kconfig", os.path.join(self.tree, "Kconfig"), "--env", "UBOOTVERSION=2026.10",
                           "--out", app, timeout=120)
        err = result.stderr.decode()
        self.assertEqual(result.returncode, 0, err[-3000:])
        count = subprocess.run([sys.executable, "-c", "import kconfiglib; k = kconfiglib.Kconfig('Kconfig', warn=False); "
                                "print(len(k.unique_defined_syms))"], cwd=self.tree, capture_output=True, text=True, timeout=120,
                               env=dict(os.environ, srctree=self.tree, UBOOTVERSION="2026.10", PYTHONPATH=kc.KCONFIGLIB))
        self.assertEqual(count.returncode, 0, count.stderr[-2000:])
        self.assertIn(f"import: {count.stdout.strip()} symbols", err)
        result = luascreen("check", os.path.join(app, "main.lua"), timeout=120)
        self.assertEqual(result.returncode, 0, (result.stdout + result.stderr).decode()[-3000:])


    def test_u_boot_configs_match_u_boots_conf_with_6_1s_semantics(self):
        """No .config, the cache's defconfigs and 5 randconfigs: the app writes the lines of
        U-Boot's conf (bin/conf-u-boot: its own 4.18 tool, which reads U-Boot's dialect, with
        6.1's `imply`); strings holding a backslash aside (compare_with_tree_conf)."""
        conf = os.path.join(kc.CACHE, "bin", "conf-u-boot")
        if not os.path.exists(conf):
            self.skipTest(f"no {conf}: scripts/kconfig-cache --u-boot GITDIR builds it (optional)")
        app = os.path.join(self.tmp, "app")
        result = luascreen("import", "--format", "kconfig", os.path.join(self.tree, "Kconfig"), "--env", "UBOOTVERSION=2026.10",
                           "--out", app, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr.decode()[-3000:])
        configs = os.path.join(self.tree, "configs")
        starts = [("none", None)] + [(name, os.path.join(configs, name)) for name in sorted(os.listdir(configs))]
        compare_with_tree_conf(self, app, conf, self.tree, "Kconfig", {"UBOOTVERSION": "2026.10"}, starts, self.tmp)


class KconfigBuildroot(unittest.TestCase):
    """A tree in the dialect before Linux 4.18 (`option env`, `$NAME` in file names, `$(...)`
    as text, entries under a choice value): Buildroot's, from the cache when
    scripts/kconfig-cache --buildroot GITDIR made it, against Buildroot's own conf."""

    def setUp(self):
        support.require_binary(self)
        self.tree = os.path.join(kc.CACHE, "buildroot")
        self.conf = os.path.join(kc.CACHE, "bin", "conf-buildroot")
        if not (os.path.exists(os.path.join(self.tree, "Config.in")) and os.path.exists(self.conf)):
            self.skipTest(f"no Buildroot tree at {self.tree}: scripts/kconfig-cache --buildroot GITDIR adds it (optional)")
        self.tmp = tempfile.mkdtemp(prefix="luascreen-kconfig-buildroot-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def test_buildroot_imports_passes_check_and_writes_its_confs_lines(self):
        app = os.path.join(self.tmp, "app")
        env = {"BR2_VERSION_FULL": "2026.08", "HOSTARCH": "x86_64", "HOST_GCC_VERSION": "12"}
        args = [arg for name, value in env.items() for arg in ("--env", f"{name}={value}")]
        result = luascreen("import", "--format", "kconfig", os.path.join(self.tree, "Config.in"), "--env", "BASE_DIR=output", *args,
                           "--out", app, timeout=120)
        err = result.stderr.decode()
        self.assertEqual(result.returncode, 0, err[-3000:])
        self.assertIn("Config.in:20: warning: 'option env' is of Kconfig before Linux 4.18", err)
        self.assertNotIn("choice value must have a prompt", err)
        check = luascreen("check", os.path.join(app, "main.lua"), timeout=120)
        self.assertEqual(check.returncode, 0, (check.stdout + check.stderr).decode()[-3000:])
        configs = os.path.join(self.tree, "configs")
        starts = [("none", None)] + [(name, os.path.join(configs, name)) for name in sorted(os.listdir(configs))]
        import re
        compare_with_tree_conf(self, app, self.conf, self.tree, os.path.join(self.tree, "Config.in"),
                               dict(env, BASE_DIR=os.path.join(self.tree, "output")), starts, self.tmp,
                               prefix_lines=lambda text: re.sub(r"^(# )?BR2_", r"\1CONFIG_BR2_", text, flags=re.M))

    def test_busybox_imports_passes_check_and_writes_buildroots_confs_lines(self):
        """BusyBox's tree (its generated Config.in files, scripts/kconfig-cache --busybox
        GITDIR), of the same older dialect, against Buildroot's conf."""
        tree = os.path.join(kc.CACHE, "busybox")
        if not os.path.exists(os.path.join(tree, "Config.in")):
            self.skipTest(f"no BusyBox tree at {tree}: scripts/kconfig-cache --busybox GITDIR adds it (optional)")
        app = os.path.join(self.tmp, "busybox")
        result = luascreen("import", "--format", "kconfig", os.path.join(tree, "Config.in"), "--out", app, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr.decode()[-3000:])
        check = luascreen("check", os.path.join(app, "main.lua"), timeout=120)
        self.assertEqual(check.returncode, 0, (check.stdout + check.stderr).decode()[-3000:])
        configs = os.path.join(tree, "configs")
        starts = [("none", None)] + [(name, os.path.join(configs, name)) for name in sorted(os.listdir(configs))]
        compare_with_tree_conf(self, app, self.conf, tree, os.path.join(tree, "Config.in"), {}, starts, self.tmp)

if __name__ == "__main__":
    unittest.main()
