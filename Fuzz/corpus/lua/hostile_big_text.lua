-- 10 MB strings as title, text, detail and help: large but valid. (A 10 MB header or
-- footer is in known/long_header.lua: wrapping it is quadratic.)
local big = ("x"):rep(10 * 1024 * 1024)
return screen {
  title = big,
  section { header = "h", footer = "f", row { text = big, detail = big, help = big } },
}
