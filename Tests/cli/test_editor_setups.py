"""The editor setups docs/editors.md shows, run in the real editors: Neovim headless (Debian
12's nvim 0.7.2: no vim.lsp.start, no vim.fs) with docs/editors/luascreen.nvim.lua as its
init file, and Emacs in batch with docs/editors/luascreen-eglot.el (eglot and lua-mode). Each
opens a script with a typo and must show luascreen's diagnostic of it, at its line."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import replsupport as support  # noqa: E402

TYPO = 'return screen {\n  title = "Settings",\n  section {\n    toggle { text = "Wi-Fi", kye = "wifi" },\n  },\n}\n'
WANT = 'typo.lua:4: sections[1].rows[1].kye: unknown field "kye" (did you mean "key"?)'

NVIM_PROBE = r'''
local ok = vim.wait(TIMEOUT, function() return #vim.diagnostic.get(0) > 0 end, 50)
local f = io.open("out.txt", "w")
for _, d in ipairs(vim.diagnostic.get(0)) do
  f:write(("%s:%d: %s\n"):format(vim.fn.expand("%:t"), d.lnum + 1, d.message))
end
f:close()
vim.cmd("qa!")
'''

EMACS_PROBE = r'''
(find-file "typo.lua")
(let ((deadline (+ (float-time) TIMEOUT)))
  (while (and (< (float-time) deadline) (null (flymake-diagnostics)))
    (run-hooks 'post-command-hook)   ; eglot-ensure connects after a command; batch has none
    (accept-process-output nil 0.1)))
(with-temp-file "out.txt"
  (dolist (d (with-current-buffer "typo.lua" (flymake-diagnostics)))
    (insert (format "typo.lua:%d: %s\n"
                    (with-current-buffer "typo.lua" (line-number-at-pos (flymake-diagnostic-beg d)))
                    (replace-regexp-in-string "^luascreen \\[[a-z-]+\\]: " "" (flymake-diagnostic-text d))))))
(kill-emacs 0)
'''


class EditorSetupTests(unittest.TestCase):
    def setUp(self):
        support.require_binary(self)
        self.dir = tempfile.mkdtemp(prefix="luascreen-editors-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        with open(os.path.join(self.dir, "typo.lua"), "w") as f:
            f.write(TYPO)
        bindir = os.path.join(self.dir, "bin")
        os.mkdir(bindir)
        os.symlink(support.BIN, os.path.join(bindir, "luascreen"))  # the docs call it `luascreen`
        self.env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], HOME=self.dir,
                        XDG_CONFIG_HOME=os.path.join(self.dir, "config"), XDG_DATA_HOME=os.path.join(self.dir, "data"),
                        XDG_STATE_HOME=os.path.join(self.dir, "state"), XDG_CACHE_HOME=os.path.join(self.dir, "cache"))
        self.timeout = int(30 * float(os.environ.get("LUASCREEN_TEST_TIMEOUT_SCALE", "1")))

    def diagnostics(self):
        path = os.path.join(self.dir, "out.txt")
        self.assertTrue(os.path.exists(path), "the editor wrote no diagnostics")
        with open(path) as f:
            return f.read().splitlines()

    def test_neovim_setup_shows_the_diagnostic(self):
        if shutil.which("nvim") is None:
            self.skipTest("neovim is installed by scripts/setup")
        with open(os.path.join(self.dir, "probe.lua"), "w") as f:
            f.write(NVIM_PROBE.replace("TIMEOUT", str(self.timeout * 1000)))
        config = os.path.join(support.ROOT, "docs", "editors", "luascreen.nvim.lua")
        run = subprocess.run(["nvim", "--headless", "-n", "-u", config, "typo.lua", "-c", "luafile probe.lua"],
                             cwd=self.dir, env=self.env, stdin=subprocess.DEVNULL, capture_output=True,
                             timeout=self.timeout + 30)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn(WANT, self.diagnostics())

    def test_emacs_eglot_setup_shows_the_diagnostic(self):
        if shutil.which("emacs") is None:
            self.skipTest("emacs-nox, elpa-eglot and elpa-lua-mode are installed by scripts/setup")
        with open(os.path.join(self.dir, "probe.el"), "w") as f:
            f.write(EMACS_PROBE.replace("TIMEOUT", str(self.timeout)))
        config = os.path.join(support.ROOT, "docs", "editors", "luascreen-eglot.el")
        run = subprocess.run(["emacs", "--batch", "-l", config, "-l", "probe.el"], cwd=self.dir, env=self.env,
                             stdin=subprocess.DEVNULL, capture_output=True, timeout=self.timeout + 30)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn(WANT, self.diagnostics())


if __name__ == "__main__":
    unittest.main()
