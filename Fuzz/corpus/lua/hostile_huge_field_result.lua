-- A detail function returning 30 MB of text, under the default cap.
return screen {
  title = "Huge",
  section { row { text = "r", detail = function() return ("y"):rep(30 * 1024 * 1024) end } },
}
