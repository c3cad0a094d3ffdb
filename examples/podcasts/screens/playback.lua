-- examples/podcasts/screens/playback.lua: the playback screen (a module of podcasts.lua).
local prefs = require("lib.prefs")

return screen {
  id = "playback", title = "Playback",
  section {
    header = "Skipping",
    prefs.amount("skip_forward", "Skip forward", 5, 120, 30, "s"),
    prefs.amount("skip_back", "Skip back", 5, 120, 15, "s"),
  },
  section {
    prefs.switch("continuous", "Continuous playback", true),
    choice { key = "speed", text = "Speed", default = "1",
      options = { { value = "0.8", text = "0.8×" }, { value = "1", text = "1×" }, { value = "1.5", text = "1.5×" } } },
  },
}
