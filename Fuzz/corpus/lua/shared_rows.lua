-- examples/lib/shared_rows.lua
--
-- A MODULE: about.lua loads it with
--
--     local common = require("lib.shared_rows")
--
-- Run on its own (`luascreen run examples/lib/shared_rows.lua`, or `check`), it returns a
-- screen that previews its rows instead: `require` hands a module its name as `...`, a
-- script run directly gets nothing there. So a module can be checked like any screen.
--
-- require("name") loads name.lua from the requiring script's own folder, and nowhere
-- else. The file runs in the same sandbox as the script, so the constructors (row,
-- button, section, ...) are available here too, and diagnostics about the rows built
-- here name this file and the line of the constructor.
--
-- It returns a table of helpers, each building rows or a section that several
-- screens share.

local M = {}

-- A row showing a fixed value, e.g. M.info("Version", "2.0.0").
function M.info(text, value, help)
  return row { text = text, detail = value, help = help }
end

-- A row that "opens" a web address. Scripts cannot open anything themselves, so it
-- tells the person where to go. The address travels in `context`.
function M.link(text, url)
  return row {
    text = text, detail = (url:gsub("^https?://", "")), context = url,
    help = "Opens " .. url .. ".",
    on_select = function(ctx) ctx:alert("Open " .. ctx.row.context .. " in your browser.") end,
  }
end

-- A button that sets the given store keys back to their defaults (writing nil to a
-- key removes the stored value, so the default of its row applies again).
function M.reset_button(keys)
  return button {
    text = "Reset Settings", destructive = true,
    confirm = "Put " .. #keys .. " setting(s) back to their defaults?",
    help = "Resets: " .. table.concat(keys, ", ") .. ".",
    on_select = function(ctx)
      for _, key in ipairs(keys) do ctx.store[key] = nil end
      ctx:alert("Settings reset.")
    end,
  }
end

-- A whole section: the legal links every app has.
function M.legal_section(company)
  return section {
    header = "Legal",
    footer = "© " .. company .. ". All rights reserved.",
    M.link("Terms of Service", "https://example.com/terms"),
    M.link("Privacy Policy", "https://example.com/privacy"),
  }
end

-- Required: the helpers. Run directly: a preview of what they build.
if select("#", ...) > 0 then
  return M
end

return screen {
  id = "shared_rows", title = "Shared rows (preview)",
  section {
    header = "Rows",
    M.info("Version", "2.0.0", "A fixed value."),
    M.link("Website", "https://example.com"),
    M.reset_button({ "notifications" }),
  },
  M.legal_section("Example Inc"),
}
