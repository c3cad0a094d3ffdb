-- A screen whose metatable raises in every metamethod the host could trigger. The validator
-- reads raw fields only, so it reports the missing title and never runs them.
-- expect: meta_screen\.lua:\d+: error: missing required field "title"
-- reject: metamethod ran
local function boom() error("metamethod ran") end
local mt = { __index = boom, __newindex = boom, __pairs = boom, __len = boom, __eq = boom,
             __call = boom, __concat = boom, __tostring = boom, __name = "evil", __lt = boom,
             __le = boom, __close = boom, __mode = "k" }
return setmetatable(screen {
  id = "evil",
  section { row { text = "Row" } },
}, mt)
