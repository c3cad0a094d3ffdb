-- A choice with 100,000 options, and one whose options function returns 100,000.
local options = {}
for i = 1, 100000 do options[i] = "option " .. i end
return screen {
  title = "Options",
  section {
    choice { text = "Static", key = "a", options = options },
    choice { text = "Dynamic", key = "b", options = function() return options end, default = "option 1" },
  },
}
