-- rawset(ctx.store, ...) in a field function used to make every later read return the
-- planted value, past the read-only rule, the type check and rollback. ctx.store is a
-- handle now: rawset, rawget and setmetatable refuse it and its metatable is hidden.
-- command: run
-- stdin: show
-- stdin: select Plant
-- stdin: store
-- expect-out: wifi=false userdata the store
-- expect-out: rawset: false .*table expected, got userdata
-- expect-out: setmetatable: false
-- expect-out: getmetatable\.__index: nil
-- expect-out: (?s)> store\n.*  wifi = false
-- expect: error: .*planted
-- reject: HACKED
return screen { title = "Raw",
  section {
    toggle { text = "Wifi", key = "wifi", default = false },
    row { id = "probe", text = function(ctx)
      pcall(rawset, ctx.store, "wifi", "HACKED")
      pcall(setmetatable, ctx.store, { __index = function() return "HACKED" end })
      return "wifi=" .. tostring(ctx.store.wifi) .. " " .. type(ctx.store) .. " " .. tostring(getmetatable(ctx.store))
    end },
    button { text = "Plant", on_select = function(ctx)
      print("rawset: " .. tostring(select(2, pcall(rawset, ctx.store, "wifi", "HACKED")) and false) .. " " .. select(2, pcall(rawset, ctx.store, "wifi", "HACKED")))
      print("setmetatable: " .. tostring((pcall(setmetatable, ctx.store, {}))))
      print("getmetatable.__index: " .. tostring(getmetatable(ctx.store).__index))
      print("rawget: " .. tostring((pcall(rawget, ctx.store, "wifi"))))
      ctx.store.wifi = true
      error("planted")
    end },
  },
}
