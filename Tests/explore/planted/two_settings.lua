-- Planted bug: Apply fails only after two other settings changed (Alpha on and Level 5).
-- The fewest commands that show it: select alpha, set level 5, select apply (3).
return screen {
  id = "two_settings", title = "Two settings",
  section {
    toggle { text = "Alpha", key = "alpha", default = false },
    number { text = "Level", key = "level", default = 1, min = 1, max = 5, step = 1 },
    toggle { text = "Gamma", key = "gamma", default = false },
    button {
      text = "Apply",
      on_select = function(ctx)
        if ctx.store.alpha and ctx.store.level == 5 then
          error("cannot apply alpha at level 5")  -- the bug
        end
        ctx:alert("Applied.")
      end,
    },
  },
}
