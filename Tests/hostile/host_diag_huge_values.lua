-- 4 MiB enum values, ids and a did-you-mean over them: each quoted at most 200 characters,
-- and the suggestion search does not go quadratic on the huge words.
-- args: --max-memory 32M
-- max-output: 65536
-- expect: style: unknown value "s{200}…"
-- expect: accessory: unknown value "a{200}…"
-- expect: duplicate row id "d{200}…"
-- expect: push: .*"p{200}…"
local big = function(c) return string.rep(c, 4 << 20) end
local style, accessory, id, target = big("s"), big("a"), big("d"), big("p")
local rows = {}
for i = 1, 10 do
  rows[#rows + 1] = row { text = "r" .. i, style = style, accessory = accessory }
end
rows[#rows + 1] = row { id = id, text = "one" }
rows[#rows + 1] = row { id = id, text = "two" }
rows[#rows + 1] = row { text = "go", push = target }
return screen { title = "Values", section { rows = rows } }
