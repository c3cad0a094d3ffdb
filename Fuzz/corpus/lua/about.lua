-- examples/about.lua
--
-- An About screen built partly from shared helpers: rows that several screens (or
-- several scripts) need are written once, in a module, and loaded with require.
--
--     local common = require("lib.shared_rows")   -- loads examples/lib/shared_rows.lua
--
-- require("name") looks for name.lua in this script's own folder only (not in
-- package.path, which scripts cannot see). A module returns whatever it likes; here
-- a table of functions that build rows.
--
-- Run it:    luascreen run examples/about.lua
-- Try:       Website · Send Diagnostics · Reset Settings · store

local common = require("lib.shared_rows")

return screen {
  id = "about", title = "About",

  section {
    header = "This App",
    common.info("Version", "2.0.0", "The version you are running."),
    common.info("Build", "417"),
    -- Helpers and ordinary rows mix freely.
    row { text = "Acknowledgements", push = screen {
      id = "acknowledgements", title = "Acknowledgements",
      section {
        footer = "Settings screens in the style of these projects.",
        common.link("venmo/Static", "https://github.com/venmo/Static"),
        common.link("JMStaticContentTableViewController",
                    "https://github.com/jakemarsh/JMStaticContentTableViewController"),
        common.link("InAppSettingsKit", "https://github.com/futuretap/InAppSettingsKit"),
      },
    } },
  },

  section {
    header = "Contact",
    common.link("Website", "https://example.com"),
    common.link("Support", "https://example.com/support"),
  },

  section {
    header = "Privacy",
    footer = "Diagnostics never include your settings or your name.",
    toggle { text = "Send Diagnostics", key = "diagnostics", default = false,
             help = "Sends anonymous crash reports." },
    toggle { text = "Personalized Tips", key = "tips", default = true,
             help = "Tips based on the features you use." },
    common.reset_button { "diagnostics", "tips" },
  },

  -- A helper can return a whole section.
  common.legal_section("Example Inc"),
}
