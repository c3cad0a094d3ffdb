-- examples/podcasts/podcasts.lua: a podcast player's settings, split into modules the way
-- an app grows: one file a screen (screens/), shared helpers (lib/), translations (locales/)
-- and tests (tests/). This file is the app's entry; every `require` resolves from its folder.
--   luascreen run examples/podcasts/podcasts.lua --locale fr
--   luascreen test examples/podcasts/tests
local playback = require("screens.playback")
local downloads = require("screens.downloads")

return app {
  root = "podcasts",
  store = "podcasts",
  strings = "locales",
  screens = {
    screen {
      id = "podcasts", title = "Podcasts",
      section {
        row { text = "Playback", push = "playback" },
        row { text = "Downloads", push = "downloads" },
      },
    },
    playback,
    downloads,
  },
}
