-- A module requiring itself (this script is its own module): refused, not a loop, and the
-- error names this file (it used to name the host's prelude, "luascreen:20:").
-- expect: require_self\.lua:\d+: error: require: module 'require_self' requires itself
-- reject: luascreen:\d+
local m = require("require_self")
return m
