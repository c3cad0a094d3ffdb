-- Tables that contain themselves, through sections, rows and push.
-- expect: returns_cycle\.lua:\d+: error: .*this table contains itself
local s = screen { title = "Cycle" }
local sec = section { header = "h" }
sec[1] = sec
s[1] = sec
s[2] = section { row { text = "again", push = s } }
local r = row { text = "r" }
r.push = screen { title = "inner", section { r } }
s[3] = section { r }
return s
