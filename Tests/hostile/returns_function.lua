-- The script returns a function.
-- expect: returns_function\.lua:\d+: error: the script returns a function, not a screen or app
return function() return screen { title = "x" } end
