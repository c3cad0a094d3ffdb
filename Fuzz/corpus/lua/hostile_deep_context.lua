-- Row contexts may be any value: deep, cyclic, with metatables (never read by the host).
local deep = {}
for i = 1, 10000 do deep = { deep } end
local cyclic = {}
cyclic.self = cyclic
local weird = setmetatable({}, { __index = function() error("host read the context") end })
return screen {
  title = "Contexts",
  section {
    row { text = "deep", context = deep },
    row { text = "cyclic", context = cyclic },
    row { text = "weird", context = weird },
    row { text = "function", context = print },
  },
}
