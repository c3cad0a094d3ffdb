-- string.rep with an empty separator, and the method form, inside a field function.
-- expect: budget_rep_separator\.lua:6: error: .*text: instruction limit exceeded
return screen {
  title = "Rep",
  section {
    row { text = function() return ("" ):rep(math.maxinteger, "") end },
  },
}
