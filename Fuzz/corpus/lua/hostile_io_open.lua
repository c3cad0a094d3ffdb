-- io is not in the sandbox: the script must not create /tmp/luascreen-hostile-io.
-- creates: /tmp/luascreen-hostile-io
-- expect: io_open\.lua:\d+: error: attempt to index a nil value \(global 'io'\)
local f = io.open("/tmp/luascreen-hostile-io", "w")
f:write("pwned")
f:close()
return screen { title = "pwned" }
