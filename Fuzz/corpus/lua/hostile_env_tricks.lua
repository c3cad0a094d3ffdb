-- _ENV replaced by a table whose __index loops: every global read (screen, section...) in
-- the rest of the chunk runs the loop; the budget stops the first one.
-- expect: env_tricks\.lua:\d+: error: instruction limit exceeded
local setmetatable = setmetatable
local _ENV = setmetatable({}, { __index = function() while true do end end })
return screen { title = "x" }
