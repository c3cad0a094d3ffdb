-- 100,000 nested parentheses given to load: the parser's C-level limit refuses them.
-- expect: syntax_depth\.lua:\d+: error: .*(too many C levels|C stack overflow)
local f, message = load(("("):rep(1e5) .. "1" .. (")"):rep(1e5))
assert(f == nil)
error(message)
