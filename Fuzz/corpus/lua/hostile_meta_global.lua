-- setmetatable(_G, ...) so that reading or writing any global raises or loops: the host
-- must not touch globals through metamethods after the script ran.
-- expect: meta_global\.lua:\d+: error: missing required field "title"
-- reject: global metamethod ran
local screen, section, row = screen, section, row
setmetatable(_G, {
  __index = function(_, k) error("global metamethod ran: " .. tostring(k)) end,
  __newindex = function(_, k) error("global metamethod ran: " .. tostring(k)) end,
  __metatable = "locked",
})
return screen { section { row { text = "x", detail = function() return "d" end } } }
