-- Planted bug: Speed's on_change writes twice the speed to Volume, whose max is 10.
-- The fewest commands that show it: set speed 6 (1).
return screen {
  id = "out_of_range", title = "Out of range",
  section {
    number {
      text = "Speed", key = "speed", default = 1, min = 0, max = 10, step = 1,
      on_change = function(ctx, new) ctx.store.volume = new * 2 end,  -- the bug
    },
    number { text = "Volume", key = "volume", default = 2, min = 0, max = 10, step = 1 },
  },
}
