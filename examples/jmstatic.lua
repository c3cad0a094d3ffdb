-- examples/jmstatic.lua
--
-- The Settings demo of JMStaticContentTableViewController, as a luascreen app.
--
-- It shows:
--   * an app: several screens with ids, a root, and a store name (values are kept in
--     ~/.config/luascreen/jmstatic-demo.json unless --store says otherwise);
--   * toggle, choice, input and number rows bound to store keys;
--   * fields that are functions of ctx (the Wi-Fi detail, the network list's
--     visibility), re-evaluated at each render;
--   * changing the live screen from callbacks, as JMStatic does with its
--     insertRow/removeRow blocks: ctx:insert_row, ctx:remove_row, ctx:update_row;
--   * ctx:reload() for a field that reads something other than ctx.store.
--
-- Run it:    luascreen run examples/jmstatic.lua
-- Try:       Wi-Fi · Office · set "Network Name" Attic · Other… · back · show

---------------------------------------------------------------------------------
-- Wi-Fi networks
---------------------------------------------------------------------------------

-- The networks a "scan" finds. They are declared rows of the Wi-Fi screen.
local scanned = { "Home", "Office", "Cafe Libre" }

-- A row id for a network name: "Cafe Libre" -> "net_cafe_libre".
local function network_id(name)
  local slug = name:lower():gsub("[^a-z0-9]+", "_"):gsub("^_+", ""):gsub("_+$", "")
  return "net_" .. slug
end

-- The network rows on the live Wi-Fi screen, in order: { id =, name = }.
-- Rows added with "Other…" are run-time changes: they last while the Wi-Fi screen is
-- on the navigation stack and are gone when it is popped, so on_appear starts over.
local listed = {}

-- Only one network carries the checkmark. `accessory` is not a field that can be a
-- function, so the checkmark is moved with ctx:update_row, which changes the live row.
local function show_checkmark(ctx)
  for _, net in ipairs(listed) do
    local joined = net.name == ctx.store.network
    ctx:update_row(net.id, { accessory = joined and "checkmark" or "none" })
  end
end

-- on_select of every network row. ctx.row.context is the row's `context` field.
local function join(ctx)
  ctx.store.network = ctx.row.context     -- stored under the key "network"
  show_checkmark(ctx)
  ctx:alert("Joined " .. ctx.row.context .. ".")
end

-- One network row. The same function builds the declared rows and the ones
-- inserted at run time: rows inserted later are validated like loaded ones.
local function network_row(name)
  return row {
    id = network_id(name), text = name, context = name, on_select = join,
    help = "Select to join this network.",
  }
end

local network_rows = {}
for i, name in ipairs(scanned) do network_rows[i] = network_row(name) end

-- The networks section and the "Other…" section show only while Wi-Fi is on.
-- The host records that this function read `wifi`, so it re-evaluates it when the
-- toggle flips, and `why` can tell a person why the section is hidden.
local function wifi_is_on(ctx) return ctx.store.wifi end

---------------------------------------------------------------------------------
-- Notifications
---------------------------------------------------------------------------------

-- Not a stored value: a plain Lua variable. The host cannot know when it changes,
-- so the callback that changes it calls ctx:reload().
local waiting = 3

---------------------------------------------------------------------------------
-- The app
---------------------------------------------------------------------------------

