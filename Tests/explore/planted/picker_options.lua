-- Planted bug: Size's options function fails when the region is Mars.
-- The fewest commands that show it: set region mars (1); explore turns picks on a picker
-- (select region, select mars, back) into that set when shrinking.
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
