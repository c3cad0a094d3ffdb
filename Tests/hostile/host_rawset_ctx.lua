-- Tricks on ctx, ctx.row and ctx.screen change nothing: they are handles (rawset refused),
-- ctx.row and ctx.screen are read-only views, and a value planted in the script's own view
-- never reaches the store.
-- command: run
-- status: 0
-- stdin: select Trick
-- stdin: store
-- stdin: select Wifi
-- stdin: store
-- expect-out: ctx: false userdata ctx
-- expect-out: row: false read-only row=trick
-- expect-out: screen: false title=Objects
-- expect-out: store: userdata
-- expect-out: (?s)> select Trick.*wifi = false.*> select Wifi.*wifi = true
-- reject: HACKED
return screen { title = "Objects",
  section {
    toggle { text = "Wifi", key = "wifi", default = false },
    button { id = "trick", text = "Trick", on_select = function(ctx)
      local ok = pcall(rawset, ctx, "store", { wifi = "HACKED" })
      print("ctx: " .. tostring(ok) .. " " .. type(ctx) .. " " .. tostring(getmetatable(ctx)))
      local okRow = pcall(function() ctx.row.id = "HACKED" end)
      print("row: " .. tostring(okRow or pcall(rawset, ctx.row, "id", "HACKED")) .. " " .. tostring(getmetatable(ctx.row)) .. " row=" .. ctx.row.id)
      print("screen: " .. tostring(pcall(function() ctx.screen.title = "HACKED" end)) .. " title=" .. ctx.screen.title)
      pcall(function() ctx.store = { wifi = "HACKED" } end)
      print("store: " .. type(ctx.store))
    end },
  },
}
