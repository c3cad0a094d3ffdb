-- examples/sync.lua
--
-- Dependent settings: rows that appear, disappear, enable and describe themselves
-- from other values, as in Kconfig's menuconfig.
--
-- It shows:
--   * `enabled`, `visible`, `text`, `detail` and `options` given as functions of ctx,
--     evaluated at each render; the host records which store keys each one read, so
--     `why REF` can say why a row is disabled or hidden;
--   * a section whose `visible` is a function;
--   * on_change(ctx, new, old) on a toggle;
--   * a stored value no row is bound to ("last_synced"), written by a button;
--   * `help` on every row (`help REF` in the REPL).
--
-- Run it:    luascreen run examples/sync.lua
-- Try:       why cellular · Sync · Sync Now · show · help interval

-- Small named conditions read better than repeating the same function everywhere.
local function sync_on(ctx) return ctx.store.sync end
local function cellular_off(ctx) return not ctx.store.cellular end

return screen {
  id = "sync", title = "Sync",

  section {
    footer = "Sync copies your data to every device you sign in on.",

    toggle {
      text = "Sync", key = "sync", default = false,
      help = "Turns syncing on or off. The other settings need it on.",
      -- on_change runs after the value changed, with the new and the old value.
      on_change = function(ctx, new, old)
        if new and not old then
          ctx:alert(string.format("Sync is on. Your data syncs every %g min.", ctx.store.interval))
        else
          ctx:alert("Sync is off. Nothing leaves this device.")
        end
      end,
    },

    -- `text` can be a function too; the row then needs an explicit `id`, because its
    -- default id is made from a text known at load.
    row {
      id = "status",
      text = function(ctx) return ctx.store.sync and "Syncing" or "Not syncing" end,
      detail = function(ctx)
        if not ctx.store.sync then return nil end
        return ctx.store.cellular and "Wi-Fi and cellular" or "Wi-Fi"
      end,
      help = "What sync does right now, from the settings below.",
    },

    -- A stored value without a row: a button writes os.time() under "last_synced",
    -- and this detail turns it into a date.
    row {
      text = "Last synced",
      detail = function(ctx)
        local t = ctx.store.last_synced
        if t == nil then return "Never" end
        return os.date("%Y-%m-%d %H:%M", t)
      end,
      help = "When this device last finished a sync.",
    },

    button {
      text = "Sync Now",
      enabled = sync_on,
      help = "Syncs right away instead of waiting for the interval. Needs Sync.",
      on_select = function(ctx)
        ctx.store.last_synced = os.time()
        ctx:alert("Synced.")
      end,
    },
  },

  section {
    header = "Network",

    -- Disabled (still shown) until Sync is on.
    toggle {
      text = "Sync over Cellular", key = "cellular", default = false,
      enabled = sync_on,
      help = "Lets sync use mobile data. Needs Sync.",
    },

    -- Hidden while cellular is allowed: then it would not be true.
    row {
      text = "Wi-Fi only", detail = "Waits for Wi-Fi",
      visible = cellular_off,
      help = "Shown while Sync over Cellular is off: syncs wait for a Wi-Fi network.",
    },

    -- `options` as a function: over cellular, the large sizes are not offered.
    -- The stored value stays what it was; choose again to pick an offered one.
    choice {
      text = "Photo Quality", key = "quality", default = "medium",
      enabled = sync_on,
      options = function(ctx)
        local options = {
          { value = "low",    text = "Low (fast)" },
          { value = "medium", text = "Medium" },
        }
        if not ctx.store.cellular then
          options[#options + 1] = { value = "high",     text = "High" }
          options[#options + 1] = { value = "original", text = "Original" }
        end
        return options
      end,
      help = "The size of synced photos. High and Original are offered on Wi-Fi only.",
    },
  },

  -- A whole section can depend on a value: this one is hidden while Sync is off.
  section {
    header = "Schedule",
    footer = "Between 5 minutes and 2 hours, in steps of 5 minutes.",
    visible = sync_on,

    number {
      text = "Interval", key = "interval", default = 15,
      min = 5, max = 120, step = 5, unit = "min",
      help = "How often sync runs in the background.",
    },

    toggle {
      text = "Only While Charging", key = "charging_only", default = false,
      help = "Saves battery: background sync waits for a charger.",
    },
  },
}
