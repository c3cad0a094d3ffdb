-- A field function that keeps catching the budget error with pcall and xpcall.
-- expect: loop_in_field_pcall\.lua:\d+: error: .*enabled: instruction limit exceeded
local function stubborn()
  while true do
    pcall(function() while true do end end)
    xpcall(function() while true do end end, function(e) return e end)
  end
end
return screen {
  title = "Stubborn",
  section { row { text = "x", enabled = stubborn } },
}
