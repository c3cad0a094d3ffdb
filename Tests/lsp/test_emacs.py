"""Emacs's eglot (Debian's emacs-nox and elpa-eglot, in batch) opens a script with a typo and
a module of examples/podcasts opened alone, and receives `luascreen lsp`'s diagnostics: the
set-up docs/editors.md gives for Emacs."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import BIN, ROOT

CLIENT = r'''
(require 'cl-lib)
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*")) (add-to-list 'load-path dir))
(require 'eglot)
(require 'lua-mode)
(defvar luascreen-file (getenv "LUASCREEN_FILE"))
(defvar luascreen-root (getenv "LUASCREEN_ROOT"))
;; As docs/editors.md sets it up: lua-mode buffers are served by `luascreen lsp`.
(add-to-list 'eglot-server-programs (list 'lua-mode (getenv "LUASCREEN_BIN") "lsp"))
(add-hook 'project-find-functions (lambda (_dir) (cons 'transient luascreen-root)))
(defvar got nil)
(cl-defmethod eglot-handle-notification :after
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics &allow-other-keys)
  (when (> (length diagnostics) 0) (setq got (list uri diagnostics))))
(find-file luascreen-file)
(lua-mode)
(apply #'eglot (eglot--guess-contact))
(let ((n 0)) (while (and (not got) (< n 300)) (accept-process-output nil 0.1) (setq n (1+ n))))
(with-temp-file (getenv "LUASCREEN_OUT")
  (insert (json-encode (list (cons 'uri (car got)) (cons 'diagnostics (cadr got))))))
(ignore-errors (eglot-shutdown (eglot-current-server)))
(kill-emacs 0)
'''

EGLOT = shutil.which("emacs") and os.path.isdir("/usr/share/emacs/site-lisp/elpa") and any(
    d.startswith("eglot-") for d in os.listdir("/usr/share/emacs/site-lisp/elpa"))


def eglot_diagnostics(tmp_path, file, root):
    (tmp_path / "client.el").write_text(CLIENT)
    out = tmp_path / "out.json"
    env = dict(os.environ, HOME=str(tmp_path), LUASCREEN_BIN=BIN, LUASCREEN_FILE=str(file),
               LUASCREEN_ROOT=str(root) + "/", LUASCREEN_OUT=str(out))
    subprocess.run(["emacs", "--batch", "-Q", "-l", str(tmp_path / "client.el")], env=env, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=90, check=False)
    return json.loads(out.read_text())


@pytest.mark.skipif(not EGLOT, reason="emacs-nox and elpa-eglot are installed by scripts/setup")
def test_eglot_receives_the_diagnostic_of_a_typo(tmp_path):
    script = tmp_path / "typo.lua"
    script.write_text('return screen {\n  title = "Settings",\n  section {\n    toggle { text = "Wi-Fi", kye = "wifi" },\n  },\n}\n')
    got = eglot_diagnostics(tmp_path, script, tmp_path)
    assert got["uri"] == script.as_uri()
    found = [(d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"]) for d in got["diagnostics"]]
    assert (3, 29, 'sections[1].rows[1].kye: unknown field "kye" (did you mean "key"?)') in found, found


@pytest.mark.skipif(not EGLOT, reason="emacs-nox and elpa-eglot are installed by scripts/setup")
def test_eglot_shows_a_module_opened_alone_as_part_of_its_app(tmp_path):
    app = tmp_path / "podcasts"
    shutil.copytree(ROOT / "examples" / "podcasts", app)
    module = app / "screens" / "playback.lua"
    module.write_text(module.read_text().replace('default = "1"', 'defualt = "1"'))
    got = eglot_diagnostics(tmp_path, module, app)
    found = [(d["range"]["start"]["line"], d["code"]) for d in got["diagnostics"]]
    assert found == [(12, "unknown-field")], got
