-- Planted bug: the invariant breaks when C, A and B are turned on in that order.
-- The fewest commands that show it: select c, select a, select b (3).
local function remember(letter)
  return function(ctx, new)
    if new then ctx.store.order = ((ctx.store.order or "") .. letter):sub(-3) end
  end
end

return app {
  root = "toggle_order",
  invariants = {
    order = function(ctx)
      if ctx.store.order == "cab" then return false, "C, A, B turned on in that order" end  -- the bug
      return true
    end,
  },
  screens = {
    screen {
      id = "toggle_order", title = "Toggle order",
      section {
        toggle { text = "A", key = "a", on_change = remember("a") },
        toggle { text = "B", key = "b", on_change = remember("b") },
        toggle { text = "C", key = "c", on_change = remember("c") },
      },
    },
  },
}
