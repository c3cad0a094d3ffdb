;; luascreen's language server on Lua files, through eglot: Emacs 29's own, or on Emacs 28
;; Debian 12's elpa-eglot; lua-mode from Debian's elpa-lua-mode (or MELPA).
(require 'eglot)
(require 'lua-mode)
(add-to-list 'eglot-server-programs '(lua-mode . ("luascreen" "lsp")))
(add-hook 'lua-mode-hook #'eglot-ensure)
