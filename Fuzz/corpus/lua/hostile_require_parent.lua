-- require of a path that climbs out of the script's folder.
-- expect: require_parent\.lua:\d+: error: require: invalid module name '\.\./x'
local m = require("../x")
return m
