-- require of an absolute path.
-- expect: require_absolute\.lua:\d+: error: require: invalid module name '/etc/passwd'
local m = require("/etc/passwd")
return m
