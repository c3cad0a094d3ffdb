-- A 10 MiB unknown field name in 30 rows: each diagnostic quotes at most 200 characters of
-- it (… marks the cut), in the message and in the path; 30 short lines, not 600 MiB.
-- args: --max-memory 32M
-- max-output: 65536
-- expect: host_diag_huge_field\.lua:\d+: error: sections\[1\]\.rows\[1\]\.x{200}…: unknown field "x{200}…"$
-- expect: rows\[30\]
local name = string.rep("x", 10 << 20)
local rows = {}
for i = 1, 30 do rows[i] = row { text = "r" .. i, [name] = true } end
return screen { title = "Huge", section { rows = rows } }
