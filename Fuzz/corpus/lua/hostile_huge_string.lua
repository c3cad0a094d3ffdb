-- 10 MB strings as the title, a row's text, an unknown field's name and an enum value.
-- expect: huge_string\.lua:\d+: error: .*unknown field "x{100}
-- expect: huge_string\.lua:\d+: error: .*style: unknown value "y{100}
local big = ("x"):rep(10 * 1024 * 1024)
local bigy = ("y"):rep(10 * 1024 * 1024)
local r = row { text = big, detail = big, style = bigy }
r[big] = true
return screen { title = big, section { r } }
