-- examples/settings.lua
return screen {
  id = "settings", title = "Settings",
  section {
    header = "Account",
    row    { text = "Profile", icon = "@",
             push = screen { id = "profile", title = "Profile",
                             section { row { text = "Name", detail = "Ada" } } } },
    toggle { text = "Notifications", key = "notifications", default = true },
    row    { text = "Version", detail = "2.0.0" },
  },
  section {
    header = "About", footer = "Thanks for using our app!",
    button { text = "Sign Out", destructive = true, confirm = "Sign out now?",
             on_select = function(ctx) ctx:alert("Signed out") end },
  },
}
