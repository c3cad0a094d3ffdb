-- require of a module that is a named pipe (the test creates it next to a copy of this
-- script): opening it used to block forever waiting for a writer.
-- setup: fifo fifo.lua
-- expect: require_fifo\.lua:\d+: error: require: cannot read 'fifo\.lua': not a regular file
local m = require("fifo")
return m
