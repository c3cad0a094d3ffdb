-- Dots are folder separators: empty parts (which would make '..') are refused.
-- expect: require_dots\.lua:\d+: error: require: invalid module name '\.\.\.etc\.passwd'
local m = require("...etc.passwd")
return m
