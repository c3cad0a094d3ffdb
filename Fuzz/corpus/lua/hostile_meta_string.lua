-- Changing the string metatable's __index (shared by every string) must not break the host:
-- the host reads strings with lua_type/lua_tolstring only.
-- expect: meta_string\.lua:\d+: error: attempt to index a string value
local mt = getmetatable("")
mt.__index = function() error("string metamethod ran") end
assert(not pcall(function() return ("x"):upper() end))
mt.__index = nil
mt.__tostring = function() error("string metamethod ran") end
return screen { title = ("x"):upper() }