return app {
  root = "settings",
  store = "jmstatic-demo",
  screens = {

    screen {
      id = "settings", title = "Settings",
      section {
        toggle {
          text = "Airplane Mode", key = "airplane",
          help = "Turns off Wi-Fi and Bluetooth.",
          -- on_change(ctx, new, old) runs after the value changed; it may write
          -- other keys too.
          on_change = function(ctx, new)
            if new then
              ctx.store.wifi = false
              ctx.store.bluetooth = false
              ctx:alert("Airplane Mode is on: Wi-Fi and Bluetooth are off.")
            end
          end,
        },
        -- push names another screen of the app by its id.
        row {
          text = "Wi-Fi", push = "wifi",
          help = "Shows the joined network, or Off.",
          detail = function(ctx)
            if not ctx.store.wifi then return "Off" end
            return ctx.store.network or "Not Connected"
          end,
        },
        toggle { text = "Bluetooth", key = "bluetooth", default = true },
        row {
          text = "Notifications", push = "notifications",
          detail = function(ctx) return ctx.store.notifications and "On" or "Off" end,
        },
      },
      section {
        header = "General",
        footer = "Other devices see this name.",
        input {
          text = "Name", key = "device_name", default = "luascreen",
          placeholder = "Device name", max_length = 24,
          -- validate(value) returns nil when the value is fine, else a message.
          validate = function(value)
            if value:match("^%s*$") then return "The name cannot be empty." end
            if value:match("^%s") or value:match("%s$") then
              return "The name cannot start or end with a space."
            end
          end,
        },
      },
    },

    screen {
      id = "wifi", title = "Wi-Fi",
      -- Runs each time the screen is pushed, before it is first shown: start from the
      -- scanned networks and put the checkmark on the joined one.
      on_appear = function(ctx)
        listed = {}
        for _, name in ipairs(scanned) do
          listed[#listed + 1] = { id = network_id(name), name = name }
        end
        show_checkmark(ctx)
      end,

      section {
        id = "power",
        toggle { text = "Wi-Fi", key = "wifi", default = true },
      },

      -- A section's rows may be a list; its `id` is what ctx:insert_row names.
      section {
        id = "networks", header = "Choose a Network…",
        visible = wifi_is_on,
        rows = network_rows,
      },

      section {
        id = "other", visible = wifi_is_on,
        footer = "Type a name, then choose Other… to add it to the list above.",
        input {
          text = "Network Name", key = "other_network",
          placeholder = "SSID", max_length = 32,
          validate = function(value)
            if value:match("^%s") or value:match("%s$") then
              return "A network name cannot start or end with a space."
            end
          end,
        },
        button {
          text = "Other…",
          on_select = function(ctx)
            local name = ctx.store.other_network
            if name == nil or name == "" then
              ctx:alert("Type the network's name first.")
              return
            end
            local id = network_id(name)
            for _, net in ipairs(listed) do
              if net.id == id then
                ctx:alert(name .. " is already in the list.")
                return
              end
            end
            -- Positions count from 1, as in table.insert: #listed + 1 is the end.
            ctx:insert_row("networks", #listed + 1, network_row(name))
            listed[#listed + 1] = { id = id, name = name }
            ctx.store.other_network = nil    -- nil: back to the default ("")
            ctx:alert("Added " .. name .. ".")
          end,
        },
        button {
          text = "Forget Added Networks",
          on_select = function(ctx)
            local kept, forgotten = {}, 0
            for i, net in ipairs(listed) do
              if i <= #scanned then
                kept[#kept + 1] = net
              else
                ctx:remove_row(net.id)
                if ctx.store.network == net.name then ctx.store.network = nil end
                forgotten = forgotten + 1
              end
            end
            listed = kept
            ctx:alert(forgotten == 0 and "Nothing to forget."
                      or ("Forgot " .. forgotten .. " network(s)."))
          end,
        },
      },
    },

    screen {
      id = "notifications", title = "Notifications",
      section {
        toggle { text = "Allow Notifications", key = "notifications", default = true },
        -- Options as { value =, text = } tables: the store keeps the value, the
        -- screen shows the text. The picker puts a checkmark on the current one.
        choice {
          text = "Sound", key = "sound", default = "chime",
          options = {
            { value = "chime", text = "Chime" },
            { value = "glass", text = "Glass" },
            { value = "pulse", text = "Pulse" },
            { value = "none",  text = "None" },
          },
          enabled = function(ctx) return ctx.store.notifications end,
          help = "Played when a notification arrives.",
        },
        -- Options as plain strings: value and text are the same. Default: the first.
        choice {
          text = "Show Previews", key = "previews",
          options = { "Always", "When Unlocked", "Never" },
          enabled = function(ctx) return ctx.store.notifications end,
        },
        number {
          text = "Badge count", key = "badge_count", default = 10,
          min = 0, max = 99, step = 1,
          enabled = function(ctx) return ctx.store.notifications end,
          help = "The largest number shown on the app's badge; 0 hides the badge.",
        },
      },
      section {
        header = "Delivered",
        row {
          text = "Waiting",
          detail = function() return tostring(waiting) end,
        },
        button {
          text = "Clear All", destructive = true, confirm = "Clear all notifications?",
          on_select = function(ctx)
            waiting = 0
            ctx:alert("Notifications cleared.")
            -- `waiting` is not in ctx.store, so ask for the screen to be evaluated again.
            ctx:reload()
          end,
        },
      },
    },
  },
}
