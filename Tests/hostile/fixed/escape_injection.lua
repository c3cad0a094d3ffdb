-- FIXED FINDING (kept so it stays fixed): diagnostics now escape control characters.
-- finding: check prints diagnostics with the script's own text verbatim, so terminal
-- control sequences in an unknown value or field name reach the terminal of whoever runs
-- `luascreen check`: here one that sets the window title and clears the screen.
-- commands: check
-- no-control-characters-in: stderr
return screen {
  title = "Escapes",
  section { row { text = "a", style = "\27]0;pwned\7\27[2J", ["\27[31mred"] = 1 } },
}
