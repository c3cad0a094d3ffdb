-- Planted bug: Turbo's enabled condition can never be true (Boost's max is 10).
-- explore reports it as "never-enabled" after its walks; it needs no command to show.
return screen {
  id = "never_enabled", title = "Never enabled",
  section {
    number { text = "Boost", key = "boost", default = 0, min = 0, max = 10, step = 1 },
    toggle { text = "Expert", key = "expert", default = false },
    toggle {
      text = "Turbo", key = "turbo", default = false,
      enabled = function(ctx) return ctx.store.expert and ctx.store.boost > 10 end,  -- the bug
    },
  },
}
