-- examples/podcasts/screens/downloads.lua: the downloads screen (a module of podcasts.lua).
local prefs = require("lib.prefs")

return screen {
  id = "downloads", title = "Downloads",
  section {
    prefs.switch("wifi_only", "Download on Wi-Fi only", true),
    prefs.amount("keep", "Episodes to keep", 1, 50, 5),
    row { text = "Storage", detail = function(ctx)
      return ctx.store.wifi_only and "Wi-Fi only" or "Any network"
    end },
  },
}
