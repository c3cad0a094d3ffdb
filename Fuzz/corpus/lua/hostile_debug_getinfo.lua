-- debug is not in the sandbox.
-- expect: debug_getinfo\.lua:\d+: error: attempt to index a nil value \(global 'debug'\)
local info = debug.getinfo(1)
debug.sethook()
return screen { title = info.source }
