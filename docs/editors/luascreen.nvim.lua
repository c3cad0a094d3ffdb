-- luascreen's language server on Lua files, beside lua_ls (Neovim 0.7 and later).
-- One server a folder: a Lua buffer attaches to the client started for its folder.
local clients = {}
vim.api.nvim_create_autocmd("FileType", {
  pattern = "lua",
  callback = function(args)
    local root = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h")
    local id = clients[root]
    if id == nil or vim.lsp.get_client_by_id(id) == nil then
      id = vim.lsp.start_client({ name = "luascreen", cmd = { "luascreen", "lsp" }, root_dir = root })
      clients[root] = id
    end
    if id then vim.lsp.buf_attach_client(args.buf, id) end
  end,
})
