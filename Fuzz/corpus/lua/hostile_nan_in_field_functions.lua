-- Field functions returning NaN, infinities and extreme integers as text and detail; an
-- options function returning NaN; then an error so that check fails.
-- expect: nan_in_field_functions\.lua:\d+: error: .*title
return screen {
  title = 42,
  section {
    row { text = function() return 0/0 end, detail = function() return math.huge end },
    row { text = function() return math.maxinteger end, detail = function() return math.mininteger end },
    row { text = function() return -math.huge end, detail = function() return 2^63 end },
    choice { text = "C", key = "c", options = function() return { 0/0, 1/0 } end },
  },
}
