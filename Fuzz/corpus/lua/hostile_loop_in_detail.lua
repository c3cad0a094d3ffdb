-- An infinite loop inside a field function: check evaluates it and the budget stops it.
-- expect: loop_in_detail\.lua:\d+: error: .*detail: instruction limit exceeded
return screen {
  title = "Loop",
  section {
    row { text = "Spins", detail = function() while true do end end },
  },
}
