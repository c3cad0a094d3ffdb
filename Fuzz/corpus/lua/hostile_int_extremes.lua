-- Field functions returning extreme numbers as text (math.maxinteger used to trap when
-- turned into text through a Double).
return screen {
  title = "Numbers",
  section {
    row { text = function() return math.maxinteger end, detail = function() return math.mininteger end },
    row { text = function() return 2^63 end, detail = function() return -2^63 end },
    row { text = function() return 0/0 end, detail = function() return 1/0 end },
    row { text = function() return -0.0 end, detail = function() return 5e-324 end },
    number { text = "N", key = "n", default = math.maxinteger },
    number { text = "M", key = "m", default = math.mininteger, min = math.mininteger },
    number { text = "F", key = "f", default = 1e308, step = 1e-308 },
  },
}
