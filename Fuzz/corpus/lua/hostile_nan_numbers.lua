-- NaN and infinities as numbers: min = 0/0, max = -0/0, default = math.huge, step = inf.
-- expect: nan_numbers\.lua:\d+: error: .*min: expected a finite number, got nan
-- expect: nan_numbers\.lua:\d+: error: .*default: expected a finite number, got inf
return screen {
  title = "NaN",
  section {
    number { text = "A", key = "a", min = 0/0, max = 10 },
    number { text = "B", key = "b", default = math.huge },
    number { text = "C", key = "c", min = -math.huge, max = math.huge, step = 1/0 },
    number { text = "D", key = "d", default = -(0/0), step = 0/0 },
    choice { text = "E", key = "e", options = { 0/0, 0/0, math.huge, -math.huge }, default = 0/0 },
    toggle { text = "F", key = "f", default = 0/0 },
    input { text = "G", key = "g", max_length = math.huge, default = "" },
    number { text = "H", key = "h", default = math.maxinteger, min = math.mininteger, max = math.maxinteger },
    number { text = "I", key = "i", default = math.mininteger, step = 1e-300 },
  },
}
