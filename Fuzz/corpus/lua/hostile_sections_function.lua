-- A sections function that returns a new, big, partly broken list on every call.
return screen {
  title = "Dynamic",
  sections = function(ctx)
    local list = {}
    for i = 1, 500 do
      list[i] = section { id = "s" .. i, header = "Section " .. i, row { text = "r" .. i } }
    end
    list[501] = section { row { detail = "no text" } }
    return list
  end,
}
