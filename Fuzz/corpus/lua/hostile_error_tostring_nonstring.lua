-- An error object whose __tostring returns a table.
-- expect: error_tostring_nonstring\.lua:3: error: \(error object is a table value whose __tostring failed\)
error(setmetatable({}, { __tostring = function() return {} end }))
