-- An __index chain that loops back on itself.
-- expect: meta_index_loop\.lua:\d+: error: '__index' chain too long; possible loop
local a, b = {}, {}
setmetatable(a, { __index = b })
setmetatable(b, { __index = a })
return screen { title = a.title }
