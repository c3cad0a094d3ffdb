-- examples/tests/jmstatic_test.lua: JMStaticContentTableViewController's demo as an app
-- (examples/jmstatic.lua): on_change, run-time rows, field functions, pickers.

local function ids(rows)
  local out = {}
  for _, row in ipairs(rows) do out[#out + 1] = row.id end
  return out
end

-- The rows of a section of the current screen, by its id.
local function section_rows(s, id)
  for _, section in ipairs(s:screen().sections) do
    if section.id == id then return section.rows end
  end
  error("no section " .. id, 2)
end

test("the root screen of the app", function()
  local s = open("../jmstatic.lua")
  eq(s:path(), { "settings" })
  eq(s:row("Wi-Fi").detail, "Not Connected")
  eq(s:row("Notifications").detail, "On")            -- the default of a row on another screen
  eq(s:store(), { airplane = false, bluetooth = true, device_name = "luascreen",
                  wifi = true, other_network = "", notifications = true, sound = "chime",
                  previews = "Always", badge_count = 10 })
  snapshot("jmstatic-root", s:render(60))
end)

test("Airplane Mode's on_change turns Wi-Fi and Bluetooth off", function()
  local s = open("../jmstatic.lua")
  s:select("Airplane Mode")
  local store = s:store()
  eq({ store.airplane, store.wifi, store.bluetooth }, { true, false, false })
  eq(s:messages(), { "Airplane Mode is on: Wi-Fi and Bluetooth are off." })
  eq(s:row("Wi-Fi").detail, "Off")
  eq(s:row("Bluetooth").detail, "off")
  -- Turning it off again changes only airplane.
  s:select("Airplane Mode")
  eq(s:store().airplane, false)
  eq(s:store().wifi, false)
  eq(#s:messages(), 1)
end)

test("joining a network moves the checkmark (ctx:update_row)", function()
  local s = open("../jmstatic.lua")
  s:select("Wi-Fi")
  eq(s:path(), { "settings", "wifi" })
  eq(ids(section_rows(s, "networks")), { "net_home", "net_office", "net_cafe_libre" })
  eq(s:row("Office").accessory, "none")
  s:select("Office")
  eq(s:store().network, "Office")
  eq(s:row("Office").accessory, "checkmark")
  s:select("Cafe")
  eq(s:row("Office").accessory, "none")
  eq(s:row("Cafe Libre").accessory, "checkmark")
  eq(s:messages(), { "Joined Office.", "Joined Cafe Libre." })
  s:back()
  eq(s:row("Wi-Fi").detail, "Cafe Libre")
  -- on_appear puts the checkmark back on the joined network when the screen opens again.
  s:select("Wi-Fi")
  eq(s:row("Cafe Libre").accessory, "checkmark")
end)

test("Other… inserts a row (ctx:insert_row); it lasts while the screen stays open", function()
  local s = open("../jmstatic.lua")
  s:select("Wi-Fi")
  s:select("Other…")
  eq(s:messages(), { "Type the network's name first." })
  raises(function() s:set("Network Name", " Attic") end, "cannot start or end with a space")
  s:set("Network Name", "Attic")
  s:select("Other…")
  eq(ids(section_rows(s, "networks")), { "net_home", "net_office", "net_cafe_libre", "net_attic" })
  eq(s:store().other_network, "")                    -- the callback set it back to nil
  eq(s:messages()[2], "Added Attic.")
  snapshot("jmstatic-wifi-added", s:render(60))

  -- The inserted row works like a declared one.
  s:select("Attic")
  eq(s:store().network, "Attic")
  eq(s:row("Attic").accessory, "checkmark")

  -- Adding it twice is caught by the script.
  s:set("Network Name", "Attic")
  s:select("Other…")
  eq(s:messages()[#s:messages()], "Attic is already in the list.")

  -- Popping the screen ends its run-time rows: on_appear starts from the scanned list.
  s:home()
  s:select("Wi-Fi")
  eq(ids(section_rows(s, "networks")), { "net_home", "net_office", "net_cafe_libre" })
end)

test("Forget Added Networks removes them (ctx:remove_row)", function()
  local s = open("../jmstatic.lua")
  s:select("Wi-Fi")
  s:select("Forget Added Networks")
  eq(s:messages(), { "Nothing to forget." })
  s:set("Network Name", "Attic")
  s:select("Other…")
  s:select("Attic")
  s:select("Forget Added Networks")
  eq(ids(section_rows(s, "networks")), { "net_home", "net_office", "net_cafe_libre" })
  eq(s:store().network, nil)                         -- it was the joined one
  eq(s:messages()[#s:messages()], "Forgot 1 network(s).")
  raises(function() s:select("Attic") end, 'no row "Attic"')
end)

test("Wi-Fi off hides the networks (a section's visible function)", function()
  local s = open("../jmstatic.lua")
  s:select("Wi-Fi")
  s:select("Wi-Fi")                                  -- the toggle on the Wi-Fi screen
  eq(s:store().wifi, false)
  local office = s:row("Office")                     -- hidden rows are still there for row()
  eq(office.visible, false)
  eq(office.enabled, true)
  raises(function() s:select("Office") end, 'row "Office" is hidden')
  raises(function() s:set("Network Name", "Attic") end, "is hidden")
  snapshot("jmstatic-wifi-off", s:render(60))
  s:select(1)
  eq(s:row("Office").visible, true)
end)

test("the device name is validated", function()
  local s = open("../jmstatic.lua")
  raises(function() s:set("Name", "") end, "cannot be empty")
  raises(function() s:set("Name", "   ") end, "cannot be empty")
  raises(function() s:set("Name", "Ada ") end, "start or end with a space")
  raises(function() s:set("Name", string.rep("x", 25)) end, "at most 24 characters")
  raises(function() s:set("Name", 42) end, "its value is a string")
  eq(s:store().device_name, "luascreen")
  s:set("Name", "Ada's Laptop")
  eq(s:row("Name").detail, "Ada's Laptop")
end)

test("notifications: rows disabled by a toggle, a choice through its picker", function()
  local s = open("../jmstatic.lua")
  s:select("Notifications")
  eq(s:path(), { "settings", "notifications" })
  s:select("Allow Notifications")
  eq(s:row("Sound").enabled, false)
  raises(function() s:select("Sound") end, 'row "Sound" is disabled')
  raises(function() s:set("Badge count", 5) end, "is disabled")
  snapshot("jmstatic-notifications-off", s:render(60))
  s:select("Allow Notifications")

  -- select("Sound") pushes the picker; select("Glass") picks.
  s:select("Sound")
  eq(s:path(), { "settings", "notifications", "sound" })
  eq(s:screen().title, "Sound")
  eq(ids(s:screen().sections[1].rows), { "chime", "glass", "pulse", "none" })
  eq(s:row("Chime").accessory, "checkmark")
  s:select("Glass")
  eq(s:store().sound, "glass")
  eq(s:row("Glass").accessory, "checkmark")
  eq(s:row("Chime").accessory, "none")
  snapshot("jmstatic-sound-picker", s:render(60))
  s:back()
  eq(s:row("Sound").detail, "Glass")

  -- Plain string options: value and text are the same.
  s:select("Show Previews")
  s:select("Never")
  s:back()
  eq(s:store().previews, "Never")
  eq(s:row("Show Previews").detail, "Never")
end)

test("the badge count is a number from 0 to 99 in steps of 1", function()
  local s = open("../jmstatic.lua")
  s:select("Notifications")
  s:set("Badge count", 0)
  eq(s:store().badge_count, 0)
  s:set("Badge count", "99")
  eq(s:store().badge_count, 99)
  raises(function() s:set("Badge count", 100) end, "above the maximum 99")
  raises(function() s:set("Badge count", -1) end, "below the minimum 0")
  raises(function() s:set("Badge count", 2.5) end, "off the grid from 0 in steps of 1")
  eq(s:store().badge_count, 99)
end)

test("Clear All: a confirm answered no, then yes (ctx:reload)", function()
  local s = open("../jmstatic.lua")
  s:select("Notifications")
  eq(s:row("Waiting").detail, "3")
  s:select("Clear All", false)
  eq(s:row("Waiting").detail, "3")
  eq(s:messages(), {})
  s:select("Clear All")
  eq(s:row("Waiting").detail, "0")
  eq(s:messages(), { "Notifications cleared." })
end)

test("find searches the app's screens", function()
  local s = open("../jmstatic.lua")
  eq(s:find("badge"), { { screen = "notifications", row = "badge_count", text = "Badge count" } })
  -- Help texts count too: "Shows the joined network" on the root, "Select to join this
  -- network." on each network; screens are searched from the root outwards.
  local found = s:find("join")
  local where = {}
  for i, r in ipairs(found) do where[i] = r.screen .. "/" .. r.row end
  eq(where, { "settings/wi_fi", "wifi/net_home", "wifi/net_office", "wifi/net_cafe_libre" })
  -- Rows inserted at run time live on the open screen only; find reads the declared ones.
  eq(s:find("Attic"), {})
end)
