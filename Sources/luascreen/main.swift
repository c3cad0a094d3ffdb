print("luascreen")
