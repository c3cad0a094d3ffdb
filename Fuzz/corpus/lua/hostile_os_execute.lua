-- os.execute is not in the sandbox: the script must not create /tmp/luascreen-hostile-pwned.
-- creates: /tmp/luascreen-hostile-pwned
-- expect: os_execute\.lua:\d+: error: attempt to call a nil value \(field 'execute'\)
os.execute("touch /tmp/luascreen-hostile-pwned")
return screen { title = "pwned" }
