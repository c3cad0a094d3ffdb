"""Neovim's own LSP client (Debian's `nvim --headless`) opens a script with a typo and
receives the diagnostic from `luascreen lsp`."""
import json
import os
import shutil
import subprocess

import pytest

from conftest import BIN

CLIENT = r'''
local out, bin, file = OUT, BIN, FILE
local client = vim.lsp.start_client({ cmd = { bin, "lsp" }, name = "luascreen", root_dir = vim.fn.fnamemodify(file, ":h") })
vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.lsp.buf_attach_client(0, client)
local ok = vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local found = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(found, { lnum = d.lnum, col = d.col, end_col = d.end_col, message = d.message, code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code), severity = d.severity })
end
local f = io.open(out, "w")
f:write(vim.fn.json_encode({ ok = ok, diagnostics = found }))
f:close()
vim.lsp.stop_client(client)
vim.wait(2000, function() return vim.lsp.client_is_stopped(client) end, 50)
vim.cmd("qa!")
'''


def neovim_diagnostics(tmp_path, file, root=None):
    """What Neovim's client shows for `file` (the server started with `root`, else its folder)."""
    out = tmp_path / "out.json"
    lua = CLIENT.replace("OUT", json.dumps(str(out))).replace("BIN", json.dumps(BIN)).replace("FILE", json.dumps(str(file)))
    if root:
        lua = lua.replace('root_dir = vim.fn.fnamemodify(file, ":h")', "root_dir = " + json.dumps(str(root)))
    (tmp_path / "client.lua").write_text(lua)
    env = dict(os.environ, HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    subprocess.run(["nvim", "--headless", "--clean", "-n", "-c", f"luafile {tmp_path / 'client.lua'}"],
                   env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60, check=False)
    return json.loads(out.read_text())


@pytest.mark.skipif(shutil.which("nvim") is None, reason="neovim is installed by scripts/setup")
def test_neovim_receives_the_diagnostic_of_a_typo(tmp_path):
    script = tmp_path / "typo.lua"
    script.write_text('return screen {\n  title = "Settings",\n  section {\n    toggle { text = "Wi-Fi", kye = "wifi" },\n  },\n}\n')
    result = neovim_diagnostics(tmp_path, script)
    assert result["ok"], result
    messages = [(d["lnum"], d["col"], d["end_col"], d["message"]) for d in result["diagnostics"]]
    assert (3, 29, 32, 'sections[1].rows[1].kye: unknown field "kye" (did you mean "key"?)') in messages, messages
