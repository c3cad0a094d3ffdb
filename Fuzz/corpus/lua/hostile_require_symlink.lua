-- require of a module that is a symlink pointing outside the script's folder. The test
-- copies this script into a temporary folder and creates the link and its target there.
-- setup: file ../outside/evil.lua: return screen { title = "escaped the folder" }
-- setup: symlink escape.lua -> ../outside/evil.lua
-- setup: symlink passwd.lua -> /etc/passwd
-- expect: require_symlink\.lua:\d+: error: require: module 'escape' resolves outside the script's folder; refused
-- reject: escaped the folder
local ok, message = pcall(require, "passwd")
assert(not ok and message:find("resolves outside"), message)
local m = require("escape")
return m
