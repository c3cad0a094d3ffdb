-- package is not in the sandbox (nor is require's C loader).
-- creates: /tmp/luascreen-hostile-pwned
-- expect: package_loadlib\.lua:\d+: error: attempt to index a nil value \(global 'package'\)
local f = package.loadlib("/lib/x86_64-linux-gnu/libc.so.6", "system")
f("touch /tmp/luascreen-hostile-pwned")
return screen { title = "pwned" }
