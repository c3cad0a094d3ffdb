"""Test failures and `check`'s diagnostics as the editors that read compiler errors jump to
them: vim's quickfix with its default 'errorformat' (`vim -es`), Emacs' compilation-mode
(`emacs --batch`) and Kakoune's make.kak (`kak -ui dummy`), each on the whole output
(stdout and stderr) of `luascreen test` and of `luascreen check`."""
import os
import shutil
import subprocess
import tempfile
import unittest

from Tests.cli import replsupport as support

TESTS = '''test("a failed assertion", function() eq({ 1, 2 }, { 1, 3 }, "lists") end)
test("a runtime error", function() local t = nil; return t.x end)
test("an error in a callback", function()
  local s = open("screen.lua")
  s:select("Boom")
end)
test("passes", function() end)
'''
SCREEN = '''return app { root = "main", screens = { screen { id = "main", title = "Main", sections = { section {
  button { id = "boom", text = "Boom", on_select = function(ctx) error("kaboom") end },
} } } } }
'''
# Each failing test's line in t/mixed_test.lua.
WANT_TEST = [("t/mixed_test.lua", 1), ("t/mixed_test.lua", 2), ("t/mixed_test.lua", 5)]
WANT_CHECK = [("examples/broken/returns_nothing.lua", 17)]

VIM = r'''cfile out.txt
for e in getqflist()
  if e.valid
    call writefile([bufname(e.bufnr) . ':' . e.lnum], 'jumps.txt', 'a')
  endif
endfor
qa!
'''

EMACS = r'''(require 'compile)
(let ((found '()))
  (with-current-buffer (generate-new-buffer "*out*")
    (insert "\n")                         ; a first line that is no error: next-error moves past point
    (insert-file-contents "out.txt")
    (compilation-mode)
    (font-lock-ensure)
    (goto-char (point-min))
    (condition-case nil
        (while t
          (compilation-next-error 1)
          (let* ((msg (get-text-property (point) 'compilation-message))
                 (loc (and msg (compilation--message->loc msg))))
            (push (format "%s:%s\n" (caar (compilation--loc->file-struct loc)) (compilation--loc->line loc)) found)))
      (error nil)))
  (with-temp-file "jumps.txt" (apply #'insert (nreverse found))))
'''

KAK = r'''source %s
edit -scratch *make*
execute-keys '%%|cat out.txt<ret>'
set-option buffer make_current_error_line 0
declare-option str found ''
try %%{
  %s
}
echo -to-file jumps.txt %%opt{found}
quit!
'''
KAK_STEP = '''make-next-error
  set-option -add global found "%val{bufname}:%val{cursor_line}
"
  buffer *make*'''


class FailuresInEditors(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.work = tempfile.mkdtemp(prefix="luascreen-editors-")
        self.addCleanup(shutil.rmtree, self.work, True)
        os.mkdir(os.path.join(self.work, "t"))
        for name, text in {"t/mixed_test.lua": TESTS, "t/screen.lua": SCREEN}.items():
            with open(os.path.join(self.work, name), "w") as f:
                f.write(text)
        os.makedirs(os.path.join(self.work, "examples", "broken"))
        shutil.copy(os.path.join(support.ROOT, "examples", "broken", "returns_nothing.lua"),
                    os.path.join(self.work, "examples", "broken"))

    def output(self, *args):
        run = subprocess.run([support.BIN, *args], cwd=self.work, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, timeout=60)
        self.assertEqual(run.returncode, 1, run.stdout)
        with open(os.path.join(self.work, "out.txt"), "wb") as f:
            f.write(run.stdout)

    def jumps(self):
        path = os.path.join(self.work, "jumps.txt")
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [(line.rsplit(":", 1)[0].strip(), int(line.rsplit(":", 1)[1])) for line in f if line.strip()]

    def tool(self, name, package):
        if shutil.which(name) is None:
            self.fail(f"{name} is missing (Debian package {package}): run scripts/setup")

    def vim(self):
        self.tool("vim", "vim")
        with open(os.path.join(self.work, "qf.vim"), "w") as f:
            f.write(VIM)
        subprocess.run(["vim", "-es", "-u", "NONE", "-N", "-S", "qf.vim"], cwd=self.work, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=60)
        return self.jumps()

    def emacs(self):
        self.tool("emacs", "emacs-nox")
        with open(os.path.join(self.work, "cm.el"), "w") as f:
            f.write(EMACS)
        subprocess.run(["emacs", "--batch", "-Q", "-l", "cm.el"], cwd=self.work, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=60)
        return self.jumps()

    def kakoune(self, count):
        self.tool("kak", "kakoune")
        make = "/usr/share/kak/rc/tools/make.kak"
        with open(os.path.join(self.work, "make.kak"), "w") as f:
            f.write(KAK % (make, "\n  ".join([KAK_STEP] * count)))
        subprocess.run(["kak", "-n", "-ui", "dummy", "-e", "source make.kak"], cwd=self.work,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        return self.jumps()

    def test_vim_quickfix_jumps_to_each_failing_test_and_to_no_file_that_is_not_there(self):
        self.output("test", "t")
        jumps = self.vim()
        for want in WANT_TEST:
            self.assertIn(want, jumps)
        for name, _ in jumps:
            self.assertTrue(os.path.isfile(os.path.join(self.work, name)), (name, jumps))

    def test_emacs_compilation_mode_finds_each_failing_test(self):
        self.output("test", "t")
        jumps = self.emacs()
        for want in WANT_TEST:
            self.assertIn(want, jumps)

    def test_kakoune_make_jumps_to_each_failing_test(self):
        self.output("test", "t")
        self.assertEqual(self.kakoune(len(WANT_TEST)), WANT_TEST)

    def test_a_script_that_returns_nothing_is_a_place_all_three_jump_to(self):
        self.output("check", "examples/broken/returns_nothing.lua")
        self.assertEqual(self.vim(), WANT_CHECK)
        os.remove(os.path.join(self.work, "jumps.txt"))
        self.assertEqual(self.emacs(), WANT_CHECK)
        os.remove(os.path.join(self.work, "jumps.txt"))
        self.assertEqual(self.kakoune(1), WANT_CHECK)


if __name__ == "__main__":
    unittest.main()
