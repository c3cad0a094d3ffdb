-- examples/reader.lua: an e-reader's settings (KOReader-like), using every kind of value
-- of SPEC §8: a multi-select, an edited list, times, a date, a notes field, a stepper,
-- a toggle storing "yes"/"no", and actions on a row.
return app { root = "reader", store = "reader", screens = {
  screen { id = "reader",
    title = function(ctx) return ctx.store.night_mode == "yes" and "Reader (night)" or "Reader" end,
    section { header = "Library",
      choice { text = "Sync folders", key = "sync_folders", multiple = true, min_selected = 1, max_selected = 3,
               options = { "Books", "Articles", "Comics", { value = "papers", text = "Papers" } },
               default = { "Books" },
               help = "Folders copied to the device; at most three, to save space." },
      list { text = "Dictionaries", key = "dictionaries", unique = true, max_items = 5,
             default = { "Webster" }, placeholder = "none yet",
             validate = function(item)
               if item:find("^%s*$") then return "a dictionary needs a name" end
             end,
             actions = {
               { text = "Sort A-Z", on_select = function(ctx)
                   local sorted = {}
                   for i, name in ipairs(ctx.store.dictionaries) do sorted[i] = name end
                   table.sort(sorted)
                   ctx.store.dictionaries = sorted
                 end },
               { id = "clear", text = "Remove all", destructive = true, confirm = "Remove every dictionary?",
                 on_select = function(ctx) ctx:reset("dictionaries"); ctx.store.dictionaries = {} end },
             } },
    },
    section { header = "Reading",
      footer = function(ctx) return ("Text at %d pt"):format(ctx.store.font_size) end,
      number { text = "Font size", key = "font_size", min = 12, max = 32, step = 2, default = 18, unit = "pt" },
      number { text = "Line spacing", key = "line_spacing", min = 1, max = 2, step = 0.1,
               default = function(ctx) return ctx.store.font_size >= 24 and 1.2 or 1.5 end },
      toggle { text = "Night mode", key = "night_mode", values = { "yes", "no" } },
      choice { text = "Page turns", key = "page_turns", close_on_pick = true,
               options = { { value = "tap", text = "Tap" }, { value = "swipe", text = "Swipe" },
                           { value = "keys", text = "Keys" } } },
    },
    section { header = "Quiet hours",
      footer = function(ctx)
        return ("No notifications from %s to %s."):format(ctx.store.quiet_start, ctx.store.quiet_end)
      end,
      time { text = "From", id = "quiet_from", key = "quiet_start", default = "22:00" },
      time { text = "Until", id = "quiet_until", key = "quiet_end", default = "07:00",
             validate = function(value, ctx)
               if value == ctx.store.quiet_start then return "quiet hours need a start and an end" end
             end },
      date { text = "Subscription ends", key = "subscription_end", max = "2030-12-31", placeholder = "not set" },
    },
    section { header = "Notes",
      input { text = "Notes", key = "notes", multiline = true, max_length = 2000,
              placeholder = "Anything to remember" },
      button { text = "Reset reading settings", destructive = true,
               confirm = function(ctx) return ("Reset font size (%d pt) and spacing?"):format(ctx.store.font_size) end,
               on_select = function(ctx)
                 ctx:reset("font_size", "line_spacing", "night_mode")
                 ctx:alert("Reading settings reset")
               end },
      button { text = "Count values", on_select = function(ctx)
                 local n = 0
                 for _ in pairs(ctx.store) do n = n + 1 end
                 ctx:alert(n .. " values")
               end },
    },
  },
} }
