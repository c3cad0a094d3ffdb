-- A field function raising a 20 MB message, and an error object whose __tostring makes one:
-- check quotes at most 200 characters of each (it printed 20 MB).
-- args: --max-memory 64M
-- max-output: 4096
-- expect: host_huge_field_error\.lua:\d+: error: .*: d{100}…d{100} \(in detail\)
-- expect: host_huge_field_error\.lua:\d+: error: .*: t{100}…t{100} \(in detail\)
return screen { id = "b", title = "B", section {
  row { text = "T", detail = function() error(string.rep("d", 20000000)) end },
  row { text = "U", detail = function()
    error(setmetatable({}, { __tostring = function() return string.rep("t", 2000000) end }))
  end },
} }
