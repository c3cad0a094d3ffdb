-- Keys of every odd type in screens, sections and rows: reported, not a crash.
-- expect: weird_keys\.lua:\d+: error: unexpected boolean key in a screen
-- expect: weird_keys\.lua:\d+: error: .*unexpected key inf in a section
-- expect: weird_keys\.lua:\d+: error: .*unexpected table key in a row
-- expect: weird_keys\.lua:\d+: error: .*unknown field "te\\u\{0\}xt" \(did you mean "text"\?\)
local s = screen { title = "Keys" }
s[true] = 1
local sec = section { header = "h" }
sec[math.huge] = 1
sec[-1] = 2
sec[0.5] = 3
local r = row { text = "r" }
r[{}] = 1
r[print] = 2
r[coroutine.create(print)] = 3
r["te\0xt"] = "nul in a field name"
sec[1] = r
s[1] = sec
return s
