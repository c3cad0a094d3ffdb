-- An error object whose __tostring builds gigabytes: the message handler used to lift the
-- memory cap before calling it, so this drove the process into swap.
-- expect: error_tostring_bomb\.lua:\d+: error: \(error object is a table value whose __tostring failed\)
error(setmetatable({}, { __tostring = function()
  local s = "x"
  for i = 1, 40 do s = s .. s end
  return s
end }))
