-- Plain tables nested 10,000 deep: as sections and rows, as a row's context and options.
-- Plain tables have no recorded line: the diagnostics name the path.
-- expect: deep_plain_tables\.lua: error: sections\[1\]\.text: unknown field "text"
-- expect: deep_plain_tables\.lua: error: sections\[2\]\.rows\[2\]\.options\[1\]: an option table needs a value
local t = {}
for i = 1, 10000 do t = { t, { t }, text = "x" } end
local deep = {}
for i = 1, 10000 do deep = { deep } end
return {
  title = "Plain",
  t,
  { { text = "ctx", context = deep }, { type = "choice", text = "c", key = "c", options = deep } },
}
