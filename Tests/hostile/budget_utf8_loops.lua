-- utf8.len, utf8.offset, utf8.codepoint and utf8.codes over 16 MiB, again and again
-- (the codes iteration fails at once on continuation bytes, after scanning all of them).
-- expect: budget_utf8_loops\.lua:\d+: error: .*instruction limit exceeded
-- args: --max-memory 128M
local s = string.rep("\x80", 16 << 20)
local ok = string.rep("é", 1 << 20)
return screen {
  title = "UTF-8",
  section {
    row { text = "len", detail = function() for _ = 1, 1000000 do utf8.len(s) end end },
    row { text = "offset", detail = function() for _ = 1, 1000000 do utf8.offset(s, 3) end end },
    row { text = "codepoint", detail = function() for _ = 1, 1000000 do utf8.codepoint(ok, 1, -1) end end },
    row { text = "codes", detail = function() for _ = 1, 1000000 do pcall(function() for _ in utf8.codes(s) do end end) end end },
    row { text = "char", detail = function() local t = {} for i = 1, 200000 do t[i] = 65 end for _ = 1, 1000000 do utf8.char(table.unpack(t)) end end },
  },
}
