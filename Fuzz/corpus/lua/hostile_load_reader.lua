-- load with a reader function that never ends its chunk: Lua calls the reader for ever
-- (from C, inside load); the reader is Lua code, so the budget stops it.
-- expect: load_reader\.lua:\d+: error: instruction limit exceeded
local f, message = load(function() return " " end)
error(message or "load finished")
