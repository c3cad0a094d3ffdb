-- loadfile is not in the sandbox.
-- expect: loadfile\.lua:\d+: error: attempt to call a nil value \(global 'loadfile'\)
local f = loadfile("/etc/passwd")
return screen { title = "x" }
