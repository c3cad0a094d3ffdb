-- table.move over 10^12 empty slots: a C loop that allocates nothing.
-- expect: table_move\.lua:\d+: error: instruction limit exceeded
table.move({}, 1, 1e12, 2)
return screen { title = "never" }
