-- Sections and rows (and their lists) with raising metatables; __len claims a million rows.
-- expect: meta_section_row\.lua:\d+: error: sections\[1\]\.rows\[1\]: missing required field "text"
-- reject: metamethod ran
local function boom() error("metamethod ran") end
local mt = { __index = boom, __newindex = boom, __pairs = boom, __eq = boom,
             __len = function() error("metamethod ran") end }
local rows = setmetatable({ setmetatable(row { detail = "no text" }, mt), row { text = "ok" } }, mt)
local s = setmetatable(section { header = "H", rows = rows }, mt)
return screen { title = "Meta", sections = setmetatable({ s }, mt) }
