-- load of a binary chunk (hand-made header) is refused: the load returns nil and a message.
-- expect: load_binary\.lua:\d+: error: attempt to load a binary chunk
local chunk = "\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0\0\0\0\0\0\0\0\0\0\40\119\64"
local f, message = load(chunk)
assert(f == nil)
error(message)
