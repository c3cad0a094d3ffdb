-- An infinite loop while the script loads: the instruction budget stops it.
-- expect: loop_at_load\.lua:\d+: error: instruction limit exceeded
while true do end
return screen { title = "never" }
