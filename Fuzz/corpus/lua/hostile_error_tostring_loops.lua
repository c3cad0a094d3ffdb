-- An error object whose __tostring loops forever: stopped by the budget.
-- expect: error_tostring_loops\.lua:3: error: \(error object is a table value whose __tostring failed\)
error(setmetatable({}, { __tostring = function() while true do end end }))
