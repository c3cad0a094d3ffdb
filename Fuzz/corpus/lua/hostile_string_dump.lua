-- string.dump is not in the sandbox, through the library or a string's methods.
-- expect: string_dump\.lua:\d+: error: attempt to call a nil value \(field 'dump'\)
local ok = pcall(function() return ("").dump(print) end)
assert(not ok)
local bytes = string.dump(function() return 1 end)
return screen { title = "x" }
