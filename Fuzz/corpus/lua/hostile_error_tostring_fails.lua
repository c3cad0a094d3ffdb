-- An error object whose __tostring raises.
-- expect: error_tostring_fails\.lua:3: error: \(error object is a table value whose __tostring failed\)
error(setmetatable({}, { __tostring = function() error("no string for you") end }))
