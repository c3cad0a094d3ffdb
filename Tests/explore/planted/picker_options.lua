-- Planted bug: Size's options function fails when the region is Mars.
-- The fewest commands that show it: set region mars (1), or select region, select mars (2).
return screen {
  id = "picker_options", title = "Picker options",
  section {
    choice { text = "Region", key = "region", options = { "earth", "moon", "mars" } },
    choice {
      text = "Size", key = "size", default = "m",
      options = function(ctx)
        if ctx.store.region == "mars" then error("no sizes on mars") end  -- the bug
        return { "s", "m", "l" }
      end,
    },
  },
}
